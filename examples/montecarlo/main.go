// Command montecarlo is a parallel Monte Carlo simulation whose answer does
// not depend on the number of workers or on GOMAXPROCS.
//
// The paths are cut into fixed chunks. Chunk c always draws its numbers from
// stream c of one seed (SetStream(c) on the worker's own Source), whichever
// worker happens to run it, and the chunk results are added in chunk order,
// not in completion order, so even the floating-point rounding is the same:
// the estimate is bit-identical for 1 worker or 64. The chunking rule and the
// per-chunk computation live in examples/internal/mc, shared with
// examples/beam, which computes the same bits on Apache Beam.
//
//	go run ./examples/montecarlo -problem pi -paths 20000000 -workers 2
//	go run ./examples/montecarlo -problem call -alg aes128ctr -seed 7
//
// Each chunk draws its numbers in bulk with package fill (the same numbers
// as per-call rand.Rand methods on its stream). -percall instead runs the
// program as usually written with math/rand/v2: chunk c draws per call from
// rand.New(rand.NewPCG(seed, c)). Compare the paths/s lines:
//
//	go run ./examples/montecarlo -problem call -workers 1 -table=false
//	go run ./examples/montecarlo -problem call -workers 1 -table=false -percall
//
// For "pi" the random numbers are nearly all the work. For "call" the one
// math.Exp per path bounds the gain: on a Zen 5 core it takes about 6 ns of
// the 8 a path costs with fill (13 per call), so no generator could make
// the program more than about 2x faster; BenchmarkChunk in
// examples/internal/mc times one chunk of each.
//
// -problem pi estimates pi from the fraction of uniform points of the unit
// square inside the quarter disc. -problem call prices a European call
// option under Black-Scholes (spot 100, strike 100, rate 5%, volatility
// 20%, one year) and compares with the closed-form price.
package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/streamrand/streamrand/examples/internal/command"
	"github.com/streamrand/streamrand/examples/internal/mc"
)

func main() { command.Main("montecarlo", cli) }

// run simulates cfg with the given number of worker goroutines. Chunk c is
// computed by whichever worker takes it next; the sums are combined in
// chunk order (mc.Config.Combine).
// With percall, chunk c draws per call from rand.New(rand.NewPCG(seed, c))
// instead (mc.NewPerCallWorker).
func run(cfg mc.Config, workers int, percall bool) (mc.Result, error) {
	if workers <= 0 {
		return mc.Result{}, fmt.Errorf("-workers must be at least 1, got %d", workers)
	}
	if err := cfg.Validate(); err != nil {
		return mc.Result{}, err
	}
	nchunks := cfg.Chunks()
	perChunk := make([]mc.Sums, nchunks) // chunk c writes only perChunk[c]
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		newWorker := mc.NewWorker
		if percall {
			newWorker = mc.NewPerCallWorker
		}
		w, err := newWorker(cfg) // this goroutine's own Source
		if err != nil {
			return mc.Result{}, err
		}
		wg.Go(func() {
			for c := next.Add(1) - 1; c < nchunks; c = next.Add(1) - 1 {
				perChunk[c] = w.Chunk(c)
			}
		})
	}
	wg.Wait()
	return cfg.Combine(perChunk)
}

const usage = `usage: go run ./examples/montecarlo [flags]

Estimates pi or the price of a European call by Monte Carlo over many
goroutines, with the same bits for any number of workers: chunk c of the
paths always draws from stream c of one seed.

`

func cli(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("montecarlo", flag.ContinueOnError)
	config := mc.Flags(fs)
	workers := fs.Int("workers", runtime.NumCPU(), "worker goroutines")
	table := fs.Bool("table", true, "also time 1 to runtime.NumCPU() workers")
	percall := fs.Bool("percall", false, "draw per call from rand.New(rand.NewPCG(seed, c)) for chunk c, ignoring -alg: the usual math/rand/v2 program, for comparing speed")
	if err := command.Parse(fs, args, usage, out); err != nil {
		return err
	}
	cfg, err := config()
	if err != nil {
		return err
	}

	start := time.Now()
	res, err := run(cfg, *workers, *percall)
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	how := cfg.Alg.String() + " in bulk (package fill)"
	if *percall {
		how = "PCG per call"
	}
	fmt.Fprintf(out, "%s, %s, seed %d, %d paths in chunks of %d, %d workers\n",
		cfg.Problem, how, cfg.Seed, cfg.Paths, cfg.Chunk, *workers)
	cfg.Print(out, res)
	fmt.Fprintf(out, "%.3g paths/s\n", float64(cfg.Paths)/elapsed.Seconds())

	if !*table {
		return nil
	}
	fmt.Fprintf(out, "\nworkers  time          paths/s  speedup  same bits\n")
	var base time.Duration
	for w := 1; w <= runtime.NumCPU(); w++ {
		start := time.Now()
		r, err := run(cfg, w, *percall)
		if err != nil {
			return err
		}
		d := time.Since(start)
		if w == 1 {
			base = d
		}
		same := "yes"
		if math.Float64bits(r.Estimate) != math.Float64bits(res.Estimate) {
			same = "NO"
		}
		fmt.Fprintf(out, "%7d  %-10v  %9.3g  %7.2f  %s\n", w, d.Round(time.Millisecond),
			float64(cfg.Paths)/d.Seconds(), base.Seconds()/d.Seconds(), same)
	}
	return nil
}

// Command montecarlo is a parallel Monte Carlo simulation whose answer does
// not depend on the number of workers or on GOMAXPROCS.
//
// The paths are cut into fixed chunks. Chunk c always draws its numbers from
// stream c of one seed (SetStream(c) on the worker's own Source), whichever
// worker happens to run it, and the chunk results are added in chunk order,
// not in completion order, so even the floating-point rounding is the same:
// the estimate is bit-identical for 1 worker or 64.
//
//	go run ./examples/montecarlo -problem pi -paths 20000000 -workers 2
//	go run ./examples/montecarlo -problem call -alg aes128ctr -seed 7
//
// -problem pi estimates pi from the fraction of uniform points of the unit
// square inside the quarter disc. -problem call prices a European call
// option under Black-Scholes (spot 100, strike 100, rate 5%, volatility
// 20%, one year) and compares with the closed-form price.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/streamrand/streamrand"
)

func main() {
	if err := cli(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "montecarlo:", err)
		os.Exit(2)
	}
}

// config describes one simulation. The result depends on every field
// except the number of workers.
type config struct {
	problem string // "pi" or "call"
	alg     streamrand.Algorithm
	seed    uint64
	paths   int64
	chunk   int64
}

// result is the outcome of a simulation.
type result struct {
	estimate float64 // the Monte Carlo estimate
	stderr   float64 // its standard error
	paths    int64
}

// sums is what one chunk contributes: the sum of the samples and of their
// squares.
type sums struct{ s, s2 float64 }

// The European call of -problem call.
const (
	spot       = 100.0
	strike     = 100.0
	rate       = 0.05
	volatility = 0.2
	maturity   = 1.0
)

// chunkFunc returns the sample sums of n paths drawn from r.
func chunkFunc(problem string) (func(r *rand.Rand, n int64) sums, error) {
	switch problem {
	case "pi":
		return func(r *rand.Rand, n int64) sums {
			var in int64
			for range n {
				x, y := r.Float64(), r.Float64()
				if x*x+y*y < 1 {
					in++
				}
			}
			// Each sample is 4 or 0: the sum of squares is 4 times the sum.
			return sums{4 * float64(in), 16 * float64(in)}
		}, nil
	case "call":
		drift := (rate - volatility*volatility/2) * maturity
		vol := volatility * math.Sqrt(maturity)
		discount := math.Exp(-rate * maturity)
		return func(r *rand.Rand, n int64) sums {
			var s sums
			for range n {
				st := spot * math.Exp(drift+vol*r.NormFloat64())
				v := discount * max(st-strike, 0)
				s.s += v
				s.s2 += v * v
			}
			return s
		}, nil
	}
	return nil, fmt.Errorf("unknown problem %q (want pi or call)", problem)
}

// exact returns the true value the problem estimates.
func exact(problem string) float64 {
	if problem == "pi" {
		return math.Pi
	}
	// Black-Scholes price of the European call.
	d1 := (math.Log(spot/strike) + (rate+volatility*volatility/2)*maturity) / (volatility * math.Sqrt(maturity))
	d2 := d1 - volatility*math.Sqrt(maturity)
	n := func(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }
	return spot*n(d1) - strike*math.Exp(-rate*maturity)*n(d2)
}

// run simulates cfg with the given number of worker goroutines.
func run(cfg config, workers int) (result, error) {
	if cfg.paths <= 0 || cfg.chunk <= 0 || workers <= 0 {
		return result{}, errors.New("paths, chunk and workers must be positive")
	}
	f, err := chunkFunc(cfg.problem)
	if err != nil {
		return result{}, err
	}
	nchunks := (cfg.paths + cfg.chunk - 1) / cfg.chunk
	perChunk := make([]sums, nchunks) // chunk c writes only perChunk[c]
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			g := streamrand.New(cfg.alg, cfg.seed) // this worker's own Source
			r := rand.New(g)
			for c := next.Add(1) - 1; c < nchunks; c = next.Add(1) - 1 {
				g.SetStream(uint64(c)) // chunk c's numbers, whoever runs it
				n := min(cfg.chunk, cfg.paths-c*cfg.chunk)
				perChunk[c] = f(r, n)
			}
		})
	}
	wg.Wait()

	// Add in chunk order: the same float rounding for any worker count.
	var total sums
	for _, s := range perChunk {
		total.s += s.s
		total.s2 += s.s2
	}
	n := float64(cfg.paths)
	mean := total.s / n
	variance := max(total.s2/n-mean*mean, 0) * n / (n - 1)
	return result{estimate: mean, stderr: math.Sqrt(variance / n), paths: cfg.paths}, nil
}

func cli(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("montecarlo", flag.ContinueOnError)
	problem := fs.String("problem", "pi", "what to estimate: pi or call (a European call option)")
	algName := fs.String("alg", "chacha8", fmt.Sprintf("generator: one of %v", streamrand.Algorithms()))
	seed := fs.Uint64("seed", 1, "seed of the generator")
	paths := fs.Int64("paths", 20_000_000, "number of paths (samples)")
	chunk := fs.Int64("chunk", 1<<16, "paths per chunk; chunk c uses stream c")
	workers := fs.Int("workers", runtime.NumCPU(), "worker goroutines")
	table := fs.Bool("table", true, "also time 1 to runtime.NumCPU() workers")
	if err := fs.Parse(args); err != nil {
		return err
	}
	alg, err := streamrand.ParseAlgorithm(*algName)
	if err != nil {
		return err
	}
	cfg := config{problem: *problem, alg: alg, seed: *seed, paths: *paths, chunk: *chunk}

	start := time.Now()
	res, err := run(cfg, *workers)
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	want := exact(cfg.problem)
	fmt.Fprintf(out, "%s, %s seed %d, %d paths in chunks of %d, %d workers\n",
		cfg.problem, alg, cfg.seed, cfg.paths, cfg.chunk, *workers)
	fmt.Fprintf(out, "estimate %.10f  stderr %.2g  exact %.10f  (%+.2f stderr)\n",
		res.estimate, res.stderr, want, (res.estimate-want)/res.stderr)
	fmt.Fprintf(out, "bits     %#016x\n", math.Float64bits(res.estimate))
	fmt.Fprintf(out, "%.3g paths/s\n", float64(cfg.paths)/elapsed.Seconds())

	if !*table {
		return nil
	}
	fmt.Fprintf(out, "\nworkers  time          paths/s  speedup  same bits\n")
	var base time.Duration
	for w := 1; w <= runtime.NumCPU(); w++ {
		start := time.Now()
		r, err := run(cfg, w)
		if err != nil {
			return err
		}
		d := time.Since(start)
		if w == 1 {
			base = d
		}
		same := "yes"
		if math.Float64bits(r.estimate) != math.Float64bits(res.estimate) {
			same = "NO"
		}
		fmt.Fprintf(out, "%7d  %-10v  %9.3g  %7.2f  %s\n", w, d.Round(time.Millisecond),
			float64(cfg.paths)/d.Seconds(), base.Seconds()/d.Seconds(), same)
	}
	return nil
}

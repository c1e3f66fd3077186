// Command montecarlo is a parallel Monte Carlo simulation whose answer does
// not depend on the number of workers or on GOMAXPROCS, and which resumes
// where it stopped.
//
// The paths are cut into fixed chunks, the units of a parallel.Job: chunk c
// always draws its numbers from stream c of one seed, whichever goroutine
// runs it, and parallel.Fold adds the chunk results in chunk order, not in
// completion order, so even the floating-point rounding is the same: the
// estimate is bit-identical for 1 worker or 64. The per-chunk computation
// lives in examples/internal/mc, shared with examples/beam, which computes
// the same bits on Apache Beam.
//
//	go run ./examples/montecarlo -problem pi -paths 20000000 -workers 2
//	go run ./examples/montecarlo -problem call -alg aes128ctr -seed 7
//
// With -resume FILE the run saves its progress to FILE about once a second
// (-save), and a run started again with the same flags and FILE continues
// from there to the same bits as a run that never stopped. parallel.Fold
// does it, given a parallel.Checkpoint: it writes atomically, so a kill
// never leaves a torn file, refuses a FILE of another run, and fails at
// once if FILE's directory cannot be written:
//
//	go run ./examples/montecarlo -paths 2000000000 -resume pi.state   # Ctrl-C, or a killed machine
//	go run ./examples/montecarlo -paths 2000000000 -resume pi.state   # continues
//
// When stderr is a terminal a progress line shows the chunks done, the rate
// and the time left.
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
// math.Exp per path bounds the gain (docs/performance.md);
// BenchmarkChunk in examples/internal/mc times one chunk of each.
//
// -problem pi estimates pi from the fraction of uniform points of the unit
// square inside the quarter disc. -problem call prices a European call
// option under Black-Scholes (spot 100, strike 100, rate 5%, volatility
// 20%, one year) and compares with the closed-form price.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"github.com/streamrand/streamrand/examples/internal/command"
	"github.com/streamrand/streamrand/examples/internal/mc"
	"github.com/streamrand/streamrand/internal/term"
	"github.com/streamrand/streamrand/parallel"
)

func main() { command.Main("montecarlo", cli) }

// A run is one simulation and how to compute it.
type run struct {
	cfg     mc.Config
	workers int
	percall bool // chunk c draws per call from rand.New(rand.NewPCG(seed, c))

	resume string        // the file that holds the progress, or ""
	every  time.Duration // how often to save it

	progress io.Writer // where the progress line goes, or nil
}

// do computes the simulation: the chunks [0, Chunks()) through
// parallel.Fold, from the progress saved in r.resume if there is any.
func (r run) do(ctx context.Context) (mc.Result, error) {
	if r.workers <= 0 {
		return mc.Result{}, fmt.Errorf("-workers must be at least 1, got %d", r.workers)
	}
	if err := r.cfg.Validate(); err != nil {
		return mc.Result{}, err
	}
	job := r.cfg.Job()
	job.Workers = r.workers
	if r.resume != "" {
		job.Checkpoint = &parallel.Checkpoint{Path: r.resume, Every: r.every, ID: []byte(r.key())}
	}
	unit := r.cfg.Unit()
	if r.percall {
		unit = r.cfg.PerCallUnit()
	}
	if r.progress != nil {
		job.Progress = progressLine(r.progress, r.cfg)
	}
	total, err := parallel.Fold(ctx, job, r.cfg.Chunks(), unit, mc.Sums{}, mc.Add)
	if err != nil {
		return mc.Result{}, err
	}
	return r.cfg.Result(total), nil
}

// key names everything else that decides the answer, the Checkpoint's ID:
// a state saved by another run must not be resumed. (The Checkpoint itself
// compares the algorithm, the seed and the number of chunks.)
func (r run) key() string {
	c := r.cfg
	how := c.Alg.String()
	if r.percall {
		how = "percall-pcg"
	}
	return fmt.Sprintf("montecarlo v1 problem=%s generator=%s seed=%d paths=%d chunk=%d", c.Problem, how, c.Seed, c.Paths, c.Chunk)
}

// progressLine returns a Job.Progress that rewrites one line on w: the
// chunks done, the rate in paths per second and the time left. Its last
// call ends the line.
func progressLine(w io.Writer, cfg mc.Config) func(done, total int64) {
	start := time.Now()
	var first int64 = -1
	return func(done, total int64) {
		if first < 0 {
			first = done // resumed chunks took no time here
		}
		el := time.Since(start).Seconds()
		rate := float64(done-first) / max(el, 1e-9) // chunks per second
		left := "?"
		if rate > 0 {
			left = (time.Duration(float64(total-done)/rate) * time.Second).Round(time.Second).String()
		}
		fmt.Fprintf(w, "\r%d/%d chunks  %.3g paths/s  %s left ", done, total, rate*float64(cfg.Chunk), left)
		if done == total {
			fmt.Fprintln(w)
		}
	}
}

const usage = `usage: go run ./examples/montecarlo [flags]

Estimates pi or the price of a European call by Monte Carlo over many
goroutines, with the same bits for any number of workers: chunk c of the
paths always draws from stream c of one seed. With -resume FILE a stopped
run continues where it was.

`

func cli(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("montecarlo", flag.ContinueOnError)
	config := mc.Flags(fs)
	workers := fs.Int("workers", runtime.NumCPU(), "worker goroutines")
	table := fs.Bool("table", true, "also time 1 to runtime.NumCPU() workers (not with -resume)")
	percall := fs.Bool("percall", false, "draw per call from rand.New(rand.NewPCG(seed, c)) for chunk c, ignoring -alg: the usual math/rand/v2 program, for comparing speed")
	resume := fs.String("resume", "", "save progress to this file, and continue from it if it exists")
	every := fs.Duration("save", time.Second, "with -resume, how often to save the progress")
	if err := command.Parse(fs, args, usage, out); err != nil {
		return err
	}
	cfg, err := config()
	if err != nil {
		return err
	}
	if *every <= 0 {
		return fmt.Errorf("-save must be positive, got %v", *every)
	}
	r := run{cfg: cfg, workers: *workers, percall: *percall, resume: *resume, every: *every}
	if term.IsTerminal(os.Stderr) {
		r.progress = os.Stderr
	}
	// Ctrl-C, or the SIGTERM of a machine shutting down, stops the workers
	// after their current chunks; with -resume the progress is saved.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	start := time.Now()
	res, err := r.do(ctx)
	switch {
	case errors.Is(err, context.Canceled) && *resume != "":
		return fmt.Errorf("interrupted; the progress is saved in %s: run again with the same flags to continue", *resume)
	case errors.Is(err, context.Canceled):
		return errors.New("interrupted")
	case err != nil:
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
	if *resume == "" {
		fmt.Fprintf(out, "%.3g paths/s\n", float64(cfg.Paths)/elapsed.Seconds())
	}

	if !*table || *resume != "" {
		return nil
	}
	fmt.Fprintf(out, "\nworkers  time          paths/s  speedup  same bits\n")
	var base time.Duration
	for w := 1; w <= runtime.NumCPU(); w++ {
		start := time.Now()
		rw := run{cfg: cfg, workers: w, percall: *percall}
		res2, err := rw.do(ctx)
		if err != nil {
			return err
		}
		d := time.Since(start)
		if w == 1 {
			base = d
		}
		same := "yes"
		if math.Float64bits(res2.Estimate) != math.Float64bits(res.Estimate) {
			same = "NO"
		}
		fmt.Fprintf(out, "%7d  %-10v  %9.3g  %7.2f  %s\n", w, d.Round(time.Millisecond),
			float64(cfg.Paths)/d.Seconds(), base.Seconds()/d.Seconds(), same)
	}
	return nil
}

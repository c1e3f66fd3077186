package mc

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/fill"
)

// The European call of problem "call": Black-Scholes with spot 100, strike
// 100, rate 5%, volatility 20%, one year.
const (
	spot       = 100.0
	strike     = 100.0
	rate       = 0.05
	volatility = 0.2
	maturity   = 1.0
)

// A Worker computes chunks of one Config. It owns one Generator, switched
// to stream k for chunk k, so a chunk's numbers do not depend on which
// Worker computes it or what it computed before. A Worker is not safe for
// concurrent use: give each goroutine its own.
type Worker struct {
	cfg Config
	g   streamrand.Generator
	buf []float64 // one batch of numbers, drawn with package fill
	// percall is set for a per-call Worker (NewPerCallWorker).
	percall *rand.PCG
}

// batch is how many numbers a Worker draws at a time with package fill: 16
// KiB, so they are still in L1 when the paths use them.
const batch = 2048

// NewWorker returns a Worker for cfg, or cfg's Validate error. It draws its
// numbers in bulk with package fill: the same numbers, in the same order, as
// per-call rand.Rand methods on the Generator.
func NewWorker(cfg Config) (*Worker, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &Worker{cfg: cfg, g: streamrand.New(cfg.Alg, cfg.Seed), buf: make([]float64, batch)}, nil
}

// NewPerCallWorker returns a Worker for cfg that ignores cfg.Alg and draws
// chunk k per call from rand.New(rand.NewPCG(cfg.Seed, k)): the program as
// it is usually written with math/rand/v2, the baseline for the speed of
// NewWorker's. Its answer is its own (another generator), and also
// independent of the number of workers.
func NewPerCallWorker(cfg Config) (*Worker, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &Worker{cfg: cfg, percall: rand.NewPCG(0, 0)}, nil
}

// Chunk returns the Sums of chunk k: its ChunkPaths(k) paths drawn from
// stream k of the seed. It panics if k is not in [0, Chunks()).
func (w *Worker) Chunk(k int64) Sums {
	if k < 0 || k >= w.cfg.Chunks() {
		panic(fmt.Sprintf("mc: chunk %d of %d", k, w.cfg.Chunks()))
	}
	n := w.cfg.ChunkPaths(k)
	if w.percall != nil {
		w.percall.Seed(w.cfg.Seed, uint64(k))
		return chunkPerCall(w.cfg.Problem, rand.New(w.percall), n)
	}
	w.g.SetStream(uint64(k)) // chunk k's numbers, whoever runs it
	if w.cfg.Problem == "pi" {
		return w.pi(n)
	}
	return w.call(n)
}

// The explicit float64 conversions in the loops below round each product
// they wrap before it is added: without them the compiler may fuse x*y+z
// into one rounding (FMA) on arm64, s390x and others but not on amd64, and
// the answer would differ between architectures. With them "pi" gives the
// same bits on amd64, arm64, s390x and 386 (checked in CI under qemu).
// "call" does not, and is not meant to: math.Exp and math/rand/v2's
// NormFloat64 (which fill reproduces) round differently on different
// architectures, and a product assigned to a variable is no barrier (the Go
// spec allows fusing across statements), so s.S += v still compiles to a
// fused multiply-add of discount*max(...) there. Wrapping it would change
// those platforms' "call" bits and make them no more portable.

// The parameters of the call's paths: the log-price at maturity is drift +
// vol*z for a standard normal z.
var (
	drift    = (rate - volatility*volatility/2) * maturity
	vol      = volatility * math.Sqrt(maturity)
	discount = math.Exp(-rate * maturity)
)

// pi counts, among n points of the unit square, those inside the quarter
// disc; each point is two Float64s, x then y, drawn a batch at a time.
func (w *Worker) pi(n int64) Sums {
	var in int64
	for n > 0 {
		m := min(n, batch/2)
		xy := w.buf[:2*m]
		fill.Float64(w.g, xy)
		for i := 0; i < len(xy); i += 2 {
			x, y := xy[i], xy[i+1]
			if float64(x*x)+float64(y*y) < 1 {
				in++
			}
		}
		n -= m
	}
	// Each sample is 4 or 0: the sum of squares is 4 times the sum.
	return Sums{4 * float64(in), 16 * float64(in)}
}

// call sums the discounted payoffs of n paths, one NormFloat64 each, drawn
// a batch at a time.
//
// The math.Exp of each path is taken in a loop of its own, before the
// payoffs are summed: a loop that carries the sums across the call of
// math.Exp keeps them in memory (Go saves no register across a call) and
// chains every path's additions to the previous path's, which took a third
// more time (BenchmarkChunk). The arithmetic is the same as chunkPerCall's,
// in the same order: math.Exp returns a rounded float64 either way, and the
// expressions after it are unchanged, so the bits are too.
func (w *Worker) call(n int64) Sums {
	var s Sums
	for n > 0 {
		z := w.buf[:min(n, batch)]
		fill.NormFloat64(w.g, z)
		s = addPayoffs(s, z)
		n -= int64(len(z))
	}
	return s
}

// addPayoffs adds to s the discounted payoffs of the paths whose normals
// are z, in order, overwriting z with their math.Exp (see Worker.call).
func addPayoffs(s Sums, z []float64) Sums {
	for i, x := range z {
		z[i] = math.Exp(drift + float64(vol*x))
	}
	for _, e := range z {
		st := spot * e
		v := discount * max(st-strike, 0)
		s.S += v
		s.S2 += float64(v * v)
	}
	return s
}

// chunkPerCall computes the sample sums of n paths drawn from r one call
// at a time: the same arithmetic as Worker.pi and Worker.call, in the same
// order.
func chunkPerCall(problem string, r *rand.Rand, n int64) Sums {
	if problem == "pi" {
		var in int64
		for range n {
			x, y := r.Float64(), r.Float64()
			if float64(x*x)+float64(y*y) < 1 {
				in++
			}
		}
		return Sums{4 * float64(in), 16 * float64(in)}
	}
	var s Sums
	for range n {
		st := spot * math.Exp(drift+float64(vol*r.NormFloat64()))
		v := discount * max(st-strike, 0)
		s.S += v
		s.S2 += float64(v * v)
	}
	return s
}

// blackScholesCall returns the closed-form price of the call.
func blackScholesCall() float64 {
	d1 := (math.Log(spot/strike) + (rate+volatility*volatility/2)*maturity) / (volatility * math.Sqrt(maturity))
	d2 := d1 - volatility*math.Sqrt(maturity)
	n := func(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }
	return spot*n(d1) - strike*math.Exp(-rate*maturity)*n(d2)
}

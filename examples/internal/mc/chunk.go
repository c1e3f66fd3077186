package mc

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

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

// batch is how many numbers a unit draws at a time with package fill: 16
// KiB, so they are still in L1 when the paths use them.
const batch = 2048

// buffers holds the batches of the units running at a time: a unit may run
// on any goroutine.
var buffers = sync.Pool{New: func() any { return new([batch]float64) }}

// Unit returns the function that computes chunk k, unit k of the Job:
// its ChunkPaths(k) paths drawn in bulk with package fill from g, unit k's
// Generator (stream k of the seed). The numbers are the same, in the same
// order, as per-call rand.Rand methods on g would give. It returns an error
// if k is not in [0, Chunks()); c must be valid.
func (c Config) Unit() func(k int64, g streamrand.Generator) (Sums, error) {
	return func(k int64, g streamrand.Generator) (Sums, error) {
		if k < 0 || k >= c.Chunks() {
			return Sums{}, fmt.Errorf("chunk %d of %d", k, c.Chunks())
		}
		buf := buffers.Get().(*[batch]float64)
		defer buffers.Put(buf)
		if c.Problem == "pi" {
			return pi(g, c.ChunkPaths(k), buf), nil
		}
		return call(g, c.ChunkPaths(k), buf), nil
	}
}

// PerCallUnit returns the function that computes chunk k per call from
// rand.New(rand.NewPCG(c.Seed, k)), ignoring its Generator and c.Alg: the
// program as it is usually written with math/rand/v2, the baseline for the
// speed of Unit's. Its answer is its own (another generator), and also
// independent of the number of workers.
func (c Config) PerCallUnit() func(k int64, g streamrand.Generator) (Sums, error) {
	return func(k int64, _ streamrand.Generator) (Sums, error) {
		if k < 0 || k >= c.Chunks() {
			return Sums{}, fmt.Errorf("chunk %d of %d", k, c.Chunks())
		}
		return chunkPerCall(c.Problem, rand.New(rand.NewPCG(c.Seed, uint64(k))), c.ChunkPaths(k)), nil
	}
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
// disc; each point is two Float64s of g, x then y, drawn a batch at a time.
func pi(g streamrand.Generator, n int64, buf *[batch]float64) Sums {
	var in int64
	for n > 0 {
		m := min(n, batch/2)
		xy := buf[:2*m]
		fill.Float64(g, xy)
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

// call sums the discounted payoffs of n paths, one NormFloat64 of g each,
// drawn a batch at a time.
//
// The math.Exp of each path is taken in a loop of its own, before the
// payoffs are summed: a loop that carries the sums across the call of
// math.Exp keeps them in memory (Go saves no register across a call) and
// chains every path's additions to the previous path's, which took a third
// more time (BenchmarkChunk). The arithmetic is the same as chunkPerCall's,
// in the same order: math.Exp returns a rounded float64 either way, and the
// expressions after it are unchanged, so the bits are too.
func call(g streamrand.Generator, n int64, buf *[batch]float64) Sums {
	var s Sums
	for n > 0 {
		z := buf[:min(n, batch)]
		fill.NormFloat64(g, z)
		s = addPayoffs(s, z)
		n -= int64(len(z))
	}
	return s
}

// addPayoffs adds to s the discounted payoffs of the paths whose normals
// are z, in order, overwriting z with their math.Exp (see call).
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
// at a time: the same arithmetic as pi and call, in the same
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

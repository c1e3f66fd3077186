package mc

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/streamrand/streamrand"
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
	cfg   Config
	g     streamrand.Generator
	r     *rand.Rand
	chunk func(r *rand.Rand, n int64) Sums
}

// NewWorker returns a Worker for cfg, or cfg's Validate error.
func NewWorker(cfg Config) (*Worker, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	f, err := chunkFunc(cfg.Problem)
	if err != nil {
		return nil, err
	}
	g := streamrand.New(cfg.Alg, cfg.Seed)
	return &Worker{cfg: cfg, g: g, r: rand.New(g), chunk: f}, nil
}

// Chunk returns the Sums of chunk k: its ChunkPaths(k) paths drawn from
// stream k of the seed. It panics if k is not in [0, Chunks()).
func (w *Worker) Chunk(k int64) Sums {
	if k < 0 || k >= w.cfg.Chunks() {
		panic(fmt.Sprintf("mc: chunk %d of %d", k, w.cfg.Chunks()))
	}
	w.g.SetStream(uint64(k)) // chunk k's numbers, whoever runs it
	return w.chunk(w.r, w.cfg.ChunkPaths(k))
}

// chunkFunc returns the function that computes the sample sums of n paths
// drawn from r for problem. This is the inner loop of the simulation.
func chunkFunc(problem string) (func(r *rand.Rand, n int64) Sums, error) {
	switch problem {
	case "pi":
		return func(r *rand.Rand, n int64) Sums {
			var in int64
			for range n {
				x, y := r.Float64(), r.Float64()
				if x*x+y*y < 1 {
					in++
				}
			}
			// Each sample is 4 or 0: the sum of squares is 4 times the sum.
			return Sums{4 * float64(in), 16 * float64(in)}
		}, nil
	case "call":
		drift := (rate - volatility*volatility/2) * maturity
		vol := volatility * math.Sqrt(maturity)
		discount := math.Exp(-rate * maturity)
		return func(r *rand.Rand, n int64) Sums {
			var s Sums
			for range n {
				st := spot * math.Exp(drift+vol*r.NormFloat64())
				v := discount * max(st-strike, 0)
				s.S += v
				s.S2 += v * v
			}
			return s
		}, nil
	}
	return nil, fmt.Errorf("unknown problem %q (want pi or call)", problem)
}

// blackScholesCall returns the closed-form price of the call.
func blackScholesCall() float64 {
	d1 := (math.Log(spot/strike) + (rate+volatility*volatility/2)*maturity) / (volatility * math.Sqrt(maturity))
	d2 := d1 - volatility*math.Sqrt(maturity)
	n := func(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }
	return spot*n(d1) - strike*math.Exp(-rate*maturity)*n(d2)
}

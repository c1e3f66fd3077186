// Package mc holds the Monte Carlo problems that examples/montecarlo (on
// goroutines, through package parallel) and examples/beam (on Apache Beam,
// a module of its own) share, so that both compute the same answer to the
// last bit.
//
// The paths are cut into chunks of Config.Chunk paths (the last one may be
// shorter): chunk k holds paths [k*Chunk, min((k+1)*Chunk, Paths)) and is
// unit k of the parallel.Job Config.Job, so it draws its numbers from
// stream k of the seed, whoever computes it (Config.Unit). The per-chunk
// sums are added in chunk order (Add, as parallel.Fold does), so even the
// floating-point rounding does not depend on how the chunks were spread over
// workers or machines.
//
// The package imports only the library and the standard library: the
// library never depends on Beam.
package mc

import (
	"fmt"
	"math"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/parallel"
)

// MaxChunks bounds Config.Chunks: examples/beam gathers one Sums per chunk
// before it adds them in chunk order.
const MaxChunks = 1 << 24

// Config describes one simulation. Its answer depends on every field and on
// nothing else.
type Config struct {
	Problem string // "pi" or "call"
	Alg     streamrand.Algorithm
	Seed    uint64
	Paths   int64 // number of paths (samples), at least 2
	Chunk   int64 // paths per chunk, at least 1
}

// Validate returns an error naming the first invalid field of c.
func (c Config) Validate() error {
	if c.Problem != "pi" && c.Problem != "call" {
		return fmt.Errorf("-problem: unknown problem %q (want pi or call)", c.Problem)
	}
	if !validAlg(c.Alg) {
		return fmt.Errorf("invalid algorithm %v", c.Alg)
	}
	if c.Paths < 2 {
		// The standard error divides by Paths-1.
		return fmt.Errorf("-paths must be at least 2, got %d", c.Paths)
	}
	if c.Chunk < 1 {
		return fmt.Errorf("-chunk must be at least 1, got %d", c.Chunk)
	}
	if n := c.Chunks(); n > MaxChunks {
		return fmt.Errorf("%d paths in chunks of %d make %d chunks, more than %d: use a larger -chunk",
			c.Paths, c.Chunk, n, MaxChunks)
	}
	return nil
}

func validAlg(a streamrand.Algorithm) bool {
	for _, b := range streamrand.Algorithms() {
		if a == b {
			return true
		}
	}
	return false
}

// Chunks returns the number of chunks, ceil(Paths/Chunk). c must be valid.
func (c Config) Chunks() int64 {
	return (c.Paths-1)/c.Chunk + 1 // no overflow near math.MaxInt64
}

// ChunkPaths returns the number of paths in chunk k: Chunk, or fewer for
// the last chunk. c must be valid and 0 <= k < Chunks().
func (c Config) ChunkPaths(k int64) int64 {
	return min(c.Chunk, c.Paths-k*c.Chunk)
}

// Sums is what one chunk contributes: the sum of its samples and of their
// squares.
type Sums struct{ S, S2 float64 }

// Result is the outcome of a simulation.
type Result struct {
	Estimate float64 // the Monte Carlo estimate
	Stderr   float64 // its standard error
	Paths    int64
}

// Job returns the Job whose unit k is chunk k: stream k of c.Alg seeded
// with c.Seed.
func (c Config) Job() parallel.Job { return parallel.Job{Alg: c.Alg, Seed: c.Seed} }

// Add returns the sums of the chunks of a and b: the combine function of
// parallel.Fold, called in chunk order from Sums{}.
func Add(a, b Sums) Sums { return Sums{a.S + b.S, a.S2 + b.S2} }

// Result returns the estimate and its standard error from the sums of all
// the chunks; c must be valid.
func (c Config) Result(total Sums) Result {
	n := float64(c.Paths)
	mean := total.S / n
	// float64(): no fused multiply-add, the same rounding on every architecture.
	variance := max(total.S2/n-float64(mean*mean), 0) * n / (n - 1)
	return Result{Estimate: mean, Stderr: math.Sqrt(variance / n), Paths: c.Paths}
}

// Exact returns the true value that problem estimates, or an error if
// problem is unknown.
func Exact(problem string) (float64, error) {
	switch problem {
	case "pi":
		return math.Pi, nil
	case "call":
		return blackScholesCall(), nil
	}
	return 0, fmt.Errorf("unknown problem %q (want pi or call)", problem)
}

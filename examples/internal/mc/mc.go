// Package mc is the Monte Carlo computation that examples/montecarlo (on
// goroutines) and examples/beam (on Apache Beam, a module of its own) share,
// so that both compute the same answer to the last bit.
//
// The chunking rule: the paths are cut into chunks of Config.Chunk paths
// (the last one may be shorter); chunk k holds paths [k*Chunk,
// min((k+1)*Chunk, Paths)) and draws its numbers from stream k of the seed,
// whoever computes it (Worker.Chunk). The per-chunk sums are added in chunk
// order (Config.Combine), so even the floating-point rounding does not depend
// on how the chunks were spread over workers or machines.
//
// The package imports only the library and the standard library: the
// library never depends on Beam.
package mc

import (
	"fmt"
	"math"

	"github.com/streamrand/streamrand"
)

// MaxChunks bounds Config.Chunks: the combination holds one Sums per chunk.
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

// Combine adds perChunk (perChunk[k] is chunk k's Sums) in chunk order and
// returns the estimate and its standard error. The additions always happen
// in the same order, so the rounding is the same however the chunks were
// computed. It returns an error if len(perChunk) != c.Chunks(); c must be
// valid.
func (c Config) Combine(perChunk []Sums) (Result, error) {
	if int64(len(perChunk)) != c.Chunks() {
		return Result{}, fmt.Errorf("%d chunk results for %d chunks", len(perChunk), c.Chunks())
	}
	var total Sums
	for _, s := range perChunk {
		total.S += s.S
		total.S2 += s.S2
	}
	n := float64(c.Paths)
	mean := total.S / n
	// float64(): no fused multiply-add, the same rounding on every architecture.
	variance := max(total.S2/n-float64(mean*mean), 0) * n / (n - 1)
	return Result{Estimate: mean, Stderr: math.Sqrt(variance / n), Paths: c.Paths}, nil
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

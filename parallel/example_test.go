package parallel_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/fill"
	"github.com/streamrand/streamrand/parallel"
)

// inside counts, of n points of the unit square drawn from g, those inside
// the quarter disc.
func inside(g streamrand.Generator, n int) int {
	xy := make([]float64, 2*n)
	fill.Float64(g, xy)
	in := 0
	for i := 0; i < len(xy); i += 2 {
		if xy[i]*xy[i]+xy[i+1]*xy[i+1] < 1 {
			in++
		}
	}
	return in
}

// Pi from 200 units of 10000 points: unit u draws from stream u, so the
// estimate is the same for any number of workers.
func Example() {
	const units, points = 200, 10_000
	for _, workers := range []int{1, 3, 8} {
		job := parallel.Job{Alg: streamrand.ChaCha8, Seed: 42, Workers: workers}
		hits, err := parallel.Fold(context.Background(), job, units,
			func(u int64, g streamrand.Generator) (int, error) { return inside(g, points), nil },
			0, func(sum, n int) int { return sum + n })
		if err != nil {
			panic(err)
		}
		fmt.Printf("%d workers: pi is about %.5f\n", workers, 4*float64(hits)/(units*points))
	}
	// Output:
	// 1 workers: pi is about 3.14014
	// 3 workers: pi is about 3.14014
	// 8 workers: pi is about 3.14014
}

// Nested work: replicate r has its own key, job.Derive(r), whose units are
// its paths; every number depends only on (r, unit).
func ExampleJob_Derive() {
	job := parallel.Job{Alg: streamrand.AES128CTR, Seed: 7}
	means, err := parallel.Map(context.Background(), job, 3, func(r int64, _ streamrand.Generator) (float64, error) {
		replicate := job.Derive(uint64(r))
		replicate.Workers = 1 // the outer Map already uses every core
		sum, err := parallel.Fold(context.Background(), replicate, 100,
			func(u int64, g streamrand.Generator) (float64, error) {
				xs := make([]float64, 1000)
				fill.Float64(g, xs)
				s := 0.0
				for _, x := range xs {
					s += x
				}
				return s, nil
			},
			0.0, func(a, b float64) float64 { return a + b })
		return sum / 100_000, err
	})
	if err != nil {
		panic(err)
	}
	for r, m := range means {
		fmt.Printf("replicate %d: mean %.4f\n", r, m)
	}
	// Output:
	// replicate 0: mean 0.4995
	// replicate 1: mean 0.5005
	// replicate 2: mean 0.4999
}

// Resume: a computation saved after its first 60 units (the accumulator
// and the next unit) continues from Start 60 to the very same result.
func ExampleFold_resume() {
	ctx := context.Background()
	job := parallel.Job{Alg: streamrand.ChaCha20, Seed: 1}
	unit := func(u int64, g streamrand.Generator) (uint64, error) { return g.Uint64() >> 40, nil }
	add := func(a, b uint64) uint64 { return a + b }

	whole, _ := parallel.Fold(ctx, job, 100, unit, 0, add)

	saved, _ := parallel.Fold(ctx, job, 60, unit, 0, add) // stopped here
	job.Start = 60
	resumed, _ := parallel.Fold(ctx, job, 100, unit, saved, add)
	fmt.Println(whole == resumed)
	// Output:
	// true
}

// Resume from a file: with a Checkpoint, Fold saves its progress, and the
// same call after a crash, a kill or Ctrl-C continues from the last save
// to the same answer. The second call here finds the work done and returns
// the saved answer at once.
func ExampleCheckpoint() {
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	job := parallel.Job{Alg: streamrand.ChaCha8, Seed: 42, Checkpoint: &parallel.Checkpoint{
		Path:  filepath.Join(dir, "pi.state"),
		Every: time.Minute,
		ID:    []byte("pi v1, 10000 points a unit"), // what else the answer depends on
	}}
	for range 2 {
		hits, err := parallel.Fold(context.Background(), job, 200,
			func(u int64, g streamrand.Generator) (int, error) { return inside(g, 10_000), nil },
			0, func(sum, n int) int { return sum + n })
		if err != nil {
			panic(err)
		}
		fmt.Printf("pi is about %.5f\n", 4*float64(hits)/(200*10_000))
	}
	// Output:
	// pi is about 3.14014
	// pi is about 3.14014
}

// Fill spreads one fill.Float64 call over goroutines, with the values and
// final position of the call on one goroutine.
func ExampleFill() {
	a, b := streamrand.New(streamrand.ChaCha8, 3), streamrand.New(streamrand.ChaCha8, 3)
	xs, ys := make([]float64, 1_000_000), make([]float64, 1_000_000)
	fill.Float64(a, xs)
	if err := parallel.Fill(b, ys, fill.Float64, 0); err != nil {
		panic(err)
	}
	fmt.Println(xs[999_999] == ys[999_999], a.Uint64() == b.Uint64())
	// Output:
	// true true
}

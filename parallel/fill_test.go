package parallel_test

import (
	"io"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/fill"
	"github.com/streamrand/streamrand/parallel"
)

// fillCase checks Fill against fn on one goroutine: for a Generator of
// algorithm a at byte offset off of stream 3, dst of length n, the same
// values and the same final position, through Locked too.
func fillCase[T any](t *testing.T, name string, fn func(rand.Source, []T), a streamrand.Algorithm, off int64, n, workers int) {
	t.Helper()
	ref := streamrand.New(a, 8)
	ref.SetStream(3)
	_, err := ref.Seek(off, io.SeekStart)
	require.NoError(t, err)
	want := make([]T, n)
	fn(ref, want)
	wantPos, _ := ref.Seek(0, io.SeekCurrent)

	for _, locked := range []bool{false, true} {
		g := streamrand.New(a, 8)
		g.SetStream(3)
		g.Seek(off, io.SeekStart)
		if locked {
			g = streamrand.Locked(g)
		}
		got := make([]T, n)
		require.NoError(t, parallel.Fill(g, got, fn, workers))
		require.Equal(t, want, got, "%s %v offset %d n %d workers %d locked %v", name, a, off, n, workers, locked)
		pos, _ := g.Seek(0, io.SeekCurrent)
		require.Equal(t, wantPos, pos)
		require.Equal(t, uint64(3), g.Stream())
		// and the next value agrees too
		require.Equal(t, ref.Uint64(), g.Uint64())
		ref.Seek(wantPos, io.SeekStart)
	}
}

// Fill gives exactly the single-goroutine values and final position for
// every one-word-per-value function of package fill, every algorithm, any
// length (0, 1, fewer than the workers, odd) and byte offset.
func TestFillExact(t *testing.T) {
	defer parallel.SetMinChunk(1)()
	for _, a := range streamrand.Algorithms() {
		for _, off := range []int64{0, 5, 64, 1000} {
			for _, n := range []int{0, 1, 2, 7, 100, 1001} {
				for _, w := range []int{0, 1, 3, 8} {
					fillCase(t, "Float64", fill.Float64, a, off, n, w)
					fillCase(t, "Uint64", fill.Uint64, a, off, n, w)
				}
			}
		}
	}
	for _, n := range []int{3, 1001} {
		a, off, w := streamrand.AES256CTR, int64(13), 4
		fillCase(t, "Int64", fill.Int64, a, off, n, w)
		fillCase(t, "Int", fill.Int, a, off, n, w)
		fillCase(t, "Uint", fill.Uint, a, off, n, w)
		fillCase(t, "Uint32", fill.Uint32, a, off, n, w)
		fillCase(t, "Int32", fill.Int32, a, off, n, w)
		fillCase(t, "Float32", fill.Float32, a, off, n, w)
	}
}

// With the real minimum part size: a slice large enough to be split.
func TestFillLarge(t *testing.T) {
	fillCase(t, "Float64", fill.Float64, streamrand.ChaCha8, 24, 100_003, 4)
	fillCase(t, "Uint32", fill.Uint32, streamrand.AES128CTR, 8, 70_001, 2)
}

// A function that may draw more or fewer than one word per value is an
// error, and g stays where it was.
func TestFillMisuse(t *testing.T) {
	defer requireNoLeak(t, runtime.NumGoroutine())
	defer parallel.SetMinChunk(1)()
	fns := map[string]func(rand.Source, []float64){
		"NormFloat64": fill.NormFloat64,
		"ExpFloat64":  fill.ExpFloat64,
		"Uint64N": func(src rand.Source, dst []float64) {
			ns := make([]uint64, len(dst))
			fill.Uint64N(src, ns, 1<<63+1) // rejects about half the words
		},
		"nothing": func(rand.Source, []float64) {},
		"panic":   func(rand.Source, []float64) { panic("boom") },
	}
	for name, fn := range fns {
		for _, w := range []int{1, 4} {
			g := streamrand.New(streamrand.ChaCha20, 1)
			g.Seek(40, io.SeekStart)
			err := parallel.Fill(g, make([]float64, 100_000), fn, w)
			require.Error(t, err, name)
			require.ErrorContains(t, err, "parallel: Fill")
			pos, _ := g.Seek(0, io.SeekCurrent)
			require.Equal(t, int64(40), pos, "%s moved g", name)
		}
	}
}

func TestFillBadArguments(t *testing.T) {
	require.ErrorContains(t, parallel.Fill(nil, []float64{1}, fill.Float64, 1), "nil Generator")
	g := streamrand.New(streamrand.ChaCha8, 1)
	require.ErrorContains(t, parallel.Fill(g, []float64{1}, fill.Float64, -1), "workers is -1")
	// a position past what Seek can name
	g.Seek(1<<63-16, io.SeekStart)
	dst := []float64{1, 2, 3}
	require.ErrorContains(t, parallel.Fill(g, dst, fill.Float64, 2), "beyond")
	require.Equal(t, []float64{1, 2, 3}, dst)
	// Fill of nothing moves nothing
	require.NoError(t, parallel.Fill(g, dst[:0], fill.Float64, 2))
	pos, _ := g.Seek(0, io.SeekCurrent)
	require.Equal(t, int64(1<<63-16), pos)
	require.True(t, slices.Equal(dst, []float64{1, 2, 3}))
}

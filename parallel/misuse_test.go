package parallel_test

import (
	"context"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/fill"
	"github.com/streamrand/streamrand/parallel"
)

// runtime.Goexit in f or combine, which t.Fatal, t.FailNow and testify's
// require call when they fail inside f, is an error of that unit: the
// process goes on, no goroutine is left, and Fold's accumulator holds the
// units before it.
func TestGoexitInUnit(t *testing.T) {
	defer requireNoLeak(t, runtime.NumGoroutine())
	one := func(u int64, g streamrand.Generator) (int, error) { return 1, nil }
	sum := func(a, b int) int { return a + b }
	for _, workers := range []int{1, 2, 4} {
		j := parallel.Job{Alg: streamrand.ChaCha8, Workers: workers}
		exitAt := func(u int64, g streamrand.Generator) (int, error) {
			if u == 5 || u == 30 {
				runtime.Goexit()
			}
			return 1, nil
		}
		_, err := parallel.Map(t.Context(), j, 100, exitAt)
		var ue *parallel.UnitError
		require.ErrorAs(t, err, &ue, "Map, %d workers", workers)
		require.Equal(t, int64(5), ue.Unit)
		require.ErrorIs(t, err, parallel.ErrGoexit)

		acc, err := parallel.Fold(t.Context(), j, 100, exitAt, 0, sum)
		require.ErrorAs(t, err, &ue, "Fold, %d workers", workers)
		require.Equal(t, int64(5), ue.Unit)
		require.ErrorIs(t, err, parallel.ErrGoexit)
		require.Equal(t, 5, acc)

		acc, err = parallel.Fold(t.Context(), j, 100, one, 0, func(a, b int) int {
			if a == 42 {
				runtime.Goexit()
			}
			return a + b
		})
		require.ErrorAs(t, err, &ue, "combine, %d workers", workers)
		require.Equal(t, int64(42), ue.Unit)
		require.ErrorIs(t, err, parallel.ErrGoexit)
		require.Equal(t, 42, acc)

		// and the Job still runs afterwards
		acc, err = parallel.Fold(t.Context(), j, 100, one, 0, sum)
		require.NoError(t, err)
		require.Equal(t, 100, acc)
	}
}

// runtime.Goexit in Progress (it runs on the caller's goroutine) ends that
// goroutine only after every worker has stopped: no unit starts after.
func TestGoexitInProgress(t *testing.T) {
	defer requireNoLeak(t, runtime.NumGoroutine())
	var started atomic.Int64
	j := parallel.Job{Alg: streamrand.ChaCha8, Workers: 2, Progress: func(done, total int64) { runtime.Goexit() }}
	done := make(chan struct{})
	returned := false
	go func() {
		defer close(done)
		parallel.Map(t.Context(), j, 1_000_000, func(u int64, g streamrand.Generator) (int, error) {
			started.Add(1)
			time.Sleep(time.Millisecond)
			return 0, nil
		})
		returned = true
	}()
	<-done
	require.False(t, returned, "Goexit did not go on up")
	n := started.Load()
	time.Sleep(20 * time.Millisecond)
	require.Equal(t, n, started.Load(), "units still starting after Map's goroutine ended")
}

// runtime.Goexit in Fill's fn is an error, on whichever goroutine fn ran,
// and g stays where it was.
func TestGoexitInFill(t *testing.T) {
	defer requireNoLeak(t, runtime.NumGoroutine())
	defer parallel.SetMinChunk(1)()
	for _, workers := range []int{1, 4} {
		g := streamrand.New(streamrand.ChaCha8, 3)
		dst := make([]float64, 65536)
		var err error
		returned := false
		done := make(chan struct{})
		go func() { // if Fill lets Goexit through, this goroutine ends
			defer close(done)
			err = parallel.Fill(g, dst, func(src rand.Source, part []float64) {
				fill.Float64(src, part)
				if &part[0] == &dst[0] { // one part (the first) exits
					runtime.Goexit()
				}
			}, workers)
			returned = true
		}()
		<-done
		require.True(t, returned, "%d workers: Goexit ended Fill's caller", workers)
		require.ErrorIs(t, err, parallel.ErrGoexit, "%d workers", workers)
		pos, _ := g.Seek(0, io.SeekCurrent)
		require.Zero(t, pos, "%d workers: g moved", workers)
	}
}

// antithetic is a Generator of the user's own: Uint64 returns the
// complement of the embedded Generator's words. Fill cannot copy it (a
// copy through its checkpoint would be the embedded Generator).
type antithetic struct{ streamrand.Generator }

func (a antithetic) Uint64() uint64 { return ^a.Generator.Uint64() }

// Fill refuses a Generator that is not one of this module's own (under
// Locked or not), for every number of workers, and leaves g and dst alone.
func TestFillRefusesForeignGenerators(t *testing.T) {
	defer parallel.SetMinChunk(1)()
	for _, workers := range []int{1, 4} {
		for _, g := range []streamrand.Generator{
			antithetic{streamrand.New(streamrand.ChaCha8, 1)},
			&antithetic{streamrand.New(streamrand.AES128CTR, 1)},
			streamrand.Locked(antithetic{streamrand.New(streamrand.ChaCha8, 1)}),
		} {
			dst := make([]uint64, 1000)
			err := parallel.Fill(g, dst, fill.Uint64, workers)
			require.ErrorContains(t, err, "not one of this module's generators", "%T, %d workers", g, workers)
			require.Equal(t, make([]uint64, 1000), dst)
			pos, _ := g.Seek(0, io.SeekCurrent)
			require.Zero(t, pos)
		}
	}
	// a Locked of a Locked is still this module's generator
	g := streamrand.Locked(streamrand.Locked(streamrand.New(streamrand.ChaCha8, 1)))
	dst := make([]uint64, 1000)
	require.NoError(t, parallel.Fill(g, dst, fill.Uint64, 4))
	want := make([]uint64, 1000)
	fill.Uint64(streamrand.New(streamrand.ChaCha8, 1), want)
	require.Equal(t, want, dst)
}

// Fill holds a Locked Generator's lock for the whole call: another
// goroutine drawing from it at the same time gets none of the words Fill
// wrote, each Fill gets a run of consecutive words, and every word of the
// stream goes to exactly one of them.
func TestFillLockedShared(t *testing.T) {
	const seed, n, draws = 6, 20_000, 100_000
	defer parallel.SetMinChunk(1000)()
	for _, workers := range []int{1, 4} {
		g := streamrand.Locked(streamrand.New(streamrand.ChaCha12, seed))
		var other []uint64
		var running atomic.Bool
		running.Store(true)
		var wg sync.WaitGroup
		wg.Go(func() {
			defer running.Store(false)
			for range draws {
				other = append(other, g.Uint64())
			}
		})
		var dsts [][]uint64
		for len(dsts) < 5 || running.Load() && len(dsts) < 30 {
			d := make([]uint64, n)
			require.NoError(t, parallel.Fill(g, d, fill.Uint64, workers))
			dsts = append(dsts, d)
		}
		wg.Wait()

		total := len(other) + len(dsts)*n
		ref := make([]uint64, total)
		fill.Uint64(streamrand.New(streamrand.ChaCha12, seed), ref)
		index := make(map[uint64]int, total)
		for i, w := range ref {
			index[w] = i
		}
		seen := make([]bool, total)
		mark := func(w uint64, what string) int {
			i, ok := index[w]
			if !ok {
				t.Fatalf("%d workers: %s drew a word outside the stream's first %d", workers, what, total)
			}
			if seen[i] {
				t.Fatalf("%d workers: word %d drawn twice (%s)", workers, i, what)
			}
			seen[i] = true
			return i
		}
		for _, w := range other {
			mark(w, "the other goroutine")
		}
		for _, d := range dsts {
			first := mark(d[0], "Fill")
			for k, w := range d[1:] {
				if i := mark(w, "Fill"); i != first+k+1 {
					t.Fatalf("%d workers: Fill's word %d is word %d of the stream, not %d", workers, k+1, i, first+k+1)
				}
			}
		}
		t.Logf("%d workers: %d Fills of %d values while another goroutine drew %d words", workers, len(dsts), n, len(other))
	}
}

// The results of Map, and Fold's window, are sized with overflow checks:
// sizes that cannot be allocated are errors, not panics.
func TestSizesThatDoNotFit(t *testing.T) {
	never := func(u int64, g streamrand.Generator) (struct{}, error) {
		panic("no unit should run")
	}
	j := parallel.Job{Alg: streamrand.ChaCha8, Workers: 2}
	for _, n := range []int64{1 << 62, math.MaxInt64} {
		require.NotPanics(t, func() {
			_, err := parallel.Map(t.Context(), j, n, func(u int64, g streamrand.Generator) (int, error) { panic("no unit should run") })
			require.ErrorContains(t, err, "do not fit")
			_, err = parallel.Map(t.Context(), j, n, never)
			require.ErrorContains(t, err, "do not fit")
		}, "n %d", n)
	}
	for _, w := range []uint64{math.MaxInt, 1<<61 + 1, math.MaxInt32} {
		if w > math.MaxInt {
			continue // 32-bit int
		}
		require.NotPanics(t, func() {
			j := parallel.Job{Alg: streamrand.ChaCha8, Workers: int(w)}
			acc, err := parallel.Fold(t.Context(), j, math.MaxInt64, never, 7, func(a int, _ struct{}) int { return a })
			require.ErrorContains(t, err, "Workers is")
			require.Equal(t, 7, acc)
		}, "Workers %d", w)
	}
}

// skipWords is a Fill function that draws one word per value without
// computing them: it moves src on by 8 bytes per value.
func skipWords(src rand.Source, dst []struct{}) {
	if _, err := src.(io.Seeker).Seek(8*int64(len(dst)), io.SeekCurrent); err != nil {
		panic(err)
	}
}

// Fill cuts any length into parts without overflow, whatever the number
// of workers.
func TestFillHugeLength(t *testing.T) {
	for _, c := range []struct {
		n       uint64
		workers int
	}{{1 << 57, 64}, {1<<59 + 12345, 64}, {1<<59 + 12345, 1000}, {1<<60 - 1, 3}, {math.MaxInt32, 7}} {
		if c.n > math.MaxInt {
			continue // 32-bit int
		}
		g := streamrand.New(streamrand.ChaCha8, 1)
		dst := make([]struct{}, int(c.n))
		require.NotPanics(t, func() {
			require.NoError(t, parallel.Fill(g, dst, skipWords, c.workers))
		})
		pos, err := g.Seek(0, io.SeekCurrent)
		require.NoError(t, err)
		require.Equal(t, 8*int64(c.n), pos)
	}
}

// Cancelling a Fold returns once the units running and the one combine
// running at the time return: the results waiting in the window are not
// combined.
func TestCancelSlowCombine(t *testing.T) {
	defer requireNoLeak(t, runtime.NumGoroutine())
	for _, workers := range []int{2, 8} {
		ctx, cancel := context.WithCancel(t.Context())
		var finished, combined atomic.Int64
		f := func(u int64, g streamrand.Generator) (int, error) {
			finished.Add(1)
			return 1, nil
		}
		acc, err := parallel.Fold(ctx, parallel.Job{Alg: streamrand.ChaCha8, Workers: workers}, 1_000_000, f, 0, func(a, b int) int {
			if combined.Add(1) == 1 {
				// let other units finish and wait in the window
				for deadline := time.Now().Add(5 * time.Second); finished.Load() < 3 && time.Now().Before(deadline); {
					time.Sleep(time.Millisecond)
				}
				time.Sleep(5 * time.Millisecond)
				cancel()
			}
			return a + b
		})
		require.ErrorIs(t, err, context.Canceled)
		require.Equal(t, int64(1), combined.Load(), "%d workers: combine ran after the cancel", workers)
		require.Equal(t, 1, acc)
		cancel()
	}
}

// If ctx is cancelled first and a unit running then fails, the error is
// ctx.Err(), as documented.
func TestCancelThenFail(t *testing.T) {
	defer requireNoLeak(t, runtime.NumGoroutine())
	errLate := errors.New("failed after the cancel")
	for _, workers := range []int{1, 3} {
		ctx, cancel := context.WithCancel(t.Context())
		f := func(u int64, g streamrand.Generator) (int, error) {
			if u == 0 {
				cancel()
				<-ctx.Done()
				return 0, errLate
			}
			return 1, nil
		}
		_, err := parallel.Map(ctx, parallel.Job{Alg: streamrand.ChaCha8, Workers: workers}, 100, f)
		require.ErrorIs(t, err, context.Canceled, "Map, %d workers", workers)
		require.NotErrorIs(t, err, errLate)
		ctx, cancel = context.WithCancel(t.Context())
		_, err = parallel.Fold(ctx, parallel.Job{Alg: streamrand.ChaCha8, Workers: workers}, 100, f, 0, func(a, b int) int { return a + b })
		require.ErrorIs(t, err, context.Canceled, "Fold, %d workers", workers)
		cancel()
	}
}

// A child of a Job that cannot run reports its parent's error until the
// caller sets its Alg, Seed or Key; then it runs as those fields say.
func TestDeriveInvalidThenSet(t *testing.T) {
	f := func(u int64, g streamrand.Generator) (uint64, error) { return g.Uint64(), nil }
	child := parallel.Job{Alg: streamrand.ChaCha8, Key: make([]byte, 16)}.Derive(1)
	_, err := parallel.Map(t.Context(), child, 3, f)
	require.ErrorContains(t, err, "Job.Key")

	key := make([]byte, 32)
	key[0] = 9
	withKey := child
	withKey.Key = key
	got, err := parallel.Map(t.Context(), withKey, 3, f)
	require.NoError(t, err)
	want, err := parallel.Map(t.Context(), parallel.Job{Alg: streamrand.ChaCha8, Key: key}, 3, f)
	require.NoError(t, err)
	require.Equal(t, want, got)

	withSeed := child
	withSeed.Seed = 5
	got, err = parallel.Map(t.Context(), withSeed, 3, f)
	require.NoError(t, err)
	want, err = parallel.Map(t.Context(), parallel.Job{Alg: streamrand.ChaCha8, Seed: 5}, 3, f)
	require.NoError(t, err)
	require.Equal(t, want, got)

	withAlg := parallel.Job{Alg: streamrand.Algorithm(200)}.Derive(1)
	withAlg.Alg = streamrand.AES128CTR
	_, err = parallel.Map(t.Context(), withAlg, 3, f)
	require.NoError(t, err)
}

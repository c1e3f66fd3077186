package parallel_test

import (
	"context"
	"errors"
	"fmt"
	"math"
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

// unitSum is a unit of floating-point work: the sum of 100 Float64s of
// unit u's Generator, through package fill, scaled so that the order of
// additions matters to the last bit.
func unitSum(u int64, g streamrand.Generator) (float64, error) {
	var xs [100]float64
	fill.Float64(g, xs[:])
	s := 0.0
	for _, x := range xs {
		s += x * math.Pow(10, float64(u%7))
	}
	return s, nil
}

// reference computes unit u's value from streamrand.New and SetStream, the
// Job's documented rule, without package parallel; and checks that
// j.Generator(u) is that Generator.
func reference(t *testing.T, j parallel.Job, u int64) float64 {
	var g streamrand.Generator
	if j.Key != nil {
		var err error
		g, err = streamrand.NewWithKey(j.Alg, j.Key, 0)
		require.NoError(t, err)
	} else {
		g = streamrand.New(j.Alg, j.Seed)
	}
	g.SetStream(uint64(u))
	v, _ := unitSum(u, g)

	h, err := j.Generator(u)
	require.NoError(t, err)
	w, _ := unitSum(u, h)
	require.Equal(t, v, w, "Generator(%d)", u)
	return v
}

func add(a, b float64) float64 { return a + b }

// Map's slice and Fold's sum are the same bits for any number of workers
// and GOMAXPROCS 1, and unit u's numbers are those of New(Alg, Seed) after
// SetStream(u).
func TestSameForAnyWorkers(t *testing.T) {
	const n = 300
	for _, a := range streamrand.Algorithms() {
		j := parallel.Job{Alg: a, Seed: 2024}
		want := make([]float64, n)
		wantSum := 0.0
		for u := range int64(n) {
			want[u] = reference(t, j, u)
			wantSum += want[u]
		}
		run := func(workers int) {
			j.Workers = workers
			got, err := parallel.Map(t.Context(), j, n, unitSum)
			require.NoError(t, err)
			require.Equal(t, want, got, "%v, %d workers", a, workers)
			sum, err := parallel.Fold(t.Context(), j, n, unitSum, 0.0, add)
			require.NoError(t, err)
			require.Equal(t, math.Float64bits(wantSum), math.Float64bits(sum), "%v, %d workers: %v, want %v", a, workers, sum, wantSum)
		}
		for _, w := range []int{0, 1, 2, 3, 8, 64, 1000} {
			run(w)
		}
		prev := runtime.GOMAXPROCS(1)
		run(0)
		run(8)
		runtime.GOMAXPROCS(prev)
	}
}

// A Job with a Key draws from NewWithKey(Alg, Key, 0) after SetStream(u).
func TestKeyJob(t *testing.T) {
	j := parallel.Job{Alg: streamrand.AES192CTR, Key: []byte("twenty-four byte key....")}
	got, err := parallel.Map(t.Context(), j, 20, unitSum)
	require.NoError(t, err)
	for u, v := range got {
		require.Equal(t, reference(t, j, int64(u)), v)
	}
	seeded, err := parallel.Map(t.Context(), parallel.Job{Alg: j.Alg}, 20, unitSum)
	require.NoError(t, err)
	require.NotEqual(t, seeded, got, "Key ignored")
}

// Whatever f does to its Generator (reseed, restore another checkpoint,
// move it) reaches no other unit.
func TestUnitsIsolated(t *testing.T) {
	j := parallel.Job{Alg: streamrand.ChaCha12, Seed: 5, Workers: 2}
	other, err := streamrand.New(streamrand.ChaCha20, 1).MarshalBinary()
	require.NoError(t, err)
	got, err := parallel.Map(t.Context(), j, 50, func(u int64, g streamrand.Generator) (float64, error) {
		v, _ := unitSum(u, g)
		switch u % 3 {
		case 0:
			g.Seed(uint64(u))
		case 1:
			require.NoError(t, g.UnmarshalBinary(other))
		case 2:
			g.SetStream(7)
			g.Seek(1000, 0)
		}
		return v, nil
	})
	require.NoError(t, err)
	for u, v := range got {
		require.Equal(t, reference(t, j, int64(u)), v, "unit %d", u)
	}
}

// Resume: Fold over [0, k) and then from Start k with that accumulator
// equals one Fold over [0, n), for every k.
func TestResume(t *testing.T) {
	const n = 40
	j := parallel.Job{Alg: streamrand.AES128CTR, Seed: 11, Workers: 3}
	whole, err := parallel.Fold(t.Context(), j, n, unitSum, 0.0, add)
	require.NoError(t, err)
	for k := range int64(n + 1) {
		first, err := parallel.Fold(t.Context(), j, k, unitSum, 0.0, add)
		require.NoError(t, err)
		j2 := j
		j2.Start = k
		rest, err := parallel.Fold(t.Context(), j2, n, unitSum, first, add)
		require.NoError(t, err)
		require.Equal(t, math.Float64bits(whole), math.Float64bits(rest), "split at %d", k)

		tail, err := parallel.Map(t.Context(), j2, n, unitSum)
		require.NoError(t, err)
		require.Len(t, tail, int(n-k))
		for i, v := range tail {
			require.Equal(t, reference(t, j, k+int64(i)), v)
		}
	}
}

// The error returned is the lowest failing unit's, wrapped with its number,
// for any number of workers; units above it are not all started, and Fold's
// accumulator holds exactly the units below it.
func TestLowestErrorWins(t *testing.T) {
	defer requireNoLeak(t, runtime.NumGoroutine())
	errBad := errors.New("bad unit")
	for _, workers := range []int{1, 2, 3, 8, 64} {
		var started atomic.Int64
		f := func(u int64, g streamrand.Generator) (int64, error) {
			started.Add(1)
			if u == 997 || u == 5000 {
				return 0, fmt.Errorf("unit %d: %w", u, errBad)
			}
			if u > 300 {
				time.Sleep(time.Microsecond) // let the lower failure overtake
			}
			return u, nil
		}
		j := parallel.Job{Alg: streamrand.ChaCha8, Workers: workers}
		acc, err := parallel.Fold(t.Context(), j, 100_000, f, int64(0), func(a, b int64) int64 { return a + b })
		var ue *parallel.UnitError
		require.ErrorAs(t, err, &ue)
		require.Equal(t, int64(997), ue.Unit, "workers %d", workers)
		require.ErrorIs(t, err, errBad)
		require.Contains(t, err.Error(), "unit 997")
		require.Equal(t, int64(996*997/2), acc, "Fold's accumulator holds units [0, 997)")
		require.Less(t, started.Load(), int64(90_000), "units kept starting after the failure")

		_, err = parallel.Map(t.Context(), j, 100_000, f)
		require.ErrorAs(t, err, &ue)
		require.Equal(t, int64(997), ue.Unit)
	}
}

// Several failing units: the lowest one's error, whichever finishes first.
func TestLowestErrorRace(t *testing.T) {
	for range 20 {
		f := func(u int64, g streamrand.Generator) (int, error) {
			if u%10 == 3 {
				if u == 3 {
					time.Sleep(2 * time.Millisecond) // the lowest failure comes last
				}
				return 0, fmt.Errorf("fail %d", u)
			}
			return 0, nil
		}
		_, err := parallel.Map(t.Context(), parallel.Job{Alg: streamrand.ChaCha8, Workers: 4}, 1000, f)
		var ue *parallel.UnitError
		require.ErrorAs(t, err, &ue)
		require.Equal(t, int64(3), ue.Unit)
		require.EqualError(t, err, "parallel: unit 3: fail 3")
	}
}

// A panic in f or combine is a *UnitError holding a *PanicError, not a
// crash.
func TestPanic(t *testing.T) {
	defer requireNoLeak(t, runtime.NumGoroutine())
	sentinel := errors.New("sentinel")
	f := func(u int64, g streamrand.Generator) (int, error) {
		if u == 7 {
			panic(sentinel)
		}
		return 1, nil
	}
	for _, workers := range []int{1, 4} {
		j := parallel.Job{Alg: streamrand.ChaCha8, Workers: workers}
		_, err := parallel.Map(t.Context(), j, 100, f)
		var ue *parallel.UnitError
		var pe *parallel.PanicError
		require.ErrorAs(t, err, &ue)
		require.Equal(t, int64(7), ue.Unit)
		require.ErrorAs(t, err, &pe)
		require.ErrorIs(t, err, sentinel)
		require.Contains(t, string(pe.Stack), "TestPanic")

		acc, err := parallel.Fold(t.Context(), j, 100, func(u int64, g streamrand.Generator) (int, error) { return 1, nil }, 0,
			func(a, b int) int {
				if a == 42 {
					panic("combine")
				}
				return a + b
			})
		require.ErrorAs(t, err, &ue)
		require.Equal(t, int64(42), ue.Unit)
		require.ErrorAs(t, err, &pe)
		require.Equal(t, "combine", pe.Value)
		require.Equal(t, 42, acc)
	}
}

// Cancelling returns ctx.Err() within about one unit's time, and leaves
// no goroutine running.
func TestCancel(t *testing.T) {
	before := runtime.NumGoroutine()
	for _, workers := range []int{1, 2, 8} {
		ctx, cancel := context.WithCancel(t.Context())
		var started atomic.Int64
		f := func(u int64, g streamrand.Generator) (int, error) {
			if started.Add(1) == 50 {
				cancel()
			}
			time.Sleep(100 * time.Microsecond)
			return 0, nil
		}
		t0 := time.Now()
		_, err := parallel.Fold(ctx, parallel.Job{Alg: streamrand.ChaCha8, Workers: workers}, 1_000_000, f, 0, func(a, b int) int { return a })
		require.ErrorIs(t, err, context.Canceled)
		require.Less(t, started.Load(), int64(50+2*workers), "units started after the cancel")
		require.Less(t, time.Since(t0), 10*time.Second)

		// a context already cancelled runs no unit
		started.Store(0)
		_, err = parallel.Map(ctx, parallel.Job{Alg: streamrand.ChaCha8, Workers: workers}, 10, f)
		require.ErrorIs(t, err, context.Canceled)
		require.LessOrEqual(t, started.Load(), int64(workers))
	}
	// a unit error below the cancellation still wins; a timeout is ctx.Err()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancel()
	_, err := parallel.Fold(ctx, parallel.Job{Alg: streamrand.ChaCha8, Workers: 2}, 1<<40, func(u int64, g streamrand.Generator) (int, error) {
		time.Sleep(time.Millisecond)
		return 0, nil
	}, 0, func(a, b int) int { return a + b })
	require.ErrorIs(t, err, context.DeadlineExceeded)
	requireNoLeak(t, before)
}

// requireNoLeak fails t unless the number of goroutines falls back to
// before (goroutines that are ending may take a moment to be counted out).
func requireNoLeak(t *testing.T, before int) {
	t.Helper()
	for range 500 {
		if runtime.NumGoroutine() <= before {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("goroutines: %d before, %d after", before, runtime.NumGoroutine())
}

// Fold holds O(Workers) results: while the first unit is slow, no more
// than 4*Workers units start.
func TestFoldWindow(t *testing.T) {
	for _, workers := range []int{1, 2, 5} {
		var started atomic.Int64
		release := make(chan struct{})
		f := func(u int64, g streamrand.Generator) (int, error) {
			started.Add(1)
			if u == 0 {
				<-release
			}
			return 1, nil
		}
		done := make(chan struct{})
		var sum int
		var err error
		go func() {
			defer close(done)
			sum, err = parallel.Fold(t.Context(), parallel.Job{Alg: streamrand.ChaCha8, Workers: workers}, 10_000, f, 0,
				func(a, b int) int { return a + b })
		}()
		limit := int64(4 * workers)
		// wait until the other workers are blocked (started stops growing)
		for prev := int64(-1); prev != started.Load(); {
			prev = started.Load()
			time.Sleep(20 * time.Millisecond)
		}
		require.LessOrEqual(t, started.Load(), limit, "%d workers", workers)
		close(release)
		<-done
		require.NoError(t, err)
		require.Equal(t, 10_000, sum)
	}
}

// Progress is called from the calling goroutine, with done rising to n,
// at most about 10 times a second, and once at the end.
func TestProgress(t *testing.T) {
	defer requireNoLeak(t, runtime.NumGoroutine())
	var calls []int64
	var mu sync.Mutex
	j := parallel.Job{Alg: streamrand.ChaCha8, Workers: 2, Start: 100, Progress: func(done, total int64) {
		mu.Lock()
		defer mu.Unlock()
		require.Equal(t, int64(400), total)
		calls = append(calls, done)
	}}
	t0 := time.Now()
	_, err := parallel.Map(t.Context(), j, 400, func(u int64, g streamrand.Generator) (int, error) {
		time.Sleep(2 * time.Millisecond)
		return 0, nil
	})
	elapsed := time.Since(t0)
	require.NoError(t, err)
	require.Equal(t, int64(400), calls[len(calls)-1])
	require.GreaterOrEqual(t, calls[0], int64(100))
	require.LessOrEqual(t, len(calls), int(elapsed/(100*time.Millisecond))+2)
	for i := 1; i < len(calls); i++ {
		require.LessOrEqual(t, calls[i-1], calls[i])
	}
	// no units: one call
	calls = nil
	j.Start = 400
	_, err = parallel.Map(t.Context(), j, 400, unitSum)
	require.NoError(t, err)
	require.Equal(t, []int64{400}, calls)
}

func TestBadArguments(t *testing.T) {
	defer requireNoLeak(t, runtime.NumGoroutine())
	ctx := t.Context()
	f := func(u int64, g streamrand.Generator) (int, error) { return 0, nil }
	for _, c := range []struct {
		j    parallel.Job
		n    int64
		want string
	}{
		{parallel.Job{Alg: streamrand.ChaCha8}, -1, "negative number of units"},
		{parallel.Job{Alg: streamrand.ChaCha8, Start: -1}, 5, "Start -1 is not in [0, 5]"},
		{parallel.Job{Alg: streamrand.ChaCha8, Start: 6}, 5, "Start 6 is not in [0, 5]"},
		{parallel.Job{Alg: streamrand.ChaCha8, Workers: -2}, 5, "Workers is -2"},
		{parallel.Job{Alg: streamrand.Algorithm(77)}, 5, "invalid algorithm"},
		{parallel.Job{Alg: streamrand.AES128CTR, Key: make([]byte, 32)}, 5, "takes a key of 16 bytes, not 32"},
	} {
		_, err := parallel.Map(ctx, c.j, c.n, f)
		require.ErrorContains(t, err, c.want)
		acc, err := parallel.Fold(ctx, c.j, c.n, f, 17, func(a, b int) int { return a + b })
		require.ErrorContains(t, err, c.want)
		require.Equal(t, 17, acc)
	}
	_, err := parallel.Job{Alg: streamrand.ChaCha8}.Generator(-1)
	require.ErrorContains(t, err, "negative unit -1")
	_, err = parallel.Job{Alg: streamrand.Algorithm(77)}.Generator(1)
	require.ErrorContains(t, err, "invalid algorithm")
	// zero units: an empty result, acc unchanged
	out, err := parallel.Map(ctx, parallel.Job{Alg: streamrand.ChaCha8}, 0, f)
	require.NoError(t, err)
	require.Empty(t, out)
	acc, err := parallel.Fold(ctx, parallel.Job{Alg: streamrand.ChaCha8, Start: 3}, 3, f, 17, func(a, b int) int { return a + b })
	require.NoError(t, err)
	require.Equal(t, 17, acc)
}

// A panic in Progress goes up to the caller after the workers stopped.
func TestProgressPanic(t *testing.T) {
	defer requireNoLeak(t, runtime.NumGoroutine())
	var started atomic.Int64
	j := parallel.Job{Alg: streamrand.ChaCha8, Workers: 2, Progress: func(done, total int64) { panic("progress") }}
	require.PanicsWithValue(t, "progress", func() {
		parallel.Map(t.Context(), j, 1_000_000, func(u int64, g streamrand.Generator) (int, error) {
			started.Add(1)
			time.Sleep(time.Millisecond)
			return 0, nil
		})
	})
	n := started.Load()
	time.Sleep(20 * time.Millisecond)
	require.Equal(t, n, started.Load(), "units still starting after Map returned")
}

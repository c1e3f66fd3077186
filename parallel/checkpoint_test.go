package parallel_test

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/parallel"
)

// stats is an accumulator that encoding/gob saves: exported fields only.
// Sum depends on the order of the additions to the last bit.
type stats struct {
	Sum   float64
	Count int64
}

func addStats(a stats, v float64) stats {
	a.Sum += v
	a.Count++
	return a
}

// failAt returns unitSum, failing for unit k when *armed is set.
func failAt(k int64, armed *atomic.Bool) func(int64, streamrand.Generator) (float64, error) {
	return func(u int64, g streamrand.Generator) (float64, error) {
		if u == k && armed.Load() {
			return 0, errors.New("stopped here")
		}
		return unitSum(u, g)
	}
}

// A Fold stopped by a failing unit k saves units [0, k); called again it
// runs only units [k, n), on any number of workers, and returns the bits
// of a Fold that never stopped. Called once more it returns the saved
// answer without running a unit.
func TestCheckpointResumes(t *testing.T) {
	const n = 60
	j := parallel.Job{Alg: streamrand.ChaCha12, Seed: 8, Workers: 3}
	want, err := parallel.Fold(t.Context(), j, n, unitSum, stats{}, addStats)
	require.NoError(t, err)
	for _, k := range []int64{0, 1, 17, n - 1} {
		path := filepath.Join(t.TempDir(), "state")
		var armed atomic.Bool
		armed.Store(true)
		jc := j
		jc.Checkpoint = &parallel.Checkpoint{Path: path, ID: []byte("unitSum v1")}
		got, err := parallel.Fold(t.Context(), jc, n, failAt(k, &armed), stats{}, addStats)
		var ue *parallel.UnitError
		require.ErrorAs(t, err, &ue)
		require.Equal(t, k, ue.Unit)
		require.Equal(t, k, got.Count)

		armed.Store(false)
		var ran atomic.Int64
		for _, workers := range []int{1, 5} {
			jc.Workers = workers
			got, err = parallel.Fold(t.Context(), jc, n, func(u int64, g streamrand.Generator) (float64, error) {
				ran.Add(1)
				require.GreaterOrEqual(t, u, k, "a saved unit ran again")
				return unitSum(u, g)
			}, stats{Count: -1000}, addStats)
			require.NoError(t, err)
			require.Equal(t, math.Float64bits(want.Sum), math.Float64bits(got.Sum), "stopped at %d, %d workers", k, workers)
			require.Equal(t, want, got)
		}
		require.Equal(t, n-k, ran.Load(), "units run after resuming at %d (the second call runs none)", k)
		entries, _ := os.ReadDir(filepath.Dir(path))
		require.Len(t, entries, 1, "temporary files left")
	}
}

// A file of another computation is refused with the field that differs,
// before any unit runs.
func TestCheckpointOtherComputation(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state")
	base := parallel.Job{Alg: streamrand.ChaCha8, Seed: 42, Checkpoint: &parallel.Checkpoint{Path: path, ID: []byte("call strike=100")}}
	_, err := parallel.Fold(t.Context(), base, 10, unitSum, stats{}, addStats)
	require.NoError(t, err)

	keyed := base
	keyed.Key = make([]byte, 32)
	otherID := base
	otherID.Checkpoint = &parallel.Checkpoint{Path: path, ID: []byte("call strike=110")}
	for _, c := range []struct {
		j    parallel.Job
		n    int64
		want string
	}{
		{parallel.Job{Alg: streamrand.ChaCha8, Seed: 43, Checkpoint: base.Checkpoint}, 10, "its Seed is 42, not 43"},
		{base, 11, "its n is 10, not 11"},
		{otherID, 10, `its ID is "call strike=100", not "call strike=110"`},
		{parallel.Job{Alg: streamrand.ChaCha20, Seed: 42, Checkpoint: base.Checkpoint}, 10, "its Alg is chacha8, not chacha20"},
		{keyed, 10, "it was run with Seed 42, not this Key"},
	} {
		_, err := parallel.Fold(t.Context(), c.j, c.n, func(int64, streamrand.Generator) (float64, error) {
			panic("a unit ran")
		}, stats{}, addStats)
		require.ErrorContains(t, err, "parallel: Checkpoint "+path+": holds another computation: "+c.want)
	}

	// and a keyed run's file refuses another key
	kpath := filepath.Join(t.TempDir(), "keyed")
	keyed.Checkpoint = &parallel.Checkpoint{Path: kpath}
	_, err = parallel.Fold(t.Context(), keyed, 10, unitSum, stats{}, addStats)
	require.NoError(t, err)
	keyed.Key = append([]byte{1}, keyed.Key[1:]...)
	_, err = parallel.Fold(t.Context(), keyed, 10, unitSum, stats{}, addStats)
	require.ErrorContains(t, err, "its Key differs")
	keyed.Key = nil
	_, err = parallel.Fold(t.Context(), keyed, 10, unitSum, stats{}, addStats)
	require.ErrorContains(t, err, "it was run with a Key, not Seed 42")
	keyed.Key, keyed.Checkpoint.ID = make([]byte, 32), []byte{0, 1, 2}
	_, err = parallel.Fold(t.Context(), keyed, 10, unitSum, stats{}, addStats)
	require.ErrorContains(t, err, "its ID differs")

	// a file that is not a whole checkpoint
	require.NoError(t, os.WriteFile(path, []byte("{}\n"), 0o600))
	_, err = parallel.Fold(t.Context(), base, 10, unitSum, stats{}, addStats)
	require.ErrorContains(t, err, "not a checkpoint of package parallel")
	require.NoError(t, os.WriteFile(path, []byte("streamrand parallel.Checkpoint v1\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"), 0o600))
	_, err = parallel.Fold(t.Context(), base, 10, unitSum, stats{}, addStats)
	require.ErrorContains(t, err, "damaged")
}

// A path that cannot be written, or an accumulator gob cannot save, fails
// before the first unit.
func TestCheckpointFailsAtOnce(t *testing.T) {
	dir := t.TempDir()
	notDir := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(notDir, nil, 0o600))
	paths := []string{filepath.Join(dir, "missing", "state"), filepath.Join(notDir, "state")}
	if os.Geteuid() != 0 { // root writes into a read-only directory
		ro := filepath.Join(dir, "ro")
		require.NoError(t, os.Mkdir(ro, 0o500))
		paths = append(paths, filepath.Join(ro, "state"))
	}
	never := func(int64, streamrand.Generator) (float64, error) { panic("a unit ran") }
	for _, p := range paths {
		j := parallel.Job{Alg: streamrand.ChaCha8, Checkpoint: &parallel.Checkpoint{Path: p}}
		_, err := parallel.Fold(t.Context(), j, 1000, never, stats{}, addStats)
		require.ErrorContains(t, err, "parallel: Checkpoint "+p+": ", p)
	}

	type hidden struct {
		Sum   float64
		count int
	}
	j := parallel.Job{Alg: streamrand.ChaCha8, Checkpoint: &parallel.Checkpoint{Path: filepath.Join(dir, "state")}}
	_, err := parallel.Fold(t.Context(), j, 1000, never, hidden{}, func(a hidden, v float64) hidden { return a })
	require.ErrorContains(t, err, "parallel_test.hidden.count is unexported")
	_, err = parallel.Fold(t.Context(), j, 1000, never, struct{ F func() }{}, func(a struct{ F func() }, v float64) struct{ F func() } { return a })
	require.ErrorContains(t, err, ".F is a func")
	_, err = parallel.Fold(t.Context(), j, 1000, never, (*stats)(nil), func(a *stats, v float64) *stats { return a })
	require.ErrorContains(t, err, "the accumulator cannot be saved")

	// the misuses of the Checkpoint itself
	for _, c := range []struct {
		j    parallel.Job
		want string
	}{
		{parallel.Job{Alg: streamrand.ChaCha8, Start: 3, Checkpoint: j.Checkpoint}, "Start is 3 with a Checkpoint"},
		{parallel.Job{Alg: streamrand.ChaCha8, Checkpoint: &parallel.Checkpoint{}}, "Checkpoint.Path is empty"},
		{parallel.Job{Alg: streamrand.ChaCha8, Checkpoint: &parallel.Checkpoint{Path: "x", Every: -1}}, "Checkpoint.Every is -1ns"},
		{parallel.Job{Alg: streamrand.Algorithm(99), Checkpoint: j.Checkpoint}, "invalid algorithm"},
	} {
		_, err := parallel.Fold(t.Context(), c.j, 1000, never, stats{}, addStats)
		require.ErrorContains(t, err, c.want)
	}
	_, err = parallel.Map(t.Context(), j, 10, never)
	require.ErrorContains(t, err, "only Fold saves and resumes")
	require.NoFileExists(t, filepath.Join(dir, "state"))
}

// An accumulator with unexported fields and MarshalBinary saves through
// it; a map and a NaN come back too.
type meanVar struct{ n, mean, m2 float64 }

func (m meanVar) MarshalBinary() ([]byte, error) {
	b := binary.LittleEndian.AppendUint64(nil, math.Float64bits(m.n))
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(m.mean))
	return binary.LittleEndian.AppendUint64(b, math.Float64bits(m.m2)), nil
}

func (m *meanVar) UnmarshalBinary(b []byte) error {
	if len(b) != 24 {
		return fmt.Errorf("meanVar: %d bytes", len(b))
	}
	m.n = math.Float64frombits(binary.LittleEndian.Uint64(b))
	m.mean = math.Float64frombits(binary.LittleEndian.Uint64(b[8:]))
	m.m2 = math.Float64frombits(binary.LittleEndian.Uint64(b[16:]))
	return nil
}

func welford(m meanVar, x float64) meanVar {
	m.n++
	d := x - m.mean
	m.mean += d / m.n
	m.m2 += d * (x - m.mean)
	return m
}

func TestCheckpointAccumulators(t *testing.T) {
	j := parallel.Job{Alg: streamrand.AES256CTR, Seed: 3, Workers: 2}
	var armed atomic.Bool
	check := func(name string, run func(j parallel.Job) (any, error)) {
		want, err := run(j)
		require.NoError(t, err)
		jc := j
		jc.Checkpoint = &parallel.Checkpoint{Path: filepath.Join(t.TempDir(), name)}
		armed.Store(true)
		_, err = run(jc)
		require.Error(t, err)
		armed.Store(false)
		got, err := run(jc)
		require.NoError(t, err)
		require.Equal(t, fmt.Sprintf("%#v", want), fmt.Sprintf("%#v", got), name)
	}
	check("marshal", func(j parallel.Job) (any, error) {
		return parallel.Fold(t.Context(), j, 40, failAt(23, &armed), meanVar{}, welford)
	})
	check("map", func(j parallel.Job) (any, error) {
		return parallel.Fold(t.Context(), j, 40, failAt(7, &armed), map[int64]float64{}, func(m map[int64]float64, v float64) map[int64]float64 {
			m[int64(len(m))] = v
			return m
		})
	})
	check("nan", func(j parallel.Job) (any, error) {
		v, err := parallel.Fold(t.Context(), j, 40, failAt(30, &armed), math.NaN(), func(a, v float64) float64 { return math.Max(a, v) })
		return math.Float64bits(v), err
	})
}

// Saves come at most every Every while units run; a Fold that stops saves
// where it stopped; stale temporary files of the path's own pattern are
// removed, others are kept.
func TestCheckpointEveryAndTemps(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.state")
	for _, name := range []string{"run.state.123.tmp", "run.state.9.tmp", "run.state.x1.tmp", "run.state.backup", "other.5.tmp"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte("old"), 0o600))
	}
	infoAt := map[int64]os.FileInfo{}
	j := parallel.Job{Alg: streamrand.ChaCha8, Workers: 1, Checkpoint: &parallel.Checkpoint{Path: path, Every: time.Hour}}
	var armed atomic.Bool
	armed.Store(true)
	f := failAt(90, &armed)
	record := func(u int64, g streamrand.Generator) (float64, error) {
		if u == 1 || u == 80 {
			fi, err := os.Stat(path)
			require.NoError(t, err)
			infoAt[u] = fi
		}
		return f(u, g)
	}
	_, err := parallel.Fold(t.Context(), j, 100, record, stats{}, addStats)
	require.ErrorContains(t, err, "stopped here")
	require.True(t, os.SameFile(infoAt[1], infoAt[80]), "saved within the hour")
	fi, err := os.Stat(path)
	require.NoError(t, err)
	require.False(t, os.SameFile(infoAt[80], fi), "no save when the unit failed")

	var names []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	require.Equal(t, []string{"other.5.tmp", "run.state", "run.state.backup", "run.state.x1.tmp"}, names)

	// Every 1ns: a save after every unit
	clear(infoAt)
	j.Checkpoint.Every = time.Nanosecond
	armed.Store(false)
	j.Checkpoint.Path = filepath.Join(dir, "often")
	_, err = parallel.Fold(t.Context(), j, 100, func(u int64, g streamrand.Generator) (float64, error) {
		if u == 10 || u == 11 {
			time.Sleep(time.Millisecond) // let unit u-1's save land
			fi, err := os.Stat(j.Checkpoint.Path)
			require.NoError(t, err)
			infoAt[u] = fi
		}
		return unitSum(u, g)
	}, stats{}, addStats)
	require.NoError(t, err)
	require.False(t, os.SameFile(infoAt[10], infoAt[11]), "no save between units 10 and 11")
}

// A cancelled Fold saves its progress; called again it finishes with the
// uninterrupted bits.
func TestCheckpointCancel(t *testing.T) {
	defer requireNoLeak(t, runtime.NumGoroutine())
	j := parallel.Job{Alg: streamrand.AES128CTR, Seed: 77, Workers: 2}
	const n = 400
	want, err := parallel.Fold(t.Context(), j, n, unitSum, stats{}, addStats)
	require.NoError(t, err)
	j.Checkpoint = &parallel.Checkpoint{Path: filepath.Join(t.TempDir(), "s"), Every: time.Hour}
	ctx, cancel := context.WithCancel(t.Context())
	got, err := parallel.Fold(ctx, j, n, func(u int64, g streamrand.Generator) (float64, error) {
		if u == 150 {
			cancel()
		}
		return unitSum(u, g)
	}, stats{}, addStats)
	require.ErrorIs(t, err, context.Canceled)
	require.Less(t, got.Count, int64(n))
	var ran atomic.Int64
	got2, err := parallel.Fold(t.Context(), j, n, func(u int64, g streamrand.Generator) (float64, error) {
		ran.Add(1)
		return unitSum(u, g)
	}, stats{}, addStats)
	require.NoError(t, err)
	require.Equal(t, want, got2)
	require.Equal(t, n-got.Count, ran.Load(), "resumed where the cancel saved")
}

// TestCheckpointFinishedProgress: a Fold that finds its Checkpoint finished
// returns the saved answer and calls Progress once, with (n, n), as a Fold
// with no unit left to run does, so a progress bar sees its end.
func TestCheckpointFinishedProgress(t *testing.T) {
	var calls [][2]int64
	j := parallel.Job{Alg: streamrand.ChaCha8, Seed: 1,
		Checkpoint: &parallel.Checkpoint{Path: filepath.Join(t.TempDir(), "state")},
		Progress:   func(done, total int64) { calls = append(calls, [2]int64{done, total}) }}
	var ran atomic.Int64
	f := func(u int64, g streamrand.Generator) (int64, error) { ran.Add(1); return int64(g.Uint64() >> 60), nil }
	add := func(a, v int64) int64 { return a + v }
	want, err := parallel.Fold(context.Background(), j, 100, f, 0, add)
	require.NoError(t, err)
	require.Equal(t, [2]int64{100, 100}, calls[len(calls)-1])
	require.EqualValues(t, 100, ran.Load())

	calls = nil
	got, err := parallel.Fold(context.Background(), j, 100, f, 0, add)
	require.NoError(t, err)
	require.Equal(t, want, got)
	require.EqualValues(t, 100, ran.Load(), "no unit runs again")
	require.Equal(t, [][2]int64{{100, 100}}, calls)
}

package parallel_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/internal/testkit/long"
	"github.com/streamrand/streamrand/parallel"
)

// killChild, set in the environment of the test binary, makes it run
// killedRun with the checkpoint at that path instead of the tests.
const killChild = "STREAMRAND_PARALLEL_KILL_CHILD"

func TestMain(m *testing.M) {
	if path := os.Getenv(killChild); path != "" {
		got, err := killedRun(context.Background(), path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Printf("%#x %d\n", math.Float64bits(got.Sum), got.Count)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

const killUnits = 2000

// killedRun is the computation the child processes run: a floating-point
// sum over 2000 units of about 50 µs, saved every millisecond (with path
// "" it runs without a Checkpoint).
func killedRun(ctx context.Context, path string) (stats, error) {
	j := parallel.Job{Alg: streamrand.ChaCha8, Seed: 1234, Workers: 2}
	if path != "" {
		j.Checkpoint = &parallel.Checkpoint{Path: path, Every: time.Millisecond, ID: []byte("killedRun")}
	}
	return parallel.Fold(ctx, j, killUnits, func(u int64, g streamrand.Generator) (float64, error) {
		s := 0.0
		for range 20 {
			v, _ := unitSum(u, g)
			s += v
		}
		return s, nil
	}, stats{}, addStats)
}

// A process running Fold with a Checkpoint, killed with SIGKILL at random
// moments again and again and started again each time, ends with the bits
// of a Fold that never stopped, and leaves no temporary file. (5 kills; the
// long tests kill it 200 times.)
func TestCheckpointSIGKILL(t *testing.T) {
	kills := 5
	if long.Enabled() {
		kills = 200
	}
	if err := exec.Command(os.Args[0], "-test.run=^$").Run(); errors.Is(err, syscall.ENOEXEC) {
		// qemu-user without binfmt_misc (.ci/run's arm64 and s390x runs)
		// cannot start a second process of this binary.
		t.Skipf("this test binary cannot start itself as a child: %v", err)
	}
	want, err := killedRun(t.Context(), "")
	require.NoError(t, err)
	wantLine := fmt.Sprintf("%#x %d\n", math.Float64bits(want.Sum), want.Count)

	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 0))
	t.Logf("kill delays from seed %d", seed)
	dir := t.TempDir()
	path := filepath.Join(dir, "state")
	start := func() (*exec.Cmd, *bytes.Buffer) {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), killChild+"="+path)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		require.NoError(t, cmd.Start())
		return cmd, &out
	}
	killed := 0
	for killed < kills {
		cmd, out := start()
		// wait for the first save (the process has started its units),
		// then a random moment within about the run's length
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(200 * time.Microsecond) {
			require.True(t, time.Now().Before(deadline), "no checkpoint saved")
			if _, err := os.Stat(path); err == nil {
				break
			}
		}
		time.Sleep(time.Duration(rng.Int64N(int64(40 * time.Millisecond))))
		require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
		err := cmd.Wait()
		if cmd.ProcessState.Sys().(syscall.WaitStatus).Signaled() {
			killed++
			continue
		}
		// it finished before the kill: the file says so, start afresh
		require.NoError(t, err, out.String())
		require.Equal(t, wantLine, out.String())
		require.NoError(t, os.Remove(path))
	}
	cmd, out := start()
	require.NoError(t, cmd.Wait(), out.String())
	require.Equal(t, wantLine, out.String(), "after %d kills", killed)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	require.Equal(t, "state", strings.Join(names, " "), "files left")
}

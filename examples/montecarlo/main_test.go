package main

import (
	"bytes"
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/examples/internal/commandtest"
	"github.com/streamrand/streamrand/examples/internal/mc"
)

// The test binary started by commandtest.Command is the command itself,
// so tests see real processes, exit statuses and output.
func TestMain(m *testing.M) { commandtest.TestMain(m, main) }

// -h and -help print the usage to stdout and exit 0; a bad flag is one
// line on stderr and exit status 2.
func TestHelp(t *testing.T) { commandtest.CheckHelp(t, "montecarlo", "seed") }

// The estimate must be bit-identical for any number of workers and any
// GOMAXPROCS, and close to the true value.
func TestWorkersDoNotChangeTheAnswer(t *testing.T) {
	for _, problem := range []string{"pi", "call"} {
		for _, alg := range []string{"chacha8", "chacha20", "aes128ctr", "aes256ctr", "percall-pcg"} {
			// 300001 paths: 37 chunks, the last one short.
			a, _ := streamrand.ParseAlgorithm(alg)
			percall := alg == "percall-pcg"
			cfg := mc.Config{Problem: problem, Alg: a, Seed: 2024, Paths: 300_001, Chunk: 8192}
			t.Run(problem+"/"+alg, func(t *testing.T) {
				want, err := run{cfg: cfg, workers: 1, percall: percall}.do(t.Context())
				if err != nil {
					t.Fatal(err)
				}
				for _, workers := range []int{2, 7} {
					got, err := run{cfg: cfg, workers: workers, percall: percall}.do(t.Context())
					if err != nil {
						t.Fatal(err)
					}
					if math.Float64bits(got.Estimate) != math.Float64bits(want.Estimate) || got != want {
						t.Errorf("%d workers: %+v, 1 worker: %+v", workers, got, want)
					}
				}
				prev := runtime.GOMAXPROCS(1)
				got, err := run{cfg: cfg, workers: 7, percall: percall}.do(t.Context())
				runtime.GOMAXPROCS(prev)
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Errorf("GOMAXPROCS=1, 7 workers: %+v, want %+v", got, want)
				}

				// A sane estimate: within 5 standard errors of the true value,
				// with a standard error of the expected size.
				exact, err := mc.Exact(problem)
				if err != nil {
					t.Fatal(err)
				}
				if d := math.Abs(want.Estimate - exact); d > 5*want.Stderr {
					t.Errorf("estimate %v, exact %v: off by %.1f standard errors", want.Estimate, exact, d/want.Stderr)
				}
				if want.Stderr <= 0 || want.Stderr > 0.05 {
					t.Errorf("standard error %v", want.Stderr)
				}
			})
		}
	}
}

func TestSeedMatters(t *testing.T) {
	cfg := mc.Config{Problem: "pi", Alg: streamrand.ChaCha8, Seed: 1, Paths: 100_000, Chunk: 4096}
	a, _ := run{cfg: cfg, workers: 2, percall: false}.do(t.Context())
	cfg.Seed = 2
	b, _ := run{cfg: cfg, workers: 2, percall: false}.do(t.Context())
	if a == b {
		t.Errorf("seeds 1 and 2 gave the same result %+v", a)
	}
}

func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-paths", "1"}, "-paths must be at least 2, got 1"},
		{[]string{"-paths", "0"}, "-paths must be at least 2, got 0"},
		{[]string{"-paths", "-5"}, "-paths must be at least 2, got -5"},
		{[]string{"-chunk", "0"}, "-chunk must be at least 1, got 0"},
		{[]string{"-chunk", "-1"}, "-chunk must be at least 1, got -1"},
		{[]string{"-alg", "rc4"}, `-alg: streamrand: unknown algorithm "rc4"`},
		{[]string{"-problem", "nope"}, `-problem: unknown problem "nope"`},
		{[]string{"-workers", "0"}, "-workers must be at least 1, got 0"},
		{[]string{"-paths", "9223372036854775807", "-chunk", "1"}, "chunks, more than 16777216: use a larger -chunk"},
		{[]string{"-paths", "x"}, `invalid value "x" for flag -paths`},
	} {
		err := cli(tc.args, new(bytes.Buffer))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one containing %q", tc.args, err, tc.want)
		}
	}
}

// From the command line, bad input is one line on stderr and exit status 2,
// with nothing on stdout and no stack trace.
func TestBadInputExitStatus(t *testing.T) {
	for _, args := range [][]string{{"-paths", "1"}, {"-chunk", "0"}, {"-alg", "rc4"}} {
		status, stdout, stderr := commandtest.Run(t, args...)
		if status != 2 {
			t.Errorf("%v: exit status %d, want 2", args, status)
		}
		if stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "montecarlo: -") ||
			!strings.HasSuffix(stderr, "\n") {
			t.Errorf("%v: stdout %q, stderr %q", args, stdout, stderr)
		}
	}
}

// The command prints the estimate and a scaling table in which every
// worker count reproduces the same bits.
func TestCLI(t *testing.T) {
	var out bytes.Buffer
	err := cli([]string{"-paths", "200000", "-chunk", "10000", "-workers", "3", "-alg", "aes128ctr", "-seed", "5"}, &out)
	if err != nil {
		t.Fatal(err)
	}
	s := out.String()
	t.Log("\n" + s)
	for _, want := range []string{"pi, aes128ctr in bulk (package fill), seed 5, 200000 paths in chunks of 10000, 3 workers", "estimate 3.1", "paths/s", "same bits"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	rows := strings.Count(s, " yes\n")
	if rows != runtime.NumCPU() || strings.Contains(s, " NO\n") {
		t.Errorf("scaling table: %d rows with the same bits, want %d", rows, runtime.NumCPU())
	}
}

// -percall runs the per-call PCG program: its own estimate, the same for
// every worker count.
func TestCLIPerCall(t *testing.T) {
	var out bytes.Buffer
	err := cli([]string{"-problem", "call", "-paths", "100000", "-chunk", "7000", "-workers", "2", "-percall"}, &out)
	if err != nil {
		t.Fatal(err)
	}
	s := out.String()
	t.Log("\n" + s)
	for _, want := range []string{"call, PCG per call, seed 1, 100000 paths in chunks of 7000, 2 workers", "estimate 10.", "paths/s", "same bits"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if strings.Contains(s, " NO\n") {
		t.Error("the per-call answer depends on the number of workers")
	}
}

// A -resume run killed with SIGKILL part-way, several times, and started
// again gives the same bits as a run that never stopped, and leaves no
// temporary file.
func TestResumeAfterKill(t *testing.T) {
	args := []string{"-problem", "call", "-alg", "aes128ctr", "-seed", "9", "-paths", "40000000", "-chunk", "20000", "-workers", "2", "-table=false"}
	status, whole, stderr := commandtest.Run(t, args...)
	require.Equal(t, 0, status, stderr)

	file := filepath.Join(t.TempDir(), "call.state")
	resumed := append(slices.Clone(args), "-resume", file, "-save", "10ms")
	for kill := range 3 {
		cmd := commandtest.Command(resumed...)
		require.NoError(t, cmd.Start())
		// kill it once it has started its chunks (the first save) and run
		// a while
		for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(2 * time.Millisecond) {
			require.True(t, time.Now().Before(deadline), "no progress saved")
			if _, err := os.Stat(file); err == nil {
				break
			}
		}
		time.Sleep(time.Duration(20+10*kill) * time.Millisecond)
		require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
		cmd.Wait()
		require.True(t, cmd.ProcessState.Sys().(syscall.WaitStatus).Signaled(), "the run ended before kill %d", kill)
	}

	status, again, stderr := commandtest.Run(t, resumed...)
	require.Equal(t, 0, status, stderr)
	require.Equal(t, resultLines(whole), resultLines(again))
	// the finished state: a further run only prints the result
	status, again, stderr = commandtest.Run(t, resumed...)
	require.Equal(t, 0, status, stderr)
	require.Equal(t, resultLines(whole), resultLines(again))
	matches, _ := filepath.Glob(file + ".*")
	require.Empty(t, matches, "temporary files left")
}

// resultLines returns the estimate and bits lines of the command's output.
func resultLines(out string) string {
	var keep []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "estimate ") || strings.HasPrefix(l, "bits ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// A state of another run, or a file that is not a state, is refused with
// what differs.
func TestResumeOtherRun(t *testing.T) {
	cfg := mc.Config{Problem: "pi", Alg: streamrand.ChaCha8, Seed: 4, Paths: 100_000, Chunk: 3000}
	want, err := run{cfg: cfg, workers: 2}.do(t.Context())
	require.NoError(t, err)
	file := filepath.Join(t.TempDir(), "state")
	r := run{cfg: cfg, workers: 3, resume: file, every: time.Hour}
	got, err := r.do(t.Context())
	require.NoError(t, err)
	require.Equal(t, want, got)

	other := r
	other.cfg.Seed = 5
	_, err = other.do(t.Context())
	require.ErrorContains(t, err, "holds another computation: its Seed is 4, not 5")
	other = r
	other.cfg.Problem = "call"
	_, err = other.do(t.Context())
	require.ErrorContains(t, err, `its ID is "montecarlo v1 problem=pi generator=chacha8 seed=4 paths=100000 chunk=3000", not "montecarlo v1 problem=call`)
	require.NoError(t, os.WriteFile(file, []byte("{not a state"), 0o600))
	_, err = r.do(t.Context())
	require.ErrorContains(t, err, "not a checkpoint")
	require.ErrorContains(t, cli([]string{"-save", "0s", "-resume", file}, new(bytes.Buffer)), "-save must be positive")
}

// Cancelling stops the run with the context's error and saves the
// progress: a run resumed from it gives the uninterrupted bits.
func TestCancelSaves(t *testing.T) {
	cfg := mc.Config{Problem: "pi", Alg: streamrand.AES128CTR, Seed: 2, Paths: 60_000_000, Chunk: 2000}
	file := filepath.Join(t.TempDir(), "state")
	ctx, cancel := context.WithCancel(t.Context())
	go func() { // cancel a while after the first save
		defer cancel()
		for {
			if _, err := os.Stat(file); err == nil {
				time.Sleep(10 * time.Millisecond)
				return
			}
			time.Sleep(100 * time.Microsecond)
		}
	}()
	r := run{cfg: cfg, workers: 2, resume: file, every: time.Millisecond}
	_, err := r.do(ctx)
	require.ErrorIs(t, err, context.Canceled)

	got, err := r.do(t.Context())
	require.NoError(t, err)
	want, err := run{cfg: cfg, workers: 2}.do(t.Context())
	require.NoError(t, err)
	require.Equal(t, want, got)
}

// SIGTERM (a machine shutting down) stops the run after its current chunks
// with the progress saved, one line on stderr and exit status 2.
func TestTermSaves(t *testing.T) {
	file := filepath.Join(t.TempDir(), "pi.state")
	cmd := commandtest.Command("-paths", "4000000000", "-workers", "2", "-resume", file, "-save", "10ms")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(2 * time.Millisecond) {
		require.True(t, time.Now().Before(deadline), "no progress saved")
		if _, err := os.Stat(file); err == nil {
			break
		}
	}
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	err := cmd.Wait()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	require.Equal(t, 2, exit.ExitCode())
	require.Equal(t, "montecarlo: interrupted; the progress is saved in "+file+": run again with the same flags to continue\n", stderr.String())
	require.FileExists(t, file)
}

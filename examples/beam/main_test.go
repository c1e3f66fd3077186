package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/examples/internal/mc"
)

// command runs this test binary as the command (TestMain calls main) with
// args, and returns its stdout, stderr and exit status. A subprocess,
// because the command parses the process's flag.CommandLine, and Beam's
// own code may log and exit.
func command(t *testing.T, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "BEAM_EXAMPLE_RUN_MAIN=1")
	cmd.Dir = t.TempDir()
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		status = exit.ExitCode()
	default:
		t.Fatal(err)
	}
	// The Go runtime's own "GODEBUG: ..." warnings (GODEBUG=cpu.avx512=off,
	// a setting docs/backends.md names, prints "unknown cpu feature") are not the
	// command's output.
	var errLines strings.Builder
	for _, l := range strings.SplitAfter(errOut.String(), "\n") {
		if !strings.HasPrefix(l, "GODEBUG: ") {
			errLines.WriteString(l)
		}
	}
	return out.String(), errLines.String(), status
}

// The command prints what examples/montecarlo prints for the same flags:
// the same estimate line and the same bits; then the wall time.
func TestCommand(t *testing.T) {
	stdout, stderr, status := command(t, "-problem", "call", "-alg", "chacha12", "-seed", "8",
		"-paths", "30001", "-chunk", "1000", "-shards", "3")
	if status != 0 {
		t.Fatalf("exit status %d\n%s", status, stderr)
	}
	t.Log("\n" + stdout)
	cfg := mc.Config{Problem: "call", Alg: streamrand.ChaCha12, Seed: 8, Paths: 30001, Chunk: 1000}
	var want bytes.Buffer
	cfg.Print(&want, reference(t, cfg))
	lines := strings.SplitAfter(stdout, "\n")
	if len(lines) != 5 || lines[4] != "" {
		t.Fatalf("want 4 lines, got:\n%s", stdout)
	}
	if lines[0] != "call, chacha12 seed 8, 30001 paths in chunks of 1000, 3 shards, runner prism\n" {
		t.Errorf("first line %q", lines[0])
	}
	if got := lines[1] + lines[2]; got != want.String() {
		t.Errorf("got\n%swant (examples/montecarlo's lines)\n%s", got, want.String())
	}
	if !strings.HasPrefix(lines[3], "wall time ") || !strings.HasSuffix(lines[3], " paths/s)\n") {
		t.Errorf("last line %q", lines[3])
	}
}

// Bad flags: one line on stderr naming the problem, exit status 2, nothing
// on stdout, no stack trace, and no pipeline started.
func TestBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-alg", "rc4"}, `-alg: streamrand: unknown algorithm "rc4"`},
		{[]string{"-paths", "1"}, "-paths must be at least 2, got 1"},
		{[]string{"-paths", "-3"}, "-paths must be at least 2, got -3"},
		{[]string{"-chunk", "0"}, "-chunk must be at least 1, got 0"},
		{[]string{"-problem", "put"}, `-problem: unknown problem "put"`},
		{[]string{"-paths", "1000000000", "-chunk", "1"}, "more than 16777216: use a larger -chunk"},
		{[]string{"-shards", "0"}, "-shards must be at least 1, got 0"},
		{[]string{"-seed", "-1"}, `invalid value "-1" for flag -seed`},
		{[]string{"-workers", "2"}, "flag provided but not defined: -workers"},
		{[]string{"pi"}, `unexpected argument "pi"`},
		{[]string{"-runner", "nope"}, `-runner: unknown runner "nope"`},
		{[]string{"-runner", "flink"}, "-output is required"},
		{[]string{"-environment_type", "DOCKER"}, "-output is required"},
		{[]string{"-output", "s3://bucket/x"}, `-output "s3://bucket/x": no file system here`},
		{[]string{"-output=  "}, "-output is blank"},
		{[]string{"-async"}, "-async: this command waits"},
		{[]string{"-runner", "dataflow", "-output", "gs://b/r.txt", "-dry_run"}, "-dry_run: this command waits"},
	} {
		stdout, stderr, status := command(t, tc.args...)
		if status != 2 || stdout != "" || !strings.HasPrefix(stderr, "beam: ") ||
			!strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit status %d, stdout %q, stderr %q; want status 2 and one line containing %q",
				tc.args, status, stdout, stderr, tc.want)
		}
	}
}

// A pipeline that fails (here: its result cannot be written) is an error
// and exit status 1, not a panic.
func TestPipelineFailure(t *testing.T) {
	dir := t.TempDir()
	_, stderr, status := command(t, "-paths", "100", "-chunk", "10", "-output", dir)
	if status != 1 || !strings.Contains(stderr, "beam: pipeline failed: ") || strings.Contains(stderr, "goroutine ") {
		t.Errorf("exit status %d, stderr:\n%s", status, stderr)
	}
}

func TestHelp(t *testing.T) {
	stdout, _, status := command(t, "-help")
	if status != 0 {
		t.Errorf("exit status %d", status)
	}
	for _, flag := range []string{"-alg", "-seed", "-paths", "-chunk", "-problem", "-shards", "-output", "-runner", "-environment_type"} {
		if !strings.Contains(stdout, "  "+flag+" ") {
			t.Errorf("-help does not list %s", flag)
		}
	}
}

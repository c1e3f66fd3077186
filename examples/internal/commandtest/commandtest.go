// Package commandtest runs an example program's test binary as the program
// itself, so that its tests see real exit statuses and output without
// needing the go tool, and checks the -h and bad-flag behaviour of package
// command.
package commandtest

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// runMain is set in the environment of a test binary started by Command:
// TestMain then runs the program's main instead of the tests.
const runMain = "STREAMRAND_EXAMPLE_RUN_MAIN"

// TestMain is the body of the package's TestMain: with runMain set it runs
// main and exits 0 (main exits 2 itself on error), otherwise the tests.
func TestMain(m *testing.M, main func()) {
	if os.Getenv(runMain) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// Command returns a command that runs the test binary as the program with
// args. The package's TestMain must call TestMain.
func Command(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), runMain+"=1")
	return cmd
}

// Run runs the program with args and returns its exit status and output.
// The Go runtime's own "GODEBUG: " lines on stderr (GODEBUG=cpu.avx512=off,
// one of the settings of docs/backends.md, prints "GODEBUG: unknown cpu feature") are
// not the program's and are dropped.
func Run(t testing.TB, args ...string) (status int, stdout, stderr string) {
	t.Helper()
	cmd := Command(args...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if x, ok := err.(*exec.ExitError); ok {
		status = x.ExitCode()
	} else {
		require.NoError(t, err, "%v", args)
	}
	var lines []string
	for _, l := range strings.SplitAfter(e.String(), "\n") {
		if !strings.HasPrefix(l, "GODEBUG: ") {
			lines = append(lines, l)
		}
	}
	return status, o.String(), strings.Join(lines, "")
}

// CheckHelp checks the program ./examples/name: -h and -help print its
// usage, which lists -flag, to stdout and exit 0; a bad flag is one line on
// stderr and exit status 2.
func CheckHelp(t *testing.T, name, flag string) {
	t.Helper()
	for _, h := range []string{"-h", "-help"} {
		status, stdout, stderr := Run(t, h)
		require.Equal(t, 0, status, "%s: stderr %q", h, stderr)
		require.Empty(t, stderr, h)
		require.True(t, strings.HasPrefix(stdout, "usage: go run ./examples/"+name+" [flags]\n"), "%s: %q", h, stdout)
		require.Contains(t, stdout, "\n  -"+flag+" ", h)
	}
	status, stdout, stderr := Run(t, "-nope")
	require.Equal(t, 2, status)
	require.Empty(t, stdout)
	require.Equal(t, name+": flag provided but not defined: -nope\n", stderr)
}

package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// When the test binary is started with STREAMS_RUN_MAIN=1 it is the command
// itself, so TestHelpExitsZero sees real exit codes and output.
func TestMain(m *testing.M) {
	if os.Getenv("STREAMS_RUN_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// -h and -help print the usage to stdout and exit 0; a bad flag is one
// line on stderr and exit status 2.
func TestHelpExitsZero(t *testing.T) {
	run := func(args ...string) (status int, stdout, stderr string) {
		cmd := exec.Command(os.Args[0], args...)
		cmd.Env = append(os.Environ(), "STREAMS_RUN_MAIN=1")
		var o, e bytes.Buffer
		cmd.Stdout, cmd.Stderr = &o, &e
		err := cmd.Run()
		if x, ok := err.(*exec.ExitError); ok {
			status = x.ExitCode()
		} else {
			require.NoError(t, err)
		}
		// The Go runtime's own "GODEBUG: " lines are not the command's.
		var lines []string
		for _, l := range strings.SplitAfter(e.String(), "\n") {
			if !strings.HasPrefix(l, "GODEBUG: ") {
				lines = append(lines, l)
			}
		}
		return status, o.String(), strings.Join(lines, "")
	}
	for _, h := range []string{"-h", "-help"} {
		status, stdout, stderr := run(h)
		require.Equal(t, 0, status, "%s: stderr %q", h, stderr)
		require.Empty(t, stderr, h)
		require.True(t, strings.HasPrefix(stdout, "usage: go run ./examples/streams [flags]\n"), "%s: %q", h, stdout)
		require.Contains(t, stdout, "  -seed ", h)
	}
	status, stdout, stderr := run("-nope")
	require.Equal(t, 2, status)
	require.Empty(t, stdout)
	require.Equal(t, "streams: flag provided but not defined: -nope\n", stderr)
}

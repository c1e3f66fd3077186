package main

import (
	"bytes"
	"os"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/streamrand/streamrand/internal/term"
	"github.com/streamrand/streamrand/internal/testkit/ptytest"
)

// stream refuses to write binary to a terminal unless -force, as gzip
// does; /dev/null and pipes are not terminals.
func TestStreamRefusesTerminal(t *testing.T) {
	ptm, tty := ptytest.Open(t)
	require.True(t, term.IsTerminal(tty))
	devNull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	require.NoError(t, err)
	defer devNull.Close()
	require.False(t, term.IsTerminal(devNull), "/dev/null is a character device, not a terminal")

	run := func(args ...string) (status int, stderr string) {
		cmd := exec.Command(os.Args[0], args...)
		cmd.Env = append(os.Environ(), "STREAMRAND_RUN_MAIN=1")
		cmd.Stdout = tty
		var errOut bytes.Buffer
		cmd.Stderr = &errOut
		err := cmd.Run()
		if e, ok := err.(*exec.ExitError); ok {
			return e.ExitCode(), withoutRuntimeWarnings(errOut.String())
		}
		require.NoError(t, err)
		return 0, withoutRuntimeWarnings(errOut.String())
	}
	// written returns how many bytes reached the terminal.
	written := func() int {
		fds := []unix.PollFd{{Fd: int32(ptm.Fd()), Events: unix.POLLIN}}
		if ready, err := unix.Poll(fds, 200); err != nil || ready == 0 {
			return 0
		}
		n, _ := ptm.Read(make([]byte, 4096))
		return n
	}
	status, stderr := run("stream", "-alg", "chacha8", "-seed", "1")
	require.Equal(t, 1, status)
	require.Equal(t, "streamrand stream: not writing binary to a terminal: pipe or redirect stdout, or give -force\n", stderr)
	require.Zero(t, written())
	status, stderr = run("stream", "-alg", "chacha8", "-seed", "1", "-n", "16", "-force")
	require.Equal(t, 0, status, stderr)
	require.Positive(t, written(), "-force wrote nothing")

	// In process: a terminal refused before any byte is written.
	err = runStream([]string{"-alg", "aes128ctr", "-seed", "1", "-n", "1K"}, tty)
	require.ErrorContains(t, err, "not writing binary to a terminal")
	require.NoError(t, runStream([]string{"-alg", "aes128ctr", "-seed", "1", "-n", "1K"}, devNull))
}

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/streamrand/streamrand/examples/internal/commandtest"
	"github.com/streamrand/streamrand/internal/testkit/ptytest"
)

// With stderr a terminal, a progress line counts the chunks up to the
// total; with stderr a pipe there is none.
func TestProgressLine(t *testing.T) {
	args := []string{"-paths", "4000000", "-chunk", "10000", "-workers", "2", "-table=false"}
	ptm, tty := ptytest.Open(t)
	cmd := commandtest.Command(args...)
	cmd.Stderr = tty
	require.NoError(t, cmd.Run())
	var got strings.Builder
	for {
		fds := []unix.PollFd{{Fd: int32(ptm.Fd()), Events: unix.POLLIN}}
		if ready, err := unix.Poll(fds, int(200*time.Millisecond/time.Millisecond)); err != nil || ready == 0 {
			break
		}
		b := make([]byte, 4096)
		n, _ := ptm.Read(b)
		got.Write(b[:n])
	}
	require.Contains(t, got.String(), "400/400 chunks", "terminal got %q", got.String())
	require.Contains(t, got.String(), "paths/s")

	status, _, stderr := commandtest.Run(t, args...)
	require.Equal(t, 0, status)
	require.Empty(t, stderr)
}

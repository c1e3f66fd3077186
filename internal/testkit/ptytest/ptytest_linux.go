// Package ptytest opens pseudo-terminals for tests of what a command does
// when its output is a terminal.
package ptytest

import (
	"fmt"
	"os"
	"testing"

	"golang.org/x/sys/unix"
)

// Open returns the two ends of a new pseudo-terminal (Linux's /dev/ptmx): a
// real terminal for a command to write to, and the end that reads what it
// wrote. It skips t where this machine has no pseudo-terminals.
func Open(t *testing.T) (controller, terminal *os.File) {
	t.Helper()
	ptm, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { ptm.Close() })
	if err := unix.IoctlSetPointerInt(int(ptm.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetUint32(int(ptm.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	pts, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("pseudo-terminal %d cannot be opened here: %v", n, err)
	}
	t.Cleanup(func() { pts.Close() })
	return ptm, pts
}

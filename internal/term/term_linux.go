// Package term tells terminals from other files, for the commands that
// print progress or refuse to write binary to a terminal.
package term

import (
	"os"

	"golang.org/x/sys/unix"
)

// IsTerminal reports whether f is a terminal (it has terminal attributes:
// /dev/null and other devices do not).
func IsTerminal(f *os.File) bool {
	_, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	return err == nil
}

//go:build !linux && !darwin && !dragonfly && !freebsd && !netbsd && !openbsd

package term

import "os"

// IsTerminal reports whether f is a character device: a terminal, or a
// device such as the null device, which this OS does not tell apart
// without more system calls.
func IsTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

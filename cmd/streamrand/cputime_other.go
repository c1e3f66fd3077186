//go:build !linux

package main

import "time"

// threadCPUTime is not measured here: bench shows wall-clock figures only.
func threadCPUTime() (time.Duration, bool) { return 0, false }

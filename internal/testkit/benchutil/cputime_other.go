//go:build !unix

package benchutil

import "time"

// cpuTime is not measured here: no cpuB/s is reported.
func cpuTime() time.Duration { return 0 }

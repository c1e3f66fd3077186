// Package benchutil adds to a benchmark the throughput per second of CPU
// time ("cpuB/s") beside the wall-clock B/s. On a shared, noisy machine it
// is far steadier than wall time, and it is what "openssl speed" reports
// without -elapsed.
package benchutil

import "testing"

// Start sets the bytes per iteration, reports allocations and returns a
// function to call after the b.Loop that reports cpuB/s.
func Start(b *testing.B, bytes int) (stop func()) {
	b.SetBytes(int64(bytes))
	b.ReportAllocs()
	t0 := cpuTime()
	return func() {
		if d := cpuTime() - t0; d > 0 {
			b.ReportMetric(float64(b.N)*float64(bytes)/d.Seconds(), "cpuB/s")
		}
	}
}

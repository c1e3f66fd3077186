package streamrand_test

import (
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/streamrand/streamrand"
)

// BenchmarkParallel measures the aggregate throughput of independent
// streams, one Source per goroutine (same key, distinct stream ids), each
// reading 64 KiB per operation. Run it with -cpu 1,2,... : b.RunParallel
// starts GOMAXPROCS goroutines, so with no shared state the MB/s should
// grow with the number of cores.
//
// On Linux it also reports MB/cpu-s, the bytes per second of CPU time the
// process used. It stays flat as goroutines are added when nothing is shared
// between them, even when other processes keep the cores busy and MB/s (per
// wall-clock second) cannot grow.
func BenchmarkParallel(b *testing.B) {
	const chunk = 64 << 10
	for _, a := range streamrand.Algorithms() {
		b.Run(a.String(), func(b *testing.B) {
			var nextStream atomic.Uint64
			b.SetBytes(chunk)
			b.ReportAllocs()
			cpu0, ok0 := processCPUTime()
			b.RunParallel(func(pb *testing.PB) {
				g := streamrand.New(a, 1)
				g.SetStream(nextStream.Add(1) - 1)
				buf := make([]byte, chunk)
				for pb.Next() {
					if n, err := g.Read(buf); n != chunk || err != nil {
						b.Errorf("Read = %d, %v", n, err)
						return
					}
				}
			})
			cpu1, ok1 := processCPUTime()
			if ok0 && ok1 && cpu1 > cpu0 {
				b.ReportMetric(float64(b.N)*chunk/1e6/(cpu1-cpu0).Seconds(), "MB/cpu-s")
			}
		})
	}
}

// processCPUTime returns the user plus system CPU time of this process
// from /proc/self/stat (Linux; 10 ms resolution), or false elsewhere.
func processCPUTime() (time.Duration, bool) {
	data, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return 0, false
	}
	// Fields after "pid (comm)": state is field 3, utime 14, stime 15, in
	// clock ticks of 1/100 s (USER_HZ).
	s := string(data)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(fields) < 13 {
		return 0, false
	}
	utime, err1 := strconv.ParseInt(fields[11], 10, 64)
	stime, err2 := strconv.ParseInt(fields[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, true
}

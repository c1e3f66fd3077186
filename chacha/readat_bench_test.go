package chacha_test

import (
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/benchutil"
)

// BenchmarkReadAtParallel fills one 64 MiB buffer from one Source with
// ReadAt, split into GOMAXPROCS parts, one goroutine each, beside the same
// fill by one goroutine: the speed-up of parallel positioned reads. cpuB/s
// (bytes per second of CPU time) staying level as goroutines are added
// means the work scales with the cores it gets; a drop means something
// shared, such as memory bandwidth, bounds it.
func BenchmarkReadAtParallel(b *testing.B) {
	buf := make([]byte, 64<<20)
	clear(buf) // fault the pages in before timing
	for _, rounds := range []int{8, 20} {
		s, _ := chacha.NewWithKey([chacha.KeySize]byte{1}, rounds, 0)
		for _, g := range []int{1, runtime.GOMAXPROCS(0)} {
			b.Run(fmt.Sprintf("ChaCha%d/goroutines=%d", rounds, g), func(b *testing.B) {
				stop := benchutil.Start(b, len(buf))
				for b.Loop() {
					fillParallel(s, buf, g)
				}
				stop()
			})
		}
	}
}

// fillParallel fills buf with r.ReadAt from g goroutines, in g parts of
// whole KiB.
func fillParallel(r interface {
	ReadAt(p []byte, off int64) (int, error)
}, buf []byte, g int) {
	part := len(buf) / g &^ 1023
	var wg sync.WaitGroup
	for i := range g {
		end := (i + 1) * part
		if i == g-1 {
			end = len(buf)
		}
		wg.Go(func() { r.ReadAt(buf[i*part:end], int64(i*part)) })
	}
	wg.Wait()
}

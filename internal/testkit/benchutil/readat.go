package benchutil

import (
	"fmt"
	"io"
	"runtime"
	"sync"
	"testing"
)

// ReadAtParallel benchmarks filling one 64 MiB buffer from r with ReadAt,
// split into GOMAXPROCS parts, one goroutine each, beside the same fill by
// one goroutine: the speed-up of parallel positioned reads, as sub-benchmark
// name/goroutines=N. cpuB/s staying level as goroutines are added means the
// work scales with the cores it gets; a drop means something shared, such
// as memory bandwidth, bounds it.
func ReadAtParallel(b *testing.B, name string, r io.ReaderAt) {
	buf := make([]byte, 64<<20)
	clear(buf) // fault the pages in before timing
	for _, g := range []int{1, runtime.GOMAXPROCS(0)} {
		b.Run(fmt.Sprintf("%s/goroutines=%d", name, g), func(b *testing.B) {
			stop := Start(b, len(buf))
			for b.Loop() {
				fillParallel(r, buf, g)
			}
			stop()
		})
	}
}

// fillParallel fills buf with r.ReadAt from g goroutines, in g parts of
// whole KiB.
func fillParallel(r io.ReaderAt, buf []byte, g int) {
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

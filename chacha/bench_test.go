package chacha

import (
	"fmt"
	"testing"

	"github.com/streamrand/streamrand/internal/testkit/backendtest"
	"github.com/streamrand/streamrand/internal/testkit/benchutil"
)

// BenchmarkKernel measures each kernel this machine runs (backendtest.Bench),
// writing 16 KiB of keystream per call of blocks, for every round count: Kernel/<backend>/chacha<R>. To compare the kernels side by
// side, split the output by backend (e.g. sed -n 's|Kernel/avx2/|Kernel/|p')
// into one file each and give the files to benchstat. Read of every
// algorithm against the peers is measured by the root package's
// BenchmarkRead.
func BenchmarkKernel(b *testing.B) {
	var key [8]uint32
	for i := range key {
		key[i] = uint32(i) * 0x9e3779b9
	}
	buf := make([]byte, 16<<10)
	backendtest.Bench(b, kernels, func(b *testing.B) {
		for _, rounds := range []int{8, 12, 20} {
			b.Run(fmt.Sprintf("chacha%d", rounds), func(b *testing.B) {
				ctr := uint64(0)
				stop := benchutil.Start(b, len(buf))
				for b.Loop() {
					blocks(buf, &key, ctr, 7, rounds)
					ctr += uint64(len(buf) / BlockSize)
				}
				stop()
			})
		}
	})
}

// BenchmarkReadAtParallel fills one 64 MiB buffer from one Source with
// ReadAt from one goroutine and from GOMAXPROCS goroutines (benchutil).
func BenchmarkReadAtParallel(b *testing.B) {
	for _, rounds := range []int{8, 20} {
		s, _ := NewWithKey([KeySize]byte{1}, rounds, 0)
		benchutil.ReadAtParallel(b, fmt.Sprintf("ChaCha%d", rounds), s)
	}
}

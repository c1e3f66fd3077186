package aesctr

import (
	"fmt"
	"testing"

	"github.com/streamrand/streamrand/internal/testkit/backendtest"
	"github.com/streamrand/streamrand/internal/testkit/benchutil"
)

// BenchmarkKernel measures each kernel this machine runs, writing 16 KiB
// (16 batches, L1-resident) per call: Kernel/<backend>/aes<bits>. Read of
// every algorithm against the peers (crypto/cipher CTR, ...) is measured by
// the root package's BenchmarkRead.
func BenchmarkKernel(b *testing.B) {
	backendtest.Bench(b, kernels, func(b *testing.B) {
		for _, keyLen := range []int{16, 24, 32} {
			b.Run(fmt.Sprintf("aes%d", keyLen*8), func(b *testing.B) {
				key := make([]byte, keyLen)
				for i := range key {
					key[i] = byte(7*i + 1)
				}
				k, err := newKernel(key)
				if err != nil {
					b.Fatal(err)
				}
				dst := make([]byte, 16384)
				ctr := uint64(0)
				stop := benchutil.Start(b, len(dst))
				for b.Loop() {
					k.fill(dst, ctr, 5)
					ctr += uint64(len(dst) / BlockSize)
				}
				stop()
			})
		}
	})
}

// BenchmarkReadAtParallel fills one 64 MiB buffer from one Source with
// ReadAt from one goroutine and from GOMAXPROCS goroutines (benchutil).
func BenchmarkReadAtParallel(b *testing.B) {
	for _, keyLen := range []int{16, 32} {
		s, _ := NewWithKey(make([]byte, keyLen), 0)
		benchutil.ReadAtParallel(b, fmt.Sprintf("AES-%d", keyLen*8), s)
	}
}

//go:build linux

package aesctr

import (
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"syscall"
	"testing"
	"time"
)

// cpuTime returns the user+system CPU time of this process. On a shared,
// noisy machine the bytes per second of CPU time ("cpuB/s", reported beside
// the wall-clock B/s) is far steadier than wall time, and is what
// "openssl speed" measures without -elapsed.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// startCPU sets the bytes per iteration, reports allocations and returns
// the CPU time before the b.Loop; reportCPU adds the bytes per second of CPU
// time after it.
func startCPU(b *testing.B, bytes int) time.Duration {
	b.SetBytes(int64(bytes))
	b.ReportAllocs()
	return cpuTime()
}

func reportCPU(b *testing.B, bytes int, t0 time.Duration) {
	if d := cpuTime() - t0; d > 0 {
		b.ReportMetric(float64(b.N)*float64(bytes)/d.Seconds(), "cpuB/s")
	}
}

var benchKeyLens = []int{16, 24, 32}

func benchKey(keyLen int) []byte {
	key := make([]byte, keyLen)
	for i := range key {
		key[i] = byte(7*i + 1)
	}
	return key
}

// BenchmarkKernel measures each kernel this machine runs, writing 16 KiB
// (16 batches, L1-resident) per call.
func BenchmarkKernel(b *testing.B) {
	for _, name := range backends() {
		b.Run(name, func(b *testing.B) {
			restore := setBackend(name)
			defer restore()
			for _, keyLen := range benchKeyLens {
				b.Run(fmt.Sprintf("aes%d", keyLen*8), func(b *testing.B) {
					k, err := newKernel(benchKey(keyLen))
					if err != nil {
						b.Fatal(err)
					}
					dst := make([]byte, 16384)
					ctr := uint64(0)
					t0 := startCPU(b, len(dst))
					for b.Loop() {
						k.fill(dst, ctr, 5)
						ctr += uint64(len(dst) / BlockSize)
					}
					reportCPU(b, len(dst), t0)
				})
			}
		})
	}
}

var readSizes = []int{16, 1019, 16384, 2000000}

// BenchmarkRead measures Source.Read with the kernel chosen at init
// (Backend()) for several slice sizes; BenchmarkCipherCTR is the peer.
func BenchmarkRead(b *testing.B) {
	b.Logf("backend %s", Backend())
	for _, keyLen := range benchKeyLens {
		b.Run(algName(keyLen), func(b *testing.B) {
			for _, size := range readSizes {
				b.Run(fmt.Sprint(size), func(b *testing.B) {
					s, err := NewWithKey(benchKey(keyLen), 0)
					if err != nil {
						b.Fatal(err)
					}
					p := make([]byte, size)
					t0 := startCPU(b, size)
					for b.Loop() {
						s.Read(p)
					}
					reportCPU(b, size, t0)
				})
			}
		})
	}
}

// BenchmarkCipherCTR is the peer of BenchmarkRead: crypto/cipher's CTR over
// crypto/aes, XORKeyStream of a buffer of each size in place (zeroed at
// first, so the keystream itself; the cost does not depend on the contents),
// one stream continued across calls.
func BenchmarkCipherCTR(b *testing.B) {
	for _, keyLen := range benchKeyLens {
		b.Run(algName(keyLen), func(b *testing.B) {
			for _, size := range readSizes {
				b.Run(fmt.Sprint(size), func(b *testing.B) {
					blk, err := aes.NewCipher(benchKey(keyLen))
					if err != nil {
						b.Fatal(err)
					}
					ctr := cipher.NewCTR(blk, make([]byte, BlockSize))
					p := make([]byte, size)
					t0 := startCPU(b, size)
					for b.Loop() {
						ctr.XORKeyStream(p, p)
					}
					reportCPU(b, size, t0)
				})
			}
		})
	}
}

package aesctr

import (
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"testing"
)

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
					b.SetBytes(int64(len(dst)))
					b.ReportAllocs()
					ctr := uint64(0)
					for b.Loop() {
						k.fill(dst, ctr, 5)
						ctr += uint64(len(dst) / BlockSize)
					}
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
					b.SetBytes(int64(size))
					b.ReportAllocs()
					for b.Loop() {
						s.Read(p)
					}
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
					b.SetBytes(int64(size))
					b.ReportAllocs()
					for b.Loop() {
						ctr.XORKeyStream(p, p)
					}
				})
			}
		})
	}
}

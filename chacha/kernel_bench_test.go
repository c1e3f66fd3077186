package chacha

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"golang.org/x/crypto/chacha20"
)

var benchRounds = []int{8, 12, 20}

// BenchmarkKernel measures each kernel this machine runs (selected with
// setBackend), writing 16 KiB of keystream per call of blocks, for every
// round count: Kernel/<backend>/chacha<R>. To compare the kernels side by
// side, split the output by backend (e.g. sed -n 's|Kernel/avx2/|Kernel/|p')
// into one file each and give the files to benchstat.
func BenchmarkKernel(b *testing.B) {
	var key [8]uint32
	for i := range key {
		key[i] = uint32(i) * 0x9e3779b9
	}
	buf := make([]byte, 16<<10)
	for _, name := range backends() {
		b.Run(name, func(b *testing.B) {
			restore := setBackend(name)
			defer restore()
			for _, rounds := range benchRounds {
				b.Run(fmt.Sprintf("chacha%d", rounds), func(b *testing.B) {
					b.SetBytes(int64(len(buf)))
					ctr := uint64(0)
					for b.Loop() {
						blocks(buf, &key, ctr, 7, rounds)
						ctr += uint64(len(buf) / BlockSize)
					}
				})
			}
		})
	}
}

var readSizes = []int{16, 1019, 16384, 2000000}

// BenchmarkRead measures Source.Read of the selected kernel (Backend()) at
// sizes from one Uint64-sized read to 2 MB, next to the peers: math/rand/v2's
// ChaCha8 Read and golang.org/x/crypto/chacha20's XORKeyStream (ChaCha20
// over a buffer in place, i.e. the keystream xored into it) over the same
// sizes.
func BenchmarkRead(b *testing.B) {
	for _, rounds := range benchRounds {
		b.Run(fmt.Sprintf("chacha%d", rounds), func(b *testing.B) {
			for _, n := range readSizes {
				b.Run(fmt.Sprint(n), func(b *testing.B) {
					var key [KeySize]byte
					s, _ := NewWithKey(key, rounds, 0)
					buf := make([]byte, n)
					b.SetBytes(int64(n))
					b.ReportAllocs()
					for b.Loop() {
						s.Read(buf)
					}
				})
			}
		})
	}
	b.Run("mathrand-chacha8", func(b *testing.B) {
		for _, n := range readSizes {
			b.Run(fmt.Sprint(n), func(b *testing.B) {
				var seed [32]byte
				r := rand.NewChaCha8(seed)
				buf := make([]byte, n)
				b.SetBytes(int64(n))
				b.ReportAllocs()
				for b.Loop() {
					r.Read(buf)
				}
			})
		}
	})
	b.Run("xcrypto-chacha20", func(b *testing.B) {
		for _, n := range readSizes {
			b.Run(fmt.Sprint(n), func(b *testing.B) {
				c, err := chacha20.NewUnauthenticatedCipher(make([]byte, chacha20.KeySize), make([]byte, chacha20.NonceSize))
				if err != nil {
					b.Fatal(err)
				}
				buf := make([]byte, n)
				b.SetBytes(int64(n))
				b.ReportAllocs()
				for b.Loop() {
					c.XORKeyStream(buf, buf)
				}
			})
		}
	})
}

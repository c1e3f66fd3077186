package chacha

import (
	"fmt"
	"testing"

	"github.com/streamrand/streamrand/internal/testkit/benchutil"
)

// BenchmarkKernelFloat64 measures the kernel's float64 form beside its
// plain form, 16 KiB (L1-resident) per call, for every round count:
// KernelFloat64/<form>/chacha<R>, form "bytes" (blocks) or "float64"
// (blocksFloat64, skipped where the kernel in use has none). The
// difference is what the conversion costs inside the kernel.
func BenchmarkKernelFloat64(b *testing.B) {
	var key [8]uint32
	for i := range key {
		key[i] = uint32(i) * 0x9e3779b9
	}
	buf := make([]byte, 16<<10)
	for _, form := range []string{"bytes", "float64"} {
		b.Run(form, func(b *testing.B) {
			if form == "float64" && !blocksFloat64(nil, &key, 0, 0, 8) {
				b.Skip("no float64 kernel on this CPU or build")
			}
			for _, rounds := range []int{8, 12, 20} {
				b.Run(fmt.Sprintf("chacha%d", rounds), func(b *testing.B) {
					ctr := uint64(0)
					stop := benchutil.Start(b, len(buf))
					for b.Loop() {
						if form == "float64" {
							blocksFloat64(buf, &key, ctr, 7, rounds)
						} else {
							blocks(buf, &key, ctr, 7, rounds)
						}
						ctr += uint64(len(buf) / BlockSize)
					}
					stop()
				})
			}
		})
	}
}

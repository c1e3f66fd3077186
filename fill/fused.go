package fill

import (
	"unsafe"

	"github.com/streamrand/streamrand/internal/bulk"
)

// fusedBatchWords is the keystream's batch in words: ReadFloat64s writes
// whole batches.
const fusedBatchWords = 128

// fusedMinWords is the shortest dst that takes the fused path. Below it the
// words read and converted in place before and after the batches (a second
// Read and conversion call, two scalar tails) cost more than the fusion
// saves, which grows with the number of whole batches: the crossing was
// measured between 2000 and 4000 values (docs/performance.md).
const fusedMinWords = 4096

// readFloat64sFused fills a prefix of dst with Float64's values, the words
// up to a batch boundary read and converted in place, whole batches
// converted by b's kernel as it writes them (bulk.Float64Reader: one pass
// over dst instead of a write and a conversion pass), and returns the rest
// of dst (all of it when b cannot, when the position is not on a word, or
// where asmFusedFloat64s says no: the "fused" extension of fill's kernels,
// which tests switch off to compare with the in-place conversion).
func readFloat64sFused(b bulk.Source, dst []float64) []float64 {
	if !asmFusedFloat64s() || len(dst) < fusedMinWords {
		return dst
	}
	f, ok := b.(bulk.Float64Reader)
	if !ok || !f.FusedFloat64s() {
		return dst
	}
	for len(dst) >= fusedBatchWords {
		h := f.Buffered()
		if h%8 != 0 || h/8+fusedBatchWords > len(dst) {
			return dst
		}
		readFloat64sInPlace(b, dst[:h/8])
		dst = dst[h/8:]
		n := f.ReadFloat64s(dst)
		if n == 0 {
			return dst
		}
		dst = dst[n:]
	}
	return dst
}

// readFloat64sInPlace fills d (at most chunkWords long) with Float64's
// values: the keystream's Read writes the words into d, and they are
// converted in place.
func readFloat64sInPlace(b bulk.Source, d []float64) {
	if len(d) == 0 {
		return
	}
	p := bytesOf(d)
	b.Read(p)
	i := asmFloat64s(unsafe.Slice((*uint64)(unsafe.Pointer(&d[0])), len(d)))
	for ; i < len(d); i++ {
		d[i] = float64From(le64(p, i))
	}
}

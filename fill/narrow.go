package fill

import (
	"math"
	"unsafe"

	"github.com/streamrand/streamrand/internal/bulk"
)

// Uint32 and Float32 owe one word per 4-byte value, so a Read into dst
// itself can only ever fetch half of what is still owed: reading into dst
// halves at every round, and a short slice (or the tail of a long one)
// becomes many small Reads. Below peekBelow values the words are instead
// converted straight from the keystream's own buffer (Peek), a batch at a
// time, with the same kernels, and consumed (Discard) as they are taken.
// (Above it the Reads into dst are big enough for the keystream's kernels
// to run on several batches at once, which is faster: chacha's 4 KiB
// calls.)
const peekBelow = 1024

// narrow sets dst[i] to rand.Rand.Uint32 of the next words, or the bits of
// rand.Rand.Float32 if asFloat32, consuming exactly len(dst) words: Uint32
// and Float32's one code path.
//
// Words for the first half of what is owed are read into the memory of the
// whole, then each is narrowed forward in place: value i is written over
// bytes 4i to 4i+3, which word i/2 (already read) held. That halves what is
// owed each round; below peekBelow the rest is converted straight from the
// keystream's buffer (narrowPeek).
func narrow(b bulk.Source, dst []uint32, asFloat32 bool) {
	for len(dst) >= peekBelow {
		d := dst[:min(len(dst)/2, chunkWords)]
		p := bytesOf(dst[:2*len(d)])
		b.Read(p)
		i := asmNarrow(d, unsafe.Slice((*uint64)(unsafe.Pointer(&p[0])), len(d)), asFloat32)
		narrowScalar(d[i:], p[8*i:], asFloat32)
		dst = dst[len(d):]
	}
	narrowPeek(b, dst, asFloat32)
}

// narrowPeek sets dst[i] to rand.Rand.Uint32 of the next words, or the
// bits of rand.Rand.Float32 if asFloat32, read where b buffers them,
// consuming exactly len(dst) words.
//
// Within one Peek of w words, n = min(len(dst), w) values are owed: the
// kernel converts n&^63 of them and then the last 64 again, overlapping
// (the values it rewrites are the same), so no scalar tail is left. If
// fewer than 64 are owed but the Peek holds 64 words, the kernel converts
// 64 into a stack array and the n owed are copied out. Only a Peek of
// fewer than 64 words (the end of a batch: at most once per refill) takes
// the portable loop. The kernels are called directly, never through a
// function value, so that the stack array does not escape (they are
// go:noescape assembly).
func narrowPeek(b bulk.Source, dst []uint32, asFloat32 bool) {
	var tmp [64]uint32
	for len(dst) > 0 {
		p := b.Peek()
		w := len(p) >> 3
		n := min(len(dst), w)
		d := dst[:n]
		i := 0
		if w >= 64 {
			// The words as they lie in the buffer (the kernels run only
			// on little-endian amd64, with unaligned loads).
			u := unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(p))), w)
			switch {
			case n < 64:
				if asmNarrow(tmp[:], u[:64], asFloat32) != 0 {
					copy(d, tmp[:n])
					i = n
				}
			case asmNarrow(d, u[:n], asFloat32) != 0:
				if n&63 != 0 {
					asmNarrow(d[n-64:], u[n-64:n], asFloat32)
				}
				i = n
			}
		}
		narrowScalar(d[i:], p[8*i:8*n], asFloat32)
		b.Discard(8 * n)
		dst = dst[n:]
	}
}

// narrowScalar is asmNarrow's portable counterpart, on the little-endian
// words of p (8*len(d) bytes), every one of them.
func narrowScalar(d []uint32, p []byte, asFloat32 bool) {
	p = p[:8*len(d)]
	if asFloat32 {
		for i := range d {
			d[i] = math.Float32bits(float32From(le64(p, i)))
		}
		return
	}
	for i := range d {
		d[i] = uint32From(le64(p, i))
	}
}

// float32sOf and uint32sOf view a slice of 4-byte values as the other
// type, for narrowPeek's one code path for both.
func float32sOf(d []uint32) []float32 {
	return unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(d))), len(d))
}

func uint32sOf(d []float32) []uint32 {
	return unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(d))), len(d))
}

package fill

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"unsafe"

	"github.com/streamrand/streamrand/internal/bulk"
)

// Int fills dst with the values of successive rand.New(src).Int() calls:
// non-negative ints, the low bits of each word but the top one.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func Int(src rand.Source, dst []int) {
	b, mu := keystream(src)
	if b == nil {
		r := rand.New(src)
		for i := range dst {
			dst[i] = r.Int()
		}
		return
	}
	defer unlock(mu)
	lowBits(b, dst, math.MaxInt)
}

// Int32 fills dst with the values of successive rand.New(src).Int32()
// calls: the high 31 bits of each word.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func Int32(src rand.Source, dst []int32) {
	b, mu := keystream(src)
	if b == nil {
		r := rand.New(src)
		for i := range dst {
			dst[i] = r.Int32()
		}
		return
	}
	defer unlock(mu)
	// Int32 is Uint32 (the high 32 bits) shifted right once, a chunk at
	// a time while it is in L1.
	u := unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(dst))), len(dst))
	for len(u) > 0 {
		d := u[:min(len(u), chunkWords)]
		narrow(b, d, false)
		for i := range d {
			d[i] >>= 1
		}
		u = u[len(d):]
	}
}

// Int64 fills dst with the values of successive rand.New(src).Int64()
// calls: each word with its top bit cleared.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func Int64(src rand.Source, dst []int64) {
	b, mu := keystream(src)
	if b == nil {
		r := rand.New(src)
		for i := range dst {
			dst[i] = r.Int64()
		}
		return
	}
	defer unlock(mu)
	lowBits(b, dst, math.MaxInt64)
}

// Uint fills dst with the values of successive rand.New(src).Uint() calls:
// the low bits of each word.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func Uint(src rand.Source, dst []uint) {
	b, mu := keystream(src)
	if b == nil {
		r := rand.New(src)
		for i := range dst {
			dst[i] = r.Uint()
		}
		return
	}
	defer unlock(mu)
	lowBits(b, dst, math.MaxUint)
}

// Int32N fills dst with the values of successive rand.New(src).Int32N(n)
// calls, in [0, n). It panics if n <= 0, even when dst is empty.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func Int32N(src rand.Source, dst []int32, n int32) {
	if n <= 0 {
		panic("fill: invalid argument to Int32N")
	}
	b, mu := keystream(src)
	if b == nil {
		r := rand.New(src)
		for i := range dst {
			dst[i] = r.Int32N(n)
		}
		return
	}
	defer unlock(mu)
	uint64nInto(b, dst, uint64(n))
}

// Int64N fills dst with the values of successive rand.New(src).Int64N(n)
// calls, in [0, n). It panics if n <= 0, even when dst is empty.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func Int64N(src rand.Source, dst []int64, n int64) {
	if n <= 0 {
		panic("fill: invalid argument to Int64N")
	}
	b, mu := keystream(src)
	if b == nil {
		r := rand.New(src)
		for i := range dst {
			dst[i] = r.Int64N(n)
		}
		return
	}
	defer unlock(mu)
	uint64nInto(b, dst, uint64(n))
}

// Uint32N fills dst with the values of successive rand.New(src).Uint32N(n)
// calls, in [0, n). It panics if n == 0, even when dst is empty.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func Uint32N(src rand.Source, dst []uint32, n uint32) {
	if n == 0 {
		panic("fill: invalid argument to Uint32N")
	}
	b, mu := keystream(src)
	if b == nil {
		r := rand.New(src)
		for i := range dst {
			dst[i] = r.Uint32N(n)
		}
		return
	}
	defer unlock(mu)
	uint64nInto(b, dst, uint64(n))
}

// UintN fills dst with the values of successive rand.New(src).UintN(n)
// calls, in [0, n). It panics if n == 0, even when dst is empty.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func UintN(src rand.Source, dst []uint, n uint) {
	if n == 0 {
		panic("fill: invalid argument to UintN")
	}
	b, mu := keystream(src)
	if b == nil {
		r := rand.New(src)
		for i := range dst {
			dst[i] = r.UintN(n)
		}
		return
	}
	defer unlock(mu)
	uint64nInto(b, dst, uint64(n))
}

// integer is the element types of the N functions.
type integer interface {
	int | int32 | int64 | uint | uint32 | uint64
}

// lowBits sets each element of dst to the next word's bits under mask
// (which keeps no more bits than T has): 8-byte elements read a chunk at a
// time into dst and masked in place, 4-byte ones (int and uint on 32-bit
// platforms) through Peek.
func lowBits[T int | int64 | uint](b bulk.Source, dst []T, mask uint64) {
	var zero T
	if unsafe.Sizeof(zero) != 8 {
		w := words{b: b}
		for i := range dst {
			dst[i] = T(w.next() & mask)
		}
		w.done()
		return
	}
	for len(dst) > 0 {
		d := dst[:min(len(dst), chunkWords)]
		p := bytesOf(d)
		b.Read(p)
		if mask != math.MaxUint64 || !littleEndian {
			for i := range d {
				d[i] = T(le64(p, i) & mask)
			}
		}
		dst = dst[len(d):]
	}
}

// uint64nInto is rand.Rand's uint64n(n) for every element of dst: for
// 8-byte elements uint64nInPlace, for 4-byte ones uint64nNarrow.
func uint64nInto[T integer](b bulk.Source, dst []T, n uint64) {
	if len(dst) == 0 {
		return
	}
	if unsafe.Sizeof(dst[0]) == 8 {
		uint64nInPlace(b, dst, n)
		return
	}
	uint64nNarrow(b, dst, n)
}

// narrowNBelow is the length below which uint64nNarrow takes its values
// one word at a time from Peek: above it, a Read of half of what is owed
// and one kernel call cost less than the per-word loop over the same
// words, down to the kernels' 8 lanes times a few.
const narrowNBelow = 64

// uint64nNarrow is uint64nInPlace for 4-byte elements (n below 2^32): the
// words for half of what is owed are read into the memory of the whole, as
// narrow does, converted in place (the kernel's high words where it can),
// and each value is written forward over bytes 4o to 4o+3, which hold word
// o/2 or an earlier one, all drawn already (o <= the word drawing it).
// Below narrowNBelow values the words are read where the keystream buffers
// them, one at a time.
func uint64nNarrow[T integer](b bulk.Source, dst []T, n uint64) {
	thresh := -n % n
	for len(dst) >= narrowNBelow {
		d := dst[:min(len(dst)/2, chunkWords)]
		p := bytesOf(dst[:2*len(d)])
		b.Read(p)
		if n&(n-1) == 0 {
			for i := range d {
				d[i] = T(le64(p, i) & (n - 1))
			}
			dst = dst[len(d):]
			continue
		}
		u := unsafe.Slice((*uint64)(unsafe.Pointer(&p[0])), len(d))
		o := asmUint64n(u, n, thresh)
		for i := range o {
			d[i] = T(u[i])
		}
		for ; o < len(d); o++ {
			hi, lo := bits.Mul64(le64(p, o), n)
			if lo < thresh {
				break
			}
			d[o] = T(hi)
		}
		for w := o; w < len(d); o++ {
			hi, lo := bits.Mul64(le64(p, w), n)
			w++
			for lo < thresh {
				var x uint64
				if w < len(d) {
					x = le64(p, w)
					w++
				} else {
					x = b.Uint64()
				}
				hi, lo = bits.Mul64(x, n)
			}
			d[o] = T(hi)
		}
		dst = dst[o:]
	}
	w := words{b: b}
	uint64nPeek(&w, dst, n)
	w.done()
}

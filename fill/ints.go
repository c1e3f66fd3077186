package fill

import (
	"math"
	"math/rand/v2"
	"unsafe"
)

// Int fills dst with the values of successive rand.New(src).Int() calls:
// non-negative ints, the low bits of each word but the top one.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func Int(src rand.Source, dst []int) { lowBits(src, dst, math.MaxInt) }

// Int32 fills dst with the values of successive rand.New(src).Int32()
// calls: the high 31 bits of each word.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func Int32(src rand.Source, dst []int32) {
	b, mu := keystream(src)
	if b == nil {
		r := perCall(src)
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
func Int64(src rand.Source, dst []int64) { lowBits(src, dst, math.MaxInt64) }

// Uint fills dst with the values of successive rand.New(src).Uint() calls:
// the low bits of each word.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func Uint(src rand.Source, dst []uint) { lowBits(src, dst, math.MaxUint) }

// Int32N fills dst with the values of successive rand.New(src).Int32N(n)
// calls, in [0, n). It panics if n <= 0, even when dst is empty.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func Int32N(src rand.Source, dst []int32, n int32) { boundedN(src, dst, n, "Int32N") }

// Int64N fills dst with the values of successive rand.New(src).Int64N(n)
// calls, in [0, n). It panics if n <= 0, even when dst is empty.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func Int64N(src rand.Source, dst []int64, n int64) { boundedN(src, dst, n, "Int64N") }

// Uint32N fills dst with the values of successive rand.New(src).Uint32N(n)
// calls, in [0, n). It panics if n == 0, even when dst is empty.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func Uint32N(src rand.Source, dst []uint32, n uint32) { boundedN(src, dst, n, "Uint32N") }

// UintN fills dst with the values of successive rand.New(src).UintN(n)
// calls, in [0, n). It panics if n == 0, even when dst is empty.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func UintN(src rand.Source, dst []uint, n uint) { boundedN(src, dst, n, "UintN") }

// integer is the element types of the N functions.
type integer interface {
	int | int32 | int64 | uint | uint32 | uint64
}

// boundedN is the N function called name: rand.Rand's IntN, Int32N,
// Int64N, UintN, Uint32N and Uint64N each panic for n <= 0 (n == 0 for the
// unsigned ones) and return T(uint64n(uint64(n))), that is
// T(Uint64N(uint64(n))), the per-call path here.
func boundedN[T integer](src rand.Source, dst []T, n T, name string) {
	if n <= 0 {
		panic("fill: invalid argument to " + name)
	}
	b, mu := keystream(src)
	if b == nil {
		r := perCall(src)
		for i := range dst {
			dst[i] = T(r.Uint64N(uint64(n)))
		}
		return
	}
	defer unlock(mu)
	uint64nInto(b, dst, uint64(n))
}

// lowBits sets each element of dst to the bits under mask (which keeps no
// more bits than T has) of the next word, as rand.Rand's Int, Int64 and
// Uint do: 8-byte elements read a chunk at a time into dst and masked in
// place, 4-byte ones (int and uint on 32-bit platforms) through Peek.
func lowBits[T int | int64 | uint](src rand.Source, dst []T, mask uint64) {
	b, mu := keystream(src)
	if b == nil {
		r := perCall(src)
		for i := range dst {
			dst[i] = T(r.Uint64() & mask)
		}
		return
	}
	defer unlock(mu)
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

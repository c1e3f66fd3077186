// Package fill fills slices with exactly the numbers math/rand/v2 would
// give, in one call instead of one call per number.
//
// Each function is named after the rand.Rand method whose values it gives.
// After fill.X(src, dst, ...), dst holds exactly the values that len(dst)
// successive calls of rand.New(src).X(...) would have returned (for Perm,
// one call of Perm(len(dst)); for Shuffle, one call of Shuffle(n, swap);
// for ShuffleSlice(src, s), one Shuffle(len(s), ...) swapping s's elements),
// and src is at exactly the position those calls would have left it: the
// next src.Uint64() is the same. No function consumes a word more than
// those calls would. The algorithms are math/rand/v2's as of Go 1.26, which
// its regress_test.go freezes.
//
// Pass the Source itself, not a *rand.Rand built on it: a *rand.Rand is a
// rand.Source too, so fill.Float64(rand.New(src), xs) compiles and gives
// the same values, but fill cannot reach the keystream through it: it calls
// that *rand.Rand's own methods in a loop, as fast as a loop written by
// hand and several times slower than the Source itself.
//
// Any rand.Source works. For this module's generators (*chacha.Source,
// *aesctr.Source, and streamrand.Locked around either, whose lock is held
// for the whole call) the keystream's Read writes the words straight into
// dst, 16 KiB at a time, and they are converted in place while in L1, with
// AVX-512 or AVX2 kernels on amd64 (Backend; build tag purego or
// GODEBUG=cpu.avx512=off,cpu.avx2=off selects the portable Go code, which
// gives the same values): several times faster than per call. Uint32 and
// Float32 convert the last thousand or so values straight from the
// keystream's own buffer. Any other Source (rand.PCG, rand.ChaCha8,
// streamrand.NewSource) takes the per-call path and gives the same values
// at the same speed as a loop.
//
// # Stability
//
// The values never change within this major version on a given platform
// (at v0, within a minor version, as the module's stability note says), and
// golden SHA-256 tests hold them. On every platform they are the values
// of math/rand/v2's methods on that platform; for NormFloat64 and
// ExpFloat64 those may differ between architectures (and GOAMD64 levels) in
// math/rand/v2 itself, in their rare slow paths, through fused multiply-adds
// and assembly math.Log and math.Exp, so their goldens are kept per
// platform.
//
// The functions allocate nothing and start no goroutines. Like rand.Rand's
// methods they are not safe for concurrent use with the same Source unless
// the Source is (streamrand.Locked).
package fill

import (
	"math/bits"
	"math/rand/v2"
	"unsafe"

	"github.com/streamrand/streamrand/internal/bulk"
)

// Uint64 fills dst with the values of successive rand.New(src).Uint64()
// calls.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func Uint64(src rand.Source, dst []uint64) {
	b, mu := keystream(src)
	if b == nil {
		r := perCall(src)
		for i := range dst {
			dst[i] = r.Uint64()
		}
		return
	}
	defer unlock(mu)
	if len(dst) == 0 {
		return
	}
	// The keystream's Read is the little-endian bytes of successive Uint64
	// values: the kernel writes straight into dst.
	b.Read(unsafe.Slice((*byte)(unsafe.Pointer(&dst[0])), 8*len(dst)))
	if !littleEndian {
		for i, u := range dst {
			dst[i] = bits.ReverseBytes64(u)
		}
	}
}

// Uint32 fills dst with the values of successive rand.New(src).Uint32()
// calls: the high 32 bits of each word.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func Uint32(src rand.Source, dst []uint32) {
	b, mu := keystream(src)
	if b == nil {
		r := perCall(src)
		for i := range dst {
			dst[i] = r.Uint32()
		}
		return
	}
	defer unlock(mu)
	narrow(b, dst, false)
}

// Float64 fills dst with the values of successive rand.New(src).Float64()
// calls, in [0, 1).
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func Float64(src rand.Source, dst []float64) {
	b, mu := keystream(src)
	if b == nil {
		r := perCall(src)
		for i := range dst {
			dst[i] = r.Float64()
		}
		return
	}
	defer unlock(mu)
	// The keystream's Read writes its words straight into dst, a chunk at
	// a time, and they are converted in place while in L1.
	for len(dst) > 0 {
		d := dst[:min(len(dst), chunkWords)]
		p := bytesOf(d)
		b.Read(p)
		i := asmFloat64s(unsafe.Slice((*uint64)(unsafe.Pointer(&d[0])), len(d)))
		for ; i < len(d); i++ {
			d[i] = float64From(le64(p, i))
		}
		dst = dst[len(d):]
	}
}

// float64From is rand.Rand.Float64's float64(u<<11>>11) / (1<<53), bit for
// bit (TestFloat64From): u<<11>>11 is u's low 53 bits, below 2^63, so the
// signed conversion (one instruction on amd64, where the unsigned one is a
// branch) gives the same exactly representable value, and dividing by a
// power of two is multiplying by its exact reciprocal.
func float64From(u uint64) float64 {
	return float64(int64(u&(1<<53-1))) * 0x1p-53
}

// Float32 fills dst with the values of successive rand.New(src).Float32()
// calls, in [0, 1).
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func Float32(src rand.Source, dst []float32) {
	b, mu := keystream(src)
	if b == nil {
		r := perCall(src)
		for i := range dst {
			dst[i] = r.Float32()
		}
		return
	}
	defer unlock(mu)
	narrow(b, uint32sOf(dst), true)
}

// uint32From is rand.Rand.Uint32 on word u.
func uint32From(u uint64) uint32 { return uint32(u >> 32) }

// float32From is rand.Rand.Float32 on word u.
func float32From(u uint64) float32 {
	return float32(uint32(u>>32)<<8>>8) / (1 << 24)
}

// IntN fills dst with the values of successive rand.New(src).IntN(n)
// calls, in [0, n). It panics if n <= 0, even when dst is empty.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func IntN(src rand.Source, dst []int, n int) { boundedN(src, dst, n, "IntN") }

// Uint64N fills dst with the values of successive rand.New(src).Uint64N(n)
// calls, in [0, n). It panics if n == 0, even when dst is empty.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func Uint64N(src rand.Source, dst []uint64, n uint64) { boundedN(src, dst, n, "Uint64N") }

// narrowNBelow is the length below which 4-byte elements take their values
// in uint64nInto one word at a time from Peek: above it, a Read of half of
// what is owed and one kernel call cost less than the per-word loop over
// the same words, down to the kernels' 8 lanes times a few.
const narrowNBelow = 64

// uint64nInto is rand.Rand's uint64n(n) for every element of dst: Lemire's
// multiply-shift with the same rejection, a mask for a power of two. (On
// 32-bit platforms rand.Rand takes a 32-bit path for n < 2^32, which gives
// the same values.) A chunk's words are read into dst's memory: for 8-byte
// elements one word each, converted in place; for 4-byte ones (n below
// 2^32) the words for half of what is owed, converted in place (the
// kernel's high words where it can) and each value written forward over
// bytes 4o to 4o+3, which hold word o/2 or an earlier one. Either way a
// value written never overtakes the words still to be drawn (o <= the word
// drawing it), and a redraw past the chunk's words comes from the
// keystream. Below narrowNBelow 4-byte values the words are read where the
// keystream buffers them, one at a time.
func uint64nInto[T integer](b bulk.Source, dst []T, n uint64) {
	wide := unsafe.Sizeof(*new(T)) == 8
	// rand.Rand draws again while lo < thresh, which it tests only once lo
	// < n; thresh < n, so testing lo < thresh alone is the same.
	thresh := -n % n
	for len(dst) > 0 && (wide || len(dst) >= narrowNBelow) {
		owed := len(dst)
		if !wide {
			owed /= 2
		}
		d := dst[:min(owed, chunkWords)]
		p := bytesOf(dst)[:8*len(d)]
		b.Read(p)
		if n&(n-1) == 0 {
			for i := range d {
				d[i] = T(le64(p, i) & (n - 1))
			}
			dst = dst[len(d):]
			continue
		}
		// Until the first rejection value i is word i; after it, a value
		// may need several words.
		u := unsafe.Slice((*uint64)(unsafe.Pointer(&p[0])), len(d))
		o := asmUint64n(u, n, thresh)
		if !wide {
			for i := range o {
				d[i] = T(u[i])
			}
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
	if len(dst) > 0 {
		w := words{b: b}
		uint64nPeek(&w, dst, n)
		w.done()
	}
}

// uint64nPeek is rand.Rand's uint64n for every element of dst, through
// Peek.
func uint64nPeek[T integer](w *words, dst []T, n uint64) {
	for i := range dst {
		dst[i] = T(w.uint64n(n))
	}
}

// Perm sets dst to the permutation rand.New(src).Perm(len(dst)) would
// return: dst[i] = i, then shuffled as Shuffle does.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func Perm(src rand.Source, dst []int) {
	for i := range dst {
		dst[i] = i
	}
	ShuffleSlice(src, dst)
}

// ShuffleSlice shuffles s as rand.New(src).Shuffle(len(s), func(i, j int)
// { s[i], s[j] = s[j], s[i] }) would: the same order, and src left at the
// same position. It swaps the elements itself, without a call per swap.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func ShuffleSlice[S ~[]E, E any](src rand.Source, s S) {
	b, mu := keystream(src)
	if b == nil {
		perCall(src).Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
		return
	}
	defer unlock(mu)
	// Shuffle's loop with the swap written out.
	for i := len(s) - 1; i > 0; {
		p := b.Peek()
		t, end := 0, multiplyRun(len(p)>>3, i)
		for ; t < end; t++ {
			m := uint64(i-t) + 1
			j, lo := bits.Mul64(le64(p, t), m)
			if lo < m {
				break // maybe rejected: drawn below
			}
			s[i-t], s[j] = s[j], s[i-t]
		}
		b.Discard(8 * t)
		i -= t
		if t < len(p)>>3 && i > 0 {
			j := uint64n(b, uint64(i)+1)
			s[i], s[j] = s[j], s[i]
			i--
		}
	}
}

// Shuffle calls swap exactly as rand.New(src).Shuffle(n, swap) would: the
// same Fisher-Yates order (i from n-1 down to 1) with the same j. It panics
// if n < 0. swap must not use src: the words it would draw may already be
// taken (and with a streamrand.Locked Source, whose lock is held for the
// whole call, it would deadlock). If swap panics, src is where the per-call
// Shuffle would have left it: after the words drawn for the j of every swap
// called, the panicking one's included, and no further.
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func Shuffle(src rand.Source, n int, swap func(i, j int)) {
	if n < 0 {
		panic("fill: invalid argument to Shuffle")
	}
	b, mu := keystream(src)
	if b == nil {
		perCall(src).Shuffle(n, swap)
		return
	}
	defer unlock(mu)
	// The words are read where the keystream buffers them (Peek) and
	// consumed (Discard) only after the swaps they gave were called. The
	// inner loop is a multiply, a compare and the call: powers of two end
	// a run (multiplyRun) and any word that needs the rejection test leaves
	// it, so it holds no flag across the call (Go saves no register across
	// a call: every value live after it is stored and reloaded). Most of
	// its time is the call of swap itself (BenchmarkShuffleBound).
	k := 0                          // bytes of the current Peek drawn for the swaps called
	defer func() { b.Discard(k) }() // also if swap panics: its j was drawn
	for i := n - 1; i > 0; {
		p := b.Peek()
		t, end := 0, multiplyRun(len(p)>>3, i)
		for ; t < end; t++ {
			m := uint64(i-t) + 1
			j, lo := bits.Mul64(le64(p, t), m)
			if lo < m {
				break // maybe rejected: drawn below
			}
			k = 8*t + 8
			swap(i-t, int(j))
		}
		b.Discard(k)
		k = 0
		i -= t
		if t < len(p)>>3 && i > 0 {
			// Word t needs rand.Rand's rejection test, or i+1 is a power
			// of two: this j is drawn with the Source's own Uint64.
			swap(i, int(uint64n(b, uint64(i)+1)))
			i--
		}
	}
}

// multiplyRun returns how many of the next w words give the j of i, i-1,
// ... by Lemire's multiply-shift alone, as rand.Rand's uint64n(i+1) does
// unless i+1 is a power of two (a mask) or the word is rejected: w, or
// fewer to stop before the next power of two. i must be positive.
func multiplyRun(w, i int) int {
	q := uint(1) << (bits.Len(uint(i)+1) - 1) // the largest power of two <= i+1
	return min(w, int(uint(i)+1-q))
}

// uint64n is rand.Rand's uint64n(m), drawing with b's Uint64: a mask for a
// power of two, else Lemire's multiply-shift, drawing again while rejected.
func uint64n(b bulk.Source, m uint64) uint64 {
	if m&(m-1) == 0 {
		return b.Uint64() & (m - 1)
	}
	hi, lo := bits.Mul64(b.Uint64(), m)
	if lo < m {
		thresh := -m % m
		for lo < thresh {
			hi, lo = bits.Mul64(b.Uint64(), m)
		}
	}
	return hi
}

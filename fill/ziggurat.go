package fill

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"unsafe"

	"github.com/streamrand/streamrand/internal/bulk"
)

// The ziggurat constants of math/rand/v2's normal.go and exp.go.
const (
	rn = 3.442619855899
	re = 7.69711747013104972
)

// NormFloat64 fills dst with the values of successive
// rand.New(src).NormFloat64() calls: standard normal deviates.
//
// The values are math/rand/v2's on the same platform, which differ between
// architectures (see the package documentation).
func NormFloat64(src rand.Source, dst []float64) {
	b, mu := keystream(src)
	if b == nil {
		r := rand.New(src)
		for i := range dst {
			dst[i] = r.NormFloat64()
		}
		return
	}
	defer unlock(mu)
	// Words are read into dst a chunk at a time and converted in place; a
	// value written never overtakes the words still to be drawn.
	for len(dst) > 0 {
		d := dst[:zigChunk(b, len(dst))]
		p := bytesOf(d)
		b.Read(p)
		o, w := 0, 0 // values written, words drawn
		if useAVX512 || useAVX2 {
			o, w = zigguratSIMD(d, p, b, false)
		}
		for w < len(d) {
			// The fast path of rand.Rand.NormFloat64, taken 97.4% of
			// the time (TestSlowPathsHit): one word per value, so the
			// value index stays w-k until the next slow path.
			k := w - o
			for ; w < len(d); w++ {
				u := le64(p, w)
				j := int32(u)
				i := u >> 32 & 0x7F
				if absInt32(j) >= kn[i] {
					break
				}
				d[w-k] = float64(j) * float64(wn[i])
			}
			o = w - k
			if w == len(d) {
				break
			}
			r := raw{p: p, w: w + 1, n: len(d), b: b}
			d[o] = r.normSlow(le64(p, w))
			o, w = o+1, r.w
		}
		dst = dst[o:]
	}
}

// zigChunkWords is how many words NormFloat64 and ExpFloat64 read into dst
// at a time: 32 KiB, which still fits L1 with the kernels' scratch (4096
// ran 3 to 5% faster than 2048, the other fill functions' chunk, and as
// fast as 8192 and 16384: BenchmarkFill len 100000, Zen 5).
const zigChunkWords = 4096

// zigChunk returns how many words to read into dst (of n elements) next:
// n if at most zigChunkWords, else about zigChunkWords, chosen so that the
// read ends where one of the keystream's batches ends: the rest of the
// current batch (Peek: the buffered bytes, refilled if none are left) plus
// a multiple of 4 KiB. The keystream then writes whole batches straight
// into dst with its widest kernels and does not refill its buffer for the
// last words. (A fill starting mid-batch otherwise stayed off the batch
// boundaries for all its chunks: blocks16AVX512 took 11% of the time.)
func zigChunk(b bulk.Source, n int) int {
	if n <= zigChunkWords {
		return n
	}
	rem := len(b.Peek())
	if rem%8 != 0 || rem >= zigChunkWords*8 {
		return zigChunkWords
	}
	return (rem + (zigChunkWords*8-rem)&^4095) / 8
}

func absInt32(i int32) uint32 {
	if i < 0 {
		return uint32(-i)
	}
	return uint32(i)
}

// normSlow continues rand.Rand.NormFloat64 after word u missed the fast
// path, with the same expressions (so the compiler fuses and rounds them the
// same way) and the same extra draws.
func (w *raw) normSlow(u uint64) float64 {
	for {
		j := int32(u) // Possibly negative
		i := u >> 32 & 0x7F
		x := float64(j) * float64(wn[i])
		if absInt32(j) < kn[i] {
			return x
		}

		if i == 0 {
			// This extra work is only required for the base strip.
			for {
				x = -math.Log(w.float64()) * (1.0 / rn)
				y := -math.Log(w.float64())
				if y+y >= x*x {
					break
				}
			}
			if j > 0 {
				return rn + x
			}
			return -rn - x
		}
		// rand.Rand: fn[i]+float32(r.Float64())*(fn[i-1]-fn[i]) <
		// float32(math.Exp(-.5*x*x)), the same expressions.
		if belowExp(fn[i]+float32(w.float64())*(fn[i-1]-fn[i]), -.5*x*x) {
			return x
		}
		u = w.next()
	}
}

// ExpFloat64 fills dst with the values of successive
// rand.New(src).ExpFloat64() calls: exponential deviates of rate 1.
//
// The values are math/rand/v2's on the same platform, which differ between
// architectures (see the package documentation).
func ExpFloat64(src rand.Source, dst []float64) {
	b, mu := keystream(src)
	if b == nil {
		r := rand.New(src)
		for i := range dst {
			dst[i] = r.ExpFloat64()
		}
		return
	}
	defer unlock(mu)
	// As in NormFloat64.
	for len(dst) > 0 {
		d := dst[:zigChunk(b, len(dst))]
		p := bytesOf(d)
		b.Read(p)
		o, w := 0, 0 // values written, words drawn
		if useAVX512 || useAVX2 {
			o, w = zigguratSIMD(d, p, b, true)
		}
		for w < len(d) {
			// The fast path of rand.Rand.ExpFloat64, taken 97.8% of the
			// time (TestSlowPathsHit).
			k := w - o
			for ; w < len(d); w++ {
				u := le64(p, w)
				j := uint32(u)
				i := uint8(u >> 32)
				if j >= ke[i] {
					break
				}
				d[w-k] = float64(j) * float64(we[i])
			}
			o = w - k
			if w == len(d) {
				break
			}
			r := raw{p: p, w: w + 1, n: len(d), b: b}
			d[o] = r.expSlow(le64(p, w))
			o, w = o+1, r.w
		}
		dst = dst[o:]
	}
}

// expSlow continues rand.Rand.ExpFloat64 after word u missed the fast path,
// with the same expressions and the same extra draws.
func (w *raw) expSlow(u uint64) float64 {
	for {
		j := uint32(u)
		i := uint8(u >> 32)
		x := float64(j) * float64(we[i])
		if j < ke[i] {
			return x
		}
		if i == 0 {
			return re - math.Log(w.float64())
		}
		// rand.Rand: fe[i]+float32(r.Float64())*(fe[i-1]-fe[i]) <
		// float32(math.Exp(-x)).
		if belowExp(fe[i]+float32(w.float64())*(fe[i-1]-fe[i]), -x) {
			return x
		}
		u = w.next()
	}
}

// zigguratSIMD converts the words read into d (p is d's memory) for
// NormFloat64 (or ExpFloat64 if exp) while at least 16 are left, 256 words
// at a time, with the AVX-512 kernels (or the AVX2 ones if useAVX2 and not
// useAVX512): the kernel computes the fast-path value of each word into a
// scratch array and marks those that miss it; each marked word not already
// drawn by an earlier slow path takes the slow path, whose value replaces
// its scratch value and whose extra draws (the following words) are marked
// dropped; then compactAVX512 (compactAVX2) stores the values kept into
// place. A word's
// fast path depends only on the word, and a wedge test only on the word and
// the next, so the kernel is never re-entered, nothing is copied per slow
// word, and a wedge test's answer only clears mask bits. It returns the
// values written and the words drawn (at most len(d): words drawn past it
// come from b).
func zigguratSIMD(d []float64, p []byte, b bulk.Source, exp bool) (o, w int) {
	var xs [256]float64
	var slow, keep [256 / 64]uint64 // bit k%64 of [k/64]: word k of the block
	slow16 := unsafe.Slice((*uint16)(unsafe.Pointer(&slow[0])), 256/16)
	keep8 := unsafe.Slice((*uint8)(unsafe.Pointer(&keep[0])), 256/8) // little-endian
	words := unsafe.Slice((*uint64)(unsafe.Pointer(&d[0])), len(d))
	for len(d)-w >= 16 {
		m := min(len(d)-w, len(xs)) &^ 15
		slow = [4]uint64{}
		zigguratKernel(xs[:m], slow16[:m/16], words[w:w+m], exp)
		keep = [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
		base := w
		for g, bits64 := range slow {
			for ; bits64 != 0; bits64 &= bits64 - 1 {
				k := g<<6 + bits.TrailingZeros64(bits64)
				if base+k < w {
					continue // drawn by the slow path before
				}
				if base+k+1 < len(d) {
					// The wedge test of word k needs only word k+1
					// (its uniform) and x, which the kernel computed
					// for every word: it is decided without a branch on
					// its answer, whose latency (the exp approximation)
					// then no longer stalls the walk. Accepted, x is the
					// value and word k+1 is dropped; rejected, both are
					// dropped and the next word starts afresh, as in
					// rand.Rand's loop.
					// y and v are rand.Rand's expressions (so they
					// compile the same way), then belowExp(y, v), all
					// written out here: the calls cost the walk its
					// registers.
					u := le64(p, base+k)
					f := float64(le64(p, base+k+1)<<11>>11) / (1 << 53) // rand.Rand.Float64
					var y float32
					var v float64
					i := uint(u>>32) & 0x7F
					if exp {
						i = uint(uint8(u >> 32))
					}
					if exp && i != 0 {
						y, v = fe[i]+float32(f)*(fe[i-1]-fe[i]), -xs[k]
					} else if i != 0 {
						y, v = fn[i]+float32(f)*(fn[i-1]-fn[i]), -.5*xs[k]*xs[k]
					}
					if i != 0 {
						acc, above := expBracket(y, v)
						if acc == above || !(v >= -8 && v <= 0) {
							acc = y < float32(math.Exp(v))
						}
						keep[k>>6] &^= uint64(b2u(!acc)) << (k & 63)
						if k+1 < m {
							keep[(k+1)>>6] &^= 1 << ((k + 1) & 63)
						}
						w = base + k + 2
						continue
					}
				}
				// The tail of strip 0, or the chunk's last word.
				r := raw{p: p, w: base + k + 1, n: len(d), b: b}
				if exp {
					xs[k] = r.expSlow(le64(p, base+k))
				} else {
					xs[k] = r.normSlow(le64(p, base+k))
				}
				w = r.w
				for q := k + 1; q < min(w-base, m); q++ {
					keep[q>>6] &^= 1 << (q & 63)
				}
			}
		}
		// The compaction may write garbage after the values kept, up
		// to d[o+m-1]: words of this block (o <= base), all drawn.
		if useAVX512 {
			o += compactAVX512(d[o:], xs[:m], keep8[:m/8])
		} else {
			o += compactAVX2(d[o:], xs[:m], keep8[:m/8])
		}
		w = max(w, base+m)
	}
	return o, w
}

// zigguratKernel runs normsAVX512 (or expsAVX512 if exp) on src, a multiple
// of 16 words, through normsVBMI (expsVBMI) for the multiple of 64 when the
// CPU has them; normsAVX2 (expsAVX2) without useAVX512.
func zigguratKernel(xs []float64, slow []uint16, src []uint64, exp bool) {
	if !useAVX512 {
		if exp {
			expsAVX2(xs, slow, src)
		} else {
			normsAVX2(xs, slow, src)
		}
		return
	}
	v := 0
	if useVBMI {
		v = len(src) &^ 63
		if exp {
			expsVBMI(xs, slow, src[:v])
		} else {
			normsVBMI(xs, slow, src[:v])
		}
	}
	if v < len(src) {
		if exp {
			expsAVX512(xs[v:], slow[v/16:], src[v:])
		} else {
			normsAVX512(xs[v:], slow[v/16:], src[v:])
		}
	}
}

// b2u is 1 for true, without a branch.
func b2u(b bool) uint8 {
	var u uint8
	if b {
		u = 1
	}
	return u
}

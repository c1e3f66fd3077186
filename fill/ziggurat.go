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
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func NormFloat64(src rand.Source, dst []float64) { ziggurat(src, dst, false) }

// ExpFloat64 fills dst with the values of successive
// rand.New(src).ExpFloat64() calls: exponential deviates of rate 1.
//
// The values are math/rand/v2's on the same platform, which differ between
// architectures (see the package documentation).
//
// A *rand.Rand as src takes the per-call path; pass its Source.
func ExpFloat64(src rand.Source, dst []float64) { ziggurat(src, dst, true) }

// ziggurat is NormFloat64, or ExpFloat64 if exp.
func ziggurat(src rand.Source, dst []float64, exp bool) {
	b, mu := keystream(src)
	if b == nil {
		r := perCall(src)
		if exp {
			for i := range dst {
				dst[i] = r.ExpFloat64()
			}
		} else {
			for i := range dst {
				dst[i] = r.NormFloat64()
			}
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
		o, w := zigWalk(d, p, b, exp) // values written, words drawn
		for w < len(d) {
			// The fast path of rand.Rand.NormFloat64 (ExpFloat64), taken
			// 97.4% (97.8%) of the time (TestSlowPathsHit): one word per
			// value, so the value index stays w-k until the next slow
			// path.
			k := w - o
			if exp {
				w = zigFast[uint32](d, p, w, k, &zigExp)
			} else {
				w = zigFast[int32](d, p, w, k, &zigNorm)
			}
			o = w - k
			if w == len(d) {
				break
			}
			r := raw{p: p, w: w + 1, n: len(d), b: b}
			if exp {
				d[o] = r.expSlow(le64(p, w))
			} else {
				d[o] = r.normSlow(le64(p, w))
			}
			o, w = o+1, r.w
		}
		dst = dst[o:]
	}
}

// zigFast sets d[w-k] to the value of word w (of p, d's memory) while it
// takes the fast path of rand.Rand.NormFloat64 (J int32, z &zigNorm) or
// ExpFloat64 (J uint32, z &zigExp): j = J(u), i = byte 4 of u, taken if
// |j| < z.k[i], the value float64(j) * float64(z.w[i]). It returns the
// index of the first word that misses it, or len(d). (The two
// instantiations are compiled separately, each as if written out.)
func zigFast[J int32 | uint32](d []float64, p []byte, w, k int, z *zigTables) int {
	for ; w < len(d); w++ {
		u := le64(p, w)
		j := J(u)
		i := uint8(u >> 32)
		a := uint32(j)
		if j < 0 {
			a = uint32(-j)
		}
		if a >= z.k[i] {
			break
		}
		d[w-k] = float64(j) * float64(z.w[i])
	}
	return w
}

// zigTables holds a ziggurat's fast-path tables indexed by byte 4 of a
// word: NormFloat64's strip i&0x7F at i and i+128, ExpFloat64's as they
// are.
type zigTables struct {
	k [256]uint32
	w [256]float32
}

var zigNorm, zigExp = func() (n, e zigTables) {
	for i := range 256 {
		n.k[i], n.w[i] = kn[i%128], wn[i%128]
	}
	e.k, e.w = ke, we
	return n, e
}()

// zigChunkWords is how many words NormFloat64 and ExpFloat64 read into dst
// at a time: 32 KiB, which still fits L1 with the kernels' scratch. It is
// twice the other fill functions' chunk because the ziggurat's per-chunk
// work (the compaction and the slow-path pass) is larger; larger chunks
// measured no faster (docs/performance.md).
const zigChunkWords = 4096

// zigChunk returns how many words to read into dst (of n elements) next:
// n if at most zigChunkWords, else about zigChunkWords, chosen so that the
// read ends where one of the keystream's batches ends: the rest of the
// current batch (Peek: the buffered bytes, refilled if none are left) plus
// a multiple of 4 KiB. The keystream then writes whole batches straight
// into dst with its widest kernels and does not refill its buffer for the
// last words. (A fill starting mid-batch otherwise stays off the batch
// boundaries for all its chunks, and every chunk pays a partial batch
// through the keystream's buffer.)
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

// zigBlockWords is how many words the kernels convert at a time for the
// walk (zigWalk).
const zigBlockWords = 256

// zigWalk converts the words read into d (p is d's memory) for NormFloat64
// (or ExpFloat64 if exp) while at least 16 are left, zigBlockWords at a
// time, with the kernels in use (with none it converts nothing): the kernel
// computes the fast-path value of each word into a scratch array and marks
// those that miss it (asmZigguratFast); each marked word not already drawn
// by an earlier slow path takes the slow path, whose value replaces its
// scratch value and whose extra draws (the following words) are marked
// dropped; then asmCompact stores the values kept into place. A word's fast
// path depends only on the word, and a wedge test only on the word and the
// next, so the kernel is never re-entered, nothing is copied per slow word,
// and a wedge test's answer only clears mask bits. It returns the values
// written and the words drawn (at most len(d): words drawn past it come
// from b).
func zigWalk(d []float64, p []byte, b bulk.Source, exp bool) (o, w int) {
	if len(d) < 16 {
		return 0, 0
	}
	var xs [zigBlockWords]float64
	var slow, keep [zigBlockWords / 64]uint64 // bit k%64 of [k/64]: word k of the block
	words := unsafe.Slice((*uint64)(unsafe.Pointer(&d[0])), len(d))
	for len(d)-w >= 16 {
		slow = [len(slow)]uint64{}
		m := asmZigguratFast(&xs, &slow, words[w:], exp)
		if m == 0 {
			break
		}
		keep = [len(keep)]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
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
					// rand.Rand's loop. belowExp is written out here:
					// the call costs the walk its registers.
					u := le64(p, base+k)
					i := uint(u>>32) & 0x7F
					if exp {
						i = uint(uint8(u >> 32))
					}
					if i != 0 {
						f := float64(le64(p, base+k+1)<<11>>11) / (1 << 53) // rand.Rand.Float64
						y, v := wedge(i, xs[k], f, exp)
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
		o += asmCompact(d[o:], &xs, &keep, m)
		w = max(w, base+m)
	}
	return o, w
}

// b2u is 1 for true, without a branch.
func b2u(b bool) uint8 {
	var u uint8
	if b {
		u = 1
	}
	return u
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
		// float32(math.Exp(-.5*x*x)).
		if belowExp(wedge(uint(i), x, w.float64(), false)) {
			return x
		}
		u = w.next()
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
		if belowExp(wedge(uint(i), x, w.float64(), true)) {
			return x
		}
		u = w.next()
	}
}

// wedge returns y and v of the wedge test of rand.Rand's ziggurats, y <
// float32(math.Exp(v)), for strip i (not 0) of NormFloat64 (ExpFloat64 if
// exp), the word's value x and f, rand.Rand.Float64 of the next word: the
// same expressions as rand.Rand's, so the compiler fuses and rounds them
// the same way.
func wedge(i uint, x, f float64, exp bool) (y float32, v float64) {
	if exp {
		return fe[i] + float32(f)*(fe[i-1]-fe[i]), -x
	}
	return fn[i] + float32(f)*(fn[i-1]-fn[i]), -.5 * x * x
}

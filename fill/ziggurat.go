package fill

import (
	"math"
	"math/rand/v2"

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
		o, w := asmZiggurat(d, p, b, false) // values written, words drawn
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
//
// A *rand.Rand as src takes the per-call path; pass its Source.
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
		o, w := asmZiggurat(d, p, b, true) // values written, words drawn
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

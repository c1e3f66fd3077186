package dist

import "math/bits"

// The ziggurats' Fill with kernels (kernels_amd64.go), after package fill's
// walk: a kernel computes the fast-path value of every word of a block of
// the chunk into a scratch array, whether the word takes the fast path or
// not, and marks the words that miss it; the walk takes the marked words in
// order, each as stdNormal (stdExp) would, and marks the words their slow
// paths draw as dropped; then a kernel stores the values kept into place
// (the chunk's memory, the words all drawn by then). The kernels never stop
// at a slow word, which would cost them a pipeline's worth of work each
// time, and the common slow path, a strip's wedge test, is decided without
// a branch on its answer, whose latency (exp) then overlaps the next one's.
//
// The wedge test needs the word (its strip i and value x, the kernel's
// value before scaling) and the next word (the height's uniform), and its
// answer only keeps or drops them: accepted, x is the value and the next
// word is drawn; rejected, both are drawn and the word after them starts a
// value afresh, which is how normalSlow (expSlow) goes on from a rejected
// wedge (u = w.next(), and the loop again: stdNormal's fast path first). So
// the walk computes the same expressions as normalSlow (expSlow), on the
// same words, and the values and the words drawn are the portable loop's;
// the tests compare the two on words dense in slow paths. The tail (strip
// 0) and a block's last word take normalSlow (expSlow) itself.

// walkBlock is how many words a block kernel converts at a time: the
// scratch values (2 KiB) stay in L1 beside the chunk.
const walkBlock = 256

// walkable reports whether the words at hand are a chunk (dst's memory)
// with a group of kernelWords words left, for normalWalk and expWalk.
func walkable(w *words) bool { return !w.peeked && w.n-w.k > 8*(kernelWords-1) }

// normalWalk writes Mu + Sigma·z into dst[0], dst[1], ... for successive
// stdNormal values z, from the words of w's chunk (dst's memory: chunk),
// a block at a time while a group of kernelWords words is left, and
// returns the values written; w is then at the first word not drawn. It
// writes nothing where no kernel is in use or the words at hand are not
// walkable.
func normalWalk(w *words, dst []float64, mu, sigma float64) int {
	var xs [walkBlock]float64
	var slow, keep [walkBlock / 64]uint64 // bit t%64 of [t/64]: word t of the block
	z := &zigNormal
	o := 0
	for walkable(w) {
		p, base := w.p, w.k
		m := asmNormalBlock(&xs, &slow, p[base:], mu, sigma)
		if m == 0 {
			break
		}
		keep = [len(keep)]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
		next, crossed := 0, false // the first word of the block not drawn yet
		for g := range (m + 63) / 64 {
			b := slow[g]
			if r := m - 64*g; r < 64 {
				b &= 1<<r - 1
			}
			for ; b != 0; b &= b - 1 {
				t := g<<6 + bits.TrailingZeros64(b)
				if t < next {
					continue // drawn by the slow path before
				}
				u := le64(p, base+8*t)
				if i := u & 0xFF; i != 0 && t+1 < m {
					// normalSlow's wedge test on word t+1.
					x := float64(int64(u)>>11) * z.w[i]
					keep[t>>6] &^= b2u(!normalWedge(u, x, le64(p, base+8*(t+1)))) << (t & 63)
					keep[(t+1)>>6] &^= 1 << ((t + 1) & 63)
					next = t + 2
					continue
				}
				w.k = base + 8*(t+1)
				xs[t] = mu + float64(sigma*normalSlow(w, u))
				next, crossed = walkDrawn(w, &keep, base, t, m)
			}
		}
		// The compaction may write anything after the values kept, up to
		// dst[o+m-1]: words of this block (o <= base/8), all drawn.
		o += asmCompact(dst[o:], xs[:], &keep, m)
		if crossed {
			return o
		}
		w.k = base + 8*max(next, m)
	}
	return o
}

// expWalk is normalWalk for Exponential: successive stdExp values divided
// by rate.
func expWalk(w *words, dst []float64, rate float64) int {
	var xs [walkBlock]float64
	var slow, keep [walkBlock / 64]uint64
	z := &zigExp
	o := 0
	for walkable(w) {
		p, base := w.p, w.k
		m := asmExpBlock(&xs, &slow, p[base:], rate)
		if m == 0 {
			break
		}
		keep = [len(keep)]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
		next, crossed := 0, false
		for g := range (m + 63) / 64 {
			b := slow[g]
			if r := m - 64*g; r < 64 {
				b &= 1<<r - 1
			}
			for ; b != 0; b &= b - 1 {
				t := g<<6 + bits.TrailingZeros64(b)
				if t < next {
					continue
				}
				u := le64(p, base+8*t)
				if i := u & 0xFF; i != 0 && t+1 < m {
					// expSlow's wedge test on word t+1.
					x := float64(int64(u>>11)) * z.w[i]
					h := z.f[i] + float64(open01(le64(p, base+8*(t+1)))*(z.f[i+1]-z.f[i]))
					keep[t>>6] &^= (1 - expBelow(i, x, h)) << (t & 63)
					keep[(t+1)>>6] &^= 1 << ((t + 1) & 63)
					next = t + 2
					continue
				}
				w.k = base + 8*(t+1)
				xs[t] = expSlow(w, u) / rate
				next, crossed = walkDrawn(w, &keep, base, t, m)
			}
		}
		o += asmCompact(dst[o:], xs[:], &keep, m)
		if crossed {
			return o
		}
		w.k = base + 8*max(next, m)
	}
	return o
}

// expChords holds, for each strip i of the exponential ziggurat, the
// strip's inner edge a = x[i+1] (0 for strip 255) and the slope of the
// chord of exp(-x) across the strip, from (a, f[i+1]) to (x[i], f[i]).
var expChords = func() (c [256][2]float64) {
	z := &zigExp
	for i := 1; i < 256; i++ {
		a, b := 0.0, float64(z.w[i]*0x1p53) // exact products, converted: no fusion
		if i < 255 {
			a = float64(z.w[i+1] * 0x1p53)
		}
		c[i] = [2]float64{a, (z.f[i] - z.f[i+1]) / (b - a)}
	}
	return c
}()

// expBelow is 1 if h < exp(-x), expSlow's wedge test of strip i (1 to
// 255), else 0, deciding it without exp unless h lies near exp(-x): exp(-x)
// is convex, so on the strip [a, b] = [x[i+1], x[i]] it lies below its
// chord and above its tangents at a and b. Measured against d = f[i+1] *
// 2^-40 (f[i+1] = exp(-a) being the largest value on the strip), the
// error of the bounds' arithmetic (a few roundings of terms below 9·f[i+1])
// and of exp (below 0.52 ulp, xmath.go) are below 2^-46·f[i+1], and so is
// the chord's excess over the curve where x lies below a (x = j·w[i] for j
// >= k[i] = floor(2^53·a/b) is at least a - b·2^-53): so below the lower
// bound minus d, h is below exp's value too, above the upper bound plus d
// it is not, and in between (0.7% of the wedge tests) exp decides. The
// answer is exp's, and it is computed without a branch on it.
func expBelow(i uint64, x, h float64) uint64 {
	z := &zigExp
	a, s := expChords[i][0], expChords[i][1]
	fa, fb, b := z.f[i+1], z.f[i], float64(z.w[i]*0x1p53) // exact products, converted: no fusion
	d := float64(fa * 0x1p-40)
	lo := max(float64(fa*((1+a)-x)), float64(fb*((1+b)-x))) - d
	hi := fa + float64(s*(x-a)) + d
	below := b2u(h < lo)
	if b2u(!(h < lo))&b2u(!(h > hi)) != 0 {
		below = b2u(h < exp(-x))
	}
	return below
}

// walkDrawn marks as dropped the words of the block (at byte base of the
// chunk, m words) that the slow path of word t drew, w being where it
// left off, and returns the first word of the block not drawn (relative to
// base, possibly beyond m) and whether the slow path drew past the chunk
// (then from the keystream's buffer: every word of the chunk is drawn).
func walkDrawn(w *words, keep *[walkBlock / 64]uint64, base, t, m int) (next int, crossed bool) {
	next = m
	if crossed = w.peeked; !crossed {
		next = (w.k - base) / 8
	}
	for q := t + 1; q < min(next, m); q++ {
		keep[q>>6] &^= 1 << (q & 63)
	}
	return next, crossed
}

// b2u is 1 for true, without a branch.
func b2u(b bool) uint64 {
	var u uint64
	if b {
		u = 1
	}
	return u
}

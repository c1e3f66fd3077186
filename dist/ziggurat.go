package dist

import (
	"math"
	"math/rand/v2"
)

// The standard normal and exponential deviates every continuous law here is
// built on: the ziggurat method of G. Marsaglia and W. W. Tsang, "The
// Ziggurat Method for Generating Random Variables", Journal of Statistical
// Software 5(8), 2000, with 256 strips and one 64-bit word per attempt. It
// is the fastest exact method in bulk (one table lookup, a compare and a
// multiply for about 99% of the values), and every step is an IEEE
// operation that rounds the same on every machine: the tables are computed
// at init with this package's own exp and log, the rare slow paths use
// them too, and no product feeds a sum unconverted.
//
// A word u gives the strip i (its low 8 bits) and, independently, the
// position j in the strip (its high 53 bits: signed for the normal,
// unsigned for the exponential), exactly converted to float64. Strip i has
// outer edge x[i] (x[1] = r, the start of the tail; x[0] = v/f(r), the
// width of the base strip's rectangle of area v) and inner edge x[i+1]
// (x[256] = 0); the value j·x[i]/2^52 (2^53) is taken at once if |j| <
// k[i] = ⌊2^52 (2^53) x[i+1]/x[i]⌋, inside the curve at every height of
// the strip. Otherwise the base strip samples the tail beyond r (Marsaglia
// 1964 for the normal, memorylessness for the exponential), and the other
// strips take the value if a uniform height in the strip's wedge lies
// below the density, and draw again from a new word if not.

// zigTables is one ziggurat's tables, indexed by strip.
type zigTables struct {
	k [256]uint64  // fast-path bound on |j|
	w [256]float64 // x[i] / 2^52 (normal) or / 2^53 (exponential)
	f [257]float64 // the density at x[i] (f[0] unused: strip 0 has no wedge), f[256] = 1
}

// The tail start r and strip area v of the 256-strip ziggurats, the root of
// "the 256 strips of equal area v close at the top", computed to 25 digits
// with mpmath (f(x) = exp(-x²/2) for the normal, exp(-x) for the
// exponential; v = r f(r) + the tail's area beyond r).
const (
	normR = 3.654152885361008771645
	normV = 0.004928673233974655347361775
	expR  = 7.697117470131049714044628
	expV  = 0.003949659822581557219977572
)

var zigNormal, zigExp = *makeZig(false), *makeZig(true)

// makeZig computes the tables from r and v with this package's exp and
// log, so they are the same on every machine.
func makeZig(exponential bool) *zigTables {
	f, finv := func(x float64) float64 { return exp(float64(-0.5*x) * x) }, func(y float64) float64 { return math.Sqrt(-2 * log(y)) }
	r, v, scale := normR, normV, 0x1p52
	if exponential {
		f, finv = func(x float64) float64 { return exp(-x) }, func(y float64) float64 { return -log(y) }
		r, v, scale = expR, expV, 0x1p53
	}
	var x [257]float64
	x[0], x[1] = v/f(r), r
	for i := 1; i < 255; i++ {
		x[i+1] = finv(f(x[i]) + v/x[i])
	}
	x[256] = 0
	z := new(zigTables)
	for i := range 256 {
		z.k[i] = uint64(float64(x[i+1] / x[i] * scale))
		z.w[i] = x[i] / scale
		z.f[i] = f(x[i])
	}
	z.f[256] = 1
	return z
}

// stdNormal returns a standard normal deviate.
func stdNormal(w *words) float64 {
	u := w.next()
	if x, ok := normalFast(u); ok {
		return x
	}
	return normalSlow(w, u)
}

// stdNormalSrc is stdNormal drawing straight from src, for Rand: its first
// word without the words' calls, and the same value.
func stdNormalSrc(src rand.Source) float64 {
	u := src.Uint64()
	z, fast := normalFast(u)
	if !fast {
		z = normalSlowSrc(src, u)
	}
	return z
}

// normalSlowSrc is stdNormalSrc's value for a first word u off the fast
// path, apart so that the callers that write the fast path in (the Rand
// of Normal, LogNormal and the Marsaglia-Tsang laws: stdNormalSrc is too
// big to inline) keep a small frame.
func normalSlowSrc(src rand.Source, u uint64) float64 {
	w := perCall(src)
	return normalSlow(&w, u)
}

// normalFast returns the value of word u and true if u takes the fast path.
func normalFast(u uint64) (float64, bool) {
	i := u & 0xFF
	j := int64(u) >> 11
	a := uint64(j)
	if j < 0 {
		a = uint64(-j)
	}
	return float64(j) * zigNormal.w[i], a < zigNormal.k[i]
}

// normalFill sets dst to Mu + Sigma·z for successive stdNormal values z
// (stdNormal with the fast path written into the loop) until dst is full
// or the words of w's chunk are spent, and returns the values written.
// The buffer's fields are kept in locals (stored back around the calls)
// so that no iteration waits on the previous one's store.
func normalFill(w *words, dst []float64, mu, sigma float64) int {
	i := 0
	if haveKernels() && walkable(w) {
		// The chunk's words a block at a time by kernels (zigwalk.go).
		i = normalWalk(w, dst, mu, sigma)
	}
	p, k, n := w.p, w.k, w.n
	for ; i < len(dst); i++ {
		var u uint64
		if k < n {
			u = le64(p, k)
			k += 8
		} else {
			w.k = k
			if w.spent() {
				return i
			}
			u = w.refill()
			p, k, n = w.p, w.k, w.n
		}
		x, fast := normalFast(u)
		if !fast {
			w.k = k
			x = normalSlow(w, u)
			p, k, n = w.p, w.k, w.n
		}
		dst[i] = mu + float64(sigma*x)
	}
	w.k = k
	return len(dst)
}

// normalSlow continues stdNormal after word u missed the fast path.
func normalSlow(w *words, u uint64) float64 {
	z := &zigNormal
	for {
		i := u & 0xFF
		j := int64(u) >> 11
		a := uint64(j)
		if j < 0 {
			a = uint64(-j)
		}
		x := float64(j) * z.w[i]
		if a < z.k[i] {
			return x
		}
		if i == 0 {
			// The tail beyond r (Marsaglia 1964), its tries until one is
			// taken.
			for {
				if x, ok := normalTail(u, w.next(), w.next()); ok {
					return x
				}
			}
		}
		if normalWedge(u, x, w.next()) {
			return x
		}
		u = w.next()
	}
}

// normalWedge is normalSlow's wedge test for word u of a strip other than
// 0 (the tail's), x its value, the height's uniform from word h: whether
// the word's value x is taken.
func normalWedge(u uint64, x float64, h uint64) bool {
	z := &zigNormal
	i := u & 0xFF
	hh := z.f[i] + float64(open01(h)*(z.f[i+1]-z.f[i]))
	return hh < exp(float64(-0.5*x)*x)
}

// normalTail is one try of normalSlow's tail for word u of strip 0, its
// uniforms from words a and b (Marsaglia 1964: x = -log(U1)/r, y =
// -log(U2), taken when 2y > x², then r + x): the value and whether the try
// is taken.
func normalTail(u, a, b uint64) (float64, bool) {
	x := float64(-log(open01(a)) * (1 / normR))
	y := -log(open01(b))
	if int64(u) < 0 {
		return -normR - x, y+y > float64(x*x)
	}
	return normR + x, y+y > float64(x*x)
}

// stdExp returns an exponential deviate of rate 1.
func stdExp(w *words) float64 {
	u := w.next()
	if x, ok := expFast(u); ok {
		return x
	}
	return expSlow(w, u)
}

// stdExpSrc is stdExp drawing straight from src, for Rand: its first word
// without the words' calls, and the same value.
func stdExpSrc(src rand.Source) float64 {
	u := src.Uint64()
	e, fast := expFast(u)
	if !fast {
		e = expSlowSrc(src, u)
	}
	return e
}

// expSlowSrc is stdExpSrc's value for a first word u off the fast path,
// apart so that the callers that write the fast path in keep a small
// frame.
func expSlowSrc(src rand.Source, u uint64) float64 {
	w := perCall(src)
	return expSlow(&w, u)
}

// expFast returns the value of word u and true if u takes the fast path.
func expFast(u uint64) (float64, bool) {
	i := u & 0xFF
	j := u >> 11
	return float64(int64(j)) * zigExp.w[i], j < zigExp.k[i]
}

// expFill sets dst to successive stdExp values divided by rate (stdExp
// with the fast path written into the loop) until dst is full or the words
// of w's chunk are spent, and returns the values written.
func expFill(w *words, dst []float64, rate float64) int {
	i := 0
	if haveKernels() && walkable(w) {
		// The chunk's words a block at a time by kernels (zigwalk.go).
		i = expWalk(w, dst, rate)
	}
	p, k, n := w.p, w.k, w.n
	for ; i < len(dst); i++ {
		var u uint64
		if k < n {
			u = le64(p, k)
			k += 8
		} else {
			w.k = k
			if w.spent() {
				return i
			}
			u = w.refill()
			p, k, n = w.p, w.k, w.n
		}
		x, fast := expFast(u)
		if !fast {
			w.k = k
			x = expSlow(w, u)
			p, k, n = w.p, w.k, w.n
		}
		dst[i] = x / rate
	}
	w.k = k
	return len(dst)
}

// expSlow continues stdExp after word u missed the fast path.
func expSlow(w *words, u uint64) float64 {
	for {
		x, fast := expFast(u)
		if fast {
			return x
		}
		if x, ok := expAttempt(u, x, w.next()); ok {
			return x
		}
		u = w.next()
	}
}

// expAttempt is one attempt of expSlow for word u off the fast path (x its
// value), from word h: for the tail strip (0) r plus an exponential, r -
// log U (always taken); else the wedge test of u's strip with h the
// height's uniform. It returns the value and whether it is taken.
func expAttempt(u uint64, x float64, h uint64) (float64, bool) {
	if u&0xFF == 0 {
		return expR - log(open01(h)), true
	}
	return x, expWedge(u, x, h)
}

// expWedge is expSlow's wedge test for word u of a strip other than 0, x
// its value, the height's uniform from word h: whether x is taken.
func expWedge(u uint64, x float64, h uint64) bool {
	z := &zigExp
	i := u & 0xFF
	hh := z.f[i] + float64(open01(h)*(z.f[i+1]-z.f[i]))
	return hh < exp(-x)
}

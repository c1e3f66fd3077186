package dist

// StudentsT is Mu + Sigma·Z·sqrt(h/G) with Z standard normal and
// G ~ Gamma(h, 1), h = Nu/2 (so that 2G is chi-squared with Nu degrees of
// freedom), Z drawn first, G by the gamma sampler of gamma.go. Written as
// sqrt(h/G) the factor neither overflows for huge Nu (h/G is near 1) nor
// loses precision near 0.
//
// Measured against it: R. W. Bailey, "Polar generation of random variates
// with the t-distribution", Mathematics of Computation 62(206), 779-781,
// 1994, which takes a point uniform in the unit disc (4/π tries of two
// words) and returns U·sqrt(Nu·(W^(-2/Nu) - 1)/W). It needs a log and,
// for precision where W is near 1 or Nu large, an expm1 per value, where
// the normal and the gamma need neither but in rare tries; it is several
// times slower for Nu = 5 on this package's exp and log.
//
// For Nu < 2 (h < 1) the gamma may lie below the normal range (for
// Nu = 0.002, half of the time): there the factor is exp((log h - log G)/2)
// from the sampler's log G, and |Sigma·z|·exp(...) is formed as one exp, so
// a value beyond the float64 range gives ±Inf as the rounded variate does
// (a quarter of the values for Nu = 0.002) and no other is lost.

import (
	"math"
	"math/rand/v2"
)

// StudentsT is Student's t distribution with location Mu, scale Sigma and
// Nu degrees of freedom (gonum's distuv.StudentsT): Mu + Sigma*T for T a
// standard t variate. Mu must be finite, Sigma and Nu finite and > 0. For
// Nu = 1 it is the Cauchy distribution; as Nu grows it tends to the normal
// (Nu = 1e300 is accepted and gives normal values).
type StudentsT struct{ Mu, Sigma, Nu float64 }

func (d StudentsT) check() {
	if !(d.Mu-d.Mu == 0 && okPositive(d.Sigma) && okPositive(d.Nu)) {
		d.fail()
	}
}

func (d StudentsT) fail() {
	finite("StudentsT", "Mu", d.Mu)
	positive("StudentsT", "Sigma", d.Sigma)
	positive("StudentsT", "Nu", d.Nu)
}

// Rand returns a StudentsT(Mu, Sigma, Nu) variate.
func (d StudentsT) Rand(src rand.Source) float64 {
	// The common cases, their words from src directly: Z, then G; Nu > 2
	// first, its checks folded into the choice of the sampler.
	h := d.Nu * 0.5
	if h > 1 && d.Nu <= math.MaxFloat64 && d.Mu-d.Mu == 0 && okPositive(d.Sigma) {
		var m mtGamma
		m.init(h)
		u := src.Uint64() // stdNormalSrc, its fast path written in
		z, fast := normalFast(u)
		if !fast {
			z = normalSlowSrc(src, u)
		}
		return d.Mu + float64(d.Sigma*(z*math.Sqrt(h/m.drawSrc(src))))
	}
	d.check()
	switch {
	case h == 1:
		z := stdNormalSrc(src)
		return d.Mu + float64(d.Sigma*(z*math.Sqrt(h/expSrc(src))))
	case h == 0.5:
		z := stdNormalSrc(src)
		return d.Mu + float64(d.Sigma*(z*math.Sqrt(h/halfSrc(src))))
	}
	return d.randOther(src)
}

// randOther is Rand for the other Nu < 2, apart so that the common case
// keeps a small frame.
func (d StudentsT) randOther(src rand.Source) float64 {
	var s tSampler
	s.init(d)
	w := perCall(src)
	return s.draw(&w)
}

// Fill sets dst to the values of len(dst) successive Rand(src) calls and
// leaves src where they would.
func (d StudentsT) Fill(src rand.Source, dst []float64) {
	d.check()
	s := newTSampler(d)
	w := open(src)
	defer w.done()
	for len(dst) > 0 {
		c := chunk(&w, dst)
		i := 0
		switch s.g.kind {
		case gammaMT, gammaExp, gammaHalf:
			i = s.fill(&w, c)
		case gammaBoost:
			i = s.boostFill(&w, c)
		default:
			for ; i < len(c) && !w.spent(); i++ {
				c[i] = s.drawLMS(&w)
			}
		}
		dst = dst[i:]
	}
}

// tSampler draws Mu + Sigma·Z·sqrt(h/G), Z first.
type tSampler struct {
	g            gammaSampler // Gamma(h, 1)
	mu, sigma, h float64
	logh         float64 // gammaLMS: log h
}

func newTSampler(d StudentsT) tSampler {
	var s tSampler
	s.init(d)
	return s
}

// init makes s the sampler of d, in place.
func (s *tSampler) init(d StudentsT) {
	// Nu/2 rounds to 0 only for the least subnormal Nu.
	h := max(float64(d.Nu*0.5), 5e-324)
	s.mu, s.sigma, s.h = d.Mu, d.Sigma, h
	if h > 1 { // the common case without the rest of the gamma sampler
		s.g.kind = gammaMT
		s.g.mt.init(h)
		return
	}
	s.g.init(h, 1)
	if s.g.kind == gammaLMS {
		s.logh = float64(log(h))
	}
}

func (s *tSampler) draw(w *words) float64 {
	switch s.g.kind {
	case gammaMT:
		return s.drawMT(w)
	case gammaExp, gammaHalf, gammaBoost:
		return s.drawUnit(w)
	default:
		return s.drawLMS(w)
	}
}

// at returns Mu + Sigma·z·sqrt(h/g).
func (s *tSampler) at(z, g float64) float64 {
	return s.mu + float64(s.sigma*(z*math.Sqrt(s.h/g)))
}

// drawMT is the value that runMT and the kernels make at once where its
// words are buffered and take the fast paths.
func (s *tSampler) drawMT(w *words) float64 {
	z := stdNormal(w)
	return s.at(z, s.g.mt.draw(w))
}

// drawUnit is for the gammas whose values are > 0 and normal (see unit).
func (s *tSampler) drawUnit(w *words) float64 {
	z := stdNormal(w)
	return s.at(z, s.g.unit(w))
}

func (s *tSampler) drawLMS(w *words) float64 {
	z := stdNormal(w)
	_, lg := s.g.lmsQuick(w)
	g := float64(exp(lg)) // lms's x
	if lg >= -708 {       // g is normal: h/g <= lmsMax·2^1022 is finite
		return s.at(z, g)
	}
	// The factor exp(r) may overflow where Sigma·z·exp(r) does not: form
	// |Sigma·z|·exp(r) as one exp.
	r := float64(0.5 * (s.logh - lg))
	v := float64(s.sigma * z)
	if v == 0 {
		return s.mu + v
	}
	return s.mu + math.Copysign(exp(float64(log(math.Abs(v)))+r), v)
}

// fill sets dst[i] = draw(w) for successive i, for a gamma of
// Marsaglia-Tsang or of h = 1/2 or 1 (Nu = 1 or 2), and returns how many
// values it set, as mtGamma.fill does: for Marsaglia-Tsang with AVX-512
// from walk; else the values whose words are buffered and take the fast
// paths (the normal and the gamma's first try taken at once, three words,
// or the normal and the gamma's word, two) come from the kernels (whole
// groups of their lanes, for Marsaglia-Tsang) and run, the others from
// draw.
func (s *tSampler) fill(w *words, dst []float64) int {
	kernel := s.g.kind == gammaMT && !s.g.mt.big
	l := s.g.mt.lanes()
	i := 0
	if kernel && haveTWalk() && len(dst) >= mtWalkMin {
		var sc tScratch
		i = s.walk(w, dst, &l, &sc)
		if i == len(dst) || w.spent() || rechunk(w, len(dst)-i) {
			return i
		}
	}
	for i < len(dst) {
		if kernel {
			j := asmTMT(dst[i:], w.p[w.k:], &l, s.mu, s.sigma, s.h)
			w.k += 24 * j
			i += j
		}
		j, k := s.run(w.p, w.k, w.n, dst[i:])
		w.k = k
		i += j
		if i == len(dst) {
			break
		}
		if w.spent() {
			return i
		}
		dst[i] = s.draw(w)
		i++
		if rechunk(w, len(dst)-i) {
			return i
		}
	}
	return len(dst)
}

// boostFill sets dst[i] = drawUnit(w) for successive i while the words of
// w's chunk last, for a boosted gamma (1/4 <= h < 1 but 1/2), and returns
// how many values it set: gammaSampler.boostFill with Z drawn before each
// gamma, then Mu + Sigma·Z·sqrt(h/G), drawUnit's operations.
func (s *tSampler) boostFill(w *words, dst []float64) int {
	var zs, us [boostBlock]float64
	i := 0
	for i < len(dst) && !w.spent() && !rechunk(w, len(dst)-i) {
		b := dst[i:min(len(dst), i+len(us))]
		n := s.g.boostRun(w, b, us[:len(b)], zs[:len(b)])
		s.g.boostPowers(b[:n], us[:n])
		for j, g := range b[:n] {
			b[j] = s.at(zs[j], g)
		}
		i += n
	}
	return i
}

// run is runMT or runUnit, as the gamma's kind.
func (s *tSampler) run(p []byte, k, n int, dst []float64) (int, int) {
	if s.g.kind == gammaMT {
		return s.runMT(p, k, n, dst)
	}
	return s.runUnit(p, k, n, dst)
}

// runUnit sets dst[i] = drawUnit for successive i while each value's two
// words are buffered in p at k (n = len(p) - 7), Z's on the normal's fast
// path and the gamma's (Z²/2 of a normal word for h = 1/2, the exponential
// for h = 1) on its fast path and not 0 (halfUnit and expUnit draw again
// after 0), and returns how many it set and the offset past their words:
// drawUnit written out for that case, so the same values.
func (s *tSampler) runUnit(p []byte, k, n int, dst []float64) (int, int) {
	half := s.g.kind == gammaHalf
	for i := range dst {
		if k+8 >= n {
			return i, k
		}
		z, fz := normalFast(le64(p, k))
		var g float64
		var fg bool
		if half {
			x, fx := normalFast(le64(p, k+8))
			g, fg = float64(0.5*(x*x)), fx && x != 0
		} else {
			g, fg = expFast(le64(p, k+8))
			fg = fg && g != 0
		}
		if !(fz && fg) {
			return i, k
		}
		k += 16
		dst[i] = s.at(z, g)
	}
	return len(dst), k
}

// tBlockLen is the most values a walk's kernel call makes.
const tBlockLen = 128

// tScratch holds a block's values (asmTWalk's), and the z, y and q of a
// value whose first try the squeeze did not take.
type tScratch struct {
	vals    [tBlockLen]float64
	z, y, q float64
}

// walk sets dst[0], dst[1], ... to drawMT(w) for successive values from
// the words of w's buffer, a block at a time, and returns how many it set:
// it stops where fewer than a group of the kernel's values (or of their
// words) is left, or after a value that drew past the chunk's words. The
// kernel (asmTWalk) takes the values in turn, going on where drawMT draws
// more words but at the tail strip, and stops at a first try the squeeze
// does not take: walk decides it by the exact test, and where that rejects
// it draws the gamma on from the try's words, as drawMT does. The kernel
// writes the values to sc, not over the words, which such a value needs.
func (s *tSampler) walk(w *words, dst []float64, l *mtLanes, sc *tScratch) int {
	m := &s.g.mt
	o := 0
	for {
		p, base := w.p, w.k
		if min(len(dst)-o, (len(p)-base)/24) < 8 {
			return o
		}
		t, used, stop, z := asmTWalk(sc.vals[:min(len(dst)-o, tBlockLen)], sc, p[base:], l, s.mu, s.sigma, s.h)
		o += copy(dst[o:], sc.vals[:t])
		w.k = base + used
		switch stop {
		case 0:
			continue
		case 1:
			dst[o] = s.drawMT(w)
		case 2:
			dst[o] = s.at(z, m.draw(w))
		default: // 3
			if m.exact(sc.y, sc.q) {
				dst[o] = sc.vals[t]
			} else {
				dst[o] = s.at(sc.z, m.draw(w))
			}
		}
		o++
		if w.peeked {
			return o // drew past the chunk's words
		}
	}
}

// runMT is mtGamma.run for Mu + Sigma·z·sqrt(h/G): three words a value
// (keep it the same as drawMT).
func (s *tSampler) runMT(p []byte, k, n int, dst []float64) (int, int) {
	c, c2, d, big := s.g.mt.c, s.g.mt.c2, s.g.mt.d, s.g.mt.big
	mu, sigma, h := s.mu, s.sigma, s.h
	for i := range dst {
		if k+16 >= n {
			return i, k
		}
		z, fz := normalFast(le64(p, k))
		x, fx := normalFast(le64(p, k+8))
		y := float64(c * x)
		q := open01(le64(p, k+16))
		x2 := x * x
		if !(fz && fx && c2*(x2*x2) < (1-q)*min(1, 1+y)) {
			return i, k
		}
		k += 24
		g := mtValue(d, big, y)
		dst[i] = mu + float64(sigma*(z*math.Sqrt(h/g)))
	}
	return len(dst), k
}

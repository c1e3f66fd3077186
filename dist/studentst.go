package dist

// StudentsT is Mu + Sigma·Z·sqrt(h/G) with Z standard normal and
// G ~ Gamma(h, 1), h = Nu/2 (so that 2G is chi-squared with Nu degrees of
// freedom), Z drawn first, G by the gamma sampler of gamma.go. Written as
// sqrt(h/G) the factor neither overflows for huge Nu (h/G is near 1) nor
// loses precision near 0.
//
// For h > 1 (Nu > 2) G is Marsaglia and Tsang's, and each try of it draws
// its own Z: a try is three words (Z's, the normal x's, the uniform q's),
// and where a normal word misses the ziggurat's fast path the next triple
// continues it, one attempt of its slow path, whose failure rejects the
// try (tryMT, slowNormals). Z is independent of G's acceptance, so a Z
// drawn again with each try has the same law as one drawn once, and with
// tries of whole triples the Fill's kernel makes every try of a block at
// once and never stops: Go continues the tries with a slow normal from
// their words and drops the tries whose words they drew.
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
		for { // tSampler.tryMT, the words from src directly
			zu, xu, qu := src.Uint64(), src.Uint64(), src.Uint64()
			z, fz := normalFast(zu)
			x, fx := normalFast(xu)
			if !(fz && fx) {
				var ok bool
				if z, x, ok = slowNormalsSrc(src, zu, xu, z, x, fz, fx); !ok {
					continue
				}
			}
			q := open01(qu)
			y := float64(m.c * x)
			x2 := x * x
			if m.c2*(x2*x2) < (1-q)*min(1, 1+y) || y > -1 && m.exact(y, q) {
				return d.Mu + float64(d.Sigma*(z*math.Sqrt(h/m.value(y))))
			}
		}
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
	sc := (*tryScratch)(nil)
	if s.g.kind == gammaMT && !s.g.mt.big && haveTBlock() && walks(len(dst)) {
		sc = new(tryScratch) // on the stack: zeroed once a Fill
	}
	for len(dst) > 0 {
		c := chunk(&w, dst)
		i := 0
		switch s.g.kind {
		case gammaMT, gammaExp, gammaHalf:
			i = s.fill(&w, c, sc)
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

// drawMT returns the value of the first try tryMT takes.
func (s *tSampler) drawMT(w *words) float64 {
	for {
		if v, ok := s.tryMT(w); ok {
			return v
		}
	}
}

// tryMT makes a try of Z and of Marsaglia and Tsang's G from the next
// triple of words: Z's normal word, x's, q's. Where a normal word misses
// the ziggurat's fast path, the next triple continues it (slowNormals).
// It returns Mu + Sigma·Z·sqrt(h/G) and true where the try is taken.
// runMT and the kernels make the same tries where both normal words take
// the fast path.
func (s *tSampler) tryMT(w *words) (float64, bool) {
	m := &s.g.mt
	zu, xu, qu := w.next(), w.next(), w.next()
	z, fz := normalFast(zu)
	x, fx := normalFast(xu)
	if !(fz && fx) {
		var ok bool
		if z, x, ok = slowNormals(w, zu, xu, z, x, fz, fx); !ok {
			return 0, false
		}
	}
	q := open01(qu)
	y := float64(m.c * x)
	x2 := x * x
	if m.c2*(x2*x2) < (1-q)*min(1, 1+y) || y > -1 && m.exact(y, q) {
		return s.at(z, m.value(y)), true
	}
	return 0, false
}

// slowNormals continues a try whose normal words zu and xu (values z and
// x, fz and fx whether each took the fast path) are not both on the fast
// path, from the next triple of words: one attempt of the slow path of
// each word off it, the first word of the triple the uniform of z's, the
// second x's (normalWedge; normalTail draws its second uniform after the
// triple), the third unused, then words drawn and dropped to a whole
// number of triples. It returns the normals and whether every attempt
// succeeded; where one fails the try is rejected. An attempt succeeds
// with the probability with which normalSlow takes the word, and then
// gives the value it would, so a try's normals, given that it is not
// rejected, are independent normals, and the tries that a failure
// rejects only cost words.
func slowNormals(w *words, zu, xu uint64, z, x float64, fz, fx bool) (float64, float64, bool) {
	hz, hx := w.next(), w.next()
	w.next()
	extra := 0 // words drawn after the triple
	okz, okx := true, true
	if !fz {
		if zu&0xFF == 0 {
			z, okz = normalTail(zu, hz, w.next())
			extra++
		} else {
			okz = normalWedge(zu, z, hz)
		}
	}
	if !fx {
		if xu&0xFF == 0 {
			x, okx = normalTail(xu, hx, w.next())
			extra++
		} else {
			okx = normalWedge(xu, x, hx)
		}
	}
	for ; extra%3 != 0; extra++ {
		w.next()
	}
	return z, x, okz && okx
}

// slowNormalsSrc is slowNormals on the words of a Rand call.
func slowNormalsSrc(src rand.Source, zu, xu uint64, z, x float64, fz, fx bool) (float64, float64, bool) {
	w := perCall(src)
	return slowNormals(&w, zu, xu, z, x, fz, fx)
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
// values it set, as mtGamma.fill does: for Marsaglia-Tsang with a kernel
// (sc, the walk's scratch, not nil) from walk, on the chunk's words and on
// the keystream's buffer alike; else the values whose words are buffered
// and take the fast paths (a try of three words taken at once, or the
// normal and the gamma's word, two) come from the kernels (whole groups
// of their lanes, for Marsaglia-Tsang) and run, the others from draw.
func (s *tSampler) fill(w *words, dst []float64, sc *tryScratch) int {
	kernel := s.g.kind == gammaMT && !s.g.mt.big
	l := s.g.mt.lanes()
	i := 0
	for i < len(dst) {
		if sc != nil {
			i += s.walk(w, dst[i:], &l, sc)
			if i == len(dst) {
				break
			}
			if w.spent() || rechunk(w, len(dst)-i) {
				return i
			}
		}
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

// walk sets dst[0], dst[1], ... to drawMT(w) for successive values from
// the words of w's chunk (dst's memory), a block of tries at a time, and
// returns how many it set: it stops where fewer than a group of the
// kernel's tries (or of values) is left, or after a try that drew past the
// chunk's words. The kernel (asmTBlock) makes every try of the block as
// if its normal words took the fast path; walk continues those that do
// not, in order, as slowNormals does (their wedge tests, then the kernel's
// try is the try; by tryMT itself for a tail or at the block's end) and
// drops the tries whose words they drew; it decides the tries the squeeze
// leaves by the exact test; then the values of the tries taken, in order,
// are the values (drawMT returns the first try taken, and each try is
// whole triples).
func (s *tSampler) walk(w *words, dst []float64, l *mtLanes, sc *tryScratch) int {
	m := &s.g.mt
	o := 0
	for {
		p, base, gen := w.p, w.k, w.gen
		n := min(len(dst)-o, (len(p)-base)/24, mtBlockLen)
		if n < 8 {
			return o
		}
		t := asmTBlock(sc, p[base:base+24*n], l, s.mu, s.sigma, s.h)
		keep := allKept()
		var done [walkBlock / 64]uint64 // the tries tryMT decided
		next, crossed := forSlowTries(sc, t, 1, func(i int) (int, bool) {
			at := base + 24*i
			zu, xu := le64(p, at), le64(p, at+8)
			if i+1 < t && zu&0xFF != 0 && xu&0xFF != 0 {
				// slowNormals without a tail: the wedge tests of both
				// words from the next try's, computed for both and kept
				// for those off the fast path, without a branch on either.
				z, fz := normalFast(zu)
				x, fx := normalFast(xu)
				okz := b2u(fz) | b2u(normalWedge(zu, z, le64(p, at+24)))
				okx := b2u(fx) | b2u(normalWedge(xu, x, le64(p, at+32)))
				return wedgeDrawn(&keep, i, 1, okz&okx), false
			}
			w.k = at
			v, ok := s.tryMT(w)
			sc.vals[i] = v
			return tryDrawn(w, gen, base, 24, i, 1, t, ok, &keep, &done)
		})
		decideMarked([2]*mtGamma{m, m}, sc, &keep, &done, t)
		// The compaction may write anything after the values kept, up to
		// dst[o+t-1]: bytes below the words of the block's try t.
		o += asmCompact(dst[o:], sc.vals[:], &keep, t)
		if crossed {
			return o
		}
		w.k = base + 24*max(next, t)
	}
}

// runMT is mtGamma.run for Mu + Sigma·z·sqrt(h/G): tryMT's tries of three
// words taken at once (keep it the same as tryMT).
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

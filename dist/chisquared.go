package dist

// ChiSquared(K) is Gamma(K/2, 1/2): the same sampler (see gamma.go), whose
// final division by the rate 1/2 is the exact doubling 2*Gamma(K/2, 1), so
// ChiSquared shares the gamma sampler's tests and its values are twice
// Gamma{K/2, 1}'s bit for bit (but below e^-708, where both are formed
// from log X and rounded once).

import (
	"math"
	"math/rand/v2"
)

// ChiSquared is the chi-squared distribution with K degrees of freedom
// (gonum's distuv.ChiSquared): the sum of K squared standard normals for an
// integer K, Gamma with shape K/2 and rate 1/2 for any K. K must be finite
// and > 0; values round to float64 as Gamma's do (0 below half the least
// subnormal, which for K = 0.002 is about 47% of the mass).
type ChiSquared struct{ K float64 }

func (d ChiSquared) check() {
	if !okPositive(d.K) {
		d.fail()
	}
}

func (d ChiSquared) fail() { positive("ChiSquared", "K", d.K) }

// sampler is Gamma(K/2, 1/2). K/2 rounds to 0 only for the least
// subnormal K; the shape stays the least subnormal then, which gives the
// same values (0 but with probability below 1e-320).
func (d ChiSquared) sampler() gammaSampler {
	return newGammaSampler(max(float64(d.K*0.5), 5e-324), 0.5)
}

// Rand returns a ChiSquared(K) variate.
func (d ChiSquared) Rand(src rand.Source) float64 {
	if d.K > 2 && d.K <= math.MaxFloat64 { // the common case, its check folded in
		// Gamma(K/2, 1/2)'s Rand, written in (a call of it measured
		// 1.07x slower): Marsaglia and Tsang's draw times 2. Keep the
		// two the same.
		var m mtGamma
		m.init(d.K * 0.5)
		for {
			xu, qu := src.Uint64(), src.Uint64()
			x, fast := normalFast(xu)
			if !fast {
				var ok bool
				if x, ok = slowNormal(xu, x, src.Uint64(), src.Uint64()); !ok {
					continue
				}
			}
			y := float64(m.c * x)
			q := open01(qu)
			x2 := x * x
			if m.c2*(x2*x2) < (1-q)*min(1, 1+y) || y > -1 && m.exact(y, q) {
				return 2 * m.value(y)
			}
		}
	}
	d.check()
	// The other common cases without the rest of the sampler; 2x is
	// newGammaScale(0.5).of(x).
	switch d.K {
	case 2:
		return 2 * expSrc(src)
	case 1:
		return 2 * halfSrc(src)
	}
	return d.randOther(src)
}

// randOther is Rand for the other K < 2, apart so that the common case
// keeps a small frame.
func (d ChiSquared) randOther(src rand.Source) float64 {
	s := d.sampler()
	w := perCall(src)
	return s.draw(&w)
}

// Fill sets dst to the values of len(dst) successive Rand(src) calls and
// leaves src where they would.
func (d ChiSquared) Fill(src rand.Source, dst []float64) {
	d.check()
	s := d.sampler()
	w := open(src)
	defer w.done()
	sc := (*tryScratch)(nil)
	if s.walks(len(dst)) {
		sc = new(tryScratch) // on the stack: zeroed once a Fill
	}
	for len(dst) > 0 {
		c := chunk(&w, dst)
		i := 0
		switch s.kind {
		case gammaMT:
			i = s.mt.fill(&w, c, s.scale, sc)
		case gammaExp:
			i = expUnitFill(&w, c, s.scale)
		case gammaHalf:
			i = halfUnitFill(&w, c, s.scale)
		case gammaBoost:
			i = s.boostFill(&w, c, sc)
		default:
			i = s.lmsFill(&w, c)
		}
		dst = dst[i:]
	}
}

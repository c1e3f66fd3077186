package dist

import "math/rand/v2"

// Exponential is the exponential distribution with rate Rate (mean 1/Rate).
type Exponential struct{ Rate float64 }

func (d Exponential) check() { positive("Exponential", "Rate", d.Rate) }

// Rand returns e/Rate for an exponential deviate e of rate 1 from the
// ziggurat (one word about 99% of the time).
func (d Exponential) Rand(src rand.Source) float64 {
	d.check()
	u := src.Uint64() // stdExpSrc, its fast path written in
	e, fast := expFast(u)
	if !fast {
		e = expSlowSrc(src, u)
	}
	return e / d.Rate
}

// Fill sets dst to the values of len(dst) successive Rand(src) calls and
// leaves src where they would.
func (d Exponential) Fill(src rand.Source, dst []float64) {
	d.check()
	w := open(src)
	defer w.done()
	for len(dst) > 0 {
		dst = dst[expFill(&w, chunk(&w, dst), d.Rate):]
	}
}

// Weibull is the Weibull distribution with shape K and scale Lambda:
// P(X > x) = exp(-(x/Lambda)^K).
type Weibull struct{ K, Lambda float64 }

func (d Weibull) check() {
	positive("Weibull", "K", d.K)
	positive("Weibull", "Lambda", d.Lambda)
}

// Rand returns Lambda·e^(1/K) for an exponential deviate e of rate 1, which
// has the Weibull law by inversion of its survival function.
func (d Weibull) Rand(src rand.Source) float64 {
	if !(okPositive(d.K) && okPositive(d.Lambda)) { // check's test, written in
		d.check()
	}
	return d.Lambda * exp(float64(powLog(stdExpSrc(src))*(1/d.K)))
}

// Fill sets dst to the values of len(dst) successive Rand(src) calls and
// leaves src where they would.
func (d Weibull) Fill(src rand.Source, dst []float64) {
	d.check()
	w := open(src)
	defer w.done()
	// The exponentials first, then the power over them in place, a chunk
	// at a time while it is in L1.
	for len(dst) > 0 {
		c := chunk(&w, dst)
		c = c[:expFill(&w, c, 1)]
		powAll(c, 1/d.K, d.Lambda)
		dst = dst[len(c):]
	}
}

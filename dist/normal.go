package dist

import "math/rand/v2"

// Normal is the normal (Gaussian) distribution with mean Mu and standard
// deviation Sigma.
type Normal struct{ Mu, Sigma float64 }

func (d Normal) check() {
	finite("Normal", "Mu", d.Mu)
	positive("Normal", "Sigma", d.Sigma)
}

// Rand returns a normal deviate: Mu + Sigma·z for a standard normal z from
// the ziggurat (one word about 99% of the time).
func (d Normal) Rand(src rand.Source) float64 {
	if !(d.Mu-d.Mu == 0 && okPositive(d.Sigma)) { // check's test, written in
		d.check()
	}
	u := src.Uint64() // stdNormalSrc, its fast path written in
	z, fast := normalFast(u)
	if !fast {
		z = normalSlowSrc(src, u)
	}
	return d.Mu + float64(d.Sigma*z)
}

// Fill sets dst to the values of len(dst) successive Rand(src) calls and
// leaves src where they would.
func (d Normal) Fill(src rand.Source, dst []float64) {
	d.check()
	w := open(src)
	defer w.done()
	for len(dst) > 0 {
		dst = dst[normalFill(&w, chunk(&w, dst), d.Mu, d.Sigma):]
	}
}

// LogNormal is the distribution of exp(X) for X normal with mean Mu and
// standard deviation Sigma.
type LogNormal struct{ Mu, Sigma float64 }

func (d LogNormal) check() {
	finite("LogNormal", "Mu", d.Mu)
	positive("LogNormal", "Sigma", d.Sigma)
}

// Rand returns exp(Mu + Sigma·z) for a standard normal z.
func (d LogNormal) Rand(src rand.Source) float64 {
	if !(d.Mu-d.Mu == 0 && okPositive(d.Sigma)) { // check's test, written in
		d.check()
	}
	u := src.Uint64() // stdNormalSrc, its fast path written in
	z, fast := normalFast(u)
	if !fast {
		z = normalSlowSrc(src, u)
	}
	return exp(d.Mu + float64(d.Sigma*z))
}

// Fill sets dst to the values of len(dst) successive Rand(src) calls and
// leaves src where they would.
func (d LogNormal) Fill(src rand.Source, dst []float64) {
	d.check()
	w := open(src)
	defer w.done()
	// The normals first, then exp over them in place, a chunk at a time
	// while it is in L1 (for a plain Source, all of dst at once).
	for len(dst) > 0 {
		c := chunk(&w, dst)
		c = c[:normalFill(&w, c, d.Mu, d.Sigma)]
		expAll(c)
		dst = dst[len(c):]
	}
}

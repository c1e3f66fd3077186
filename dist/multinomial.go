package dist

import (
	"math"
	"math/rand/v2"
	"strconv"
)

// Multinomial is the multinomial distribution: the counts, len(P) of them,
// of N independent trials each falling in place i with probability P[i].
// Each count alone is Binomial(N, P[i]), and the counts of a vector sum to
// N exactly. A place of P[i] = 0 always counts 0.
//
// N must be >= 0, each P[i] in [0, 1], and P must sum to 1 within
// multinomialTol = 1e-9: that accepts probabilities normalised in float64
// (p_i = w_i/Σw is within about len(P) ulps of summing to 1, under 1e-9 up
// to millions of places) and rejects the usual mistakes (a place left out,
// unnormalised weights, percentages), which a wider tolerance would draw
// from silently. The counts follow P/ΣP.
//
// A vector is drawn by conditional binomials: count i is Binomial(n_i,
// P[i]/(P[i] + ... + P[len(P)-1])), n_i the trials left by the counts
// before it, with this package's Binomial sampler; it draws no word for a
// place of probability 0, for the last place of positive probability
// (which takes what is left), and for the places after the trials are used
// up, so a vector of N = 0 draws nothing.
type Multinomial struct {
	N int64
	P []float64
}

// multinomialTol is how far from 1 the sum of Multinomial.P may be.
const multinomialTol = 1e-9

func (d Multinomial) check() {
	if d.N < 0 {
		bad("Multinomial", "N", strconv.FormatInt(d.N, 10), ">= 0")
	}
	if len(d.P) == 0 {
		bad("Multinomial", "P", "[]", "at least one value")
	}
	sum := 0.0
	for i, p := range d.P {
		if !(p >= 0 && p <= 1) {
			probability("Multinomial", "P["+strconv.Itoa(i)+"]", p, false)
		}
		sum += p
	}
	if !(math.Abs(sum-1) <= multinomialTol) {
		panic("dist: Multinomial.P sums to " + fmtFloat(sum) + ", want 1 within 1e-9")
	}
}

// Fill sets dst to len(dst)/len(P) successive count vectors of the law,
// row after row, and leaves src as that many one-vector Fills would: a
// Fill of k vectors gives the values of k Fills of one. It panics, drawing
// nothing, if a field is invalid or len(dst) is not a multiple of len(P).
func (d Multinomial) Fill(src rand.Source, dst []int64) {
	d.check()
	k := len(d.P)
	if len(dst)%k != 0 {
		panic("dist: Multinomial.Fill: len(dst) = " + strconv.Itoa(len(dst)) +
			", want a multiple of len(P) = " + strconv.Itoa(k))
	}
	if len(dst) == 0 {
		return
	}
	// The conditional probabilities P[i]/T_i, T_i = P[i] + T_{i+1} summed
	// from the last place (so that no T_i is a difference, which would
	// lose the relative precision of a small tail), are the same for
	// every vector: kept, as float64 bits, in the last vector's places,
	// each read before its count replaces it. T_i >= P[i], so they are at
	// most 1, and 1 for the last place of positive probability.
	last := dst[len(dst)-k:]
	t := 0.0
	for i := k - 1; i >= 0; i-- {
		p := d.P[i]
		t += p
		c := 0.0
		if p > 0 {
			c = p / t
		}
		last[i] = int64(math.Float64bits(c))
	}
	// With four vectors or more, the two before the last keep each
	// place's log1p(-p) and p/(1-p) for inversion, for the vectors before
	// them; the last three compute them again, the same floats.
	rows := len(dst) / k
	var lqs, rs []int64
	if rows >= 4 {
		lqs, rs = dst[len(dst)-2*k:len(dst)-k], dst[len(dst)-3*k:len(dst)-2*k]
		for i := range k {
			inv := newBinomialInv(math.Float64frombits(uint64(last[i])))
			lqs[i], rs[i] = int64(math.Float64bits(inv.lq)), int64(math.Float64bits(inv.r))
		}
	}
	w := open(src)
	defer w.done()
	for r := 0; r < rows; r++ {
		row := dst[r*k : r*k+k]
		n := d.N
		for i := range row {
			c := math.Float64frombits(uint64(last[i]))
			var x int64
			if n > 0 && c > 0 {
				var inv binomialInv
				if r < rows-3 {
					inv = binomialInv{c, math.Float64frombits(uint64(lqs[i])), math.Float64frombits(uint64(rs[i]))}
				} else {
					inv = newBinomialInv(c)
				}
				x = inv.draw(&w, n)
			}
			row[i] = x
			n -= x
		}
	}
}

// binomialInv is what Binomial(n, c) needs of c for any n, computed once:
// its p = min(c, 1-c), log1p(-p) and p/(1-p), inversion's f(0) =
// exp(n·log1p(-p)) and ratio.
type binomialInv struct{ c, lq, r float64 }

func newBinomialInv(c float64) binomialInv {
	p := min(c, 1-c)
	return binomialInv{c, log1p(-p), binomialRatio(p)}
}

// draw returns a Binomial(n, c) variate for n > 0 and 0 < c <= 1, the
// value Binomial{n, c}.Rand draws from the same words (see binomialDraw),
// and n, drawing nothing, for c = 1. Inversion searches with an early
// exit instead of binomialWalk's branch-free sum of its first terms: the
// same least k with u < F(k), from the same floats (for one draw of a
// new n and p, the early exit is the faster).
func (b binomialInv) draw(w *words, n int64) int64 {
	if b.c >= 1 {
		return n
	}
	p, flip := b.c, b.c > 0.5
	if flip {
		p = 1 - b.c
	}
	if !(float64(n)*p < binomialSwitch) {
		return binomialDraw(w, n, b.c)
	}
	u := open01(w.next())
	f := exp(float64(n) * b.lq)
	c := f
	k := int64(0)
	for u >= c && k < n {
		k++
		f = binomialTerm(f, n, k, b.r)
		cn := c + f
		if cn == c {
			break
		}
		c = cn
	}
	if flip {
		return n - k
	}
	return k
}

// binomialDraw returns a Binomial(n, p) variate for n > 0 and 0 < p <= 1,
// drawn as Binomial.Rand draws it (inversion below n·min(p, 1-p) = 30,
// BTRS above, 1-p for p > 1/2), and n, drawing nothing, for p = 1.
func binomialDraw(w *words, n int64, p float64) int64 {
	if p >= 1 {
		return n
	}
	flip := p > 0.5
	if flip {
		p = 1 - p
	}
	var k int64
	if float64(n)*p < binomialSwitch {
		k = binomialWalk(open01(w.next()), n, p)
	} else {
		var s btrs
		s.init(n, p)
		k = s.draw(w, nil)
	}
	if flip {
		return n - k
	}
	return k
}

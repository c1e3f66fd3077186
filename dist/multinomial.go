package dist

import (
	"math"
	"math/bits"
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
// Where N is at most 16·len(P) and len(P) at most 64, a vector is drawn
// one trial at a time, a word each, by Walker's alias method. Otherwise it
// is drawn by conditional binomials: count i is Binomial(n_i, P[i]/T_i),
// T_i = P[i] + ... + P[len(P)-1] and n_i the trials left by the counts
// before it, or, where P[i] is more than the rest T_{i+1}, n_i less a
// Binomial(n_i, T_{i+1}/T_i) count, so that a small probability after a
// large one keeps its precision; each with this package's Binomial
// sampler (where it takes BTRS, the proposal after the first place
// computed in an order that waits less for the place before: the same
// law). It draws no word for a place of probability 0, for the last
// place of positive probability (which takes what is left), and for the
// places after the trials are used up. Either
// way a vector of N = 0, or of a single place of positive probability,
// draws nothing.
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
	if k <= trialsMaxPlaces && d.N <= trialsPerPlace*int64(k) && positives(d.P) >= 2 {
		d.fillTrials(src, dst)
		return
	}
	// Each place's conditional law, the same for every vector: the count
	// is Binomial(n, P[i]/T_i), T_i = P[i] + T_{i+1} summed from the last
	// place (so that no T_i is a difference, which would lose the relative
	// precision of a small tail), or, where P[i] > T_{i+1}, n less a
	// Binomial(n, T_{i+1}/T_i) count: each probability drawn is a quotient
	// of two sums, never 1 less one, which would round a small T_{i+1}/T_i
	// to a multiple of 2^-53 (a probability of 1e-16 after one of 1 - 1e-16
	// would be drawn as 1.1e-16). Kept as the float64 bits of that
	// probability (at most 1/2) with the sign bit set for "n less", in the
	// last vector's places, each read before its count replaces it. The
	// last place of positive probability is "n less 0": it takes n.
	last := dst[len(dst)-k:]
	t := 0.0
	for i := k - 1; i >= 0; i-- {
		p := d.P[i]
		rest := t
		t += p
		last[i] = int64(newPlace(p, rest, t))
	}
	// With four vectors or more, the two before the last keep each
	// place's log1p(-p) and p/(1-p) for inversion, for the vectors before
	// them; the last three compute them again, the same floats.
	rows := len(dst) / k
	var lqs, rs []int64
	if rows >= 4 {
		lqs, rs = dst[len(dst)-2*k:len(dst)-k], dst[len(dst)-3*k:len(dst)-2*k]
		for i := range k {
			p, flip := placeOf(last[i])
			inv := newBinomialInv(p, flip)
			lqs[i], rs[i] = int64(math.Float64bits(inv.lq)), int64(math.Float64bits(inv.r))
		}
	}
	// The first place draws Binomial(N, P[0]) in every vector: where that
	// is BTRS, its setup, and the pmf ratios its acceptance tests compute,
	// are made once for the whole Fill (the same floats as made per draw).
	var first firstPlace
	first.init(d.N, last[0])
	// n is kept as a float too, fn, exact for N <= 2^53 (else made from n
	// at each place): the next place's BTRS setup waits for no conversion.
	big := d.N > 1<<53
	var s btrs
	w := open(src)
	defer w.done()
	for r := 0; r < rows; r++ {
		row := dst[r*k : r*k+k]
		n, fn := d.N, float64(d.N)
		for i := range row {
			p, flip := placeOf(last[i])
			var x int64
			if i == 0 && first.on {
				x = first.draw(&w)
			} else if n > 0 && (p > 0 || flip) {
				if p > 0 && !(float64(fn*p) < binomialSwitch) {
					// binomialDrawFlip(w, n, p, flip)'s value but
					// that the proposal is chainedT's, and n less it
					// as a float, exact for n <= 2^53.
					kb, kf, rest := s.once(&w, n, fn, p, true)
					if flip {
						x, fn = n-kb, kf
					} else {
						x, fn = kb, rest
					}
					row[i] = x
					n -= x
					if big {
						fn = float64(n)
					}
					continue
				}
				var inv binomialInv
				if r < rows-3 {
					inv = binomialInv{p, flip, math.Float64frombits(uint64(lqs[i])), math.Float64frombits(uint64(rs[i]))}
				} else {
					inv = newBinomialInv(p, flip)
				}
				x = inv.draw(&w, n)
			}
			row[i] = x
			n -= x
			fn = float64(n)
		}
	}
}

// positives returns how many of p are > 0.
func positives(p []float64) int {
	n := 0
	for _, v := range p {
		if v > 0 {
			n++
		}
	}
	return n
}

// Few trials over few places are drawn one trial at a time (fillTrials):
// a word each, against a binomial's setup and search per place.
const (
	trialsMaxPlaces = 64 // its tables are on the stack
	trialsPerPlace  = 16 // N <= 16·len(P)
)

// fillTrials is Fill for N <= trialsPerPlace·len(P) and len(P) <=
// trialsMaxPlaces: each of the N trials takes one word and falls in a
// place by Walker's alias method (A. J. Walker, "An efficient method for
// generating discrete random variables with general distributions", ACM
// TOMS 3(3), 1977; the table built as M. D. Vose, IEEE TSE 17(9), 1991):
// the high half of the 128-bit product of the word and len(P) is a cell
// j, uniform, and the low half keeps j if it is below the cell's threshold,
// else gives j's alias: no branch on the word. The table holds
// P[i]·len(P)/ΣP to about an ulp and the thresholds have 64 bits, so each
// probability is within about 2^-52 of P[i]/ΣP; a place of probability 0
// has threshold 0 and is no cell's alias, so it is never chosen.
func (d Multinomial) fillTrials(src rand.Source, dst []int64) {
	k := len(d.P)
	var t multinomialAlias
	t.build(d.P)
	w := open(src)
	defer w.done()
	uk := uint64(k)
	for r := 0; r < len(dst); r += k {
		var counts [trialsMaxPlaces]int64
		for range d.N {
			u, ok := w.take()
			if !ok {
				u = w.refill()
			}
			j, lo := bits.Mul64(u, uk)
			i := t.alias[j]
			if lo < t.thr[j] {
				i = uint8(j)
			}
			counts[i]++
		}
		copy(dst[r:r+k], counts[:k])
	}
}

// multinomialAlias is Walker's table of up to trialsMaxPlaces places: cell j
// keeps j with probability thr[j]/2^64, else gives alias[j].
type multinomialAlias struct {
	thr   [trialsMaxPlaces]uint64
	alias [trialsMaxPlaces]uint8
}

// build makes t the table of the probabilities p/Σp (Vose's pairing of a
// cell below 1 with one above, in a fixed order, so the same table
// everywhere).
func (t *multinomialAlias) build(p []float64) {
	k := len(p)
	total := 0.0
	for _, v := range p {
		total += v
	}
	var q [trialsMaxPlaces]float64
	var small, large [trialsMaxPlaces]uint8
	ns, nl := 0, 0
	for i, v := range p {
		q[i] = float64(v*float64(k)) / total
		if q[i] < 1 {
			small[ns] = uint8(i)
			ns++
		} else {
			large[nl] = uint8(i)
			nl++
		}
	}
	for ns > 0 && nl > 0 {
		s, l := small[ns-1], large[nl-1]
		ns--
		t.thr[s] = uint64(float64(q[s] * 0x1p64)) // q[s] < 1: below 2^64
		t.alias[s] = l
		q[l] = (q[l] + q[s]) - 1
		if q[l] < 1 {
			nl--
			small[ns] = l
			ns++
		}
	}
	// The cells left are full (to within rounding): each keeps itself,
	// whatever the low half. A place of probability 0 is never left: its
	// q of 0 leaves the others' sum above their number, so one is large.
	for _, c := range small[:ns] {
		t.thr[c] = math.MaxUint64
		t.alias[c] = c
	}
	for _, c := range large[:nl] {
		t.thr[c] = math.MaxUint64
		t.alias[c] = c
	}
}

// firstPlace is the BTRS sampler of a Multinomial's first place, kept for
// the whole Fill, when Binomial(N, c) is drawn by BTRS (on).
type firstPlace struct {
	on   bool
	flip bool
	s    btrs
	memo pmfMemo
}

// init sets f up for the place pl (newPlace) of n trials, on only where
// binomialDrawFlip would draw it by BTRS: n > 0 and p > 0 with n·p >=
// binomialSwitch.
func (f *firstPlace) init(n int64, pl int64) {
	p, flip := placeOf(pl)
	if n <= 0 || !(p > 0) || float64(n)*p < binomialSwitch {
		return
	}
	f.on, f.flip = true, flip
	f.s.init(n, p)
}

// draw returns binomialDrawFlip(w, n, p, flip)'s value: the same tries,
// and the same ratios (memo only keeps those already computed).
func (f *firstPlace) draw(w *words) int64 {
	k := f.s.draw(w, f.memo[:])
	if f.flip {
		return f.s.n - k
	}
	return k
}

// newPlace returns a Multinomial place's conditional law (see Fill) for
// probability p and rest, the sum of the probabilities after it, t = p +
// rest: the bits of min(p, rest)/t, with the sign bit set where p > rest.
func newPlace(p, rest, t float64) uint64 {
	if p > rest {
		return math.Float64bits(rest/t) | 1<<63
	}
	if p > 0 {
		return math.Float64bits(p / t)
	}
	return 0
}

// placeOf returns the probability and flip of a place made by newPlace.
func placeOf(pl int64) (p float64, flip bool) {
	return math.Float64frombits(uint64(pl) &^ (1 << 63)), pl < 0
}

// binomialInv is what n less a Binomial(n, p) count (flip) or the count
// itself needs of p for any n, computed once: log1p(-p) and p/(1-p),
// inversion's f(0) = exp(n·log1p(-p)) and ratio.
type binomialInv struct {
	p     float64
	flip  bool
	lq, r float64
}

func newBinomialInv(p float64, flip bool) binomialInv {
	return binomialInv{p, flip, log1p(-p), binomialRatio(p)}
}

// draw returns binomialDrawFlip(w, n, p, flip) for n > 0 and 0 <= p <=
// 1/2, drawing nothing for p = 0. Inversion searches with an early exit
// instead of binomialWalk's branch-free sum of its first terms: the same
// least k with u < F(k), from the same floats (for one draw of a new n and
// p, the early exit is the faster).
func (b binomialInv) draw(w *words, n int64) int64 {
	p, flip := b.p, b.flip
	if p == 0 {
		if flip {
			return n
		}
		return 0
	}
	if !(float64(n)*p < binomialSwitch) {
		return binomialDrawFlip(w, n, p, flip)
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

// binomialDrawFlip returns a Binomial(n, p) variate k, or n - k if flip,
// for n > 0 and 0 < p <= 1/2, drawn as Binomial.Rand draws Binomial(n, p):
// inversion below n·p = 30, BTRS above.
func binomialDrawFlip(w *words, n int64, p float64, flip bool) int64 {
	var k int64
	if float64(n)*p < binomialSwitch {
		k = binomialWalk(open01(w.next()), n, p)
	} else {
		var s btrs
		k, _, _ = s.once(w, n, float64(n), p, false)
	}
	if flip {
		return n - k
	}
	return k
}

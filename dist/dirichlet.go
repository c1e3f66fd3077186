package dist

import (
	"math"
	"math/rand/v2"
	"strconv"
)

// Dirichlet is the Dirichlet distribution of order len(Alpha) with
// concentrations Alpha: vectors x of len(Alpha) values in [0, 1] that sum
// to 1, of density ∏ x_i^(Alpha[i]-1) / B(Alpha) (the meaning of gonum's
// distmv.Dirichlet). Each x_i alone is Beta(Alpha[i], ΣAlpha - Alpha[i]).
// Alpha must hold at least one value, each finite and > 0.
//
// A vector is G/ΣG for independent G_i ~ Gamma(Alpha[i], 1), this
// package's gamma variates. Where some Alpha[i] is below 1/4 the G_i may
// lie below the smallest float64 (for Alpha = 0.001 about half of them
// do), so there the vector is formed from the logs of the G_i, which the
// gamma sampler gives without forming G_i: x_i = exp(log G_i - m) / Σ_j
// exp(log G_j - m), m the greatest log G_j. So no vector holds a NaN and
// none is all zeros, whatever the Alpha: the greatest x_i is at least
// 1/len(Alpha) to within a few ulps (each x_i is G_i times the rounded
// 1/ΣG, so a vector of one value is 1 or the float64 below it). Each x_i is within a few ulps of G_i/ΣG, and a vector
// sums to 1 within about len(Alpha) ulps of 1 (1e-12 up to thousands of
// values). Where every Alpha is 1 the G_i are the exponential's values,
// among which 0 has probability 2^-53; a vector whose G_i are all 0 is
// 1/len(Alpha) in every place (given that they are all below the grid's
// step, the law of G/ΣG is again the same Dirichlet, whose mean that is).
type Dirichlet struct{ Alpha []float64 }

func (d Dirichlet) check() {
	if len(d.Alpha) == 0 {
		bad("Dirichlet", "Alpha", "[]", "at least one value")
	}
	for i, a := range d.Alpha {
		if !okPositive(a) {
			positive("Dirichlet", "Alpha["+strconv.Itoa(i)+"]", a)
		}
	}
}

// dirichletKept is how many of the gamma samplers a Fill sets up once, on
// its stack (120 bytes each); a Dirichlet of higher order sets up the
// others for each value (the same sampler, so the same values).
const dirichletKept = 32

// Fill sets dst to len(dst)/len(Alpha) successive vectors of the law, row
// after row, and leaves src as that many one-vector Fills would: a Fill of
// k vectors gives the values of k Fills of one. It panics, drawing
// nothing, if an Alpha is invalid or len(dst) is not a multiple of
// len(Alpha).
func (d Dirichlet) Fill(src rand.Source, dst []float64) {
	d.check()
	k := len(d.Alpha)
	if len(dst)%k != 0 {
		panic("dist: Dirichlet.Fill: len(dst) = " + strconv.Itoa(len(dst)) +
			", want a multiple of len(Alpha) = " + strconv.Itoa(k))
	}
	if a := d.Alpha[0]; a >= lmsMax && d.symmetric() {
		d.fillSymmetric(src, dst, a)
		return
	}
	var kept [dirichletKept]gammaSampler
	logs := false // some Alpha takes Liu-Martin-Syring's path: work with the logs
	for i, a := range d.Alpha {
		if i < dirichletKept {
			kept[i].init(a, 1)
		}
		logs = logs || a < lmsMax
	}
	w := open(src)
	defer w.done()
	if k <= dirichletKept && (logs || d.boosted(&kept)) {
		d.fillBlocks(&w, dst, &kept, logs)
		return
	}
	var s gammaSampler
	if logs {
		for r := 0; r < len(dst); r += k {
			d.logRow(&w, dst[r:r+k], &kept, &s)
		}
		return
	}
	if k <= dirichletKept {
		d.fillChunks(&w, dst, &kept)
		return
	}
	// row's draws, written out (not a call per value), a chunk at a time
	// into dst's memory (the values replace the words they took), and the
	// vectors normalised once their last value is made, while the chunk
	// is in L1.
	made, done, c := 0, 0, 0 // values made, values of whole vectors normalised, place
	for made < len(dst) {
		b := chunk(&w, dst[made:])
		i := 0
		for ; i < len(b) && !w.spent() && !rechunk(&w, len(b)-i); i++ {
			g := d.sampler(c, &kept, &s)
			if g.kind == gammaMT {
				b[i] = g.mt.drawQuick(&w)
			} else {
				b[i] = g.unit(&w)
			}
			if c++; c == k {
				c = 0
			}
		}
		made += i
		whole := (made - done) / k * k
		normaliseRows(dst[done:done+whole], k)
		done += whole
	}
}

// fillChunks is Fill for at most dirichletKept Alphas of at least lmsMax,
// none boosted: row's draws a chunk at a time into dst's memory (the
// values replace the words they took), and the vectors normalised once
// their last value is made, while the chunk is in L1. Each value whose
// words are at hand and take the fast path (unitFast's: Marsaglia and
// Tsang's first try taken at once, or an exponential or normal word of
// the fast path) is made in the loop, the buffer's offset in a local,
// with no call; any other is the sampler's unit from the same first word,
// so from the same words by the same decisions.
func (d Dirichlet) fillChunks(w *words, dst []float64, kept *[dirichletKept]gammaSampler) {
	k := len(d.Alpha)
	var quick [dirichletKept]bool // each place's hasFast
	for i := range k {
		quick[i] = kept[i].hasFast()
	}
	made, done, c := 0, 0, 0 // values made, values of whole vectors normalised, place
	for made < len(dst) {
		b := chunk(w, dst[made:])
		i := 0
		p, wk, n, peeked := w.p, w.k, w.n, w.peeked
		for i < len(b) {
			if peeked && len(b)-i >= rechunkMin {
				break // rechunk: the next values from a new chunk
			}
			if g := &kept[c]; quick[c] && wk+8 < n {
				// unitFast, written in.
				var v float64
				var used int
				var ok bool
				switch g.kind {
				case gammaMT:
					x, fast := normalFast(le64(p, wk))
					y := float64(g.mt.c * x)
					q := open01(le64(p, wk+8))
					x2 := x * x
					v, used, ok = mtValue(g.mt.d, false, y), 16, fast && g.mt.c2*(x2*x2) < (1-q)*min(1, 1+y)
				case gammaExp:
					e, fast := expFast(le64(p, wk))
					v, used, ok = e, 8, fast && e != 0
				default: // gammaHalf
					x, fast := normalFast(le64(p, wk))
					v, used, ok = float64(0.5*(x*x)), 8, fast && x != 0
				}
				if ok {
					wk += used
					b[i] = v
					i++
					if c++; c == k {
						c = 0
					}
					continue
				}
			}
			w.k = wk
			if w.spent() || rechunk(w, len(b)-i) {
				break
			}
			b[i] = kept[c].unit(w)
			i++
			if c++; c == k {
				c = 0
			}
			p, wk, n, peeked = w.p, w.k, w.n, w.peeked
		}
		w.k = wk
		made += i
		whole := (made - done) / k * k
		normaliseRows(dst[done:done+whole], k)
		done += whole
	}
}

// dirichletBlock is the most values fillBlocks draws before their logs
// and exps.
const dirichletBlock = 128

// fillBlocks is Fill for at most dirichletKept Alphas, some below lmsMax
// or boosted: a block of vectors at a time, the words of every G_i in turn
// first (the draws of row and logRow, with unitParts for a boosted gamma
// and lmsQuick for an Alpha below lmsMax: the same words and values),
// then the logs and exps over the block by the slice forms (the scalar's
// bits), then each vector as row or logRow forms it. A gamma that is not
// boosted takes e = 0 where a boosted one takes its exponential: exp(-0)
// = 1 exactly, so its value is g·1 = g and its log log g + -0 = log g, as
// row and logRow have them.
func (d Dirichlet) fillBlocks(w *words, dst []float64, kept *[dirichletKept]gammaSampler, logs bool) {
	k := len(d.Alpha)
	var gs, us, ls, ss [dirichletBlock]float64
	var inv [dirichletKept]float64 // 1/Alpha for a boosted gamma, else 1
	boosted, allLMS := false, true
	for c := range k {
		inv[c] = 1
		if kept[c].kind == gammaBoost {
			inv[c], boosted = kept[c].inva, true
		}
		allLMS = allLMS && kept[c].kind == gammaLMS
	}
	// One Alpha below lmsMax in every place (Alpha symmetric).
	same := allLMS && d.symmetric()
	if same {
		w.refresh()
	}
	per := max(1, len(gs)/k) * k
	for len(dst) > 0 {
		b := dst[:min(len(dst), per)]
		dst = dst[len(b):]
		// The words, value after value: for one Alpha below lmsMax in
		// every place, by lmsLogs, which takes most without a call (from
		// the keystream's buffer, which refresh made the words at hand,
		// so it runs until ls is full).
		if same {
			if kept[0].lmsLogs(w, ls[:len(b)], ss[:len(b)]) != len(b) {
				panic("dist: internal error: Dirichlet's lmsLogs stopped early")
			}
		}
		for r := 0; r < len(b) && !same; r += k {
			for c := range k {
				g, j := &kept[c], r+c
				switch {
				case g.kind == gammaLMS:
					ss[j], ls[j] = g.lmsQuick(w)
					gs[j], us[j] = 1, 0
				case g.kind == gammaBoost:
					gs[j], us[j] = g.unitParts(w)
				case g.kind == gammaMT:
					gs[j], us[j] = g.mt.drawQuick(w), 0
				default:
					gs[j], us[j] = g.unit(w), 0
				}
			}
		}
		n := len(b)
		if !logs {
			// row's values: g·exp(-e·(1/Alpha)), then G/ΣG.
			if boosted {
				for r := 0; r < n; r += k {
					for c := range k {
						us[r+c] = float64(-us[r+c] * inv[c])
					}
				}
				expAll(us[:n])
				for j := range b {
					b[j] = float64(gs[j] * us[j])
				}
			} else {
				copy(b, gs[:n])
			}
			normaliseRows(b, k)
			continue
		}
		// logRow's: the logs, less the vector's greatest, then exp and
		// G/ΣG.
		if !allLMS {
			logAll(gs[:n])
		}
		if boosted {
			for r := 0; r < n; r += k {
				for c := range k {
					gs[r+c] += float64(-us[r+c] * inv[c])
				}
			}
		}
		for r := 0; r < n; r += k {
			row := b[r : r+k]
			m := math.Inf(-1)
			least, top := math.Inf(1), 0
			for c := range row {
				l := gs[r+c]
				if kept[c].kind == gammaLMS {
					l = ls[r+c]
					if l == math.Inf(-1) {
						// As logRow: the greatest of the logs below
						// -MaxFloat64.
						if k := log(-ss[r+c]) - log(kept[c].alpha); k < least {
							least, top = k, c
						}
					}
				}
				row[c] = l
				m = max(m, l)
			}
			if m == math.Inf(-1) {
				// logRow's vector 1 at top, 0 elsewhere: exp makes it of
				// these, and normalise leaves it (its sum is 1).
				for c := range row {
					row[c] = math.Inf(-1)
				}
				row[top] = 0
				continue
			}
			for c, l := range row {
				row[c] = l - m
			}
		}
		expAll(b)
		normaliseRows(b, k)
	}
}

// boosted reports whether a gamma of kept is boosted.
func (d Dirichlet) boosted(kept *[dirichletKept]gammaSampler) bool {
	for c := range d.Alpha {
		if kept[c].kind == gammaBoost {
			return true
		}
	}
	return false
}

// symmetric reports whether every Alpha is the same.
func (d Dirichlet) symmetric() bool {
	for _, a := range d.Alpha {
		if a != d.Alpha[0] {
			return false
		}
	}
	return true
}

// fillSymmetric is Fill where every Alpha is a >= lmsMax: the G_i of all
// the vectors are then successive Gamma(a, 1) variates, which Gamma's
// bulk loops make a chunk at a time into dst (the same values from the
// same words as one at a time), and each vector is normalised once its
// last value is made, while the chunk is in L1.
func (d Dirichlet) fillSymmetric(src rand.Source, dst []float64, a float64) {
	k := len(d.Alpha)
	s := newGammaSampler(a, 1)
	w := open(src)
	defer w.done()
	sc := (*tryScratch)(nil)
	if s.walks(len(dst)) {
		sc = new(tryScratch) // on the stack: zeroed once a Fill
	}
	made, done := 0, 0 // values made; values of whole vectors normalised
	for made < len(dst) {
		c := chunk(&w, dst[made:])
		i := 0
		switch s.kind {
		case gammaMT:
			i = s.mt.fill(&w, c, s.scale, sc)
		case gammaExp:
			// The exponentials as Exponential{1}.Fill makes them (by the
			// SIMD kernels where there are), 0 included: see normalise.
			i = expFill(&w, c, 1)
		case gammaHalf:
			i = halfUnitFill(&w, c, s.scale)
		default: // gammaBoost
			i = s.boostFill(&w, c, sc)
		}
		made += i
		whole := (made - done) / k * k
		normaliseRows(dst[done:done+whole], k)
		done += whole
	}
}

// normaliseRows normalises the vectors of b, k values each: four at a
// time with their sums interleaved, so that four chains of dependent
// additions overlap, each vector's arithmetic the same as normalise's.
func normaliseRows(b []float64, k int) {
	r := 0
	for ; r+4*k <= len(b); r += 4 * k {
		v0, v1, v2, v3 := b[r:r+k], b[r+k:r+2*k], b[r+2*k:r+3*k], b[r+3*k:r+4*k]
		v1, v2, v3 = v1[:len(v0)], v2[:len(v0)], v3[:len(v0)] // no bounds checks in the loops
		s0, s1, s2, s3 := 0.0, 0.0, 0.0, 0.0
		for i := range v0 {
			s0 += v0[i]
			s1 += v1[i]
			s2 += v2[i]
			s3 += v3[i]
		}
		if !(s0 > 0 && s1 > 0 && s2 > 0 && s3 > 0 &&
			s0 < 0x1p1000 && s1 < 0x1p1000 && s2 < 0x1p1000 && s3 < 0x1p1000) {
			break // normalise's rare cases: these four and the rest by it
		}
		i0, i1, i2, i3 := 1/s0, 1/s1, 1/s2, 1/s3
		for i := range v0 {
			v0[i] *= i0
			v1[i] *= i1
			v2[i] *= i2
			v3[i] *= i3
		}
	}
	for ; r < len(b); r += k {
		normalise(b[r : r+k])
	}
}

// normalise divides the values of row, >= 0, by their sum. It multiplies
// by the reciprocal (at most an ulp from the quotient) unless the sum is
// so large that the reciprocal would lose bits. The sum overflows only for
// Alphas near MaxFloat64: then the values are first scaled by 2^-64,
// exactly (the G_i are at least e^-147 and stay normal). It is 0 only
// where every G_i is an exponential (Alpha = 1) of exactly 0, the grid's
// least value (probability 2^-53 each, so 2^-53·len(row) for the vector):
// given that every G_i is below the grid's step, they are uniform there,
// and G/ΣG is again Dirichlet(1, ..., 1); the vector is then 1/len(row)
// in each place, its mean.
func normalise(row []float64) {
	sum := 0.0
	for _, g := range row {
		sum += g
	}
	switch {
	case sum == 0:
		for i := range row {
			row[i] = 1 / float64(len(row))
		}
		return
	case sum > math.MaxFloat64:
		sum = 0
		for i, g := range row {
			g = float64(g * 0x1p-64)
			row[i] = g
			sum += g
		}
	}
	if sum >= 0x1p1000 {
		for i := range row {
			row[i] /= sum
		}
		return
	}
	inv := 1 / sum
	for i := range row {
		row[i] *= inv
	}
}

// sampler returns the gamma sampler of Alpha[i]: kept's, or s set up.
func (d Dirichlet) sampler(i int, kept *[dirichletKept]gammaSampler, s *gammaSampler) *gammaSampler {
	if i < dirichletKept {
		return &kept[i]
	}
	s.init(d.Alpha[i], 1)
	return s
}

// row sets row to one vector where every Alpha is at least lmsMax: the G_i
// are then normal numbers (see gammaSampler.unit), so G/ΣG is had directly.
func (d Dirichlet) row(w *words, row []float64, kept *[dirichletKept]gammaSampler, s *gammaSampler) {
	for i := range row {
		g := d.sampler(i, kept, s)
		if g.kind == gammaMT {
			row[i] = g.mt.drawQuick(w)
			continue
		}
		row[i] = g.unit(w)
	}
	normalise(row)
}

// drawQuick is draw with its first try written out, as run does, where
// two words are buffered: a value whose first try passes the squeeze
// (all but about 1/(36d) + 1.5% of them) takes no call; any other is
// draw's, from the same first word, so from the same words by the same
// decisions.
func (m *mtGamma) drawQuick(w *words) float64 {
	if k := w.k; k+8 < w.n {
		x, fast := normalFast(le64(w.p, k))
		y := float64(m.c * x)
		q := open01(le64(w.p, k+8))
		x2 := x * x
		if fast && m.c2*(x2*x2) < (1-q)*min(1, 1+y) {
			w.k = k + 16
			return m.value(y)
		}
	}
	return m.draw(w)
}

// logRow sets row to one vector from the logs of the G_i, for Alphas some
// of which are below lmsMax.
func (d Dirichlet) logRow(w *words, row []float64, kept *[dirichletKept]gammaSampler, s *gammaSampler) {
	m := math.Inf(-1)
	// Of the log G_i below -MaxFloat64 (-Inf in float64: only Alphas
	// below about 1e-307 reach them), the greatest, by log(-log G_i) =
	// log(-Alpha[i]·log G_i) - log(Alpha[i]), which stays finite.
	least, top := math.Inf(1), 0
	for i := range row {
		g := d.sampler(i, kept, s)
		var l float64
		if g.kind == gammaLMS {
			sl, lx := g.lmsQuick(w) // logUnit's words and value, with sl
			l = lx
			if lx == math.Inf(-1) {
				if k := log(-sl) - log(g.alpha); k < least {
					least, top = k, i
				}
			}
		} else {
			l = g.logUnit(w)
		}
		row[i] = l
		m = max(m, l)
	}
	if m == math.Inf(-1) {
		// Every G_i is that small: the greatest is the whole sum to within
		// far less than an ulp.
		clear(row)
		row[top] = 1
		return
	}
	for i, l := range row {
		row[i] = exp(l - m)
	}
	normalise(row) // the greatest is 1: the sum is in [1, len(row)]
}

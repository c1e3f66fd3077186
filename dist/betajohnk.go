package dist

// Beta(a, b) with both shapes below 1 (but both 1/2, which two normal
// words give faster: pairFill) by M. D. Jöhnk, "Erzeugung von
// betaverteilten und gammaverteilten Zufallszahlen", Metrika 8, 5-15,
// 1964: for U and V uniform, X = U^(1/a) and Y = V^(1/b), the try is taken
// where X + Y <= 1, and then X/(X+Y) is Beta(a, b). A try is two words,
// always (no slow path), and is taken with probability
// Γ(a+1)Γ(b+1)/Γ(a+b+1), at least 1/2 here (0.85 for Beta(0.2, 0.8), 0.99
// for Beta(0.1, 0.1), near 1 for tiny shapes).
//
// Its arithmetic is in log space, as small shapes need (U^(1/a) is below
// the subnormals for most U where a is 0.01): with lu = log U and lv =
// log V (powLog: the absolute accuracy an exponent needs), the test is
// exp(lu/a) + exp(lv/b) <= 1, where an exp below the float64 range is 0,
// as the sum's terms are; and the value is X/(X+Y) from those exps where
// they give it to an ulp or so (johnkValue), else from t = log X - log Y
// = lu/a - lv/b, computed as (lu·(m/a) - lv·(m/b))/m for m = min(a, b),
// so that shapes as small as the subnormals, where 1/a is +Inf, give ±Inf
// and the value 0 or 1 with the right odds, never NaN (betaOfLogRatio).
//
// Measured against the two gammas of these shapes (boosted, three words a
// try each, taken together), which took 1.6-2.5 times as long in bulk.

import "math"

// johnkTry returns the value of Jöhnk's try of words u and v, and whether
// it is taken.
func (s *betaSampler) johnkTry(u, v uint64) (float64, bool) {
	lu, lv := powLog(open01(u)), powLog(open01(v))
	x, y := exp(float64(lu*s.ia)), exp(float64(lv*s.ib))
	if x+y > 1 {
		return 0, false
	}
	return s.johnkValue(lu, lv, x, y), true
}

// johnkValue returns X/(X+Y) for a try taken: from x and y, X and Y
// rounded, where the smaller is a normal float64 (to its full relative
// precision) or the sum is at least 1/2 (the smaller's absolute error,
// below 2^-1075, is then below an ulp of any quotient), by johnkRatio;
// else from t = log X - log Y by betaOfLogRatio (johnkLog): a subnormal
// or underflowed X over a small sum may be far above the subnormals.
func (s *betaSampler) johnkValue(lu, lv, x, y float64) float64 {
	if sum := x + y; johnkRatioOK(x, y, sum) {
		return johnkRatio(x, y, sum)
	}
	return s.johnkLog(lu, lv)
}

// johnkRatioOK reports whether johnkValue takes johnkRatio.
func johnkRatioOK(x, y, sum float64) bool { return min(x, y) >= 0x1p-1022 || sum >= 0.5 }

// johnkRatio returns x/sum for sum = x + y as the smaller over the sum,
// or 1 less it (so that the values near 1 are rounded once), without a
// branch on which is the smaller, which no predictor can foresee.
func johnkRatio(x, y, sum float64) float64 {
	q := min(x, y) / sum
	v, r := math.Float64bits(q), math.Float64bits(1-q)
	if x > y {
		v = r
	}
	return math.Float64frombits(v)
}

// johnkLog returns betaOfLogRatio(t) for t = log X - log Y from lu =
// log U and lv = log V, as (lu·(m/a) - lv·(m/b))/m. It is rare but for
// tiny shapes, and kept out of line so that johnkFill's loop stays small.
//
//go:noinline
func (s *betaSampler) johnkLog(lu, lv float64) float64 {
	return betaOfLogRatio((float64(lu*s.ra) - float64(lv*s.rb)) / s.m)
}

// drawJohnk returns the value of the first try johnkTry takes.
func (s *betaSampler) drawJohnk(w *words) float64 {
	for {
		u, v := w.next(), w.next()
		if x, ok := s.johnkTry(u, v); ok {
			return x
		}
	}
}

// johnkBlock is the most tries johnkFill makes at a time.
const johnkBlock = 256

// johnkFill sets dst[i] = drawJohnk(w) for successive i while the words of
// w's chunk last, and returns how many values it set. It makes a block of
// tries at a time from the words at hand, johnkTry's operations each over
// the block (the logs and exps by their slice forms, the scalar's bits):
// the tries taken, in order, give the values, and the words of the tries
// after the last value needed are left to the next. Where fewer than a
// group of tries' words are at hand (or for a plain Source) a value comes
// from drawJohnk, which may draw past them.
func (s *betaSampler) johnkFill(w *words, dst []float64) int {
	var lu, lv, ex, ey [johnkBlock]float64
	ia, ib := s.ia, s.ib
	i := 0
	for i < len(dst) && !w.spent() && !rechunk(w, len(dst)-i) {
		nt := min(johnkBlock, (len(w.p)-w.k)/16)
		if nt < kernelWords {
			dst[i] = s.drawJohnk(w)
			i++
			continue
		}
		p := w.p[w.k : w.k+16*nt]
		for j := range nt {
			lu[j], lv[j] = open01(le64(p, 16*j)), open01(le64(p, 16*j+8))
		}
		powLogMulAll(lu[:nt], 1) // powLog(x)·1 is powLog(x)
		powLogMulAll(lv[:nt], 1)
		for j := range nt {
			ex[j], ey[j] = float64(lu[j]*ia), float64(lv[j]*ib)
		}
		expAll(ex[:nt])
		expAll(ey[:nt])
		// The values of the tries taken into dst (whose memory below the
		// words of try j holds no word not read: every value takes two
		// words or more), up to the values left. Every try's value is
		// stored at o, which counts the tries taken only, so that no
		// branch depends on a try's outcome.
		b := dst[i:]
		o, used := 0, nt
		for j := range nt {
			if o == len(b) {
				used = j
				break
			}
			x, y := ex[j], ey[j]
			sum := x + y // johnkValue, written out
			if johnkRatioOK(x, y, sum) {
				b[o] = johnkRatio(x, y, sum)
			} else {
				b[o] = s.johnkLog(lu[j], lv[j])
			}
			o += int(b2u(sum <= 1))
		}
		w.k += 16 * used
		i += o
	}
	return i
}

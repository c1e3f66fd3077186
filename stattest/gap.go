package stattest

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Gap takes float64 values in [0, 1) from src (rand.New(src).Float64) until
// it has seen ngaps gaps, and tests their lengths: Knuth TAOCP vol. 2
// §3.3.2 B (Algorithm G), the gap test. A gap of length r is a run of r
// values outside [lo, hi) followed by one inside; for uniform values its
// length is geometric, P(r) = p(1-p)^r with p = hi-lo. The lengths are
// counted in cells 0, 1, ..., t-1 and ">= t" (t the largest number, at most
// 64, with an expected count of at least 5 in every cell) and compared by
// Pearson's chi-square with t degrees of freedom (gonum
// distuv.ChiSquared); the statistic is the chi-square value. It detects
// values that fall into an interval too often or too rarely, and
// dependence between when they do: clustering, too regular spacing,
// a short-period component. The number of values it takes is random
// (about ngaps/p); a source that stops hitting the interval is cut off
// after 100·ngaps/p + 10^6 values with p = 0. The interval must lie in
// [0, 1] and be neither empty nor all of it, and ngaps must be large
// enough for t >= 4: with fewer cells the counts can match their expected
// values exactly (hi-lo = 1/8 and 32 gaps expect 4 of length 0), and the
// p-value of 1 that follows would fail a good generator about once in five
// runs. The expected number of values, ngaps/p, may not exceed
// MaxGapDraws.
func Gap(src rand.Source, ngaps int64, lo, hi float64) (Result, error) {
	if err := checkSource("gap", src); err != nil {
		return Result{}, err
	}
	r := rand.New(src)
	p := hi - lo // > 0 when lo < hi, even for subnormal values
	if !(0 <= lo && lo < hi && hi <= 1 && p < 1) {
		return Result{}, fmt.Errorf("stattest: gap test of the interval [%g, %g): want 0 <= lo < hi <= 1, not all of [0, 1)", lo, hi)
	}
	if err := checkN("gap", ngaps, 10); err != nil {
		return Result{}, err
	}
	fn := float64(ngaps)
	if draws := fn / p; draws > MaxGapDraws {
		return Result{}, fmt.Errorf("stattest: gap test: %d gaps in [%g, %g) expect %.3g values, more than MaxGapDraws (%d)", ngaps, lo, hi, draws, int64(MaxGapDraws))
	}
	t := 1
	for t < 64 && fn*p*math.Pow(1-p, float64(t)) >= 5 && fn*math.Pow(1-p, float64(t+1)) >= 5 {
		t++
	}
	if t < minGapCells {
		return Result{}, fmt.Errorf("stattest: gap test: %d gaps in [%g, %g) allow lengths counted up to t = %d (5 expected in each cell), want t >= %d", ngaps, lo, hi, t, minGapCells)
	}
	counts := make([]float64, t+1)
	// At most 100·MaxGapDraws + 10^6, far from overflowing an int64.
	budget := int64(100*fn/p + 1e6)
	for g := int64(0); g < ngaps; g++ {
		length := 0
		for {
			if budget--; budget < 0 {
				// p = 0: the values avoid the interval. No counts are
				// kept: pooled declines a run cut off.
				return Result{Name: "gap", N: g, Unit: "gaps"}, nil
			}
			u := r.Float64()
			if lo <= u && u < hi {
				break
			}
			length++
		}
		counts[min(length, t)]++
	}
	exp := make([]float64, t+1)
	for k := range t {
		exp[k] = fn * p * math.Pow(1-p, float64(k))
	}
	exp[t] = fn * math.Pow(1-p, float64(t))
	return chiSquareResult("gap", "gaps", ngaps, counts, exp, t), nil
}

// minGapCells is the smallest t Gap accepts.
const minGapCells = 4

// MaxGapDraws bounds the expected number of values of Gap, ngaps/(hi-lo):
// 2^40 values, 8 TiB of input, 2^13 times what the default battery's gap
// test takes at MaxBytes (2^27 values). Beyond it Gap returns an error at
// once rather than draw for what would be days or years (10^9 gaps in an
// interval of width 10^-8 expect 10^17 values).
const MaxGapDraws = 1 << 40

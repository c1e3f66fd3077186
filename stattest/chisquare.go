package stattest

import (
	"math"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// ChiSquare returns Pearson's statistic sum (obs-exp)^2/exp of a histogram
// (gonum stat.ChiSquare) and its p-value with df degrees of freedom: the
// survival function of the chi-square distribution (gonum
// distuv.ChiSquared). Knuth TAOCP vol. 2 §3.3.1 A: for cells with
// independent multinomial counts df is the number of cells minus one; every
// expected count should be at least 5 for the approximation to hold.
//
// Input that is no histogram gives NaN for both (a NaN p is a Fail for
// Classify): slices of different lengths or empty, df <= 0, an observed
// count that is negative or not finite, an expected count that is not
// finite and positive. The tests of this package never pass such input:
// an argument that would lead to it is an error before any data is read.
func ChiSquare(observed, expected []float64, df int) (statistic, p float64) {
	if !isHistogram(observed, expected, df) {
		return math.NaN(), math.NaN()
	}
	statistic = stat.ChiSquare(observed, expected)
	return statistic, distuv.ChiSquared{K: float64(df)}.Survival(statistic)
}

// isHistogram reports whether ChiSquare can judge observed against
// expected with df degrees of freedom (see ChiSquare).
func isHistogram(observed, expected []float64, df int) bool {
	if len(observed) == 0 || len(observed) != len(expected) || df <= 0 {
		return false
	}
	for i, o := range observed {
		e := expected[i]
		if !(o >= 0) || math.IsInf(o, 0) || !(e > 0) || math.IsInf(e, 0) {
			return false
		}
	}
	return true
}

// uniformResult is chiSquareResult of counts against equal expected
// counts, with len(counts)-1 degrees of freedom.
func uniformResult(name, unit string, n int64, counts []int64) Result {
	var total int64
	for _, c := range counts {
		total += c
	}
	obs := make([]float64, len(counts))
	exp := make([]float64, len(counts))
	e := float64(total) / float64(len(counts))
	for i, c := range counts {
		obs[i] = float64(c)
		exp[i] = e
	}
	return chiSquareResult(name, unit, n, obs, exp, len(counts)-1)
}

// twoSidedNormal returns P(|Z| >= |z|) for a standard normal Z,
// erfc(|z|/√2), through math.Erfc, which keeps its relative accuracy far
// into the tail. (gonum's Normal.Survival is (1 - erf(x/√2))/2, which
// cancels to exactly 0 from about 8.3σ on: a p-value of 0 where erfc
// gives 10^-17 and less, which says how far a defect is from chance.)
func twoSidedNormal(z float64) float64 {
	return math.Erfc(math.Abs(z) / math.Sqrt2)
}

package stattest

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// A pool is what a Result of a count statistic keeps so that a Battery's
// second level can judge the repetitions together: the counts of every
// repetition are added and judged once against their exact law. The
// p-values of a discrete statistic are themselves discrete (one value of
// a Poisson(8) count carries 14% of the probability), so their empirical
// distribution is at a fixed distance from the uniform one, which a
// Kolmogorov-Smirnov test of enough repetitions finds whatever the
// generator: that second level fails perfect generators. The sum of
// independent counts has the same law with more data, so it stays exact.
// TestU01 does the same for its Poisson statistics (L'Ecuyer & Simard,
// TestU01 user's guide, smarsa_BirthdaySpacings: "the sum of the N values
// of Y is compared with the Poisson distribution with mean Nλ").
type pool struct {
	// A chi-square over cells: observed and expected counts and the
	// degrees of freedom of one repetition, which pooling keeps.
	observed, expected []float64
	df                 int
	// A Poisson count: the total and its mean (when expected is nil and
	// variance is 0).
	count, lambda float64
	// A sum of independent terms with known mean and variance, nearly
	// normal (when variance > 0): the statistic is count, its mean lambda.
	variance float64
}

// chiSquareResult returns the Result of Pearson's chi-square of observed
// against expected counts with df degrees of freedom (ChiSquare), keeping
// the counts for the second level of a Battery.
func chiSquareResult(name, unit string, n int64, observed, expected []float64, df int) Result {
	stat, p := ChiSquare(observed, expected, df)
	return Result{Name: name, N: n, Unit: unit, Statistic: stat, P: p,
		pool: &pool{observed: observed, expected: expected, df: df}}
}

// poissonResult returns the Result of a count that is Poisson with mean
// lambda: the statistic is the count, p its mid-p value P(X > count) +
// P(X = count)/2, and the count is kept for the second level of a Battery.
func poissonResult(name, unit string, n int64, count, lambda float64) Result {
	return Result{Name: name, N: n, Unit: unit, Statistic: count, P: poissonMidP(count, lambda),
		pool: &pool{count: count, lambda: lambda}}
}

// normalResult returns the Result of a statistic x with the given mean
// and variance whose law is nearly normal (a count of many nearly
// independent events): P is the two-sided normal p-value of its z-score
// (Result.TwoSided). The second level of a Battery adds the statistics and
// their means and variances over the repetitions: the sum of a count with
// sd σ has sd √R·σ, so the atoms of its p-values shrink as the
// repetitions grow, where a test of the uniformity of the p-values of an
// integer statistic with σ = 32 would see their atoms of about 1%.
func normalResult(name, unit string, n int64, x, mean, variance float64) Result {
	return Result{Name: name, N: n, Unit: unit, Statistic: x, P: twoSidedNormal((x - mean) / math.Sqrt(variance)),
		TwoSided: true, pool: &pool{count: x, lambda: mean, variance: variance}}
}

// poissonMidP returns P(X > t) + P(X = t)/2 for X Poisson with mean lambda
// (gonum distuv.Poisson), NaN if lambda is not finite and positive.
func poissonMidP(t, lambda float64) float64 {
	if !(lambda > 0) || math.IsInf(lambda, 0) {
		return math.NaN()
	}
	pois := distuv.Poisson{Lambda: lambda}
	p := pois.Survival(t) + pois.Prob(t)/2
	if math.IsNaN(p) {
		return math.NaN()
	}
	return min(max(p, 0), 1)
}

// pooled returns the second-level Result of rs, the repetitions of one
// test, if every one carries a pool of the same shape: the chi-square of
// the summed counts, the Poisson mid-p of the summed count, or the normal
// p-value of the summed statistic. ok is false
// otherwise (the Battery then tests the uniformity of the p-values).
func pooled(name string, rs []Result) (res Result, ok bool) {
	if len(rs) == 0 || rs[0].pool == nil {
		return Result{}, false
	}
	first := rs[0].pool
	var n int64
	if first.expected == nil {
		normal := first.variance > 0
		var count, lambda, variance float64
		for _, r := range rs {
			if r.pool == nil || r.pool.expected != nil || (r.pool.variance > 0) != normal {
				return Result{}, false
			}
			count += r.pool.count
			lambda += r.pool.lambda
			variance += r.pool.variance
			n += r.N
		}
		if normal {
			return Result{Name: name, N: n, Unit: rs[0].Unit, Statistic: count,
				P: twoSidedNormal((count - lambda) / math.Sqrt(variance)), TwoSided: true}, true
		}
		return Result{Name: name, N: n, Unit: rs[0].Unit, Statistic: count, P: poissonMidP(count, lambda)}, true
	}
	obs := make([]float64, len(first.observed))
	exp := make([]float64, len(first.expected))
	for _, r := range rs {
		q := r.pool
		if q == nil || len(q.observed) != len(obs) || len(q.expected) != len(exp) || q.df != first.df {
			return Result{}, false
		}
		for i := range obs {
			obs[i] += q.observed[i]
			exp[i] += q.expected[i]
		}
		n += r.N
	}
	stat, p := ChiSquare(obs, exp, first.df)
	return Result{Name: name, N: n, Unit: rs[0].Unit, Statistic: stat, P: p, TwoSided: rs[0].TwoSided}, true
}

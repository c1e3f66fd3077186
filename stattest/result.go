package stattest

import (
	"fmt"
	"math"
)

// A Result is the outcome of one statistical test over one sample.
type Result struct {
	Name      string  // the test, e.g. "byte-frequency"
	N         int64   // the sample size, counted in Unit
	Unit      string  // what N counts: "bits", "bytes", "values", "gaps", ...
	Statistic float64 // the test statistic (each test's doc says which)
	P         float64 // its p-value
	// TwoSided is set when P is already two-sided (Monobit, Runs, the
	// serial correlations): a departure either way gives a small P, and
	// P near 1 only means a statistic near its mean. Such a P is judged
	// on its lower tail alone, by ClassifyTwoSided.
	TwoSided bool

	pool *pool // the counts behind a count statistic, for a Battery's second level
}

// Verdict returns the Result's verdict: ClassifyTwoSided(r.P) if
// r.TwoSided, Classify(r.P) otherwise.
func (r Result) Verdict() Verdict {
	if r.TwoSided {
		return ClassifyTwoSided(r.P)
	}
	return Classify(r.P)
}

// String formats the Result on one line.
func (r Result) String() string {
	return fmt.Sprintf("%s: n=%d %s, statistic=%.6g, p=%.6g (%s)", r.Name, r.N, r.Unit, r.Statistic, r.P, r.Verdict())
}

// A Verdict classifies a p-value.
type Verdict int

// The verdicts, from best to worst.
const (
	Pass Verdict = iota // p in [1e-3, 1-1e-3]
	Weak                // p outside [1e-3, 1-1e-3] but inside [1e-6, 1-1e-6]
	Fail                // p outside [1e-6, 1-1e-6], or not a number
)

// The thresholds of Classify. Both tails count: a p-value very close to 1
// means the sample fits the model better than chance allows (a counter has a
// perfectly flat byte histogram), which is as suspicious as a tiny one.
const (
	WeakLevel = 1e-3
	FailLevel = 1e-6
)

// Classify returns Fail if p is outside [FailLevel, 1-FailLevel] (or NaN),
// Weak if it is outside [WeakLevel, 1-WeakLevel], Pass otherwise: both
// tails of a one-sided p-value count. A good generator gets Weak about once
// in 500 tests and Fail about once in 500000.
//
// Those rates hold for p-values that are (close to) uniform. A discrete
// statistic puts an atom on some p-values; the tests of this package keep
// such atoms away from the tails: the Poisson statistic of
// BirthdaySpacings reports the mid-p value, and the two-sided tests whose
// p is exactly 1 at the statistic's mean (Monobit with as many ones as
// zeros) are judged by ClassifyTwoSided. TestFailRate checks the rates
// over many seeds.
func Classify(p float64) Verdict {
	switch {
	case math.IsNaN(p) || p < FailLevel || p > 1-FailLevel:
		return Fail
	case p < WeakLevel || p > 1-WeakLevel:
		return Weak
	}
	return Pass
}

// ClassifyTwoSided classifies a p-value that is already two-sided, such
// as P(|Z| >= |z|) for a normal statistic: only small values count, at
// twice the levels of Classify, so that the rates are the same: Fail if p <
// 2·FailLevel (or NaN), Weak if p < 2·WeakLevel, Pass otherwise.
func ClassifyTwoSided(p float64) Verdict {
	switch {
	case math.IsNaN(p) || p < 2*FailLevel:
		return Fail
	case p < 2*WeakLevel:
		return Weak
	}
	return Pass
}

// String returns "pass", "weak" or "fail".
func (v Verdict) String() string {
	switch v {
	case Pass:
		return "pass"
	case Weak:
		return "weak"
	case Fail:
		return "fail"
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

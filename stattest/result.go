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
}

// Verdict returns the Result's verdict: Classify(r.P).
func (r Result) Verdict() Verdict { return Classify(r.P) }

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
// Weak if it is outside [WeakLevel, 1-WeakLevel], Pass otherwise. A good
// generator gets Weak about once in 500 tests and Fail about once in 500000.
func Classify(p float64) Verdict {
	switch {
	case math.IsNaN(p) || p < FailLevel || p > 1-FailLevel:
		return Fail
	case p < WeakLevel || p > 1-WeakLevel:
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

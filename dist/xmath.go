package dist

import "math"

// TEMPORARY stubs: replaced by this package's own exact exp, log, log1p and
// lgamma (the same bits on every machine).

func exp(x float64) float64   { return math.Exp(x) }
func log(x float64) float64   { return math.Log(x) }
func log1p(x float64) float64 { return math.Log1p(x) }
func lgamma(x float64) float64 {
	v, _ := math.Lgamma(x)
	return v
}

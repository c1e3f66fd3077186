package stattest

import (
	"math"
	"math/rand/v2"
)

// SerialCorrelationUint64 takes n values from src and computes the serial
// correlation coefficient of successive values U_j = x_j/2^64 (the value as
// a fraction; its 53 leading bits count): Knuth TAOCP vol. 2 §3.3.2 K,
//
//	C = (n Σ U_j U_{j+1} - (Σ U_j)²) / (n Σ U_j² - (Σ U_j)²),
//
// with U_n = U_0. For independent values C is approximately normal with
// mean μ = -1/(n-1) and variance n²/((n-1)²(n-2)); the statistic is C and p
// the two-sided normal tail of (C-μ)/σ (erfc(|C-μ|/(σ√2)), math.Erfc,
// so Result.TwoSided). It detects linear dependence between one number and
// the next, in the leading bits: a counter, an additive or poor
// multiplicative generator. n must be at least 3.
func SerialCorrelationUint64(src rand.Source, n int64) (Result, error) {
	if err := checkSource("serial-correlation-uint64", src); err != nil {
		return Result{}, err
	}
	return serialCorrelation("serial-correlation-uint64", n, func() float64 {
		return float64(src.Uint64()) * 0x1p-64
	})
}

// SerialCorrelationFloat64 is SerialCorrelationUint64 over the float64
// values in [0, 1) that math/rand/v2 makes of src (rand.New(src).Float64,
// which keeps the 53 low bits of each Uint64), so it looks at the bits that
// SerialCorrelationUint64 rounds away.
func SerialCorrelationFloat64(src rand.Source, n int64) (Result, error) {
	if err := checkSource("serial-correlation-float64", src); err != nil {
		return Result{}, err
	}
	r := rand.New(src)
	return serialCorrelation("serial-correlation-float64", n, r.Float64)
}

func serialCorrelation(name string, n int64, next func() float64) (Result, error) {
	if err := checkN(name, n, 3); err != nil {
		return Result{}, err
	}
	res := Result{Name: name, N: n, Unit: "values", TwoSided: true}
	var sum, sumSq, sumProd float64
	first := next()
	prev := first
	sum, sumSq = first, first*first
	for i := int64(1); i < n; i++ {
		u := next()
		sum += u
		sumSq += u * u
		sumProd += prev * u
		prev = u
	}
	sumProd += prev * first
	fn := float64(n)
	c := (fn*sumProd - sum*sum) / (fn*sumSq - sum*sum)
	mu := -1 / (fn - 1)
	sigma := fn / (fn - 1) / math.Sqrt(fn-2)
	res.Statistic = c
	res.P = twoSidedNormal((c - mu) / sigma)
	return res, nil
}

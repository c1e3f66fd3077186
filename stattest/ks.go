package stattest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/stat/combin"
	"gonum.org/v1/gonum/stat/distuv"
)

// KolmogorovSmirnov takes n float64 values in [0, 1) from src (as
// rand.New(src).Float64 makes them) and compares their empirical
// distribution with the uniform one. It returns two results, for Knuth's
// one-sided statistics (TAOCP vol. 2 §3.3.1 B):
//
//	K+ = √n max_j (j/n - F(X_j)),   K- = √n max_j (F(X_j) - (j-1)/n),
//
// over the sorted sample X_1 <= ... <= X_n, with F(x) = x. K+ is large when
// the values crowd towards 0 (the empirical CDF rises too early), K- when
// they crowd towards 1. It detects any departure of the distribution of
// single values from uniform, e.g. floats that cluster, at any scale that
// the sample resolves. See KSUniform for the p-values. It holds the sample
// in memory: n must be from 1 to MaxKSValues.
func KolmogorovSmirnov(src rand.Source, n int64) (plus, minus Result, err error) {
	if n < 1 || n > MaxKSValues {
		return Result{}, Result{}, fmt.Errorf("stattest: ks-uniform needs a sample size from 1 to %d, not %d", MaxKSValues, n)
	}
	if err := checkSource("ks-uniform", src); err != nil {
		return Result{}, Result{}, err
	}
	r := rand.New(src)
	x := make([]float64, n)
	for i := range x {
		x[i] = r.Float64()
	}
	plus, minus = KSUniform(x)
	plus.Name, minus.Name = "ks-uniform+", "ks-uniform-"
	return plus, minus, nil
}

// MaxKSValues is the largest sample of KolmogorovSmirnov: 2^27 float64
// values, 1 GiB of memory.
const MaxKSValues = 1 << 27

// KSUniform returns Knuth's one-sided Kolmogorov-Smirnov statistics K+ and
// K- (see KolmogorovSmirnov) of the sample x against the uniform
// distribution on [0, 1], and their p-values. It sorts x.
//
// gonum v0.17 has no Kolmogorov distribution (stat.KolmogorovSmirnov
// computes only the two-sample distance), which is why the one-sided
// statistics are used: their law is simple. For n <= 1000 the p-value
// P(K_n^+ >= s) is exact, by the finite sum of Birnbaum & Tingey (1951),
// with ε = s/√n,
//
//	P(D_n^+ >= ε) = ε Σ_{j=0}^{⌊n(1-ε)⌋} C(n,j) (1-ε-j/n)^{n-j} (ε+j/n)^{j-1},
//
// whose binomial coefficients come from gonum stat/combin. For larger n it
// is Smirnov's limit law e^{-2s²}, the survival function of the chi-square
// distribution with 2 degrees of freedom at 4s² (gonum distuv.ChiSquared),
// with Knuth's first-order correction p = e^{-2s²}(1 - 2s/(3√n)) (TAOCP
// vol. 2 §3.3.1 B). The battery uses KSUniform on the p-values of repeated
// tests, which must be uniform too (the second-level test of Knuth §3.3.1 B
// and of TestU01).
//
// An empty x or a NaN in x gives p = NaN (a Fail for Classify); values
// outside [0, 1] are a departure from the uniform law like any other.
func KSUniform(x []float64) (plus, minus Result) {
	slices.Sort(x)
	n := float64(len(x))
	var kp, km float64
	for j, v := range x {
		kp = max(kp, float64(j+1)/n-v)
		km = max(km, v-float64(j)/n)
	}
	kp *= math.Sqrt(n)
	km *= math.Sqrt(n)
	plus = Result{Name: "ks+", N: int64(len(x)), Unit: "values", Statistic: kp, P: ksPValue(kp, n)}
	minus = Result{Name: "ks-", N: int64(len(x)), Unit: "values", Statistic: km, P: ksPValue(km, n)}
	return plus, minus
}

// exactKSLimit is the largest n for which ksPValue sums the exact law.
const exactKSLimit = 1000

// ksPValue is P(K_n^+ >= s) (see KSUniform).
func ksPValue(s, n float64) float64 {
	switch {
	case n == 0:
		return math.NaN()
	case s <= 0:
		return 1
	case s >= math.Sqrt(n):
		return 0
	case n <= exactKSLimit:
		eps := s / math.Sqrt(n)
		var p float64
		for j := 0.0; j <= math.Floor(n*(1-eps)); j++ {
			a := 1 - eps - j/n
			if a <= 0 {
				continue // 0^(n-j) with n-j > 0
			}
			p += math.Exp(combin.LogGeneralizedBinomial(n, j) + (n-j)*math.Log(a) + (j-1)*math.Log(eps+j/n))
		}
		return min(max(eps*p, 0), 1)
	}
	p := distuv.ChiSquared{K: 2}.Survival(4*s*s) * (1 - 2*s/(3*math.Sqrt(n)))
	return min(max(p, 0), 1)
}

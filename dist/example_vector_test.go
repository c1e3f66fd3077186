package dist_test

import (
	"fmt"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
)

// A one-day 99% value at risk of a portfolio of three correlated assets:
// 10^5 scenarios of their daily returns from a multivariate normal law,
// drawn in one Fill. The printed figures are the same on every machine:
// every value is.
func ExampleMultivariateNormal_Fill() {
	// Daily mean returns, volatilities and correlations of a stock index,
	// a bond fund and gold.
	mu := []float64{0.0004, 0.0001, 0.0002}
	vol := []float64{0.012, 0.004, 0.009}
	corr := [][]float64{
		{1, -0.3, 0.1},
		{-0.3, 1, 0.2},
		{0.1, 0.2, 1},
	}
	cov := mat.NewSymDense(3, nil)
	for i := range 3 {
		for j := range 3 {
			cov.SetSym(i, j, corr[i][j]*vol[i]*vol[j])
		}
	}
	m, err := dist.NewMultivariateNormal(mu, cov)
	if err != nil {
		fmt.Println(err)
		return
	}

	holdings := []float64{600000, 300000, 100000} // dollars in each asset
	const scenarios = 100000
	returns := make([]float64, 3*scenarios) // one scenario per row of 3
	m.Fill(chacha.NewSource(42), returns)
	pnl := make([]float64, scenarios)
	for s := range pnl {
		for i, h := range holdings {
			// float64(...) rounds the product before the sum, so that
			// no platform fuses the two and the figure is the same.
			pnl[s] += float64(h * returns[3*s+i])
		}
	}
	slices.Sort(pnl)
	// The exact figure, from the normal law of the portfolio's value, is
	// $16,263.73.
	fmt.Printf("99%% VaR: $%.2f\n", -pnl[scenarios/100])

	// A covariance that is not positive definite is an error.
	_, err = dist.NewMultivariateNormal([]float64{0, 0}, mat.NewSymDense(2, []float64{1, 2, 2, 1}))
	fmt.Println(err)
	// Output:
	// 99% VaR: $16262.61
	// dist: NewMultivariateNormal: cov is not positive definite (the Cholesky pivot of row 1 is -3)
}

// Dirichlet vectors of tiny concentrations, where most gamma variates lie
// below the least float64 (and gamma-then-normalise gives NaN): each
// vector is nearly a vertex, none holds a NaN, and each sums to 1.
func ExampleDirichlet_Fill() {
	xs := make([]float64, 3*4) // four vectors of three
	dist.Dirichlet{Alpha: []float64{1e-3, 1e-3, 1e-3}}.Fill(chacha.NewSource(7), xs)
	for r := 0; r < len(xs); r += 3 {
		fmt.Printf("%.3g  sum %.15f\n", xs[r:r+3], xs[r]+xs[r+1]+xs[r+2])
	}
	// Output:
	// [1 0 0]  sum 1.000000000000000
	// [1 3.49e-80 3.04e-125]  sum 1.000000000000000
	// [0 1 2.79e-217]  sum 1.000000000000000
	// [1.07e-166 4.32e-260 1]  sum 1.000000000000000
}

// One day's counts of 1000 customers over four products, five days in one
// Fill: each day's counts sum to 1000 exactly.
func ExampleMultinomial_Fill() {
	days := make([]int64, 4*5)
	dist.Multinomial{N: 1000, P: []float64{0.5, 0.3, 0.15, 0.05}}.Fill(chacha.NewSource(3), days)
	for d := 0; d < len(days); d += 4 {
		fmt.Println(days[d : d+4])
	}
	// Output:
	// [506 302 142 50]
	// [485 316 151 48]
	// [516 299 130 55]
	// [504 299 152 45]
	// [504 305 147 44]
}

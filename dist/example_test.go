package dist_test

import (
	"fmt"
	"slices"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
)

// A fat-tailed one-day 99% value at risk: 10^5 portfolio returns with
// Student's t tails (4 degrees of freedom, scale 1%), drawn in one Fill.
// The printed figures are the same on every machine: every value is.
func ExampleStudentsT_Fill() {
	src := chacha.NewSource(42)
	returns := make([]float64, 100000)
	dist.StudentsT{Mu: 0.0005, Sigma: 0.01, Nu: 4}.Fill(src, returns)

	slices.Sort(returns)
	value := 1e6 // the portfolio, in dollars
	var99 := -returns[len(returns)/100] * value
	// The expected shortfall: the mean loss beyond the VaR.
	tail := returns[:len(returns)/100]
	sum := 0.0
	for _, r := range tail {
		sum += r
	}
	fmt.Printf("99%% VaR: $%.2f\n", var99)
	fmt.Printf("99%% expected shortfall: $%.2f\n", -sum/float64(len(tail))*value)
	// Output:
	// 99% VaR: $37099.44
	// 99% expected shortfall: $52556.44
}

// Every value, printed in full, is the same on amd64 (every SIMD tier),
// 386, arm64 and s390x, and with the purego build tag: a run archived on
// one machine is reproduced on any other.
func Example() {
	src := chacha.NewSource(2026)
	fmt.Println(dist.Normal{Mu: 0, Sigma: 1}.Rand(src))
	fmt.Println(dist.Gamma{Alpha: 2, Beta: 1}.Rand(src))
	fmt.Println(dist.Beta{Alpha: 2, Beta: 5}.Rand(src))
	fmt.Println(dist.Poisson{Lambda: 3}.Rand(src))
	fmt.Println(dist.Binomial{N: 1000, P: 0.5}.Rand(src))

	// Fill gives the values of as many Rand calls, and leaves src where
	// they would.
	ks := make([]int64, 8)
	dist.Poisson{Lambda: 100}.Fill(src, ks)
	fmt.Println(ks)
	// Output:
	// -1.4654919617034161
	// 1.9490696845385613
	// 0.4646351884784982
	// 3
	// 475
	// [116 113 97 108 91 78 98 104]
}

package dist_test

import (
	"fmt"
	"slices"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
)

// A weighted bootstrap: twelve monthly returns, recent months weighted
// more (each month 1.2 times the one before), resampled by weight 10^4
// times to give a 90% interval for the weighted mean return. The printed
// figures are the same on every machine: every index drawn is.
func ExampleNewCategorical() {
	returns := []float64{0.012, -0.034, 0.021, 0.008, -0.011, 0.027, 0.015, -0.022, 0.031, 0.004, -0.006, 0.019}
	weights := make([]float64, len(returns))
	w := 1.0
	for i := range weights {
		weights[i] = w
		w *= 1.2
	}
	c, err := dist.NewCategorical(weights)
	if err != nil {
		panic(err)
	}

	src := chacha.NewSource(42)
	idx := make([]int, len(returns))
	means := make([]float64, 10000)
	for b := range means {
		c.Fill(src, idx) // one resample: len(returns) months drawn by weight
		sum := 0.0
		for _, i := range idx {
			sum += returns[i]
		}
		means[b] = sum / float64(len(idx))
	}
	slices.Sort(means)
	fmt.Printf("90%% interval of the mean monthly return: [%.4f, %.4f]\n", means[len(means)/20], means[len(means)*19/20])
	// Output:
	// 90% interval of the mean monthly return: [-0.0013, 0.0152]
}

// An audit picks 8 of 2,000,000 ledger rows uniformly, without
// replacement and in random order, in O(8) time and memory: nothing of
// size 2,000,000 is allocated. The rows are the same on every machine.
func ExampleSample() {
	src := chacha.NewSource(2026)
	rows := make([]int, 8)
	if err := dist.Sample(src, rows, 2_000_000); err != nil {
		panic(err)
	}
	fmt.Println(rows)
	// Output:
	// [1199311 507946 84447 374336 499375 1429825 1892321 1193461]
}

// Three items picked without replacement, each time with probability
// proportional to the weight of those left: numpy's
// choice(5, 3, replace=False, p=w/w.sum()) law.
func ExampleWeightedSample() {
	src := chacha.NewSource(7)
	weights := []float64{10, 1, 0, 5, 20} // item 2 is never picked
	picks := make([]int, 3)
	if err := dist.WeightedSample(src, picks, weights); err != nil {
		panic(err)
	}
	fmt.Println(picks)
	// Output:
	// [0 4 3]
}

package fill_test

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/fill"
)

func ExampleFloat64() {
	src := chacha.NewSource(42)
	xs := make([]float64, 1000)
	fill.Float64(src, xs) // the values of 1000 rand.New(src).Float64() calls

	again := chacha.NewSource(42)
	r := rand.New(again)
	same := true
	for _, x := range xs {
		same = same && x == r.Float64()
	}
	fmt.Println(same, src.Uint64() == again.Uint64())
	// Output: true true
}

// gonum's distuv.Normal takes any of this module's Sources; its Rand is
// rand.New(Src).NormFloat64()*Sigma + Mu (gonum v0.17.0, stat/distuv/norm.go),
// so fill.NormFloat64 scaled by Sigma and shifted by Mu gives exactly the
// values of successive Rand calls, and the Source ends at the same position.
// It takes a fraction of the time (BenchmarkGonumNormal; the figures are in
// docs/performance.md); NormFloat64's rare slow path, which calls
// math.Exp, bounds the gain.
func ExampleNormFloat64_gonum() {
	const mu, sigma = 10.0, 2.5
	dist := distuv.Normal{Mu: mu, Sigma: sigma, Src: chacha.NewSource(7)}

	src := chacha.NewSource(7)
	xs := make([]float64, 100000)
	fill.NormFloat64(src, xs)
	for i := range xs {
		xs[i] = xs[i]*sigma + mu
	}

	same := true
	for _, x := range xs {
		same = same && x == dist.Rand()
	}
	fmt.Println(same, src.Uint64() == dist.Src.Uint64())
	// Output: true true
}

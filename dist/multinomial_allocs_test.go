package dist_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
)

// TestVectorFillAllocs: the value types' Fill allocates nothing, as the
// package doc says, on each of Multinomial's ways (trial by trial for a
// small N, conditional binomials for a large one) and Dirichlet's.
func TestVectorFillAllocs(t *testing.T) {
	src := chacha.NewSource(1)
	x := make([]int64, 999)
	y := make([]float64, 999)
	for name, fill := range map[string]func(){
		"Multinomial N=10":   func() { dist.Multinomial{N: 10, P: []float64{0.2, 0.3, 0.5}}.Fill(src, x) },
		"Multinomial N=1000": func() { dist.Multinomial{N: 1000, P: []float64{0.2, 0.3, 0.5}}.Fill(src, x) },
		"Dirichlet(1,2,3)":   func() { dist.Dirichlet{Alpha: []float64{1, 2, 3}}.Fill(src, y) },
		"Dirichlet(1e-3)":    func() { dist.Dirichlet{Alpha: []float64{1e-3, 1e-3, 1e-3}}.Fill(src, y) },
	} {
		require.Zero(t, testing.AllocsPerRun(10, fill), name)
	}
}

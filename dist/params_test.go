package dist_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
)

// badParams are invalid parameters of each type and the panic message each
// gives, from Rand and from Fill (even of an empty slice), before drawing.
var badParams = []struct {
	d    any
	want string
}{
	{dist.Normal{Mu: 0, Sigma: 0}, "dist: Normal.Sigma = 0, want > 0"},
	{dist.Normal{Mu: 0, Sigma: -1}, "dist: Normal.Sigma = -1, want > 0"},
	{dist.Normal{Mu: math.NaN(), Sigma: 1}, "dist: Normal.Mu = NaN, want a finite number"},
	{dist.Normal{Mu: math.Inf(1), Sigma: 1}, "dist: Normal.Mu = +Inf, want a finite number"},
	{dist.Normal{Mu: 0, Sigma: math.Inf(1)}, "dist: Normal.Sigma = +Inf, want a finite number"},
	{dist.LogNormal{Mu: 0, Sigma: math.NaN()}, "dist: LogNormal.Sigma = NaN, want a finite number"},
	{dist.LogNormal{Mu: math.Inf(-1), Sigma: 1}, "dist: LogNormal.Mu = -Inf, want a finite number"},
	{dist.Exponential{Rate: 0}, "dist: Exponential.Rate = 0, want > 0"},
	{dist.Exponential{Rate: -2}, "dist: Exponential.Rate = -2, want > 0"},
	{dist.Exponential{Rate: math.Inf(1)}, "dist: Exponential.Rate = +Inf, want a finite number"},
	{dist.Weibull{K: 0, Lambda: 1}, "dist: Weibull.K = 0, want > 0"},
	{dist.Weibull{K: 1, Lambda: math.NaN()}, "dist: Weibull.Lambda = NaN, want a finite number"},
	{dist.Uniform{Min: 1, Max: 1}, "dist: Uniform.Max = 1, want a float64 above the next one after Min (1): the open interval must hold a value"},
	{dist.Uniform{Min: 2, Max: 1}, "dist: Uniform.Max = 1, want a float64 above the next one after Min (2): the open interval must hold a value"},
	// Subnormal intervals with no float64 inside: a width check relative
	// to the ends alone passes them, and Rand then never returns.
	{dist.Uniform{Min: 0, Max: 5e-324}, "dist: Uniform.Max = 5e-324, want a float64 above the next one after Min (0): the open interval must hold a value"},
	{dist.Uniform{Min: -5e-324, Max: 0}, "dist: Uniform.Max = 0, want a float64 above the next one after Min (-5e-324): the open interval must hold a value"},
	{dist.Uniform{Min: 1e-323, Max: 1.5e-323}, "dist: Uniform.Max = 1.5e-323, want a float64 above the next one after Min (1e-323): the open interval must hold a value"},
	{dist.Uniform{Min: math.NaN(), Max: 1}, "dist: Uniform.Min = NaN, want a finite number"},
	{dist.Uniform{Min: 0, Max: math.Inf(1)}, "dist: Uniform.Max = +Inf, want a finite number"},
	{dist.Gamma{Alpha: -1, Beta: 1}, "dist: Gamma.Alpha = -1, want > 0"},
	{dist.Gamma{Alpha: 1, Beta: 0}, "dist: Gamma.Beta = 0, want > 0"},
	{dist.Gamma{Alpha: math.NaN(), Beta: 1}, "dist: Gamma.Alpha = NaN, want a finite number"},
	{dist.Gamma{Alpha: 1, Beta: math.Inf(1)}, "dist: Gamma.Beta = +Inf, want a finite number"},
	{dist.Beta{Alpha: 0, Beta: 1}, "dist: Beta.Alpha = 0, want > 0"},
	{dist.Beta{Alpha: 1, Beta: math.NaN()}, "dist: Beta.Beta = NaN, want a finite number"},
	{dist.ChiSquared{K: -3}, "dist: ChiSquared.K = -3, want > 0"},
	{dist.ChiSquared{K: math.Inf(1)}, "dist: ChiSquared.K = +Inf, want a finite number"},
	{dist.StudentsT{Mu: 0, Sigma: 1, Nu: 0}, "dist: StudentsT.Nu = 0, want > 0"},
	{dist.StudentsT{Mu: 0, Sigma: -1, Nu: 3}, "dist: StudentsT.Sigma = -1, want > 0"},
	{dist.StudentsT{Mu: math.NaN(), Sigma: 1, Nu: 3}, "dist: StudentsT.Mu = NaN, want a finite number"},
	{dist.Poisson{Lambda: -1}, "dist: Poisson.Lambda = -1, want >= 0"},
	{dist.Poisson{Lambda: math.NaN()}, "dist: Poisson.Lambda = NaN, want in [0, 4.611686018427388e+18]"},
	{dist.Poisson{Lambda: math.Inf(1)}, "dist: Poisson.Lambda = +Inf, want <= 4.611686018427388e+18"},
	{dist.Poisson{Lambda: 1e19}, "dist: Poisson.Lambda = 1e+19, want <= 4.611686018427388e+18"},
	{dist.Binomial{N: -1, P: 0.5}, "dist: Binomial.N = -1, want >= 0"},
	{dist.Binomial{N: 10, P: math.NaN()}, "dist: Binomial.P = NaN, want in [0, 1]"},
	{dist.Binomial{N: 10, P: 1.5}, "dist: Binomial.P = 1.5, want in [0, 1]"},
	{dist.Binomial{N: 10, P: -0.1}, "dist: Binomial.P = -0.1, want in [0, 1]"},
	{dist.Geometric{P: 0}, "dist: Geometric.P = 0, want in (0, 1]"},
	{dist.Geometric{P: math.NaN()}, "dist: Geometric.P = NaN, want in (0, 1]"},
	{dist.Geometric{P: 2}, "dist: Geometric.P = 2, want in (0, 1]"},
}

// TestBadParams: each invalid parameter panics with its message in Rand and
// in Fill, and the Source has not moved.
func TestBadParams(t *testing.T) {
	for _, c := range badParams {
		calls := map[string]func(src *chacha.Source){}
		switch d := c.d.(type) {
		case floatLaw:
			calls["Rand"] = func(s *chacha.Source) { d.Rand(s) }
			calls["Fill"] = func(s *chacha.Source) { d.Fill(s, make([]float64, 10)) }
			calls["Fill(empty)"] = func(s *chacha.Source) { d.Fill(s, nil) }
		case intLaw:
			calls["Rand"] = func(s *chacha.Source) { d.Rand(s) }
			calls["Fill"] = func(s *chacha.Source) { d.Fill(s, make([]int64, 10)) }
			calls["Fill(empty)"] = func(s *chacha.Source) { d.Fill(s, nil) }
		default:
			t.Fatalf("%T is neither a float64 nor an int64 law", c.d)
		}
		for name, call := range calls {
			src := chacha.NewSource(5)
			src.Uint64()
			ref := *src
			require.PanicsWithValue(t, c.want, func() { call(src) }, "%T%+v.%s", c.d, c.d, name)
			require.Equal(t, ref.Uint64(), src.Uint64(), "%T%+v.%s moved the Source", c.d, c.d, name)
		}
	}
}

// TestBadParamsCovered: every law type of the contract tests has invalid
// parameters listed here.
func TestBadParamsCovered(t *testing.T) {
	listed := map[string]bool{}
	for _, c := range badParams {
		listed[fmt.Sprintf("%T", c.d)] = true
	}
	for _, l := range laws {
		typ, _, _ := strings.Cut(l.name, "{")
		require.True(t, listed[typ], "%s has no bad parameters in badParams", typ)
	}
}

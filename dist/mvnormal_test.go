package dist_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/mat"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
	"github.com/streamrand/streamrand/internal/testkit/long"
)

// mvnCase is a mean and covariance of the tests: dimension 1, a small
// correlated one, 10 (a Fill block of whole vectors in L1) and 100 (a
// factor over 32 KiB: the other block size).
type mvnCase struct {
	name string
	mu   []float64
	cov  *mat.SymDense
}

// randomCov returns a d×d covariance with unequal variances and strong
// correlations: A·Aᵀ/d + diag(0.1 + i%3), A's entries uniform in (-1, 1)
// from a PCG of seed, positive definite by the diagonal. It is computed
// here with rounded products in a fixed order (not by gonum, whose
// assembly sums in another order on other platforms), so that the golden
// laws built on it are the same everywhere.
func randomCov(d int, seed uint64) *mat.SymDense {
	r := rand.New(rand.NewPCG(seed, 7))
	a := make([]float64, d*d)
	for i := range a {
		a[i] = float64(2*r.Float64()) - 1
	}
	c := mat.NewSymDense(d, nil)
	for i := range d {
		for j := range i + 1 {
			s := 0.0
			for k := range d {
				s += float64(a[i*d+k] * a[j*d+k])
			}
			s /= float64(d)
			if i == j {
				s += 0.1 + float64(i%3)
			}
			c.SetSym(i, j, s)
		}
	}
	return c
}

func mvnCases() []mvnCase {
	mean := func(d int) []float64 {
		mu := make([]float64, d)
		for i := range mu {
			mu[i] = float64(i%5) - 2.5
		}
		return mu
	}
	return []mvnCase{
		{"d=1", []float64{3}, mat.NewSymDense(1, []float64{4})},
		{"d=4", mean(4), mat.NewSymDense(4, []float64{
			1, 0.9, -0.5, 0,
			0.9, 1, -0.3, 0.1,
			-0.5, -0.3, 2, 0.7,
			0, 0.1, 0.7, 0.5,
		})},
		{"d=10", mean(10), randomCov(10, 1)},
		{"d=100", mean(100), randomCov(100, 2)},
	}
}

func newMVN(t *testing.T, c mvnCase) *dist.MultivariateNormal {
	t.Helper()
	m, err := dist.NewMultivariateNormal(c.mu, c.cov)
	require.NoError(t, err, c.name)
	return m
}

func init() {
	for _, c := range mvnCases() {
		m, err := dist.NewMultivariateNormal(c.mu, c.cov)
		if err != nil {
			panic(err)
		}
		vectorLaws = append(vectorLaws, vectorCase("dist.MultivariateNormal{"+c.name+"}", m.Fill))
	}
}

// TestMultivariateNormalFillIsLoop: a Fill of k vectors is k Fills of one.
func TestMultivariateNormalFillIsLoop(t *testing.T) {
	for _, c := range mvnCases() {
		fillIsVectorLoop(t, "MultivariateNormal "+c.name, len(c.mu), newMVN(t, c).Fill)
	}
}

// mvnMoments draws n vectors and checks every sample mean and every sample
// covariance (about the true mean) against the law's, each within z
// standard errors: var(x̄_i) = Σii/n, var(S_ij) = (Σii·Σjj + Σij²)/n.
func mvnMoments(t *testing.T, name string, mu []float64, cov mat.Symmetric, n int, z float64) {
	t.Helper()
	d := len(mu)
	m, err := dist.NewMultivariateNormal(mu, cov)
	require.NoError(t, err)
	x := make([]float64, n*d)
	m.Fill(chacha.NewSource(uint64(d)), x)
	for i, v := range x {
		x[i] = v - mu[i%d]
	}
	xs := mat.NewDense(n, d, x)
	var s mat.SymDense
	s.SymOuterK(1/float64(n), xs.T())
	worst := 0.0
	for i := range d {
		sum := 0.0
		for r := range n {
			sum += x[r*d+i]
		}
		se := math.Sqrt(cov.At(i, i) / float64(n))
		worst = max(worst, math.Abs(sum/float64(n))/se)
		if !(math.Abs(sum/float64(n)) < z*se) {
			t.Fatalf("%s: mean[%d] = %g, want %g within %g standard errors", name, i, sum/float64(n)+mu[i], mu[i], z)
		}
		for j := range i + 1 {
			cij := cov.At(i, j)
			se := math.Sqrt((cov.At(i, i)*cov.At(j, j) + cij*cij) / float64(n))
			worst = max(worst, math.Abs(s.At(i, j)-cij)/se)
			if !(math.Abs(s.At(i, j)-cij) < z*se) {
				t.Fatalf("%s: cov[%d][%d] = %g, want %g within %g standard errors", name, i, j, s.At(i, j), cij, z)
			}
		}
	}
	t.Logf("%s: the worst of %d moments is %.2f standard errors off", name, d+d*(d+1)/2, worst)
}

// TestMultivariateNormalMoments: the sample means and covariances of the
// test laws are within 5 standard errors of the law's (for 10^5 vectors;
// 6 for dimension 100, whose 5150 moments would pass 5 by chance about
// once in 300).
func TestMultivariateNormalMoments(t *testing.T) {
	for _, c := range mvnCases() {
		z, n := 5.0, 100000
		if len(c.mu) > 10 {
			z, n = 6, 20000
		}
		mvnMoments(t, c.name, c.mu, c.cov, n, z)
	}
}

// TestMultivariateNormalMomentsLong: dimension 1000 (a factor of 4 MB,
// beyond L2) with 4000 vectors; its 500 500 covariances within 6 standard
// errors each.
func TestMultivariateNormalMomentsLong(t *testing.T) {
	long.Skip(t)
	d := 1000
	mu := make([]float64, d)
	for i := range mu {
		mu[i] = math.Sin(float64(i))
	}
	mvnMoments(t, "d=1000", mu, randomCov(d, 3), 4000, 6)
}

// TestMultivariateNormalFactor: L·Lᵀ reproduces the covariance (to within
// rounding): the variances of the single coordinates and of the
// correlated pairs come out right only then, and a wrong factor would
// still pass a test of the means.
func TestMultivariateNormalFactor(t *testing.T) {
	// Dimension 2 in closed form: x = mu + (σ1·z1, σ2·(ρ·z1 + √(1-ρ²)·z2)).
	s1, s2, rho := 2.0, 0.5, -0.6
	m, err := dist.NewMultivariateNormal([]float64{1, -1}, mat.NewSymDense(2, []float64{s1 * s1, rho * s1 * s2, rho * s1 * s2, s2 * s2}))
	require.NoError(t, err)
	got := make([]float64, 2)
	m.Fill(chacha.NewSource(9), got)
	z := make([]float64, 2)
	dist.Normal{Mu: 0, Sigma: 1}.Fill(chacha.NewSource(9), z)
	require.InDelta(t, 1+s1*z[0], got[0], 1e-15)
	require.InDelta(t, -1+s2*(rho*z[0]+math.Sqrt(1-rho*rho)*z[1]), got[1], 1e-15)
}

// TestMultivariateNormalBadInput: the constructor's errors, each naming
// what is wrong.
func TestMultivariateNormalBadInput(t *testing.T) {
	nan := math.NaN()
	for _, c := range []struct {
		mu   []float64
		cov  mat.Symmetric
		want string
	}{
		{nil, mat.NewSymDense(1, []float64{1}), "dist: NewMultivariateNormal: mu is empty"},
		{[]float64{1, nan}, mat.NewSymDense(2, []float64{1, 0, 0, 1}), "dist: NewMultivariateNormal: mu[1] = NaN, want a finite number"},
		{[]float64{math.Inf(-1)}, mat.NewSymDense(1, []float64{1}), "dist: NewMultivariateNormal: mu[0] = -Inf, want a finite number"},
		{[]float64{0}, nil, "dist: NewMultivariateNormal: cov is nil"},
		{[]float64{0}, (*mat.SymDense)(nil), "dist: NewMultivariateNormal: cov is nil"},
		{[]float64{0, 0}, mat.NewSymDense(3, nil), "dist: NewMultivariateNormal: cov is 3×3, mu has 2 elements"},
		{[]float64{0, 0}, mat.NewSymDense(2, []float64{1, nan, nan, 1}), "dist: NewMultivariateNormal: cov[1][0] = NaN, want a finite number"},
		{[]float64{0, 0}, mat.NewSymDense(2, []float64{math.Inf(1), 0, 0, 1}), "dist: NewMultivariateNormal: cov[0][0] = +Inf, want a finite number"},
		{[]float64{0, 0}, mat.NewSymDense(2, []float64{1, 2, 2, 1}), "dist: NewMultivariateNormal: cov is not positive definite (the Cholesky pivot of row 1 is -3)"},
		{[]float64{0, 0}, mat.NewSymDense(2, []float64{1, 1, 1, 1}), "dist: NewMultivariateNormal: cov is not positive definite (the Cholesky pivot of row 1 is 0)"},
		{[]float64{0, 0}, mat.NewSymDense(2, []float64{0, 0, 0, 1}), "dist: NewMultivariateNormal: cov is not positive definite (the Cholesky pivot of row 0 is 0)"},
		{[]float64{0}, mat.NewSymDense(1, []float64{-1}), "dist: NewMultivariateNormal: cov is not positive definite (the Cholesky pivot of row 0 is -1)"},
	} {
		m, err := dist.NewMultivariateNormal(c.mu, c.cov)
		require.Nil(t, m)
		require.EqualError(t, err, c.want)
	}
}

// TestMultivariateNormalCopies: the law keeps its own copy of mu and of
// the factor: changing the caller's slices afterwards changes nothing.
func TestMultivariateNormalCopies(t *testing.T) {
	mu := []float64{1, 2}
	cov := mat.NewSymDense(2, []float64{1, 0.5, 0.5, 1})
	m, err := dist.NewMultivariateNormal(mu, cov)
	require.NoError(t, err)
	a := make([]float64, 20)
	m.Fill(chacha.NewSource(1), a)
	mu[0], mu[1] = 100, 200
	cov.SetSym(0, 1, -0.9)
	b := make([]float64, 20)
	m.Fill(chacha.NewSource(1), b)
	require.Equal(t, a, b)
}

// TestMultivariateNormalFillLength: a dst that is not whole vectors panics,
// drawing nothing.
func TestMultivariateNormalFillLength(t *testing.T) {
	m := newMVN(t, mvnCases()[1])
	for _, n := range []int{1, 3, 5, 7} {
		panicsUntouched(t, fmt.Sprintf("dist: MultivariateNormal.Fill: len(dst) = %d, want a multiple of the dimension 4", n),
			func(src rand.Source) { m.Fill(src, make([]float64, n)) })
	}
	const notMade = "dist: MultivariateNormal.Fill of a MultivariateNormal not made by NewMultivariateNormal"
	panicsUntouched(t, notMade, func(src rand.Source) { new(dist.MultivariateNormal).Fill(src, make([]float64, 4)) })
	panicsUntouched(t, notMade, func(src rand.Source) { (*dist.MultivariateNormal)(nil).Fill(src, nil) })
}

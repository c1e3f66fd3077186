// Package dist draws from the distributions Monte Carlo work needs, one
// value at a time (Rand) or a slice at a time (Fill), with the same values
// on every machine.
//
// Each distribution is a small value type named as in gonum's
// stat/distuv, with the same fields and parameter meanings, so a gonum
// user switches by changing the package name (the values differ from
// gonum's; the distributions are the same):
//
//	x := dist.Gamma{Alpha: 2, Beta: 1}.Rand(src)     // one value
//	dist.StudentsT{Mu: 0, Sigma: 1, Nu: 4}.Fill(src, xs) // len(xs) values
//
// Continuous laws give float64 values: Normal, LogNormal, Exponential,
// Uniform, Gamma, Beta, ChiSquared, StudentsT, Weibull. Discrete laws give
// int64 counts: Poisson, Binomial, Geometric.
//
// # Vectors and choices
//
// Dirichlet (probability vectors) and Multinomial (count vectors) are
// value types too; their Fill writes len(dst)/len(Alpha) or len(dst)/len(P)
// vectors, row after row. The laws built from data check it once and
// return an error for bad data, then draw without further checks:
//
//	c, err := dist.NewCategorical(weights)   // an alias table: O(1) per draw
//	m, err := dist.NewMultivariateNormal(mu, cov) // cov factored once
//
// Sample and WeightedSample draw indices without replacement: k distinct
// of n uniformly in O(k) time and memory, or by successive sampling with
// probabilities proportional to the weights left (numpy's
// choice(replace=False, p=w) law) in O(n + k log k).
//
// # The same values on every machine
//
// For a given Source at a given position, every function of this package
// returns the same values, bit for bit, on every GOARCH, every SIMD tier
// and with the purego build tag: an archived run can be reproduced
// anywhere. That holds because every floating-point operation is this
// package's own: its own exp, log, log1p and log-gamma (no math.Exp,
// math.Log or math.Pow, whose assembly and rounding differ between
// platforms), no fused multiply-add except where it is written as
// math.FMA, and only IEEE operations that round alike everywhere. The
// normal and exponential deviates come from this package's own ziggurats,
// so dist.Normal{Mu: 0, Sigma: 1} is not math/rand/v2's NormFloat64
// (whose values change with GOARCH and GOAMD64): use package fill for
// math/rand/v2's values in bulk, and dist for values that must be the
// same everywhere.
//
// # Fill is a loop of Rand
//
// d.Fill(src, dst) leaves dst and src exactly as len(dst) successive
// d.Rand(src) calls would: the same values, and src at the same position
// (the next src.Uint64() is the same). So a run may mix Rand and Fill, or
// split one Fill into several, without changing a value. Any rand.Source
// works. This module's generators (*chacha.Source, *aesctr.Source, and
// streamrand.Locked around either, whose lock Fill holds for the whole
// call) take the fast path, reading their keystream's buffer directly;
// any other Source (rand.PCG, rand.ChaCha8, a *rand.Rand) gives the same
// values through its Uint64 method, one call per word. Pass the Source
// itself rather than a *rand.Rand built on it, which works but is slower.
//
// # Parameters
//
// Invalid parameters (NaN, ±Inf, or out of range) make Rand and Fill panic,
// before anything is drawn, with a message naming the type, the field and
// its value, as rand.IntN(0) panics:
//
//	dist: Gamma.Alpha = -1, want > 0
//
// # Stability
//
// The values are fixed within this major version (at v0, within a minor
// version) and golden SHA-256 tests hold them, one set for every platform.
//
// Rand and Fill allocate nothing and no function starts a goroutine, with
// two exceptions. Poisson's and Binomial's Rand, once a program has made a
// few hundred calls on the same parameters, build what each call would
// compute again (a table of the CDF, or a setup and the probabilities its
// test needs: at most a few KB) once, into a small cache shared by the
// goroutines, from which the later calls on those parameters draw the same
// values at a fraction of the cost. And their Fill, where the mean is 30
// or more, takes its work space (about 5 KB, with the probabilities an
// earlier Fill of the same law computed) from a sync.Pool, which a
// garbage collection may empty: the next such Fill allocates it again.
// NewCategorical and
// NewMultivariateNormal allocate their tables, and Sample and
// WeightedSample allocate O(len(dst)) beyond a few values (an array of n
// where len(dst) is n/4 or more). Like rand.Rand's
// methods they are not safe for concurrent use with the same Source unless
// the Source is (streamrand.Locked).
package dist

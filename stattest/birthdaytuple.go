package stattest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// BirthdaySpacingsTuples is BirthdaySpacings over points of dim
// dimensions: a birthday is the concatenation of the fields of `bits` bits
// at bit position shift of dim successive Uint64 values of src, a day in a
// year of 2^(dim·bits) days (dim·bits at most 64). This is the form of
// TestU01's smarsa_BirthdaySpacings (L'Ecuyer & Simard, TestU01 user's
// guide; L'Ecuyer & Simard, "On the performance of birthday spacings tests
// with certain families of random number generators", Math. Comput.
// Simul. 55, 2001), whose SmallCrush entry takes pairs of 30-bit values:
// the points of a linear congruential generator lie on a lattice in every
// dimension, and with enough birthdays its spacings repeat far more often
// than chance allows. L'Ecuyer and Simard found that an LCG of modulus m
// fails once the sample has about 8·m^(1/3) to 16·m^(1/3) points, in two
// dimensions as in eight: a few thousand points for MINSTD, about 2^25 for
// a 64-bit LCG.
//
// The Result, named "birthday-spacings-<dim>d-<high bit>:<shift>", has the
// statistic and p-value of BirthdaySpacings (see there for the law).
func BirthdaySpacingsTuples(src rand.Source, samples int64, m, dim int, bits, shift uint) (Result, error) {
	if dim < 1 || dim > 64 || bits < 1 || bits > 64/uint(dim) || shift > 64-bits {
		return Result{}, fmt.Errorf("stattest: birthday spacings of %d-dimensional points of bits %d..%d of a uint64: want dim·bits <= 64 and the field inside the 64 bits", dim, shift, int64(shift)+int64(bits)-1)
	}
	if m < 2 || m > maxBirthdays || samples < 1 || samples > MaxN/int64(m*dim) {
		return Result{}, fmt.Errorf("stattest: birthday spacings need 2 <= m <= %d and 1 to %d samples, not m=%d, samples=%d", maxBirthdays, MaxN/int64(max(m*dim, 1)), m, samples)
	}
	yearBits := bits * uint(dim)
	if yearBits < 64 && uint64(m)*uint64(m) > uint64(1)<<yearBits {
		// λ grows as m³/k: beyond m² = k it is m^(3/2) and more, far
		// from the regime where the count is Poisson.
		return Result{}, fmt.Errorf("stattest: birthday spacings of m=%d birthdays in 2^%d days: want m² <= 2^%d", m, yearBits, yearBits)
	}
	if err := checkSource("birthday spacings", src); err != nil {
		return Result{}, err
	}
	name := fmt.Sprintf("birthday-spacings-%dd-%d:%d", dim, shift+bits-1, shift)
	return birthdaySpacings(src, samples, m, dim, bits, shift, name), nil
}

// birthdaySpacings runs BirthdaySpacingsTuples on valid arguments.
func birthdaySpacings(src rand.Source, samples int64, m, dim int, bits, shift uint, name string) Result {
	yearBits := bits * uint(dim)
	mask := uint64(1)<<bits - 1 // all ones for bits = 64
	y := make([]uint64, m)
	s := make([]uint64, m)
	var total int64
	for range samples {
		for i := range y {
			var b uint64
			for range dim {
				b = b<<bits | src.Uint64()>>shift&mask
			}
			y[i] = b
		}
		total += equalSpacings(y, s, yearBits)
	}
	lambda := float64(samples) * birthdayMean(m, yearBits)
	return poissonResult(name, "samples", samples, float64(total), lambda)
}

// equalSpacings sorts the birthdays y in a year of 2^yearBits days
// (yearBits <= 64), puts their m circular spacings in s, sorts them and
// returns how many equal the one before them.
func equalSpacings(y, s []uint64, yearBits uint) int64 {
	slices.Sort(y)
	m := len(y)
	for i := 0; i < m-1; i++ {
		s[i] = y[i+1] - y[i]
	}
	// The last spacing wraps around the year: y[0] + 2^yearBits - y[m-1],
	// modulo 2^64 in uint64 arithmetic. (For a 2^64-day year with every
	// birthday on one day it gives 0, not 2^64: one more equal spacing
	// for a generator that fails anyway.)
	s[m-1] = y[0] - y[m-1]
	if yearBits < 64 {
		s[m-1] += uint64(1) << yearBits
	}
	slices.Sort(s)
	var r int64
	for i := 1; i < m; i++ {
		if s[i] == s[i-1] {
			r++
		}
	}
	return r
}

// birthdayMean returns the mean number of equal spacings of m birthdays in
// a year of k = 2^yearBits days, to second order in m/k:
//
//	E[R] = m(m-1)²/(4k) - m(m-1)²(m-2)²/(18k²).
//
// R = Σ (c-1) over the spacing values that occur c times, which is
// Σ C(c,2) - Σ C(c,3) + ...: the pairs of equal spacings less the
// triples. Each of the C(m, 2) pairs is equal with probability about
// ∫ f(x, x) dx = (m-1)/(2k), f the density (m-1)(m-2)(1-a-b)^(m-3)/k² of
// two of the m spacings of uniform points on a circle of k days; each of
// the C(m, 3) triples with probability about (m-1)(m-2)/(3k²). The first
// term is Knuth's λ = m³/(4k) (TAOCP vol. 2 §3.3.2 J) with the exact count
// of pairs; without these corrections λ overstates the mean by about
// (2 + 8λ/9)/m of itself (0.14% at m = 4096, λ = 4), which a second level
// of thousands of repetitions detects. Simulated at λ = 4 (two million
// samples of m = 64, a million of m = 128, 400000 of m = 256, 200000 of
// m = 512) the mean is within 0.07% of this one; the next term of the
// series (quadruples) is smaller than that error for m >= 128, and the
// battery keeps λ at most 4.
func birthdayMean(m int, yearBits uint) float64 {
	fm := float64(m)
	k := math.Ldexp(1, int(yearBits))
	a := fm * (fm - 1) * (fm - 1) / (4 * k)
	return a - a*(fm-2)*(fm-2)/(4.5*k)
}

package stattest

import (
	"fmt"
	"math/rand/v2"
)

// BirthdaySpacings runs Marsaglia's birthday spacings test (diehard,
// 1995; Knuth TAOCP vol. 2 §3.3.2 J; L'Ecuyer & Simard, "On the
// performance of birthday spacings tests with certain families of random
// number generators", 2001) over samples samples of m birthdays each. A
// birthday is the field of `bits` bits at bit position shift of one Uint64
// of src, a day in a year of n = 2^bits days. In each sample the birthdays
// are sorted, the m spacings between neighbours (circularly: the last one
// wraps around the year) are sorted, and R counts the spacings equal to
// the one before them. For a good generator R is approximately Poisson
// with mean λ = m³/(4n) (Knuth), so the total T of R over all samples is
// Poisson with mean samples·λ (gonum distuv.Poisson). The statistic is T
// and p is the mid-p value P(X > T) + P(X = T)/2, small when there are
// too many equal spacings and near 1 when there are too few. The mean
// used is λ to second order in m/n, m(m-1)²/(4n) - m(m-1)²(m-2)²/(18n²)
// (see BirthdaySpacingsTuples): Knuth's λ overstates it by about (2 + 8λ/9)/m
// of itself, which thousands of samples resolve.
//
// Points that lie on a lattice, as the outputs of linear congruential and
// other linear generators do, give far too many equal spacings, so this
// test catches LCGs that pass the simpler tests; it also catches a short
// period (repeated birthdays give equal spacings of 0).
//
// The Result is named after the field, "birthday-spacings-63:32" for bits
// 63 to 32; the default Battery renames its two to "birthday-spacings-hi"
// and "birthday-spacings-lo". bits is from 1 to 64 and shift+bits at most
// 64 (for bits = 64 the year is 2^64 days and the circular spacing wraps
// in uint64 arithmetic). m is from 2 to 2^24, and m² at most 2^bits, so
// that λ <= m/4: R is at most m-1, and as m² grows past 2^bits λ reaches
// that bound, where the test would fail every generator.
//
// TestU01 (smarsa_BirthdaySpacings) asks 8·samples·λ <= 2^(bits/4) for
// the Poisson law to hold; this function does not enforce it.
func BirthdaySpacings(src rand.Source, samples int64, m int, bits, shift uint) (Result, error) {
	// shift > 64-bits only after bits <= 64: shift+bits wraps for huge
	// values.
	if bits < 1 || bits > 64 || shift > 64-bits {
		return Result{}, fmt.Errorf("stattest: birthday spacings of %d bits at shift %d: want 1 to 64 bits and shift+bits <= 64", bits, shift)
	}
	if m < 2 || m > maxBirthdays || samples < 1 || samples > MaxN {
		return Result{}, fmt.Errorf("stattest: birthday spacings need 2 <= m <= %d and 1 to %d samples, not m=%d, samples=%d", maxBirthdays, int64(MaxN), m, samples)
	}
	// m <= 2^24, so m² fits; for bits >= 48 the bound holds.
	if bits < 64 && uint64(m)*uint64(m) > uint64(1)<<bits {
		return Result{}, fmt.Errorf("stattest: birthday spacings of m=%d birthdays in 2^%d days: want m² <= 2^%d", m, bits, bits)
	}
	if err := checkSource("birthday spacings", src); err != nil {
		return Result{}, err
	}
	name := fmt.Sprintf("birthday-spacings-%d:%d", shift+bits-1, shift)
	return birthdaySpacings(src, samples, m, 1, bits, shift, name), nil
}

const maxBirthdays = 1 << 24

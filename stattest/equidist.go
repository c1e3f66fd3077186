package stattest

import (
	"fmt"
	"math/rand/v2"
)

// Equidistribution2D takes n non-overlapping pairs of successive Uint64
// values from src, keeps the `bits` leading bits of each, and tests whether
// the 2^(2·bits) cells of the unit square are equally often hit: Knuth
// TAOCP vol. 2 §3.3.2 B, the serial test (TestU01 smultin with t = 2).
// The statistic is Pearson's chi-square with 2^(2·bits) - 1 degrees of
// freedom (gonum distuv.ChiSquared). It detects dependence between a
// number and the next that the frequency of single values cannot show: a
// counter, pairs confined to few cells, a short period.
func Equidistribution2D(src rand.Source, n int64, bits uint) (Result, error) {
	return equidistribution(src, n, bits, 2)
}

// Equidistribution3D is Equidistribution2D over non-overlapping triples,
// with 2^(3·bits) cells of the unit cube (TestU01 smultin with t = 3). It
// also detects dependence among three successive numbers, such as the
// planes on which the triples of some LCGs lie (RANDU).
func Equidistribution3D(src rand.Source, n int64, bits uint) (Result, error) {
	return equidistribution(src, n, bits, 3)
}

func equidistribution(src rand.Source, n int64, bits uint, dim int) (Result, error) {
	name := fmt.Sprintf("equidistribution-%dd", dim)
	if err := checkSource(name, src); err != nil {
		return Result{}, err
	}
	// bits > 24/dim, not bits*dim > 24, which wraps for huge bits.
	if bits < 1 || bits > 24/uint(dim) {
		return Result{}, fmt.Errorf("stattest: %s of %d bits: want 1 to %d bits", name, bits, 24/dim)
	}
	cells := int64(1) << (bits * uint(dim))
	if err := checkN(name, n, 5*cells); err != nil {
		return Result{}, err
	}
	counts := make([]int64, cells)
	for range n {
		var c uint64
		for range dim {
			c = c<<bits | src.Uint64()>>(64-bits)
		}
		counts[c]++
	}
	unit := "pairs"
	if dim == 3 {
		unit = "triples"
	}
	return uniformResult(name, unit, n, counts), nil
}

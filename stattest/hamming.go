package stattest

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
)

// HammingIndep runs TestU01's sstring_HammingIndep (L'Ecuyer & Simard,
// TestU01 user's guide, module sstring; after Marsaglia's "count-the-1s"
// tests of diehard) over pairs pairs of blocks of block bits. The bits are
// the field of `width` bits at bit position shift of successive Uint64s of
// src, concatenated as in RandomWalk; block after block takes the next
// block bits, and blocks 2i and 2i+1 form pair i (the pairs do not
// overlap, so they are independent). The Hamming weight of a block (its
// number of ones) is Binomial(block, 1/2) for a good generator, and the
// two weights of a pair are independent.
//
// The pairs are counted in a table of (class of the first weight, class
// of the second): as in TestU01 every weight is a class of its own, but
// the unlikely weights of the tails are merged so that every cell of the
// table expects at least 5 pairs (and there are at most 64 classes).
// Pearson's chi-square compares the table with the product of the binomial class
// probabilities (chiSquareResult, cells-1 degrees of freedom, N counting
// pairs).
//
// It sees dependence between the numbers of ones of neighbouring blocks,
// most of all in the tails: an output of a linear generator with few ones
// is followed by another one with few ones (xorshift needs several steps
// to fill a sparse state again). The correlation of successive weights
// (TestU01's sstring_HammingCorr), which the bulk of the weights
// dominates, does not see that dependence at the same sizes.
//
// block is from 1 to MaxHammingBlock and pairs from 100 to MaxN. The Result
// is named "hamming-indep", with the field appended ("hamming-indep-31:0"
// for bits 31 to 0) unless it is all 64 bits.
func HammingIndep(src rand.Source, pairs int64, block int, width, shift uint) (Result, error) {
	if err := checkSource("hamming-indep", src); err != nil {
		return Result{}, err
	}
	suffix, err := fieldSuffix("hamming-indep", width, shift)
	if err != nil {
		return Result{}, err
	}
	if block < 1 || block > MaxHammingBlock {
		return Result{}, fmt.Errorf("stattest: hamming-indep blocks are 1 to %d bits, not %d", MaxHammingBlock, block)
	}
	if err := checkN("hamming-indep", pairs, 100); err != nil {
		return Result{}, err
	}
	classOf, q := hammingClasses(block, pairs)
	k := len(q)
	counts := make([]int64, k*k)
	f := newFieldBits(src, width, shift)
	for range pairs {
		a := classOf[blockWeight(&f, block)]
		b := classOf[blockWeight(&f, block)]
		counts[a*k+b]++
	}
	obs := make([]float64, k*k)
	exp := make([]float64, k*k)
	for a := range k {
		for b := range k {
			obs[a*k+b] = float64(counts[a*k+b])
			exp[a*k+b] = float64(pairs) * q[a] * q[b]
		}
	}
	return chiSquareResult("hamming-indep"+suffix, "pairs", pairs, obs, exp, k*k-1), nil
}

// MaxHammingBlock is the longest block HammingIndep takes.
const MaxHammingBlock = 1 << 16

// maxHammingClasses bounds the weight classes of HammingIndep (so the
// table has at most 4096 cells whatever the block).
const maxHammingClasses = 64

// blockWeight returns the number of ones in the next block bits of f.
func blockWeight(f *fieldBits, block int) int {
	w := 0
	for left := block; left > 0; left -= 64 {
		w += bits.OnesCount64(f.take(uint(min(left, 64))))
	}
	return w
}

// hammingClasses returns the weight classes of HammingIndep for blocks of
// block bits and a sample of pairs pairs: classOf[w] is the class of
// weight w and q[c] the probability of class c under Binomial(block, 1/2).
// As in TestU01 every weight is a class of its own where it is likely
// enough; from the low end, weights are merged into a class until it
// holds probability qmin = max(sqrt(5/pairs), 1/maxHammingClasses), and a
// last class short of qmin is merged into the one before, so every cell
// of the table expects pairs·q[a]·q[b] >= 5 and there are at most
// maxHammingClasses classes. pairs >= 100 gives at least 2 classes (qmin
// is then at most 0.224, and no weight of a block of 2 or more bits has
// probability above 1/2; a block of 1 bit has two classes of 1/2).
func hammingClasses(block int, pairs int64) (classOf []int, q []float64) {
	qmin := max(math.Sqrt(5/float64(pairs)), 1.0/maxHammingClasses)
	classOf = make([]int, block+1)
	var p float64
	for w := range classOf {
		classOf[w] = len(q)
		p += binomHalf(block, w)
		if p >= qmin {
			q = append(q, p)
			p = 0
		}
	}
	if last := len(q); p > 0 { // q is not empty: the law sums to 1 >= qmin
		q[last-1] += p
		for w := range classOf {
			classOf[w] = min(classOf[w], last-1)
		}
	}
	return classOf, q
}

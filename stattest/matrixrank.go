package stattest

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// MaxMatrixSize is the largest matrix MatrixRank takes: 1024×1024 bits, a
// matrix of 128 KiB eliminated in a few milliseconds.
const MaxMatrixSize = 1024

// MatrixRank runs the binary matrix rank test (Marsaglia & Tsay, "Matrix
// generators for uniform random number generation", 1985; diehard's
// binary rank tests; NIST SP 800-22 rev. 1a §2.5 and §3.5; L'Ecuyer &
// Simard, TestU01 user's guide, smarsa_MatrixRank) over matrices square
// size×size matrices over GF(2). Each row is the concatenation of
// size/bits successive fields of `bits` bits at bit position shift of
// successive Uint64s of src, the rows of a matrix come one after the
// other, and the matrices too. The rank of a random L×L matrix is r with
// probability
//
//	P(r) = 2^{r(2L-r)-L²} ∏_{i=0}^{r-1} (1-2^{i-L})² / (1-2^{i-r})
//
// (about 0.2888 for r = L, 0.5776 for L-1, 0.1284 for L-2 once L is past
// a dozen). The matrices are counted in the cells rank L, L-1, L-2, ...,
// the lower ranks merged into a last cell "≤ r" so that every cell
// expects at least 5 matrices (Knuth's rule; for 40000 32×32 matrices
// these are diehard's cells 32, 31, 30 and ≤ 29), and Pearson's
// chi-square over the c cells has c-1 degrees of freedom
// (chiSquareResult); the statistic is the chi-square value, and P is judged
// on its lower tail (Result.TwoSided): a generator linear over GF(2) gives
// ranks too low, or always full, both far from the law.
//
// The rank sees linear dependence over GF(2) among a few hundred or
// thousand successive bits: a generator linear over GF(2) (xorshift,
// LFSRs, the Mersenne Twister) with less state than a matrix holds bits
// gives matrices of rank at most its state size, and a Krylov sequence of
// outputs (xorshift64's successive words) gives full rank far more often
// than chance.
//
// bits is 1 to 64 with shift+bits at most 64; size is 1 to MaxMatrixSize
// and a multiple of bits; matrices is at least the count for which both
// rank L and the ranks below it expect 5 (18 for L ≥ 6) and at most MaxN.
// The Result is named "matrix-rank-LxL" ("matrix-rank-64x64"), with the
// field appended ("matrix-rank-32x32-63:32" for bits 63 to 32) unless it
// is all 64 bits.
func MatrixRank(src rand.Source, matrices int64, size int, bits, shift uint) (Result, error) {
	if err := checkSource("matrix rank", src); err != nil {
		return Result{}, err
	}
	if bits < 1 || bits > 64 || shift > 64-bits {
		return Result{}, fmt.Errorf("stattest: matrix rank needs a field of 1 to 64 bits within a uint64, not %d bits at bit %d", bits, shift)
	}
	if size < 1 || size > MaxMatrixSize || uint(size)%bits != 0 {
		return Result{}, fmt.Errorf("stattest: matrix rank needs a size from 1 to %d that is a multiple of the field's %d bits, not %d", MaxMatrixSize, bits, size)
	}
	name := fmt.Sprintf("matrix-rank-%dx%d", size, size)
	if bits < 64 {
		name += fmt.Sprintf("-%d:%d", shift+bits-1, shift)
	}
	prob := rankProbabilities(size)
	if err := checkN(name, matrices, leastMatrices(prob)); err != nil {
		return Result{}, err
	}

	counts := matrixRankCounts(src, matrices, size, bits, shift)
	return rankResult(name, matrices, counts, prob), nil
}

// matrixRankCounts returns the number of matrices of each rank 0..size
// among matrices matrices read from src as MatrixRank does.
func matrixRankCounts(src rand.Source, matrices int64, size int, bits, shift uint) []int64 {
	counts := make([]int64, size+1) // by rank
	words := (size + 63) / 64       // per row
	m := make([]uint64, size*words)
	mask := uint64(math.MaxUint64) >> (64 - bits)
	fields := size / int(bits) // per row
	for range matrices {
		clear(m)
		for row := range size {
			r := m[row*words : (row+1)*words]
			col := uint(0)
			for range fields {
				v := src.Uint64() >> shift & mask
				w, o := col>>6, col&63
				r[w] |= v << o
				if o+bits > 64 {
					r[w+1] |= v >> (64 - o)
				}
				col += bits
			}
		}
		counts[gf2Rank(m, size, words, size)]++
	}
	return counts
}

// rankProbabilities returns P(r), r = 0..L, the law of the rank of a
// uniformly random L×L matrix over GF(2) (the formula in MatrixRank's
// doc). With q(k) = ∏_{j=1}^{k} (1-2^{-j}), the product is
// q(L)²/(q(L-r)² q(r)), so the whole law takes O(L) operations; the
// factor 2^{-(L-r)²} underflows to 0 for ranks that never occur in
// practice.
func rankProbabilities(L int) []float64 {
	q := make([]float64, L+1)
	q[0] = 1
	for j := 1; j <= L; j++ {
		q[j] = q[j-1] * (1 - math.Ldexp(1, -j))
	}
	p := make([]float64, L+1)
	for r := range p {
		d := L - r
		p[r] = math.Ldexp(q[L]*q[L]/(q[d]*q[d]*q[r]), -d*d)
	}
	return p
}

// rankCut returns the rank r of the last cell "≤ r" for n matrices under
// the law prob: ranks above r have cells of their own, each expecting at
// least 5 matrices, and the ranks ≤ r together expect at least 5 too. It
// returns len(prob)-1 (a single cell) when n is too small for two.
func rankCut(prob []float64, n int64) int {
	below := make([]float64, len(prob)+1) // below[r] = P(rank < r), summed from the smallest
	for r, p := range prob {
		below[r+1] = below[r] + p
	}
	N := float64(n)
	cut := len(prob) - 1
	for cut > 0 && N*prob[cut] >= 5 && N*below[cut] >= 5 {
		cut--
	}
	return cut
}

// leastMatrices returns the fewest matrices for which rankCut gives two
// cells or more.
func leastMatrices(prob []float64) int64 {
	L := len(prob) - 1
	n := int64(math.Ceil(5 / min(prob[L], 1-prob[L])))
	for rankCut(prob, n) == L { // rounding of the sums
		n++
	}
	return n
}

// rankResult returns the chi-square Result of counts, the number of
// matrices of each rank 0..L among n, against the law prob over the cells
// of rankCut.
func rankResult(name string, n int64, counts []int64, prob []float64) Result {
	L := len(prob) - 1
	cut := rankCut(prob, n)
	var obs, exp []float64
	for r := L; r > cut; r-- {
		obs = append(obs, float64(counts[r]))
		exp = append(exp, float64(n)*prob[r])
	}
	var o, e float64
	for r := cut; r >= 0; r-- {
		o += float64(counts[r])
	}
	for r := 0; r <= cut; r++ { // smallest first, for accuracy
		e += prob[r]
	}
	obs = append(obs, o)
	exp = append(exp, float64(n)*e)
	res := chiSquareResult(name, "matrices", n, obs, exp, len(exp)-1)
	// Judged on the lower tail only: with three or four cells the
	// statistic has atoms near 0, and a count that matches the rank law
	// too closely (p > 1-1e-3) came 8 times more often than 1 in 1000 at
	// 128 matrices; no defect we know gives ranks too close to their law.
	res.TwoSided = true
	return res
}

// gf2Rank returns the rank over GF(2) of the matrix of rows rows held in m,
// words uint64s per row, column c of a row at bit c&63 of its word c>>6,
// columns 0..cols-1 (the bits past cols are zero). It reduces m in place
// (Gaussian elimination, column by column).
func gf2Rank(m []uint64, rows, words, cols int) int {
	if words == 1 {
		return gf2Rank1(m[:rows], cols)
	}
	rank := 0
	for c := 0; c < cols && rank < rows; c++ {
		w, bit := c>>6, uint64(1)<<(c&63)
		p := rank
		for p < rows && m[p*words+w]&bit == 0 {
			p++
		}
		if p == rows {
			continue
		}
		// The rows from rank on are zero in the columns before c, so only
		// words w.. take part.
		pivot := m[rank*words+w : (rank+1)*words]
		if p != rank {
			other := m[p*words+w : (p+1)*words]
			for j := range pivot {
				pivot[j], other[j] = other[j], pivot[j]
			}
		}
		for i := p + 1; i < rows; i++ { // rows rank+1..p are zero at c
			row := m[i*words+w : (i+1)*words]
			sel := -(row[0] >> (c & 63) & 1)
			for j := range row {
				row[j] ^= pivot[j] & sel
			}
		}
		rank++
	}
	return rank
}

// gf2Rank1 is gf2Rank for rows of one word.
func gf2Rank1(m []uint64, cols int) int {
	rank := 0
	for c := 0; c < cols && rank < len(m); c++ {
		p := rank
		for p < len(m) && m[p]>>c&1 == 0 {
			p++
		}
		if p == len(m) {
			continue
		}
		m[rank], m[p] = m[p], m[rank]
		pivot := m[rank]
		below := m[p+1:]
		for i, x := range below {
			below[i] = x ^ pivot&-(x>>uint(c)&1)
		}
		rank++
	}
	return rank
}

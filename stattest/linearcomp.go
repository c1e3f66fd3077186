package stattest

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
)

// MaxLinearComplexityBits is the longest sequence LinearComplexity and
// LinearComplexitySizes take. Berlekamp-Massey costs O(n²) bit operations
// (about n²/128 word operations here, 2^33 at this length).
const MaxLinearComplexityBits = 1 << 20

// minLinearComplexityBits is the shortest: the number of jumps has a
// standard deviation of √(n/8), over 11 here, so that its normal
// approximation holds, and the jump sizes fill five classes.
const minLinearComplexityBits = 1000

// LinearComplexity runs the jump complexity test of TestU01's
// scomp_LinearComp (L'Ecuyer & Simard, TestU01 user's guide, module scomp;
// Carter, "Aspects of local linear complexity", 1989; Erdmann 1992) over
// the sequence of bit `bit` (0 for the lowest) of nbits successive Uint64s
// of src. The linear complexity L_k of the first k bits is the length of
// the shortest linear feedback shift register that generates them; the
// Berlekamp-Massey algorithm (Massey, "Shift-register synthesis and BCH
// decoding", IEEE Trans. Inf. Theory 15(1), 1969) gives L_1, ..., L_n in
// one pass, and a jump is a k where L_k > L_{k-1}. For a random sequence
// the number of jumps J is approximately normal with (Wang 1997, as
// quoted by the TestU01 guide)
//
//	E(J) = n/4 + (4+R)/12 - 1/(3·2^n)
//	Var(J) = n/8 - (2-R)/(9-R) + n/(6·2^n) + (6+R)/(18·2^n) - 1/(9·4^n)
//
// R the parity of n (exact moments: the tests check them over every
// sequence of up to 16 bits). The statistic is J and P is the two-sided normal
// p-value of (J - E(J))/√Var(J) (Result.TwoSided).
//
// A sequence that obeys a linear recurrence of order L0 has L_k ≤ L0 for
// every k, and no jump once k exceeds 2·L0, so J stops near L0/2 while
// E(J) grows as n/4: every bit of a generator linear over GF(2) with L0
// bits of state (xorshift32: 32, xorshift64: 64, MT19937: 19937) fails
// once n - 2·L0 exceeds about 20·√(n/8), when J falls (n - 2·L0)/4, five
// standard deviations, short of E(J) (MT19937, 2·L0 = 39874: Weak at n =
// 41000, Fail from n = 41500 on). LinearComplexitySizes is the other
// statistic of the same profile.
//
// bit is 0 to 63 and nbits from 1000 to MaxLinearComplexityBits. The
// Result is named "linear-complexity-bitB", B the bit.
func LinearComplexity(src rand.Source, nbits int64, bit uint) (Result, error) {
	name := fmt.Sprintf("linear-complexity-bit%d", bit)
	prof, err := runLinearComplexity(src, name, nbits, bit)
	if err != nil {
		return Result{}, err
	}
	mean, variance := jumpMoments(int(nbits))
	j := float64(prof.jumps)
	return normalResult(name, "bits", nbits, j, mean, variance), nil
}

// LinearComplexitySizes runs the jump size test of TestU01's
// scomp_LinearComp over the same sequence as LinearComplexity: the size
// of a jump at k is L_k - L_{k-1}, and for a random sequence the sizes are
// independent and geometric, size h with probability 2^{-h} (Carter 1989;
// in Massey's algorithm a jump at k takes L to k+1-L, and the next jump
// comes at the first nonzero discrepancy once k reaches 2L, each a fair
// coin, so its size is the number of tosses). The jumps are counted by
// size in the classes 1, 2, ..., K-1 and ≥ K, K the largest that keeps
// n/8 · 2^{-(K-1)} ≥ 5 (n/8 is half the expected number of jumps, so that
// every sample of n bits has the same classes and the last one expects at
// least 5), and Pearson's chi-square compares the counts with J·2^{-h}, J
// the number of jumps (chiSquareResult, K-1 degrees of freedom). The
// statistic is the chi-square value. (Only the jumps completed within the
// n bits are counted, which moves about 1/12 of a jump per sample into
// size 1 and 1/24 into size 2 from the larger sizes, whatever n, as an
// exhaustive count over n ≤ 20 shows: a bias of order 1/n in each
// sample's chi-square, which some 10^5 pooled samples of 8192 bits would
// be needed to see.)
//
// A sequence without a single one has no jump, and P is NaN (a Fail).
// The parameters are those of LinearComplexity; the Result is named
// "linear-complexity-sizes-bitB".
func LinearComplexitySizes(src rand.Source, nbits int64, bit uint) (Result, error) {
	name := fmt.Sprintf("linear-complexity-sizes-bit%d", bit)
	prof, err := runLinearComplexity(src, name, nbits, bit)
	if err != nil {
		return Result{}, err
	}
	k := jumpSizeClasses(nbits)
	obs := make([]float64, k)
	exp := make([]float64, k)
	j := float64(prof.jumps)
	for h := 1; h < len(prof.sizes); h++ {
		obs[min(h, k)-1] += float64(prof.sizes[h])
	}
	for h := 1; h < k; h++ {
		exp[h-1] = math.Ldexp(j, -h)
	}
	exp[k-1] = math.Ldexp(j, -(k - 1))
	return chiSquareResult(name, "bits", nbits, obs, exp, k-1), nil
}

// jumpSizeClasses returns K, the number of classes of LinearComplexitySizes
// for n bits: the largest K ≤ maxJumpSize with n/8 · 2^{-(K-1)} ≥ 5.
func jumpSizeClasses(n int64) int {
	k := 1
	for k < maxJumpSize && float64(n)/8 >= 5*math.Ldexp(1, k) {
		k++
	}
	return k
}

// jumpMoments returns E(J) and Var(J) of LinearComplexity's doc for n bits.
func jumpMoments(n int) (mean, variance float64) {
	r := float64(n & 1)
	fn := float64(n)
	inv := math.Ldexp(1, -n) // 2^{-n}, 0 once it underflows
	mean = fn/4 + (4+r)/12 - inv/3
	variance = fn/8 - (2-r)/(9-r) + fn*inv/6 + (6+r)*inv/18 - inv*inv/9
	return mean, variance
}

// runLinearComplexity checks the parameters, reads the sequence of bit
// `bit` of nbits Uint64s of src and returns its profile.
func runLinearComplexity(src rand.Source, name string, nbits int64, bit uint) (lcProfile, error) {
	if err := checkSource(name, src); err != nil {
		return lcProfile{}, err
	}
	if bit > 63 {
		return lcProfile{}, fmt.Errorf("stattest: %s needs a bit from 0 to 63, not %d", name, bit)
	}
	if nbits < minLinearComplexityBits || nbits > MaxLinearComplexityBits {
		return lcProfile{}, fmt.Errorf("stattest: %s needs a sample size from %d to %d bits, not %d", name, minLinearComplexityBits, MaxLinearComplexityBits, nbits)
	}
	n := int(nbits)
	s := make([]uint64, (n+63)/64)
	for i := range n {
		s[i>>6] |= src.Uint64() >> bit & 1 << (i & 63)
	}
	return linearComplexityProfile(s, n), nil
}

// maxJumpSize is the size class of lcProfile that holds every larger jump
// too: a random sequence makes a jump of 64 or more once in 2^63 jumps.
const maxJumpSize = 64

// An lcProfile is what Berlekamp-Massey finds in a sequence s_0..s_{n-1}.
type lcProfile struct {
	l     int      // the linear complexity L_n
	c     []uint64 // a shortest LFSR: c_0 = 1 and s_k = Σ_{i=1}^{L} c_i s_{k-i} for L ≤ k < n, c_i at bit i&63 of c[i>>6]
	jumps int      // the k with L_k > L_{k-1}
	sizes [maxJumpSize + 1]int64
	// sizes[h] counts the jumps of size h, h < maxJumpSize, and
	// sizes[maxJumpSize] those of size maxJumpSize or more.
}

// linearComplexityProfile runs the Berlekamp-Massey algorithm (Massey
// 1969, over GF(2)) over the n bits of s, s_k at bit k&63 of s[k>>6], and
// returns the linear complexity, a shortest LFSR and the jumps of the
// linear complexity profile. Bits of s past n are ignored.
//
// The polynomials are packed 64 coefficients to a word, and so is the
// sequence, reversed: t holds bit k of s at bit position top-k, top =
// 64·len(s)-1, so that the window s_k, s_{k-1}, ..., s_{k-L} that meets
// c_0..c_L is the run of t from position top-k upwards, read a word at a
// time. Step k costs about L/64 word operations, the whole run about
// n²/128.
func linearComplexityProfile(s []uint64, n int) lcProfile {
	nw := (n + 63) / 64
	top := 64*nw - 1
	// t has a zero word on top for the window's shifted reads past the
	// end, and the windows reach at most top-k + (L/64+1)·64 + 63 with
	// L ≤ k+1.
	t := make([]uint64, nw+3)
	for w := range nw {
		x := s[w]
		if w == nw-1 && n&63 != 0 {
			x &= 1<<(n&63) - 1
		}
		t[nw-1-w] = bits.Reverse64(x)
	}
	// c, b and the spare tmp have degree at most n (deg c ≤ L ≤ n and
	// deg x^m·b = k+1-L), plus a word for the shifted xor.
	c := make([]uint64, nw+2)
	b := make([]uint64, nw+2)
	tmp := make([]uint64, nw+2)
	c[0], b[0] = 1, 1
	var p lcProfile
	l, lb, m := 0, 0, 1 // L, the L of b, and k minus the k of the last length change
	for k := range n {
		// The discrepancy Σ_{i=0}^{L} c_i s_{k-i}.
		off := uint(top - k)
		q, sh := int(off>>6), off&63
		cw := c[:l>>6+1]
		lo := t[q : q+len(cw)]
		hi := t[q+1 : q+1+len(cw)]
		var acc uint64
		for w, cv := range cw {
			// hi<<1<<(63-sh) is hi<<(64-sh), 0 when sh is 0, with a shift
			// count the compiler knows is below 64.
			acc ^= cv & (lo[w]>>sh | hi[w]<<1<<(63-sh))
		}
		if bits.OnesCount64(acc)&1 == 0 {
			m++
			continue
		}
		change := 2*l <= k
		if change {
			copy(tmp[:l>>6+1], c[:l>>6+1])
		}
		// c += x^m·b
		q, sh = m>>6, uint(m&63)
		bw := b[:lb>>6+1]
		dlo := c[q : q+len(bw)]
		dhi := c[q+1 : q+1+len(bw)]
		for w, v := range bw {
			dlo[w] ^= v << sh
			dhi[w] ^= v >> 1 >> (63 - sh)
		}
		if !change {
			m++
			continue
		}
		nl := k + 1 - l
		p.jumps++
		p.sizes[min(nl-l, maxJumpSize)]++
		b, tmp = tmp, b
		lb, l, m = l, nl, 1
	}
	p.l = l
	p.c = c[:l>>6+1]
	return p
}

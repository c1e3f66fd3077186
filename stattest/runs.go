package stattest

import (
	"io"
	"math"
	"math/bits"
)

// Runs reads nbits bits from r (most significant bit of each byte first)
// and tests the number of runs, the maximal blocks of identical bits: NIST
// SP 800-22 rev. 1a §2.3, the runs test. With π the proportion of ones and
// V the number of runs, p = erfc(|V - 2nπ(1-π)| / (2√(2n) π(1-π))) (a
// two-sided normal tail, math.Erfc, so Result.TwoSided); the
// statistic is V. It detects bits that change too often or too rarely:
// oscillation, e.g. a low bit of an LCG that alternates, and clumping.
// NIST recommends n >= 100.
//
// The test is conditional on the observed π (its mean and variance are
// Wald and Wolfowitz's for the given numbers of ones and zeros, to first
// order), so it is valid for any π. NIST instead skips it, reporting p = 0,
// when |π - 1/2| >= 2/√n: a 4σ bias, which a perfect generator shows once
// in 16000 samples, 30 times the Fail rate Classify promises. The bias is
// Monobit's to judge, so Runs reports the conditional p-value; only a
// sample of all ones or all zeros, which has no runs to count, gets p = 0.
func Runs(r io.Reader, nbits int64) (Result, error) {
	if err := checkReader("runs", r); err != nil {
		return Result{}, err
	}
	if err := checkN("runs", nbits, 2); err != nil {
		return Result{}, err
	}
	nbytes := bytesOf(nbits)
	var ones, changes, seen int64
	prev := -1 // the last bit of the previous byte, -1 before the first
	err := readChunks(r, nbytes, func(b []byte) {
		for _, c := range b {
			valid := 8 // leading bits of c that belong to the sample
			if seen++; seen == nbytes && nbits%8 != 0 {
				valid = int(nbits % 8)
				c &= 0xff << (8 - valid)
			}
			if prev >= 0 && int(c>>7) != prev {
				changes++
			}
			ones += int64(bits.OnesCount8(c))
			// Bit i of c^(c>>1) is bit i xor bit i+1: a change between
			// neighbours; keep the pairs inside the valid bits.
			mask := byte(0x7f) &^ (1<<(8-valid) - 1)
			changes += int64(bits.OnesCount8((c ^ c>>1) & mask))
			prev = int(c>>(8-valid)) & 1
		}
	})
	if err != nil {
		return Result{}, err
	}
	n := float64(nbits)
	pi := float64(ones) / n
	v := float64(changes + 1)
	res := Result{Name: "runs", N: nbits, Unit: "bits", Statistic: v}
	res.TwoSided = true
	if ones == 0 || ones == nbits {
		return res, nil // p = 0: one value only, no runs to test
	}
	z := (v - 2*n*pi*(1-pi)) / (2 * math.Sqrt(2*n) * pi * (1 - pi))
	// erfc(|z|) is the two-sided normal tail at |z|√2.
	res.P = twoSidedNormal(z * math.Sqrt2)
	return res, nil
}

package stattest

import (
	"fmt"
	"io"
	"math"
	"math/bits"
	"math/rand/v2"

	"gonum.org/v1/gonum/stat/distuv"
)

// ByteFrequency reads n bytes from r and tests whether the 256 byte values
// are equally frequent: Pearson's chi-square over 256 cells, 255 degrees of
// freedom (Knuth TAOCP vol. 2 §3.3.2 A, the equidistribution or frequency
// test, with d = 256). It detects any bias in the byte distribution: a
// stuck or biased bit, a missing or favoured value, and also a histogram
// that is too flat to be random (p near 1, e.g. a counter or a short
// period). The statistic is the chi-square value. n should be at least
// 256*5 bytes.
func ByteFrequency(r io.Reader, n int64) (Result, error) {
	if err := checkReader("byte-frequency", r); err != nil {
		return Result{}, err
	}
	if err := checkN("byte-frequency", n, 256*5); err != nil {
		return Result{}, err
	}
	counts := make([]int64, 256)
	err := readChunks(r, n, func(b []byte) {
		for _, c := range b {
			counts[c]++
		}
	})
	if err != nil {
		return Result{}, err
	}
	return uniformResult("byte-frequency", "bytes", n, counts), nil
}

// Monobit reads nbits bits from r (most significant bit of each byte
// first) and tests whether ones and zeros are equally frequent: NIST SP
// 800-22 rev. 1a §2.1, the frequency (monobit) test. With S the number of
// ones minus the number of zeros, the statistic is s_obs = |S|/√n and
// p = erfc(s_obs/√2), a two-sided normal tail (math.Erfc). It
// detects a global bias towards ones or zeros (a stuck bit included). P is
// two-sided (Result.TwoSided): it is exactly 1 when ones and zeros are
// equally many, which a good generator does with probability about
// √(2/(πn)), so P near 1 is not held against the stream. NIST recommends
// n >= 100.
func Monobit(r io.Reader, nbits int64) (Result, error) {
	if err := checkReader("monobit", r); err != nil {
		return Result{}, err
	}
	if err := checkN("monobit", nbits, 1); err != nil {
		return Result{}, err
	}
	ones, err := countOnes(r, nbits)
	if err != nil {
		return Result{}, err
	}
	s := float64(2*ones - nbits)
	sobs := math.Abs(s) / math.Sqrt(float64(nbits))
	return Result{Name: "monobit", N: nbits, Unit: "bits", Statistic: sobs, P: twoSidedNormal(sobs), TwoSided: true}, nil
}

// countOnes counts the ones among the first nbits bits of r (MSB first).
func countOnes(r io.Reader, nbits int64) (int64, error) {
	nbytes := bytesOf(nbits)
	var ones, seen int64
	err := readChunks(r, nbytes, func(b []byte) {
		if seen+int64(len(b)) == nbytes && nbits%8 != 0 {
			// Keep only the leading nbits%8 bits of the last byte.
			last := len(b) - 1
			ones += int64(bits.OnesCount8(b[last] >> (8 - nbits%8)))
			b = b[:last]
		}
		seen += int64(len(b))
		i := 0
		for ; i+8 <= len(b); i += 8 {
			w := uint64(b[i]) | uint64(b[i+1])<<8 | uint64(b[i+2])<<16 | uint64(b[i+3])<<24 |
				uint64(b[i+4])<<32 | uint64(b[i+5])<<40 | uint64(b[i+6])<<48 | uint64(b[i+7])<<56
			ones += int64(bits.OnesCount64(w))
		}
		for ; i < len(b); i++ {
			ones += int64(bits.OnesCount8(b[i]))
		}
	})
	return ones, err
}

// BlockFrequency reads nbits bits from r (most significant bit of each
// byte first), cuts them into N = nbits/m blocks of m bits (the remainder
// is read and ignored) and tests whether the proportion of ones π_i in
// every block is near 1/2: NIST SP 800-22 rev. 1a §2.2, the frequency test
// within a block. The statistic is χ² = 4m Σ (π_i - 1/2)², and p is the
// chi-square survival function with N degrees of freedom (gonum
// distuv.ChiSquared; NIST writes it igamc(N/2, χ²/2)). It detects local
// bias that cancels out over the whole stream, e.g. alternating biased and
// unbiased stretches. NIST recommends m >= 20, m > nbits/100 and N < 100;
// larger N is fine for the chi-square approximation.
func BlockFrequency(r io.Reader, nbits int64, m int) (Result, error) {
	if err := checkReader("block-frequency", r); err != nil {
		return Result{}, err
	}
	if m < 1 {
		return Result{}, fmt.Errorf("stattest: block-frequency needs a block size of at least 1 bit, not %d", m)
	}
	if err := checkN("block-frequency", nbits, int64(m)); err != nil {
		return Result{}, err
	}
	nblocks := nbits / int64(m)
	M := int64(m)
	var sum float64 // Σ (π_i - 1/2)²
	var blockOnes, pos, done int64
	flush := func() {
		d := float64(blockOnes)/float64(M) - 0.5
		sum += d * d
		blockOnes, pos = 0, 0
		done++
	}
	err := readChunks(r, bytesOf(nbits), func(b []byte) {
		if M%8 == 0 {
			for _, c := range b {
				if done == nblocks {
					return
				}
				blockOnes += int64(bits.OnesCount8(c))
				if pos += 8; pos == M {
					flush()
				}
			}
			return
		}
		for i := int64(0); i < int64(len(b))*8; i++ {
			if done == nblocks {
				return
			}
			blockOnes += int64(bitAt(b, i))
			if pos++; pos == M {
				flush()
			}
		}
	})
	if err != nil {
		return Result{}, err
	}
	chi2 := 4 * float64(M) * sum
	p := distuv.ChiSquared{K: float64(nblocks)}.Survival(chi2)
	return Result{Name: "block-frequency", N: nbits, Unit: "bits", Statistic: chi2, P: p}, nil
}

// BitFrequency takes n values from src and tests each of the 64 bit
// positions of a uint64 separately: with c_j the number of values whose bit
// j is set, z_j = (2c_j - n)/√n is approximately standard normal, and the
// statistic Σ z_j² is chi-square with 64 degrees of freedom (gonum
// distuv.ChiSquared). Unlike Monobit, which pools all bits, it detects one
// stuck or biased bit position among 63 good ones, the weak low bits of a
// power-of-two LCG, and sources that fill only part of the word. (This is
// the frequency test of NIST SP 800-22 §2.1 applied per bit position, as in
// the bit-by-bit views of L'Ecuyer & Simard's TestU01, 2007.) n must be
// at least 1.
func BitFrequency(src rand.Source, n int64) (Result, error) {
	if err := checkSource("bit-frequency", src); err != nil {
		return Result{}, err
	}
	if err := checkN("bit-frequency", n, 1); err != nil {
		return Result{}, err
	}
	var counts [64]int64
	for i := int64(0); i < n; i++ {
		x := src.Uint64()
		for x != 0 {
			j := bits.TrailingZeros64(x)
			counts[j]++
			x &= x - 1
		}
	}
	var chi2 float64
	for _, c := range counts {
		z := float64(2*c-n) / math.Sqrt(float64(n))
		chi2 += z * z
	}
	p := distuv.ChiSquared{K: 64}.Survival(chi2)
	return Result{Name: "bit-frequency", N: n, Unit: "values", Statistic: chi2, P: p}, nil
}

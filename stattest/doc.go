// Package stattest runs statistical tests of the quality of random number
// generators: any io.Reader of random bytes or math/rand/v2 Source.
//
// To test a generator, run the default battery over it and read the
// verdict:
//
//	rep, err := (&stattest.Battery{Bytes: 8 << 20}).Run(src) // or RunReader(r)
//	if err != nil { ... }
//	fmt.Println(rep.Verdict()) // pass, weak or fail; rep.Summaries has each test
//
// A Battery's default (1 MiB per test, 38 results) fails the generators
// TestU01's SmallCrush fails; more data per test sees more (8 MiB is the
// default of the streamrand test command, 1 GiB its -deep level). Each
// test is also a function of its own (Monobit, MatrixRank, ...).
//
// Each test returns a Result: the test's name, the sample size, the test
// statistic and its p-value, the probability that a perfect generator gives
// a statistic at least as extreme. Under the null hypothesis (the numbers
// are independent and uniform) a p-value is uniform on [0, 1], so a good
// generator gets p-values spread evenly, and a defective one gets p-values
// that pile up at 0 (the defect is visible) or at 1 (the output is too
// regular to be random, e.g. a perfectly flat histogram). Classify turns a
// p-value into a Verdict: Pass, Weak (p outside [1e-3, 1-1e-3]) or Fail (p
// outside [1e-6, 1-1e-6]). The p-values of Monobit, Runs and the serial
// correlations are already two-sided (a departure either way makes them
// small, and p near 1 only means a statistic near its mean), so their
// Results are TwoSided and judged on the lower tail, at twice the levels
// (ClassifyTwoSided). Either way a good generator gets Weak about once in
// 500 results and Fail about once in 500000; a test of this package checks
// those rates over thousands of seeds. Every test returns an error for a
// sample size it cannot use and for a nil Source or Reader ("stattest: X
// of a nil rand.Source"). The p-values come from the distributions of
// gonum (gonum.org/v1/gonum/stat/distuv: ChiSquared, Poisson; and
// gonum/stat/combin for the exact Kolmogorov-Smirnov law at small n),
// but for the two-sided normal tails, erfc(|z|/√2) from math.Erfc, which
// stays accurate where 1 - Φ(z) is exactly 0 (beyond about 8.3σ).
//
// The tests, what they detect, and where they come from:
//
//   - ByteFrequency: chi-square of the 256 byte values; a biased or
//     missing value, a bias in any bit (Knuth, TAOCP vol. 2 §3.3.2 A).
//   - Monobit: proportion of ones; a global bias (NIST SP 800-22 §2.1).
//   - BlockFrequency: proportion of ones per block; a local bias
//     (NIST SP 800-22 §2.2).
//   - Runs: number of runs of equal bits; bits that oscillate or clump
//     (NIST SP 800-22 §2.3).
//   - BitFrequency: proportion of ones at each of the 64 bit positions of
//     a Uint64; one stuck or weak bit position (NIST §2.1 per position, as
//     in TestU01's bit-level views).
//   - SerialCorrelationUint64, SerialCorrelationFloat64: correlation of
//     successive values, over the leading bits (Uint64) and the low 53
//     bits that math/rand/v2's Float64 uses (Knuth §3.3.2 K).
//   - KolmogorovSmirnov: distribution of float64 values against the
//     uniform; clustering (Knuth §3.3.1 B); KSUniform is also the
//     second-level test of the Battery.
//   - Gap: lengths of the gaps between values in an interval; clustering,
//     regular spacing, short cycles (Knuth §3.3.2 B).
//   - Poker: number of different digits in hands of five 4-bit or 8-bit
//     digits; dependence among neighbouring digits (Knuth §3.3.2 D).
//   - BirthdaySpacings: repeated spacings between sorted birthdays;
//     lattice structure (LCGs and other linear generators) and short
//     periods (Marsaglia's diehard, 1995; Knuth §3.3.2 J; L'Ecuyer &
//     Simard 2001).
//   - Equidistribution2D, Equidistribution3D: chi-square of pairs and
//     triples of leading bits over the cells of the square and the cube;
//     dependence between successive values (Knuth §3.3.2 B, the serial
//     test; TestU01's smultin).
//   - BirthdaySpacingsTuples: birthday spacings of points of 2 to 8
//     successive values; the lattice of linear congruential generators in
//     every dimension (TestU01's smarsa_BirthdaySpacings).
//   - MatrixRank: rank over GF(2) of binary matrices built from
//     successive values; generators linear over GF(2) with a small state,
//     such as xorshift (NIST SP 800-22 §2.5; Marsaglia & Tsay 1985;
//     TestU01's smarsa_MatrixRank).
//   - LinearComplexity, LinearComplexitySizes: the linear complexity
//     profile of one bit position by Berlekamp-Massey; a bit that obeys a
//     linear recurrence, such as each bit of MT19937 (TestU01's
//     scomp_LinearComp; NIST SP 800-22 §2.10).
//   - RandomWalk: walks of ±1 steps over the bits; excursions, returns
//     and sign changes that betray dependence among nearby bits (TestU01's
//     swalk_RandomWalk1).
//   - HammingIndep: the Hamming weights of successive blocks, which must
//     be independent (TestU01's sstring_HammingIndep).
//
// The bit tests over an io.Reader take the bits of each byte from the most
// significant to the least, the order of NIST SP 800-22's sequences, so
// its worked examples check directly. A Reader that fails or ends early is
// an error, and so is one that returns no data and no error 100 times in
// a row (bufio's rule): the error wraps io.ErrNoProgress. The tests over a rand.Source that
// use floats take them as rand.New(src).Float64 does.
//
// A Battery runs the tests over one generator (Run) or over any byte
// stream (RunReader, for a generator outside Go) with a chosen amount of
// data, repeated if asked, and summarises them with a verdict per test.
// With repetitions it adds second-level tests (Knuth §3.3.1 B; L'Ecuyer &
// Simard, "TestU01: A C library for empirical testing of random number
// generators", ACM TOMS 33(4), 2007): the counts of a count statistic
// added over the repetitions and judged against their exact law (the
// p-values of a discrete statistic are themselves discrete, and a test of
// their uniformity fails perfect generators once it has enough of them);
// the uniformity of the p-values of the others; and the most extreme
// single repetition, corrected for the number of repetitions. Each
// second-level result keeps the documented rates.
//
// The default battery (Tests) is meant to be at least as strong as
// TestU01's SmallCrush on known-bad generators: at DefaultBytes per test
// it fails RANDU, MINSTD (also with its constant low bit filled with
// noise), xorshift32, xorshift64, MT19937, the low half of a 64-bit LCG,
// ChaCha with 1 or 2 rounds and AES with 1 to 3 rounds, and at 8 MiB per
// test the high half of a 64-bit LCG too. Its tests, the known-bad
// generators it runs on and the measured table are in docs/quality.md of
// this module. It cannot prove a generator good: for more, run PractRand
// or TestU01's BigCrush on the raw stream (the stream command of
// cmd/streamrand).
package stattest

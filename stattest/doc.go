// Package stattest runs statistical tests of the quality of random number
// generators: any io.Reader of random bytes or math/rand/v2 Source.
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
// sample size it cannot use. The p-values come from the distributions of
// gonum (gonum.org/v1/gonum/stat/distuv: ChiSquared, Normal, Poisson; and
// gonum/stat/combin for the exact Kolmogorov-Smirnov law at small n).
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
//
// The bit tests over an io.Reader take the bits of each byte from the most
// significant to the least, the order of NIST SP 800-22's sequences, so
// its worked examples check directly. The tests over a rand.Source that
// use floats take them as rand.New(src).Float64 does.
//
// A Battery runs the tests over one generator with a chosen amount of data,
// repeated if asked, and summarises them with a verdict per test; with
// repetitions it adds the second-level test of Knuth §3.3.1 B and TestU01
// (L'Ecuyer & Simard, "TestU01: A C library for empirical testing of
// random number generators", ACM TOMS 33(4), 2007): the p-values of the
// repetitions must themselves be uniform.
//
// A battery of this size is a smoke test: it catches broken generators,
// wrong kernels and misuse (a stuck bit, a short period, a counter, a
// wrong float conversion), not subtle flaws. For those, run dieharder,
// PractRand or TestU01's BigCrush on the raw stream (see docs/quality.md
// of this module and the stream command of cmd/streamrand).
package stattest

package stattest

import (
	"bytes"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// bitString packs a string of '0' and '1' (spaces ignored) into bytes, most
// significant bit first, and returns a reader of them and the bit count.
func bitString(s string) (io.Reader, int64) {
	s = strings.ReplaceAll(s, " ", "")
	b := make([]byte, (len(s)+7)/8)
	for i, c := range s {
		if c == '1' {
			b[i/8] |= 0x80 >> (i % 8)
		}
	}
	return bytes.NewReader(b), int64(len(s))
}

// epsilon100 is the 100-bit sequence of the second worked example in
// sections 2.1.8, 2.2.8 and 2.3.8 of NIST SP 800-22 rev. 1a.
const epsilon100 = "11001001000011111101101010100010001000010110100011" +
	"00001000110100110001001100011001100010100010111000"

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(got) || math.Abs(got-want) > tol {
		t.Errorf("%s = %.9g, want %.9g (±%g)", what, got, want, tol)
	}
}

// NIST SP 800-22 rev. 1a, §2.1.8 (the frequency (monobit) test): the
// examples print p to 6 decimals.
func TestMonobitNIST(t *testing.T) {
	for _, tc := range []struct {
		bits       string
		sobs, p    float64
		sobsDigits float64
	}{
		{"1011010101", 0.632455532, 0.527089, 1e-9},
		{epsilon100, 1.6, 0.109599, 1e-9},
	} {
		r, n := bitString(tc.bits)
		res, err := Monobit(r, n)
		if err != nil {
			t.Fatal(err)
		}
		near(t, "monobit s_obs", res.Statistic, tc.sobs, tc.sobsDigits)
		near(t, "monobit p", res.P, tc.p, 5e-7)
		if res.N != n || res.Name != "monobit" {
			t.Errorf("got %v", res)
		}
	}
}

// NIST SP 800-22 rev. 1a, §2.2.8 (the frequency test within a block).
func TestBlockFrequencyNIST(t *testing.T) {
	for _, tc := range []struct {
		bits    string
		m       int
		chi2, p float64
	}{
		{"0110011010", 3, 1, 0.801252},
		{epsilon100, 10, 7.2, 0.706438},
	} {
		r, n := bitString(tc.bits)
		res, err := BlockFrequency(r, n, tc.m)
		if err != nil {
			t.Fatal(err)
		}
		near(t, "block-frequency χ²", res.Statistic, tc.chi2, 1e-9)
		near(t, "block-frequency p", res.P, tc.p, 5e-7)
	}
}

// NIST SP 800-22 rev. 1a, §2.3.8 (the runs test).
func TestRunsNIST(t *testing.T) {
	for _, tc := range []struct {
		bits string
		v, p float64
	}{
		{"1001101011", 7, 0.147232},
		{epsilon100, 52, 0.500798},
	} {
		r, n := bitString(tc.bits)
		res, err := Runs(r, n)
		if err != nil {
			t.Fatal(err)
		}
		near(t, "runs V", res.Statistic, tc.v, 0)
		near(t, "runs p", res.P, tc.p, 5e-7)
	}
	// Where NIST's frequency prerequisite fails (§2.3.4 step 2: here 72
	// ones in 100 bits, |π - 1/2| = 0.22 >= 2/√100), Runs still reports
	// the test conditional on π, by the formula of §2.3.4 step 4, counted
	// and computed here by hand.
	seq := strings.Repeat("1110", 20) + strings.Repeat("11100", 4)
	r, n := bitString(seq)
	res, err := Runs(r, n)
	if err != nil {
		t.Fatal(err)
	}
	var ones, v float64 = 0, 1
	for i := range seq {
		if seq[i] == '1' {
			ones++
		}
		if i > 0 && seq[i] != seq[i-1] {
			v++
		}
	}
	pi := ones / 100
	if math.Abs(pi-0.5) < 2/math.Sqrt(100) {
		t.Fatalf("the sample passes NIST's prerequisite (π = %g): pick another", pi)
	}
	near(t, "runs V (biased)", res.Statistic, v, 0)
	z := math.Abs(v-2*100*pi*(1-pi)) / (2 * math.Sqrt(200) * pi * (1 - pi))
	near(t, "runs p (biased)", res.P, math.Erfc(z), 1e-12)
	if !res.TwoSided {
		t.Error("runs: TwoSided not set")
	}
	// A sample of one value has no runs to test: p = 0, without dividing
	// by π(1-π) = 0.
	for _, s := range []string{"1111111111", "0000000000"} {
		r, n := bitString(s)
		res, err := Runs(r, n)
		if err != nil || res.P != 0 || res.Statistic != 1 {
			t.Errorf("runs of %s: %v, %v; want V = 1, p = 0", s, res, err)
		}
	}
}

// The bit tests read in 64 KiB chunks; compare them with a naive bit loop
// on lengths that end mid-byte and cross chunk boundaries.
func TestBitTestsAgainstNaive(t *testing.T) {
	data := make([]byte, 3*chunkSize+5)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	for _, nbits := range []int64{2, 9, 1000, 8*chunkSize - 3, 8*chunkSize + 1, 8*int64(len(data)) - 7} {
		var ones, runs int64 = 0, 1
		for i := range nbits {
			ones += int64(bitAt(data, i))
			if i > 0 && bitAt(data, i) != bitAt(data, i-1) {
				runs++
			}
		}
		mono, err := Monobit(bytes.NewReader(data), nbits)
		if err != nil {
			t.Fatal(err)
		}
		near(t, "monobit s_obs", mono.Statistic, math.Abs(float64(2*ones-nbits))/math.Sqrt(float64(nbits)), 1e-12)
		rr, err := Runs(bytes.NewReader(data), nbits)
		if err != nil {
			t.Fatal(err)
		}
		if int64(rr.Statistic) != runs {
			t.Errorf("runs over %d bits: V = %v, want %d", nbits, rr.Statistic, runs)
		}
		for _, m := range []int{1, 7, 8, 1024} {
			if int64(m) > nbits {
				continue
			}
			var sum float64
			for blk := range nbits / int64(m) {
				var c int64
				for i := range int64(m) {
					c += int64(bitAt(data, blk*int64(m)+i))
				}
				d := float64(c)/float64(m) - 0.5
				sum += d * d
			}
			bf, err := BlockFrequency(bytes.NewReader(data), nbits, m)
			if err != nil {
				t.Fatal(err)
			}
			near(t, "block-frequency χ²", bf.Statistic, 4*float64(m)*sum, 1e-9*(1+sum))
		}
	}
}

// Knuth TAOCP vol. 2 §3.3.1 A: 144 throws of two dice, the first set of
// observed counts, V = 7 7/48. Knuth's table of the chi-square distribution
// puts 6.737 at the 25% point and 9.342 at the 50% point for 10 degrees of
// freedom, so p = P(χ² >= V) is between 0.5 and 0.75.
func TestChiSquareKnuthDice(t *testing.T) {
	obs := []float64{2, 4, 10, 12, 22, 29, 21, 15, 14, 9, 6}
	exp := make([]float64, 11)
	for i, w := range []float64{1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1} {
		exp[i] = 144 * w / 36
	}
	v, p := ChiSquare(obs, exp, 10)
	near(t, "V", v, 7+7.0/48, 1e-12)
	if p <= 0.5 || p >= 0.75 {
		t.Errorf("p = %g, want between 0.5 and 0.75", p)
	}
}

// chiSquareSurvival is P(χ²_ν >= x), written here from the classical
// closed forms (Abramowitz & Stegun 26.4.4 and 26.4.5) rather than taken
// from gonum: for even ν, e^{-x/2} Σ_{i<ν/2} (x/2)^i/i!; for odd ν,
// 2Φ̄(√x) + √(2/π) e^{-x/2} Σ_{i=1}^{(ν-1)/2} x^{i-1/2}/(1·3···(2i-1)).
func chiSquareSurvival(x float64, nu int) float64 {
	var sum float64
	if nu%2 == 0 {
		for i := range nu / 2 {
			lg, _ := math.Lgamma(float64(i + 1))
			sum += math.Exp(-x/2 + float64(i)*math.Log(x/2) - lg)
		}
		return sum
	}
	sum = math.Erfc(math.Sqrt(x / 2))
	logOdd := 0.0 // log(1·3···(2i-1))
	for i := 1; i <= (nu-1)/2; i++ {
		logOdd += math.Log(float64(2*i - 1))
		sum += math.Exp(0.5*math.Log(2/math.Pi) - x/2 + (float64(i)-0.5)*math.Log(x) - logOdd)
	}
	return sum
}

// The chi-square tests use the degrees of freedom their doc comments
// state: each p-value equals the survival function, computed here
// independently, of its statistic with that many.
func TestChiSquareDegreesOfFreedom(t *testing.T) {
	// The closed forms against Knuth TAOCP vol. 2 §3.3.1 Table 1: for ν =
	// 10 the 1% and 99% points are 2.558 and 23.21; for ν = 5, 0.5543 and
	// 15.09.
	near(t, "Q(2.558; 10)", chiSquareSurvival(2.558, 10), 0.99, 5e-4)
	near(t, "Q(23.21; 10)", chiSquareSurvival(23.21, 10), 0.01, 5e-4)
	near(t, "Q(0.5543; 5)", chiSquareSurvival(0.5543, 5), 0.99, 5e-4)
	near(t, "Q(15.09; 5)", chiSquareSurvival(15.09, 5), 0.01, 5e-4)

	data := make([]byte, 1<<16)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	src := func() rand.Source { return rand.NewPCG(5, 6) }
	for _, tc := range []struct {
		name string
		df   int
		res  Result
	}{
		{"byte-frequency", 255, must(ByteFrequency(bytes.NewReader(data), int64(len(data))))},
		{"block-frequency (64 blocks)", 64, must(BlockFrequency(bytes.NewReader(data), 64*128, 128))},
		{"block-frequency (63 blocks)", 63, must(BlockFrequency(bytes.NewReader(data), 63*128+100, 128))},
		{"bit-frequency", 64, must(BitFrequency(src(), 1000))},
		{"equidistribution-2d (64 cells)", 63, must(Equidistribution2D(src(), 1000, 3))},
		{"equidistribution-3d (64 cells)", 63, must(Equidistribution3D(src(), 1000, 2))},
		{"equidistribution-3d (512 cells)", 511, must(Equidistribution3D(src(), 3000, 3))},
	} {
		want := chiSquareSurvival(tc.res.Statistic, tc.df)
		if math.Abs(tc.res.P-want) > 1e-9 {
			t.Errorf("%s: p = %.12g for χ² = %g, want %.12g (%d degrees of freedom)", tc.name, tc.res.P, tc.res.Statistic, want, tc.df)
		}
	}
}

func TestByteFrequencyKnown(t *testing.T) {
	// Every byte value 5 times, except 0 (10 times) and 1 (none): χ² =
	// 25/5 + 25/5 = 10 with 255 degrees of freedom: p ≈ 1, a histogram far
	// too flat.
	var b []byte
	for v := range 256 {
		n := 5
		switch v {
		case 0:
			n = 10
		case 1:
			n = 0
		}
		for range n {
			b = append(b, byte(v))
		}
	}
	res, err := ByteFrequency(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	near(t, "χ²", res.Statistic, 10, 1e-12)
	if res.Verdict() != Fail || res.P < 0.5 {
		t.Errorf("too flat histogram: %v, want fail with p near 1", res)
	}
}

func TestBitFrequencyKnown(t *testing.T) {
	// All zeros: z_j = -√n for each of 64 bits, χ² = 64n.
	res := must(BitFrequency(constSource(0), 4))
	near(t, "χ²", res.Statistic, 256, 0)
	// Alternating all-ones and all-zeros: exactly n/2 ones at every bit.
	res = must(BitFrequency(&seqSource{v: []uint64{^uint64(0), 0}}, 4))
	near(t, "χ²", res.Statistic, 0, 0)
	near(t, "p", res.P, 1, 1e-12)
	// One bit set in one of 4 words, bit 5: c_5 = 1 gives z = -1; the
	// other 63 bits give z = -2: χ² = 1 + 63·4.
	res = must(BitFrequency(&seqSource{v: []uint64{1 << 5, 0, 0, 0}}, 4))
	near(t, "χ²", res.Statistic, 1+63*4, 0)
}

func TestSerialCorrelationKnown(t *testing.T) {
	// U = 0, 1/4, 1/2, 3/4 (cyclic): Σ U = 3/2, Σ U² = 7/8, Σ U_j U_{j+1}
	// = 1/2, so C = (4·1/2 - 9/4)/(4·7/8 - 9/4) = -1/5; μ = -1/3, σ =
	// (4/3)/√2.
	src := &seqSource{v: []uint64{0, 1 << 62, 1 << 63, 3 << 62}}
	res := must(SerialCorrelationUint64(src, 4))
	near(t, "C", res.Statistic, -0.2, 1e-15)
	z := (-0.2 + 1.0/3) / (4.0 / 3 / math.Sqrt2)
	near(t, "p", res.P, math.Erfc(z/math.Sqrt2), 1e-12)
	// The float64 version reads the low 53 bits: the same U from v<<0.
	f := &seqSource{v: []uint64{0, 1 << 51, 1 << 52, 3 << 51}}
	near(t, "C(float64)", must(SerialCorrelationFloat64(f, 4)).Statistic, -0.2, 1e-15)
	// A counter of small steps is perfectly correlated.
	res = must(SerialCorrelationUint64(&counterSource{step: 1 << 40}, 10000))
	if res.Statistic < 0.99 || res.Verdict() != Fail {
		t.Errorf("counter: %v, want C near 1 and fail", res)
	}
}

func TestKSUniformKnown(t *testing.T) {
	// x = 0.1, 0.4, 0.7: K+ = √3 max(1/3-0.1, 2/3-0.4, 1-0.7) = 0.3√3,
	// K- = √3 max(0.1, 0.4-1/3, 0.7-2/3) = 0.1√3.
	plus, minus := KSUniform([]float64{0.7, 0.1, 0.4})
	near(t, "K+", plus.Statistic, 0.3*math.Sqrt(3), 1e-12)
	near(t, "K-", minus.Statistic, 0.1*math.Sqrt(3), 1e-12)
	// n = 1: K+ = 1 - X, so P(K+ >= s) = P(X <= 1-s) = 1-s exactly.
	plus, minus = KSUniform([]float64{0.25})
	near(t, "n=1 p(K+)", plus.P, 0.25, 1e-12)
	near(t, "n=1 p(K-)", minus.P, 0.75, 1e-12) // K- = X = 0.25, P(X >= 0.25)
	// n = 2, exact law by hand: P(D_2^+ >= ε) for ε = 0.5 is
	// P(max(1/2 - X_(1), 1 - X_(2)) >= 1/2) = P(X_(1) <= 0 or X_(2) <= 1/2)
	// = 1/4.
	near(t, "n=2 p", ksPValue(0.5*math.Sqrt2, 2), 0.25, 1e-12)
	// Large n: Knuth's Table 2 (§3.3.1) gives the 95% point of K_n^+ as
	// y - 1/(6√n) with y = √(ln(20)/2) = 1.2239; P(K >= it) = 5%. The
	// exact sum at n = 1000 and the limit law at n = 1001 must agree.
	for _, n := range []float64{1000, 1001, 1e5} {
		s := math.Sqrt(math.Log(20)/2) - 1/(6*math.Sqrt(n))
		near(t, "p at the 95% point", ksPValue(s, n), 0.05, 2e-4)
	}
}

func TestPokerKnown(t *testing.T) {
	// 1000 hands of 4-bit digits 0,1,2,3,4: every hand has 5 different
	// digits. For d = 16 the probabilities of 1..5 different digits are
	// (16, 3600, 84000, 436800, 524160)/16^5; r <= 3 merge into one cell
	// (expected 83.6), so χ² = 1000²/(1000·P(5)) - 1000 with 2 degrees of
	// freedom.
	var digits []byte
	for range 1000 {
		digits = append(digits, 0, 1, 2, 3, 4)
	}
	b := make([]byte, len(digits)/2)
	for i := range b {
		b[i] = digits[2*i]<<4 | digits[2*i+1]
	}
	res, err := Poker(bytes.NewReader(b), 1000, 4)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "χ²", res.Statistic, 1000*(1048576.0/524160-1), 1e-9)
	near(t, "p/e^{-χ²/2}", res.P/math.Exp(-res.Statistic/2), 1, 1e-9) // χ²(2) survival
	// 8-bit digits: hands "AAAAA" and "AABBC" alternate.
	var b8 []byte
	for range 500 {
		b8 = append(b8, 7, 7, 7, 7, 7, 1, 1, 2, 2, 3)
	}
	res, err = Poker(bytes.NewReader(b8), 1000, 8)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict() != Fail {
		t.Errorf("8-bit poker of repeated hands: %v, want fail", res)
	}
}

func TestBirthdaySpacingsKnown(t *testing.T) {
	// m = 4 birthdays 1, 5, 9, 13 in a year of 16 days: spacings 4, 4, 4
	// and 1+16-13 = 4, so R = 3; the mean is m(m-1)²/(4n) -
	// m(m-1)²(m-2)²/(18n²) = 9/16 - 1/32 (birthdayMean). Mid-p of Poisson(λ) at 3:
	// P(X > 3) + P(X = 3)/2 = 1 - e^-λ(1+λ+λ²/2+λ³/6) + e^-λ·λ³/12.
	src := &seqSource{v: []uint64{9, 1, 13, 5}}
	res, err := BirthdaySpacings(src, 1, 4, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "T", res.Statistic, 3, 0)
	l := 9.0/16 - 1.0/32
	want := 1 - math.Exp(-l)*(1+l+l*l/2+l*l*l/6) + math.Exp(-l)*l*l*l/12
	near(t, "p", res.P, want, 1e-12)
	// The field is taken at the shift: the same birthdays in bits 40..43.
	src = &seqSource{v: []uint64{9 << 40, 1 << 40, 13<<40 | 0xff, 5 << 40}}
	res, _ = BirthdaySpacings(src, 1, 4, 4, 40)
	near(t, "T (shifted)", res.Statistic, 3, 0)
}

func TestGapKnown(t *testing.T) {
	// Interval [0, 1/2), 80 gaps: t = 4, expected counts 40, 20, 10, 5, 5
	// for lengths 0, 1, 2, 3, >= 4. The floats in, in, out, in, out, in,
	// ... give one gap of 0 and 79 of 1: χ² = 39²/40 + 59²/20 + 10 + 5 +
	// 5 = 232.075, 4 degrees of freedom, whose survival function is
	// e^{-x/2}(1 + x/2).
	in, out := uint64(1)<<50, uint64(3)<<51 // floats 1/8 and 3/4 (low 53 bits)
	seq := []uint64{in}
	for range 79 {
		seq = append(seq, out, in)
	}
	res := must(Gap(&seqSource{v: seq}, 80, 0, 0.5))
	near(t, "χ²", res.Statistic, 232.075, 1e-9)
	near(t, "p/want", res.P/(math.Exp(-232.075/2)*(1+232.075/2)), 1, 1e-9)
	// 79 gaps are too few for t = 4.
	if _, err := Gap(&seqSource{v: seq}, 79, 0, 0.5); err == nil {
		t.Error("Gap with t = 3: no error")
	}
}

func TestGapNeverHit(t *testing.T) {
	// Floats of 3/4 only: never in [0, 1/8). Gap must stop, with p = 0.
	res := must(Gap(constSource(3<<51), 1000, 0, 0.125))
	if res.P != 0 || res.N != 0 {
		t.Errorf("got %v, want p = 0 after 0 gaps", res)
	}
}

func TestEquidistributionKnown(t *testing.T) {
	// bits = 1, 2-D: 4 cells; 20 pairs, counts 10, 5, 5, 0: χ² = 10, 3
	// degrees of freedom. Cell (a, b) = (top bit of first, of second).
	hi := uint64(1) << 63
	var seq []uint64
	for range 10 {
		seq = append(seq, 0, 0) // cell 0
	}
	for range 5 {
		seq = append(seq, 0, hi) // cell 1
	}
	for range 5 {
		seq = append(seq, hi, 0) // cell 2
	}
	res, err := Equidistribution2D(&seqSource{v: seq}, 20, 1)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "χ²", res.Statistic, 10, 1e-12)
	// 3-D, bits = 1: 8 cells, 40 triples cycling through every cell: χ² = 0.
	seq = seq[:0]
	for c := range 40 {
		seq = append(seq, uint64(c>>2&1)<<63, uint64(c>>1&1)<<63, uint64(c&1)<<63)
	}
	res, err = Equidistribution3D(&seqSource{v: seq}, 40, 1)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "χ² (3-D)", res.Statistic, 0, 0)
	if _, err := Equidistribution2D(&seqSource{v: seq}, 19, 1); err == nil {
		t.Error("Equidistribution2D with fewer than 5 pairs per cell: no error")
	}
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		p    float64
		want Verdict
	}{
		{0.5, Pass}, {1e-3, Pass}, {1 - 1e-3, Pass}, {9.9e-4, Weak}, {0.9995, Weak},
		{1e-6, Weak}, {9e-7, Fail}, {1 - 1e-7, Fail}, {0, Fail}, {1, Fail}, {math.NaN(), Fail},
	} {
		if got := Classify(tc.p); got != tc.want {
			t.Errorf("Classify(%g) = %v, want %v", tc.p, got, tc.want)
		}
	}
}

// must returns r, panicking on an error.
func must(r Result, err error) Result {
	if err != nil {
		panic(err)
	}
	return r
}

// seqSource cycles through v.
type seqSource struct {
	v []uint64
	i int
}

func (s *seqSource) Uint64() uint64 {
	x := s.v[s.i%len(s.v)]
	s.i++
	return x
}

type constSource uint64

func (c constSource) Uint64() uint64 { return uint64(c) }

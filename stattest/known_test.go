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
	// The frequency prerequisite (NIST §2.3.4 step 2): 8 ones in 10 bits,
	// |π - 1/2| = 0.3 >= 2/√10 is false, but 10 ones in 10 bits fail it.
	r, n := bitString("1111111111")
	if res, _ := Runs(r, n); res.P != 0 {
		t.Errorf("runs of all ones: p = %g, want 0 (prerequisite failed)", res.P)
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

func TestChiSquareTablePoints(t *testing.T) {
	// Knuth TAOCP vol. 2 §3.3.1 Table 1, ν = 10: the p = 1%, 5%, 95%, 99%
	// points are 2.558, 3.940, 18.31, 23.21 (P(χ² <= x) = p).
	for _, tc := range []struct{ x, cdf float64 }{{2.558, 0.01}, {3.940, 0.05}, {18.31, 0.95}, {23.21, 0.99}} {
		// A histogram with one cell off by √x from its expected count of 1
		// and the rest exact has Pearson statistic x.
		obs := []float64{1 + math.Sqrt(tc.x), 1}
		_, p := ChiSquare(obs, []float64{1, 1}, 10)
		near(t, "1-p", 1-p, tc.cdf, 5e-4)
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
	res := BitFrequency(constSource(0), 4)
	near(t, "χ²", res.Statistic, 256, 0)
	// Alternating all-ones and all-zeros: exactly n/2 ones at every bit.
	res = BitFrequency(&seqSource{v: []uint64{^uint64(0), 0}}, 4)
	near(t, "χ²", res.Statistic, 0, 0)
	near(t, "p", res.P, 1, 1e-12)
	// One bit set in one of 4 words, bit 5: c_5 = 1 gives z = -1; the
	// other 63 bits give z = -2: χ² = 1 + 63·4.
	res = BitFrequency(&seqSource{v: []uint64{1 << 5, 0, 0, 0}}, 4)
	near(t, "χ²", res.Statistic, 1+63*4, 0)
}

func TestSerialCorrelationKnown(t *testing.T) {
	// U = 0, 1/4, 1/2, 3/4 (cyclic): Σ U = 3/2, Σ U² = 7/8, Σ U_j U_{j+1}
	// = 1/2, so C = (4·1/2 - 9/4)/(4·7/8 - 9/4) = -1/5; μ = -1/3, σ =
	// (4/3)/√2.
	src := &seqSource{v: []uint64{0, 1 << 62, 1 << 63, 3 << 62}}
	res := SerialCorrelationUint64(src, 4)
	near(t, "C", res.Statistic, -0.2, 1e-15)
	z := (-0.2 + 1.0/3) / (4.0 / 3 / math.Sqrt2)
	near(t, "p", res.P, math.Erfc(z/math.Sqrt2), 1e-12)
	// The float64 version reads the low 53 bits: the same U from v<<0.
	f := &seqSource{v: []uint64{0, 1 << 51, 1 << 52, 3 << 51}}
	near(t, "C(float64)", SerialCorrelationFloat64(f, 4).Statistic, -0.2, 1e-15)
	// A counter of small steps is perfectly correlated.
	res = SerialCorrelationUint64(&counterSource{step: 1 << 40}, 10000)
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
	// and 1+16-13 = 4, so R = 3; λ = 4³/(4·16) = 1. Mid-p of Poisson(1)
	// at 3: P(X > 3) + P(X = 3)/2 = 1 - e⁻¹(1+1+1/2+1/6) + e⁻¹/12.
	src := &seqSource{v: []uint64{9, 1, 13, 5}}
	res, err := BirthdaySpacings(src, 1, 4, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "T", res.Statistic, 3, 0)
	want := 1 - math.Exp(-1)*(1+1+0.5+1.0/6) + math.Exp(-1)/12
	near(t, "p", res.P, want, 1e-12)
	// The field is taken at the shift: the same birthdays in bits 40..43.
	src = &seqSource{v: []uint64{9 << 40, 1 << 40, 13<<40 | 0xff, 5 << 40}}
	res, _ = BirthdaySpacings(src, 1, 4, 4, 40)
	near(t, "T (shifted)", res.Statistic, 3, 0)
}

func TestGapKnown(t *testing.T) {
	// Interval [0, 1/2), 20 gaps: t = 2, expected counts 10, 5, 5 for
	// lengths 0, 1, >= 2. The floats in, in, out, in, out, in, ... give one
	// gap of 0 and 19 of 1: χ² = 9²/10 + 14²/5 + 5²/5 = 52.3, 2 degrees
	// of freedom.
	in, out := uint64(1)<<50, uint64(3)<<51 // floats 1/8 and 3/4 (low 53 bits)
	seq := []uint64{in}
	for range 19 {
		seq = append(seq, out, in)
	}
	res := Gap(&seqSource{v: seq}, 20, 0, 0.5)
	near(t, "χ²", res.Statistic, 52.3, 1e-9)
	near(t, "p", res.P, math.Exp(-52.3/2), 1e-15)
}

func TestGapNeverHit(t *testing.T) {
	// Floats of 3/4 only: never in [0, 1/8). Gap must stop, with p = 0.
	res := Gap(constSource(3<<51), 1000, 0, 0.125)
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

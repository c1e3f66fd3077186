package stattest

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/streamrand/streamrand/internal/sourceio"
)

// A Test is one entry of a Battery: a named test that Run runs over about
// `bytes` bytes of a generator. src and r are the same generator (r reads
// the bytes that src.Uint64 returns, little-endian), so a test takes
// whichever fits it. A test may return more than one Result
// (KolmogorovSmirnov returns K+ and K-).
type Test struct {
	Name string
	Run  func(src rand.Source, r io.Reader, bytes int64) ([]Result, error)
}

// DefaultBytes is the amount of data per test and repetition of a Battery
// whose Bytes is 0.
const DefaultBytes = 1 << 20

// DeepBytes is the data per test of the deeper level (streamrand test
// -deep): enough for the tests that need long samples, the linear
// complexity of long bit sequences and birthdays of whole 64-bit words,
// to see generators that pass at the default size (docs/quality.md).
const DeepBytes = 1 << 30

// Tests returns the tests of the default Battery, in the order it runs
// them. Each takes about `bytes` bytes (the gap test a random amount
// around it; the linear complexity tests at most 2^17 values, 1 MiB):
//
//	byte-frequency              ByteFrequency over the bytes
//	monobit                     Monobit over the bits
//	block-frequency             BlockFrequency, blocks of 1024 bits
//	runs                        Runs over the bits
//	poker-4bit, poker-8bit      Poker, 4-bit and 8-bit digits
//	bit-frequency               BitFrequency over the uint64 values
//	serial-correlation-uint64   SerialCorrelationUint64
//	serial-correlation-float64  SerialCorrelationFloat64
//	ks-uniform                  KolmogorovSmirnov (results ks-uniform+, ks-uniform-)
//	gap                         Gap with [lo, hi) = [0, 1/8)
//	equidistribution-2d         Equidistribution2D, up to 6 leading bits (4096 cells)
//	equidistribution-3d         Equidistribution3D, up to 4 leading bits (4096 cells)
//	birthday-spacings-hi        BirthdaySpacings of bits 63..32, m = 4096 (λ = 4 per sample)
//	birthday-spacings-lo        BirthdaySpacings of bits 31..0, m = 4096
//	birthday-spacings-2d-hi     BirthdaySpacingsTuples, pairs of the leading bits of two values
//	birthday-spacings-8d-lo     BirthdaySpacingsTuples, 8-tuples of the lowest bits of 8 values
//	matrix-rank-64x64           MatrixRank of 64 whole values
//	matrix-rank-32x32-hi        MatrixRank of bits 63..32 of 32 values
//	matrix-rank-32x32-lo        MatrixRank of bits 31..0 of 32 values
//	linear-complexity-hi        LinearComplexity of bit 63, up to 2^17 values
//	linear-complexity-lo        LinearComplexity of bit 0, up to 2^17 values
//	random-walk-{H,M,J,R,C}     RandomWalk of 64 steps over all the bits of a value
//	random-walk-lo-{H,M,J,R,C}  RandomWalk of 32 steps over bits 15..0 of 2 values
//	hamming-indep-lo            HammingIndep of the weights of bits 15..0 of pairs of values
//	autocorrelation-lagD        Autocorrelation of values D = 1, 2, 4 and 8 apart
//
// The birthday tests in 2 and 8 dimensions take as many birthdays per
// sample as the data allows (at most 2^22) and the fewest bits per
// coordinate that keep λ at most 4 (birthdayFit): the lattice of a
// linear congruential generator shows once a sample has about 8 to 16
// times the cube root of its period in points (L'Ecuyer & Simard 2001),
// so larger samples see longer periods.
//
// bytes must be from MinBytes to MaxBytes. Every Result has the name of
// its Test, but for ks-uniform.
func Tests() []Test {
	oneErr := func(r Result, err error) ([]Result, error) {
		if err != nil {
			return nil, err
		}
		return []Result{r}, nil
	}
	return []Test{
		{"byte-frequency", func(_ rand.Source, r io.Reader, n int64) ([]Result, error) {
			return oneErr(ByteFrequency(r, n))
		}},
		{"monobit", func(_ rand.Source, r io.Reader, n int64) ([]Result, error) {
			return oneErr(Monobit(r, 8*n))
		}},
		{"block-frequency", func(_ rand.Source, r io.Reader, n int64) ([]Result, error) {
			return oneErr(BlockFrequency(r, 8*n, 1024))
		}},
		{"runs", func(_ rand.Source, r io.Reader, n int64) ([]Result, error) {
			return oneErr(Runs(r, 8*n))
		}},
		{"poker-4bit", func(_ rand.Source, r io.Reader, n int64) ([]Result, error) {
			return oneErr(Poker(r, 2*n/pokerHand, 4))
		}},
		{"poker-8bit", func(_ rand.Source, r io.Reader, n int64) ([]Result, error) {
			return oneErr(Poker(r, n/pokerHand, 8))
		}},
		{"bit-frequency", func(src rand.Source, _ io.Reader, n int64) ([]Result, error) {
			return oneErr(BitFrequency(src, n/8))
		}},
		{"serial-correlation-uint64", func(src rand.Source, _ io.Reader, n int64) ([]Result, error) {
			return oneErr(SerialCorrelationUint64(src, n/8))
		}},
		{"serial-correlation-float64", func(src rand.Source, _ io.Reader, n int64) ([]Result, error) {
			return oneErr(SerialCorrelationFloat64(src, n/8))
		}},
		{"ks-uniform", func(src rand.Source, _ io.Reader, n int64) ([]Result, error) {
			plus, minus, err := KolmogorovSmirnov(src, n/8)
			if err != nil {
				return nil, err
			}
			return []Result{plus, minus}, nil
		}},
		{"gap", func(src rand.Source, _ io.Reader, n int64) ([]Result, error) {
			return oneErr(Gap(src, n/8/8, 0, 1.0/8))
		}},
		{"equidistribution-2d", func(src rand.Source, _ io.Reader, n int64) ([]Result, error) {
			return oneErr(Equidistribution2D(src, n/16, cellBits(n/16, 2, 6)))
		}},
		{"equidistribution-3d", func(src rand.Source, _ io.Reader, n int64) ([]Result, error) {
			return oneErr(Equidistribution3D(src, n/24, cellBits(n/24, 3, 4)))
		}},
		{"birthday-spacings-hi", func(src rand.Source, _ io.Reader, n int64) ([]Result, error) {
			return renamed("birthday-spacings-hi")(BirthdaySpacings(src, max(1, n/(8*birthdayM)), birthdayM, 32, 32))
		}},
		{"birthday-spacings-lo", func(src rand.Source, _ io.Reader, n int64) ([]Result, error) {
			return renamed("birthday-spacings-lo")(BirthdaySpacings(src, max(1, n/(8*birthdayM)), birthdayM, 32, 0))
		}},
		{"birthday-spacings-2d-hi", func(src rand.Source, _ io.Reader, n int64) ([]Result, error) {
			samples, m, bits := birthdayFit(n, 2)
			return renamed("birthday-spacings-2d-hi")(BirthdaySpacingsTuples(src, samples, m, 2, bits, 64-bits))
		}},
		{"birthday-spacings-8d-lo", func(src rand.Source, _ io.Reader, n int64) ([]Result, error) {
			samples, m, bits := birthdayFit(n, 8)
			return renamed("birthday-spacings-8d-lo")(BirthdaySpacingsTuples(src, samples, m, 8, bits, 0))
		}},
		{"matrix-rank-64x64", func(src rand.Source, _ io.Reader, n int64) ([]Result, error) {
			return renamed("matrix-rank-64x64")(MatrixRank(src, n/(64*8), 64, 64, 0))
		}},
		{"matrix-rank-32x32-hi", func(src rand.Source, _ io.Reader, n int64) ([]Result, error) {
			return renamed("matrix-rank-32x32-hi")(MatrixRank(src, n/(32*8), 32, 32, 32))
		}},
		{"matrix-rank-32x32-lo", func(src rand.Source, _ io.Reader, n int64) ([]Result, error) {
			return renamed("matrix-rank-32x32-lo")(MatrixRank(src, n/(32*8), 32, 32, 0))
		}},
		{"linear-complexity-hi", func(src rand.Source, _ io.Reader, n int64) ([]Result, error) {
			return renamed("linear-complexity-hi")(LinearComplexity(src, min(n/8, maxBatteryLinearBits), 63))
		}},
		{"linear-complexity-lo", func(src rand.Source, _ io.Reader, n int64) ([]Result, error) {
			return renamed("linear-complexity-lo")(LinearComplexity(src, min(n/8, maxBatteryLinearBits), 0))
		}},
		{"random-walk", func(src rand.Source, _ io.Reader, n int64) ([]Result, error) {
			return RandomWalk(src, n/8, 64, 64, 0)
		}},
		{"random-walk-lo", func(src rand.Source, _ io.Reader, n int64) ([]Result, error) {
			rs, err := RandomWalk(src, n/16, 32, 16, 0)
			for i := range rs {
				rs[i].Name = strings.Replace(strings.TrimSuffix(rs[i].Name, "-15:0"), "random-walk", "random-walk-lo", 1)
			}
			return rs, err
		}},
		{"hamming-indep-lo", func(src rand.Source, _ io.Reader, n int64) ([]Result, error) {
			return renamed("hamming-indep-lo")(HammingIndep(src, n/16, 16, 16, 0))
		}},
		{"autocorrelation", func(src rand.Source, _ io.Reader, n int64) ([]Result, error) {
			return Autocorrelation(src, n/8, 1, 2, 4, 8)
		}},
	}
}

// maxBatteryLinearBits bounds the sequences of the battery's linear
// complexity tests: Berlekamp-Massey's cost grows as the square of the
// length, and 2^17 bits already see a linear recurrence of order up to
// about 60000 (MT19937's is 19937).
const maxBatteryLinearBits = 1 << 17

// maxBatteryBirthdays bounds the birthdays per sample of the battery's
// tuple tests, which hold two arrays of them (64 MiB at 2^22).
const maxBatteryBirthdays = 1 << 22

// birthdayFit returns the samples, birthdays per sample and bits per
// coordinate of a birthday spacings test of dim-tuples over about n bytes.
// For each m, a power of two up to maxBatteryBirthdays that n bytes hold
// once, the bits per coordinate (at most 64/dim) are the fewest that keep
// the mean number of equal spacings λ = m³/(4k) at most 4 (where the
// corrections to Knuth's λ are small, birthdayMean) and m² at most
// k = 2^(dim·bits). m is the largest for which that λ is at least 1/2, so
// that a sample can show too many equal spacings (in 8 dimensions k moves
// by 2^8 a bit, and the largest m can leave λ at 1/16), else the largest.
func birthdayFit(n int64, dim int) (samples int64, m int, bits uint) {
	words := n / 8
	top := maxBatteryBirthdays
	for top > 2 && int64(top*dim) > words {
		top /= 2
	}
	m, bits = top, fitBits(top, dim)
	for c := top; c >= max(2, top/8); c /= 2 {
		if b := fitBits(c, dim); birthdayLambda(c, dim, b) >= 0.5 {
			m, bits = c, b
			break
		}
	}
	return max(1, words/int64(m*dim)), m, bits
}

// fitBits returns the fewest bits per coordinate, at most 64/dim, for
// which m birthdays of dim coordinates have λ <= 4 and m² <= k.
func fitBits(m, dim int) uint {
	bits := uint(1)
	for ; bits < 64/uint(dim); bits++ {
		if l := birthdayLambda(m, dim, bits); l <= 4 && float64(m)*float64(m) <= math.Ldexp(1, int(bits)*dim) {
			break
		}
	}
	return bits
}

// birthdayLambda is Knuth's λ = m³/(4k) for k = 2^(dim·bits).
func birthdayLambda(m, dim int, bits uint) float64 {
	fm := float64(m)
	return math.Ldexp(fm*fm*fm, -2-int(bits)*dim)
}

// renamed returns a function that gives a Result the name of its Test.
func renamed(name string) func(Result, error) ([]Result, error) {
	return func(r Result, err error) ([]Result, error) {
		if err != nil {
			return nil, err
		}
		r.Name = name
		return []Result{r}, nil
	}
}

// MinBytes and MaxBytes bound the data per test of the default tests.
// KolmogorovSmirnov holds MaxBytes/8 values (1 GiB) in memory.
const (
	MinBytes = 64 << 10
	MaxBytes = 8 * MaxKSValues
)

// birthdayM is the number of birthdays per sample of the default battery.
const birthdayM = 4096

// cellBits returns the largest number of bits, at most maxBits, for which
// n tuples of dim values give an expected count of at least 5 per cell.
func cellBits(n int64, dim, maxBits uint) uint {
	b := maxBits
	for b > 1 && n < 5<<(b*dim) {
		b--
	}
	return b
}

// A Battery runs a list of tests over one generator.
type Battery struct {
	// Bytes is the amount of data each test takes per repetition
	// (DefaultBytes if 0; from MinBytes to MaxBytes for the default
	// tests). The default tests together take about 26·Bytes per
	// repetition, Bytes for each of the 26 but the two linear complexity
	// tests, which stop at 1 MiB each (so 24·Bytes + 2 MiB from 1 MiB
	// on).
	Bytes int64
	// Repeat is how many times each test runs, each time on fresh data
	// (1 if 0). With Repeat > 1 every Summary carries a second-level
	// test: the p-values of the repetitions must be uniform (KSUniform).
	Repeat int
	// Tests are the tests to run (Tests() if nil).
	Tests []Test
	// Progress, if not nil, is called after each test run with the number
	// of runs done, the total, and the test's name.
	Progress func(done, total int, test string)
}

// A Summary gathers the results of one test name over the repetitions.
type Summary struct {
	Name    string
	Results []Result // one per repetition, in order
	// Second holds, with Repeat > 1, the second-level results: for a
	// count statistic (chi-square of counts, Poisson count) the same test
	// over the counts of all repetitions added ("NAME/pooled"); for any
	// other, KSUniform of the p-values ("NAME/ks+", "NAME/ks-"); and for
	// every test the most extreme repetition, corrected for their number
	// ("NAME/min"). Each has the documented rates of a single Result.
	Second  []Result
	Verdict Verdict
}

// A Report is the outcome of Battery.Run.
type Report struct {
	Bytes     int64 // data per test and repetition
	Repeat    int
	Summaries []Summary // in the order the tests produced them
}

// Verdict returns the worst Verdict of the Summaries.
func (r *Report) Verdict() Verdict {
	v := Pass
	for _, s := range r.Summaries {
		v = max(v, s.Verdict)
	}
	return v
}

// Summary returns the Summary of the named result, or nil.
func (r *Report) Summary(name string) *Summary {
	for i := range r.Summaries {
		if r.Summaries[i].Name == name {
			return &r.Summaries[i]
		}
	}
	return nil
}

// Run runs every test b.Repeat times over src, repetition after
// repetition, each run on the next data of src (so the report of a seeded
// generator is reproducible), and summarises them.
//
// With one repetition a test's verdict is that of its p-value (Classify).
// With more, single p-values outside [1e-3, 1-1e-3] are expected now and
// then (one in 500), so the verdict is the worst of the second-level
// verdicts (see Summary.Second).
func (b *Battery) Run(src rand.Source) (*Report, error) {
	if src == nil {
		return nil, errors.New("stattest: Battery.Run of a nil rand.Source")
	}
	bytes, repeat, tests := b.Bytes, b.Repeat, b.Tests
	if bytes == 0 {
		bytes = DefaultBytes
	}
	if repeat == 0 {
		repeat = 1
	}
	if bytes < 0 || repeat < 0 {
		return nil, fmt.Errorf("stattest: a battery of %d bytes and %d repetitions", bytes, repeat)
	}
	if tests == nil {
		tests = Tests()
		if bytes < MinBytes || bytes > MaxBytes {
			return nil, fmt.Errorf("stattest: the default tests take from %d to %d bytes each, not %d", MinBytes, int64(MaxBytes), bytes)
		}
	}
	for _, t := range tests {
		if t.Run == nil {
			return nil, fmt.Errorf("stattest: test %q has no Run function", t.Name)
		}
	}
	// The reader the byte tests take: a readerSource's Read gives the
	// bytes its Uint64 would, like this module's generators.
	var r io.Reader = sourceio.Reader(src)
	in, _ := src.(*readerSource)
	if in != nil {
		r = in
	}
	total := repeat * len(tests)
	runs := make([][]Result, 0, total)
	for range repeat {
		for _, t := range tests {
			results, err := t.Run(src, r, bytes)
			if in != nil && in.err != nil {
				return nil, in.failure()
			}
			if err != nil {
				return nil, fmt.Errorf("stattest: %s: %w", t.Name, err)
			}
			runs = append(runs, results)
			if b.Progress != nil {
				b.Progress(len(runs), total, t.Name)
			}
		}
	}
	return NewReport(bytes, repeat, runs), nil
}

// NewReport returns the Report of test runs made elsewhere, for example on
// many goroutines, each on its own part of a generator's output: runs[i] is
// the Results of the i-th run in a Battery's order (the tests in order for
// the first repetition, then for the second, ...), and bytes and repeat are
// the Battery's. Results of the same name form a Summary, in the order they
// first appear, judged at the second level when there are several; the
// Report is the one Battery.Run gives when its runs return these Results.
func NewReport(bytes int64, repeat int, runs [][]Result) *Report {
	rep := &Report{Bytes: bytes, Repeat: repeat}
	index := map[string]int{}
	for _, results := range runs {
		for _, res := range results {
			i, ok := index[res.Name]
			if !ok {
				i = len(rep.Summaries)
				index[res.Name] = i
				rep.Summaries = append(rep.Summaries, Summary{Name: res.Name})
			}
			rep.Summaries[i].Results = append(rep.Summaries[i].Results, res)
		}
	}
	for i := range rep.Summaries {
		rep.Summaries[i].summarise()
	}
	return rep
}

// RunReader runs the battery over the bytes of r, taken as the
// little-endian bytes of successive Uint64 values (the output of any
// generator, in any language, through a pipe or a file). It returns an
// error if r fails or ends before the battery has all its data: for the
// default tests about 26·Bytes·Repeat bytes (see Bytes). It reads r
// through a buffer of 64 KiB, so it may read up to 64 KiB more than the
// battery uses. A reader that returns no data and no error 100 times in a
// row is an error wrapping io.ErrNoProgress (bufio's rule), not a wait
// for ever.
func (b *Battery) RunReader(r io.Reader) (*Report, error) {
	if r == nil {
		return nil, errors.New("stattest: RunReader of a nil io.Reader")
	}
	return b.Run(&readerSource{r: bufio.NewReaderSize(r, readerBuffer)})
}

// readerBuffer is the size of RunReader's buffer: the Uint64 tests take 8
// bytes at a time, which would be a system call each on a pipe.
const readerBuffer = 64 << 10

// readerSource is the rand.Source of RunReader: Uint64 and Read take the
// same bytes of r in order. After r fails, it returns zeros and keeps the
// first error, which Run checks after every test.
type readerSource struct {
	r   *bufio.Reader
	n   int64 // bytes read
	err error
}

func (s *readerSource) Read(p []byte) (int, error) {
	if s.err == nil {
		k, err := readFull(s.r, p)
		s.n += int64(k)
		if err != nil {
			s.err = err
		}
		clear(p[k:])
	} else {
		clear(p)
	}
	return len(p), nil
}

func (s *readerSource) Uint64() uint64 {
	var b [8]byte
	s.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

func (s *readerSource) failure() error {
	if s.err == io.EOF || s.err == io.ErrUnexpectedEOF {
		return fmt.Errorf("stattest: the input ended after %d bytes, before the battery had all its data", s.n)
	}
	return fmt.Errorf("stattest: reading the input after %d bytes: %w", s.n, s.err)
}

func (s *Summary) summarise() {
	if len(s.Results) == 1 {
		s.Verdict = s.Results[0].Verdict()
		return
	}
	if res, ok := pooled(s.Name+"/pooled", s.Results); ok {
		s.Second = []Result{res}
	} else {
		ps := make([]float64, len(s.Results))
		for i, r := range s.Results {
			ps[i] = r.P
		}
		plus, minus := KSUniform(ps)
		plus.Name, minus.Name = s.Name+"/ks+", s.Name+"/ks-"
		s.Second = []Result{plus, minus}
	}
	s.Second = append(s.Second, extreme(s.Name+"/min", s.Results))
	s.Verdict = Pass
	for _, r := range s.Second {
		s.Verdict = max(s.Verdict, r.Verdict())
	}
}

// extreme returns the second-level result of the most extreme single
// repetition of rs: with q the smallest two-sided tail probability of the
// p-values (2·min(p, 1-p), or p where it is already two-sided), the chance
// that the smallest of len(rs) uniform tails is at most q, 1-(1-q)^R
// (Šidák's correction), judged as a two-sided p-value. Among 10000
// repetitions of a good generator one p-value below 1e-6 is common (one
// chance in 50); what is rare is one far below that, which is what a
// defect that shows only in some repetitions gives.
func extreme(name string, rs []Result) Result {
	q, worst := 1.0, 0
	for i, r := range rs {
		t := r.P
		if !r.TwoSided {
			t = 2 * min(r.P, 1-r.P)
		}
		if math.IsNaN(t) {
			t = 0
		}
		if t < q {
			q, worst = t, i
		}
	}
	// 1-(1-q)^R without cancellation: -expm1(R·log1p(-q)).
	p := -math.Expm1(float64(len(rs)) * math.Log1p(-q))
	return Result{Name: name, N: int64(len(rs)), Unit: "repetitions", Statistic: float64(worst + 1), P: min(max(p, 0), 1), TwoSided: true}
}

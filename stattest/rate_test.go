package stattest

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/streamrand/streamrand/chacha"
)

// Classify promises that a good generator gets Weak about once in 500
// results and Fail about once in 500000. binomialBound returns the largest
// count of events of probability p among n trials that is not too many:
// the smallest k with P(X > k) < 1e-6, X binomial.
func binomialBound(n int, p float64) int {
	b := distuv.Binomial{N: float64(n), P: p}
	k := 0
	for 1-b.CDF(float64(k)) >= 1e-6 {
		k++
	}
	return k
}

// verdictCounts runs b over ChaCha8 seeds 0..seeds-1 (stream 0 of each)
// and counts the verdicts per result name.
func verdictCounts(t *testing.T, b Battery, seeds int) (results int, weak, fail map[string]int) {
	t.Helper()
	weak, fail = map[string]int{}, map[string]int{}
	for s := range seeds {
		rep, err := b.Run(chacha.NewSource(uint64(s)))
		if err != nil {
			t.Fatal(err)
		}
		for _, sm := range rep.Summaries {
			results++
			switch sm.Verdict {
			case Weak:
				weak[sm.Name]++
			case Fail:
				fail[sm.Name]++
			}
		}
	}
	return results, weak, fail
}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func formatCounts(m map[string]int) string {
	var names []string
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, k := range names {
		fmt.Fprintf(&b, " %s:%d", k, m[k])
	}
	return b.String()
}

// TestFailRate runs the default battery at MinBytes over many seeds of a
// good generator and checks the documented rates: no more Fails than a
// binomial count at 1/500000 allows, and Weaks within the binomial bounds
// of 1/500 (from below too, so that Weak is not vacuous). 1500 seeds in
// the long run (STREAMRAND_LONG=1), 150 by default, 30 with -short or
// under the race detector; below about 300 seeds the bound from below is
// 0, so only the long run checks it.
func TestFailRate(t *testing.T) {
	seeds := sweep(1500, 150, 30)
	n, weak, fail := verdictCounts(t, Battery{Bytes: MinBytes}, seeds)
	maxFail, maxWeak := binomialBound(n, 2*FailLevel), binomialBound(n, 2*WeakLevel)
	t.Logf("%d results: %d weak (at most %d):%s; %d fail (at most %d):%s",
		n, total(weak), maxWeak, formatCounts(weak), total(fail), maxFail, formatCounts(fail))
	if total(fail) > maxFail {
		t.Errorf("%d fails in %d results of a good generator, want at most %d:%s", total(fail), n, maxFail, formatCounts(fail))
	}
	if total(weak) > maxWeak {
		t.Errorf("%d weak in %d results of a good generator, want at most %d:%s", total(weak), n, maxWeak, formatCounts(weak))
	}
	// From below: P(X < k) < 1e-6 for binomial X.
	b := distuv.Binomial{N: float64(n), P: 2 * WeakLevel}
	minWeak := 0
	for b.CDF(float64(minWeak)) < 1e-6 {
		minWeak++
	}
	if total(weak) < minWeak {
		t.Errorf("%d weak in %d results, want at least %d: the verdicts do not see the tails", total(weak), n, minWeak)
	}
}

// TestSmallSampleFailRate runs every test at a small sample size, where a
// discrete statistic puts the largest atoms on its p-values: Monobit's p
// is exactly 1 for a balanced sample of 4096 bits about once in 80, which
// Classify would call a Fail. Over many seeds the Fails must stay within
// the binomial bound of the documented rate: 20000 seeds in the long run,
// 2000 by default, 500 with -short or under the race detector (even 500
// seeds expect 6 such atoms of Monobit alone, against a bound of 2).
func TestSmallSampleFailRate(t *testing.T) {
	seeds := sweep(20000, 2000, 500)
	small := []Test{
		{"monobit", func(_ rand.Source, r io.Reader, _ int64) ([]Result, error) { return one(Monobit(r, 4096)) }},
		{"runs", func(_ rand.Source, r io.Reader, _ int64) ([]Result, error) { return one(Runs(r, 4096)) }},
		{"block-frequency", func(_ rand.Source, r io.Reader, _ int64) ([]Result, error) { return one(BlockFrequency(r, 4096, 128)) }},
		{"byte-frequency", func(_ rand.Source, r io.Reader, _ int64) ([]Result, error) { return one(ByteFrequency(r, 1280)) }},
		{"poker-4bit", func(_ rand.Source, r io.Reader, _ int64) ([]Result, error) { return one(Poker(r, 500, 4)) }},
		{"poker-8bit", func(_ rand.Source, r io.Reader, _ int64) ([]Result, error) { return one(Poker(r, 2000, 8)) }},
		{"bit-frequency", func(src rand.Source, _ io.Reader, _ int64) ([]Result, error) { return one(BitFrequency(src, 64)) }},
		{"serial-correlation-uint64", func(src rand.Source, _ io.Reader, _ int64) ([]Result, error) {
			return one(SerialCorrelationUint64(src, 64))
		}},
		{"serial-correlation-float64", func(src rand.Source, _ io.Reader, _ int64) ([]Result, error) {
			return one(SerialCorrelationFloat64(src, 64))
		}},
		{"ks-uniform", func(src rand.Source, _ io.Reader, _ int64) ([]Result, error) {
			plus, minus, err := KolmogorovSmirnov(src, 64)
			return []Result{plus, minus}, err
		}},
		{"gap", func(src rand.Source, _ io.Reader, _ int64) ([]Result, error) { return one(Gap(src, 80, 0, 1.0/8)) }},
		{"equidistribution-2d", func(src rand.Source, _ io.Reader, _ int64) ([]Result, error) {
			return one(Equidistribution2D(src, 320, 3))
		}},
		// m = 64 birthdays in 2^12 days: λ = 16 per sample.
		{"birthday-spacings", func(src rand.Source, _ io.Reader, _ int64) ([]Result, error) {
			return one(BirthdaySpacings(src, 1, 64, 12, 52))
		}},
	}
	n, weak, fail := verdictCounts(t, Battery{Bytes: 1, Tests: small}, seeds)
	maxFail := binomialBound(n, 2*FailLevel)
	t.Logf("%d results: %d weak:%s; %d fail (at most %d):%s", n, total(weak), formatCounts(weak), total(fail), maxFail, formatCounts(fail))
	if total(fail) > maxFail {
		t.Errorf("%d fails in %d results of a good generator, want at most %d:%s", total(fail), n, maxFail, formatCounts(fail))
	}
}

func one(r Result, err error) ([]Result, error) {
	if err != nil {
		return nil, err
	}
	return []Result{r}, nil
}

// Every test rejects a sample size it cannot use with an error: negative,
// zero, too small, or so large that it would overflow or exhaust memory.
func TestBadSizes(t *testing.T) {
	src := chacha.NewSource(1)
	r := io.LimitReader(src, 1<<20) // a short read would be a test bug
	huge := int64(math.MaxInt64)
	for _, tc := range []struct {
		name string
		run  func(n int64) error
	}{
		{"ByteFrequency", func(n int64) error { _, err := ByteFrequency(r, n); return err }},
		{"Monobit", func(n int64) error { _, err := Monobit(r, n); return err }},
		{"BlockFrequency", func(n int64) error { _, err := BlockFrequency(r, n, 8); return err }},
		{"BlockFrequency m", func(n int64) error { _, err := BlockFrequency(r, 1024, int(max(min(n, 1<<40), -1<<40))); return err }},
		{"Runs", func(n int64) error { _, err := Runs(r, n); return err }},
		{"Poker", func(n int64) error { _, err := Poker(r, n, 4); return err }},
		{"BitFrequency", func(n int64) error { _, err := BitFrequency(src, n); return err }},
		{"SerialCorrelationUint64", func(n int64) error { _, err := SerialCorrelationUint64(src, n); return err }},
		{"SerialCorrelationFloat64", func(n int64) error { _, err := SerialCorrelationFloat64(src, n); return err }},
		{"KolmogorovSmirnov", func(n int64) error { _, _, err := KolmogorovSmirnov(src, n); return err }},
		{"Gap", func(n int64) error { _, err := Gap(src, n, 0, 0.125); return err }},
		{"Equidistribution2D", func(n int64) error { _, err := Equidistribution2D(src, n, 2); return err }},
		{"Equidistribution3D", func(n int64) error { _, err := Equidistribution3D(src, n, 2); return err }},
		{"BirthdaySpacings samples", func(n int64) error { _, err := BirthdaySpacings(src, n, 64, 12, 0); return err }},
		{"BirthdaySpacings m", func(n int64) error {
			_, err := BirthdaySpacings(src, 1, int(max(min(n, 1<<40), -1<<40)), 12, 0)
			return err
		}},
	} {
		for _, n := range []int64{-1, 0, 1, huge, -huge - 1, MaxN + 1} {
			if n == 1 && (tc.name == "Monobit" || tc.name == "BitFrequency" || tc.name == "KolmogorovSmirnov" ||
				tc.name == "BirthdaySpacings samples" || tc.name == "BlockFrequency m") {
				continue // 1 is a valid size for these
			}
			var err error
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Errorf("%s(%d) panics: %v", tc.name, n, p)
					}
				}()
				err = tc.run(n)
			}()
			if err == nil {
				t.Errorf("%s(%d): no error", tc.name, n)
			} else if !strings.HasPrefix(err.Error(), "stattest: ") {
				t.Errorf("%s(%d): error %q lacks the package prefix", tc.name, n, err)
			}
		}
	}
	for _, iv := range [][2]float64{{0, 0}, {0.5, 0.25}, {-0.1, 0.5}, {0.5, 1.5}, {0, 1}, {math.NaN(), 0.5}} {
		if _, err := Gap(src, 1000, iv[0], iv[1]); err == nil {
			t.Errorf("Gap over [%g, %g): no error", iv[0], iv[1])
		}
	}
	for _, b := range []Battery{{Bytes: -1}, {Repeat: -1}, {Bytes: MaxBytes + 1}, {Bytes: MinBytes - 1}} {
		if _, err := b.Run(src); err == nil {
			t.Errorf("Battery %+v: no error", b)
		}
	}
}

func TestClassifyTwoSided(t *testing.T) {
	for _, tc := range []struct {
		p    float64
		want Verdict
	}{
		{1, Pass}, {0.5, Pass}, {2e-3, Pass}, {1.9e-3, Weak}, {2e-6, Weak}, {1.9e-6, Fail}, {0, Fail}, {math.NaN(), Fail},
	} {
		if got := ClassifyTwoSided(tc.p); got != tc.want {
			t.Errorf("ClassifyTwoSided(%g) = %v, want %v", tc.p, got, tc.want)
		}
		if got := (Result{P: tc.p, TwoSided: true}).Verdict(); got != tc.want {
			t.Errorf("Verdict of a two-sided p = %g: %v, want %v", tc.p, got, tc.want)
		}
	}
	// A perfectly balanced sample: Monobit's p is exactly 1, which is no
	// evidence against the generator.
	res, err := Monobit(strings.NewReader("\x0f\xf0"), 16)
	if err != nil || res.P != 1 || !res.TwoSided || res.Verdict() != Pass {
		t.Errorf("Monobit of 8 ones in 16 bits: %v, %v; want p = 1, two-sided, pass", res, err)
	}
}

// testsNamed returns the default battery's tests of the given names.
func testsNamed(t *testing.T, names ...string) []Test {
	var ts []Test
	for _, tt := range Tests() {
		if slices.Contains(names, tt.Name) {
			ts = append(ts, tt)
		}
	}
	require.Len(t, ts, len(names))
	return ts
}

// The second level of the battery's most discrete statistics at the
// smallest size, over many repetitions: the birthday counts (Poisson with
// a mean of 2 to 8 at 64 KiB), 8-bit poker (its rarest cell expects
// about 7), the linear complexity jumps (an integer with a standard
// deviation of 32) and the matrix ranks. A Kolmogorov-Smirnov test of
// such p-values fails a perfect generator once the repetitions resolve
// their atoms (the test shows it for the birthday counts); the pooled
// counts and the KS of the nearly continuous ones must pass, with no
// more Weak verdicts than the documented rate allows. 2000 repetitions in
// the long run, 200 by default, 40 with -short or under the race detector;
// that the KS of the birthday p-values fails is shown only at 2000.
func TestSecondLevelDiscrete(t *testing.T) {
	repeat := sweep(2000, 200, 40)
	b := Battery{Bytes: MinBytes, Repeat: repeat, Tests: testsNamed(t,
		"birthday-spacings-hi", "birthday-spacings-lo", "birthday-spacings-2d-hi", "birthday-spacings-8d-lo",
		"poker-8bit", "linear-complexity-lo", "matrix-rank-64x64")}
	weak, second := 0, 0
	for _, g := range []generator{generatorNamed("chacha8")} {
		rep, err := b.Run(g.new(20261201))
		require.NoError(t, err)
		for _, s := range rep.Summaries {
			require.NotEqual(t, Fail, s.Verdict, "%s %s over %d repetitions: %v", g.name, s.Name, repeat, s.Second)
			second += len(s.Second)
			for _, r := range s.Second {
				if r.Verdict() == Weak {
					weak++
					t.Logf("%s: %v", g.name, r)
				}
			}
		}
		if full() {
			// What the pooled level replaces: the KS of the birthday
			// p-values sees their atoms and fails a perfect generator.
			s := rep.Summary("birthday-spacings-hi")
			ps := make([]float64, len(s.Results))
			for i, r := range s.Results {
				ps[i] = r.P
			}
			plus, minus := KSUniform(ps)
			require.True(t, plus.Verdict() == Fail || minus.Verdict() == Fail,
				"%s: KS of %d discrete birthday p-values passes (%v, %v): this test no longer shows why they are pooled", g.name, repeat, plus, minus)
		}
	}
	require.LessOrEqual(t, weak, binomialBound(second, 2*WeakLevel), "%d weak of %d second-level results", weak, second)
}

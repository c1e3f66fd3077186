package stattest_test

import (
	"bytes"
	"encoding/binary"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/testkit/long"
	"github.com/streamrand/streamrand/stattest"
)

// The default battery has the tests that see linear structure, and they
// fail xorshift64 where a good generator passes: at DefaultBytes in the
// long run (STREAMRAND_LONG=1), at MinBytes otherwise (xorshift64 fails
// the same three there).
func TestPublicLinearDefectsFail(t *testing.T) {
	names := map[string]bool{}
	for _, tt := range stattest.Tests() {
		names[tt.Name] = true
	}
	for _, want := range []string{"matrix-rank-64x64", "linear-complexity-hi", "linear-complexity-lo",
		"random-walk", "hamming-indep-lo", "birthday-spacings-2d-hi", "birthday-spacings-8d-lo", "autocorrelation"} {
		require.True(t, names[want], "no test %q in the default battery", want)
	}
	b := stattest.Battery{Bytes: stattest.MinBytes}
	if long.Enabled() {
		b.Bytes = stattest.DefaultBytes
	}
	x := xorshift64(88172645463325252) // example_test.go's user Source
	rep, err := b.Run(&x)
	require.NoError(t, err)
	require.Equal(t, stattest.Fail, rep.Verdict())
	for _, name := range []string{"matrix-rank-64x64", "linear-complexity-hi", "linear-complexity-lo"} {
		require.Equal(t, stattest.Fail, rep.Summary(name).Verdict, name)
	}
	rep, err = b.Run(chacha.NewSource(1))
	require.NoError(t, err)
	require.NotEqual(t, stattest.Fail, rep.Verdict())
}

// Each new test is callable on its own, names its results as documented
// and rejects what it cannot use.
func TestPublicNewTests(t *testing.T) {
	src := chacha.NewSource(2)
	one := func(r stattest.Result, err error) []stattest.Result {
		require.NoError(t, err)
		return []stattest.Result{r}
	}
	many := func(rs []stattest.Result, err error) []stattest.Result {
		require.NoError(t, err)
		return rs
	}
	for _, c := range []struct {
		rs    []stattest.Result
		names []string
	}{
		{one(stattest.MatrixRank(src, 200, 32, 32, 0)), []string{"matrix-rank-32x32-31:0"}},
		{one(stattest.LinearComplexity(src, 4096, 0)), []string{"linear-complexity-bit0"}},
		{one(stattest.BirthdaySpacingsTuples(src, 2, 4096, 2, 16, 48)), []string{"birthday-spacings-2d-63:48"}},
		{one(stattest.HammingIndep(src, 10000, 64, 64, 0)), []string{"hamming-indep"}},
		{many(stattest.RandomWalk(src, 1000, 64, 64, 0)), []string{"random-walk-H", "random-walk-M", "random-walk-J", "random-walk-R", "random-walk-C"}},
		{many(stattest.Autocorrelation(src, 10000, 1, 8)), []string{"autocorrelation-lag1", "autocorrelation-lag8"}},
	} {
		require.Len(t, c.rs, len(c.names))
		for i, r := range c.rs {
			require.Equal(t, c.names[i], r.Name)
			require.NotEqual(t, stattest.Fail, r.Verdict(), "%v", r)
		}
	}
	for name, run := range map[string]func() error{
		"MatrixRank shift":        func() error { _, err := stattest.MatrixRank(src, 200, 32, 32, ^uint(0)); return err },
		"LinearComplexity bit 64": func() error { _, err := stattest.LinearComplexity(src, 4096, 64); return err },
		"Tuples 3x22 bits":        func() error { _, err := stattest.BirthdaySpacingsTuples(src, 1, 64, 3, 22, 0); return err },
		"RandomWalk odd steps":    func() error { _, err := stattest.RandomWalk(src, 1000, 63, 64, 0); return err },
		"HammingIndep nil":        func() error { _, err := stattest.HammingIndep(nil, 1000, 64, 64, 0); return err },
		"Autocorrelation no lag":  func() error { _, err := stattest.Autocorrelation(src, 1000); return err },
		"Battery nil Source":      func() error { _, err := (&stattest.Battery{}).Run(nil); return err },
		"Battery nil Run": func() error {
			_, err := (&stattest.Battery{Tests: []stattest.Test{{Name: "x"}}}).Run(src)
			return err
		},
	} {
		err := run()
		require.Error(t, err, name)
		require.True(t, strings.HasPrefix(err.Error(), "stattest: "), "%s: %v", name, err)
	}
}

// RunReader over a generator's bytes (its little-endian Uint64s, as
// another program would pipe them) reports what Run over the generator
// reports; a short input is an error.
func TestPublicRunReader(t *testing.T) {
	var buf bytes.Buffer
	g := chacha.NewSource(1)
	for range 3 << 20 / 8 {
		buf.Write(binary.LittleEndian.AppendUint64(nil, g.Uint64()))
	}
	b := stattest.Battery{Bytes: stattest.MinBytes}
	got, err := b.RunReader(bytes.NewReader(buf.Bytes()))
	require.NoError(t, err)
	want, err := b.Run(chacha.NewSource(1))
	require.NoError(t, err)
	require.Equal(t, len(want.Summaries), len(got.Summaries))
	for i := range want.Summaries {
		require.Equal(t, want.Summaries[i].Results[0].P, got.Summaries[i].Results[0].P, want.Summaries[i].Name)
	}
	_, err = b.RunReader(io.LimitReader(bytes.NewReader(buf.Bytes()), 1000))
	require.ErrorContains(t, err, "stattest: the input ended after 1000 bytes")
}

// With repetitions, a count statistic is judged by its pooled counts and
// every test by its most extreme repetition: the second-level names.
func TestPublicSecondLevel(t *testing.T) {
	rep, err := (&stattest.Battery{Bytes: stattest.MinBytes, Repeat: 3}).Run(chacha.NewSource(3))
	require.NoError(t, err)
	second := func(name string) []string {
		var names []string
		for _, r := range rep.Summary(name).Second {
			names = append(names, r.Name)
		}
		return names
	}
	require.Equal(t, []string{"birthday-spacings-hi/pooled", "birthday-spacings-hi/min"}, second("birthday-spacings-hi"))
	require.Equal(t, []string{"linear-complexity-lo/pooled", "linear-complexity-lo/min"}, second("linear-complexity-lo"))
	require.Equal(t, []string{"monobit/ks+", "monobit/ks-", "monobit/min"}, second("monobit"))
	require.NotEqual(t, stattest.Fail, rep.Verdict())
}

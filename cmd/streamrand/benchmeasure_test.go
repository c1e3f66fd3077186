package main

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A fakeClock is bench's clocks under a test's control: each reading of the
// wall clock advances it by step, and the thread's CPU time by step × share
// (the part of the time the thread was on a CPU). step and share may change
// between runs (onRun), so the runs of a figure disagree as on a busy
// machine, with no real time passing.
type fakeClock struct {
	wall, cpu time.Duration
	step      time.Duration
	share     float64
	runs      int // onRun calls: the warm-up and the timed runs
	// before, if not nil, is called at each onRun with the number of
	// onRun calls so far (1 for the warm-up), to set step and share.
	before func(c *fakeClock, n int)
}

func (c *fakeClock) wallNow() time.Duration {
	c.wall += c.step
	c.cpu += time.Duration(float64(c.step) * c.share)
	return c.wall
}

func (c *fakeClock) cpuNow() (time.Duration, bool) { return c.cpu, true }

func (c *fakeClock) onRun() {
	c.runs++
	if c.before != nil {
		c.before(c, c.runs)
	}
}

// benchWith returns a bencher on clock c: runs runs of 10 ms, each 10 calls
// when step is 1 ms.
func benchWith(c *fakeClock, runs int, out io.Writer) *bencher {
	return &bencher{size: 64, dur: 10 * time.Millisecond, runs: runs, out: out,
		onRun: c.onRun, wallClock: c.wallNow, cpuClock: c.cpuNow}
}

// steady: every run the same, the thread always on a CPU.
func steadyClock() *fakeClock { return &fakeClock{step: time.Millisecond, share: 1} }

// noisy alternates runs of 1 ms and 3 ms per call (a rate 3 times lower)
// in the attempts for which scattered returns true.
func noisy(scattered func(attempt int) bool, runs int) func(c *fakeClock, n int) {
	return func(c *fakeClock, n int) {
		c.step = time.Millisecond
		run := n - 2 // timed runs from 0; n = 1 is the warm-up
		if run >= 0 && scattered(run/runs) && run%2 == 1 {
			c.step = 3 * time.Millisecond
		}
	}
}

// A steady figure is measured once: its rate is the fake clock's.
func TestMeasureSteady(t *testing.T) {
	c := steadyClock()
	b := benchWith(c, 5, io.Discard)
	fig := b.measure(func() {}, 100)
	require.False(t, fig.scattered)
	require.Equal(t, 1+5, c.runs, "the warm-up and one attempt of 5 runs")
	require.Equal(t, 0, b.repeats)
	require.InDelta(t, 100*10/0.010, fig.median, 1e-6) // 10 calls of 100 units in 10 ms
	require.InDelta(t, 100*10/0.011, fig.cpu, 1e-6)    // the CPU clock also ran through the start's reading
	require.Zero(t, fig.spread)
}

// A figure whose runs disagree in its first attempt is measured again; the
// steady second attempt is the figure.
func TestMeasureScatteredOnce(t *testing.T) {
	c := steadyClock()
	c.before = noisy(func(attempt int) bool { return attempt == 0 }, 5)
	b := benchWith(c, 5, io.Discard)
	fig := b.measure(func() {}, 100)
	require.False(t, fig.scattered)
	require.Equal(t, 1+2*5, c.runs, "the warm-up and two attempts")
	require.Equal(t, 1, b.repeats)
	require.InDelta(t, 100*10/0.010, fig.median, 1e-6)
}

// A figure that stays scattered is measured maxAttempts times and marked;
// once the run has measured maxRepeats figures again, a scattered figure
// is marked at once.
func TestMeasureScatteredStays(t *testing.T) {
	c := steadyClock()
	c.before = noisy(func(int) bool { return true }, 5)
	b := benchWith(c, 5, io.Discard)
	fig := b.measure(func() {}, 100)
	require.True(t, fig.scattered)
	require.Equal(t, 1+maxAttempts*5, c.runs)
	require.Equal(t, maxAttempts-1, b.repeats)
	require.Greater(t, fig.spread, maxSpread)

	c.runs = 0
	b.repeats = maxRepeats
	require.True(t, b.measure(func() {}, 100).scattered)
	require.Equal(t, 1+5, c.runs, "no repeat beyond maxRepeats")
}

// One run in four may be an outlier: 2 of 11 slow runs leave the figure
// steady (the middle runs agree), 3 do not.
func TestMeasureOutliers(t *testing.T) {
	for _, c := range []struct {
		slow      int
		scattered bool
	}{{2, false}, {3, true}} {
		clock := steadyClock()
		clock.before = func(k *fakeClock, n int) {
			k.step = time.Millisecond
			if run := n - 2; run >= 0 && run%11 < c.slow {
				k.step = 3 * time.Millisecond
			}
		}
		b := benchWith(clock, 11, io.Discard)
		require.Equal(t, c.scattered, b.measure(func() {}, 100).scattered, "%d slow runs of 11", c.slow)
	}
}

// Runs whose thread had a CPU for under half of their wall time make a
// figure scattered, though their rates agree (CPU time against wall time);
// one such run in four is allowed.
func TestMeasureOffCPU(t *testing.T) {
	c := steadyClock()
	c.share = 0.3
	b := benchWith(c, 5, io.Discard)
	fig := b.measure(func() {}, 100)
	require.True(t, fig.scattered)
	require.Zero(t, fig.spread, "the rates agree")

	c = steadyClock()
	c.before = func(k *fakeClock, n int) {
		k.share = 1
		if n == 2 { // the first timed run
			k.share = 0.3
		}
	}
	require.False(t, benchWith(c, 5, io.Discard).measure(func() {}, 100).scattered)
}

func TestMiddleSpread(t *testing.T) {
	require.InDelta(t, 0.2/2.1, middleSpread([]float64{1, 2, 2.1, 2.2, 9}), 1e-12)
	require.InDelta(t, 8.0/2, middleSpread([]float64{1, 2, 9}), 1e-12)
	require.Zero(t, middleSpread([]float64{7}))
}

// A bench whose figures stay scattered prints no ratio as a result: each
// marked figure ends in "?", each ratio of one says "scattered", and a note
// after the tables says why; a steady bench prints neither.
func TestBenchMarksScattered(t *testing.T) {
	var out strings.Builder
	c := steadyClock()
	c.before = noisy(func(int) bool { return true }, 3)
	b := benchWith(c, 3, &out)
	b.repeats = maxRepeats // no time spent on repeats
	require.NoError(t, b.run())
	text := out.String()
	rows := 0
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "chacha") || strings.HasPrefix(line, "aes") || strings.HasPrefix(line, "Float64 ") ||
			strings.HasPrefix(line, "NormFloat64 ") || strings.HasPrefix(line, "IntN(1000) ") {
			rows++
			require.True(t, strings.HasSuffix(line, " scattered"), "%q", line)
			require.Contains(t, line, "?", "%q", line)
			require.NotRegexp(t, `[0-9]x`, line)
		}
	}
	require.Equal(t, 6+3, rows)
	require.Contains(t, text, "\n?: scattered, not a result.")

	out.Reset()
	require.NoError(t, benchWith(steadyClock(), 3, &out).run())
	require.NotContains(t, out.String(), "?")
	require.NotContains(t, out.String(), "scattered")
}

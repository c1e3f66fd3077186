package main

import (
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/fill"
	"github.com/streamrand/streamrand/internal/algtable"
)

// events records, in order, what bench writes ("out" events, one per
// Write) and when it starts a timed run ("run" events).
type events struct{ kind, text []string }

func (e *events) Write(p []byte) (int, error) {
	e.kind = append(e.kind, "out")
	e.text = append(e.text, string(p))
	return len(p), nil
}

func (e *events) run() {
	e.kind = append(e.kind, "run")
	e.text = append(e.text, "")
}

// next returns the index of the first event of kind at or after i whose
// text matches re (any text for a nil re), or -1.
func (e *events) next(i int, kind string, re *regexp.Regexp) int {
	for ; i < len(e.kind); i++ {
		if e.kind[i] == kind && (re == nil || re.MatchString(e.text[i])) {
			return i
		}
	}
	return -1
}

// The machine line comes before any measurement; every generator's row,
// naming its backend, is printed before the next one is measured, and the
// line after it is its own peer; the fill table's rows come out one by
// one too. (On steady fake clocks: on this busy machine a figure may be
// scattered, which TestBenchMarksScattered checks.)
func TestBenchPrintsAsItMeasures(t *testing.T) {
	var ev events
	c := steadyClock()
	b := &bencher{size: 4096, dur: 2 * time.Millisecond, runs: 2, out: &ev, onRun: ev.run, wallClock: c.wallNow, cpuClock: c.cpuNow}
	require.NoError(t, b.run())

	require.Equal(t, "out", ev.kind[0])
	machine := ev.text[0]
	require.True(t, strings.HasPrefix(machine, "machine: ") && strings.HasSuffix(machine, "\n"), machine)
	wants := []string{runtime.Version(), runtime.GOARCH, "fill " + fill.Backend()}
	for _, f := range algtable.Families() {
		wants = append(wants, f.Name+" "+f.Backend())
	}
	for _, want := range wants {
		require.Contains(t, machine, want)
	}
	header := ev.next(0, "out", regexp.MustCompile(`^generator / peer +backend +MB/s +min-max +cpu MB/s +vs peer\n$`))
	require.Positive(t, header)
	firstRun := ev.next(0, "run", nil)
	require.Greater(t, firstRun, header, "a measurement before the table's header")

	cpu := `[0-9]+`
	prev := header
	for _, a := range streamrand.Algorithms() {
		facts := algtable.Rows()[a]
		row := regexp.MustCompile(`^` + a.String() + ` +` + facts.Family.Backend() + ` +[0-9]+ +[0-9]+-[0-9]+ +` + cpu + ` +[0-9.]+x\n$`)
		i := ev.next(prev, "out", row)
		require.Positive(t, i, "no row for %s", a)
		require.Positive(t, ev.next(prev, "run", nil), "%s", a)
		require.Less(t, ev.next(prev, "run", nil), i, "%s: printed before it was measured", a)
		require.Equal(t, "out", ev.kind[i+1])
		peer := regexp.MustCompile(`^  ` + regexp.QuoteMeta(facts.Peer) + ` +[0-9]+ +[0-9]+-[0-9]+ +` + cpu + `\n$`)
		require.Regexp(t, peer, ev.text[i+1], "%s: the line after its row is not its peer", a)
		prev = i + 2
	}
	for _, m := range []string{"Float64", "NormFloat64", `IntN\(1000\)`} {
		i := ev.next(prev, "out", regexp.MustCompile(`^`+m+`( +[0-9]+\.[0-9]+){4} +[0-9.]+x\n$`))
		require.Positive(t, i, "no fill row %s", m)
		require.Less(t, ev.next(prev, "run", nil), i, "fill row %s printed before it was measured", m)
		prev = i + 1
	}
	require.Equal(t, -1, ev.next(prev, "run", nil), "measurements after the last row")
}

// The real command line prints the same, through the writer it is given.
func TestBenchCommand(t *testing.T) {
	status, stdout, stderr := runMain("bench", "-time", "1ms", "-runs", "1", "-size", "4096")
	require.Equal(t, 0, status, stderr)
	require.Empty(t, stderr)
	require.True(t, strings.HasPrefix(stdout, "machine: "), stdout)
	require.Regexp(t, `\n  crypto/cipher CTR AES-192 `, stdout)
	require.Regexp(t, `\nIntN\(1000\) .*(x|scattered)\n(\n\?: scattered, not a result\.(.*\n)+)?$`, stdout)
}

// -long sets the longer run where -time and -runs are not given.
func TestBenchFlags(t *testing.T) {
	b, err := parseBenchFlags(nil, nil)
	require.NoError(t, err)
	require.Equal(t, [2]any{defaultBenchTime, defaultBenchRuns}, [2]any{b.dur, b.runs})
	b, err = parseBenchFlags([]string{"-long"}, nil)
	require.NoError(t, err)
	require.Equal(t, [2]any{longBenchTime, longBenchRuns}, [2]any{b.dur, b.runs})
	b, err = parseBenchFlags([]string{"-long", "-runs", "3"}, nil)
	require.NoError(t, err)
	require.Equal(t, [2]any{longBenchTime, 3}, [2]any{b.dur, b.runs})
	// Every figure takes runs × time: a generator and its peer per
	// algorithm, four per fill row, and on a busy machine up to maxRepeats
	// of them again. By default they leave time in 20 s for warm-up calls
	// and the build of go run.
	figures := 2*len(streamrand.Algorithms()) + 4*3
	require.LessOrEqual(t, time.Duration((figures+maxRepeats)*defaultBenchRuns)*defaultBenchTime, 15*time.Second)
}

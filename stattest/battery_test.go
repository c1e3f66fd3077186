package stattest

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/algtable"
)

// generators are the algorithms of the module, as streamrand.New seeds
// them, read from its algorithm table (the root package imports nothing of
// stattest; stattest's own code imports no generator).
var generators = tableGenerators()

// A generator is an algorithm of the module's table.
type generator struct {
	name   string
	family string // its package, as the table says
	new    func(seed uint64) rand.Source
}

func tableGenerators() []generator {
	var gs []generator
	for _, a := range streamrand.Algorithms() {
		gs = append(gs, generator{a.String(), algtable.Rows()[a].Family.Name, func(s uint64) rand.Source { return streamrand.New(a, s) }})
	}
	return gs
}

// generatorNamed returns the generator of the algorithm named name.
func generatorNamed(name string) generator {
	for _, g := range generators {
		if g.name == name {
			return g
		}
	}
	panic("no algorithm " + name)
}

func describe(rep *Report) string {
	var b strings.Builder
	for _, s := range rep.Summaries {
		fmt.Fprintf(&b, "\t%-28s %-5s", s.Name, s.Verdict)
		for _, r := range s.Results {
			fmt.Fprintf(&b, " p=%.4g", r.P)
		}
		for _, r := range s.Second {
			fmt.Fprintf(&b, " [%s p=%.4g]", r.Name, r.P)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Every algorithm passes the battery with fixed seeds (deterministic: the
// keystreams are fixed by the standards, so this cannot flake), once with
// 1 MiB per test, and with 8 repetitions of 128 KiB for the second level
// (the long run, STREAMRAND_LONG=1); by default at MinBytes, once and with
// 4 repetitions; with -short and under the race detector so too, but only
// chacha8 and aes128ctr, one of each family.
//
// Passing means no Fail. A Weak verdict is a p-value outside [1e-3,
// 1-1e-3], which a perfect generator produces with probability 0.002 per
// p-value: over the 6·38 summaries of one repetition and the 6·38 of
// eight (each with two or three second-level p-values, about 2.6 on
// average) about 1.6 are expected, and more than 5 has a probability
// below 0.7% (Poisson). So the test allows at most 5.
func TestBatteryPassesEveryAlgorithm(t *testing.T) {
	weak := 0
	tried := map[string]bool{} // families
	for _, g := range generators {
		if (testing.Short() || raceEnabled) && tried[g.family] {
			continue // -short and -race: chacha8 and aes128ctr, the first of each family
		}
		tried[g.family] = true
		t.Run(g.name, func(t *testing.T) {
			batteries := []Battery{{Bytes: MinBytes}, {Bytes: MinBytes, Repeat: 4}}
			if full() {
				batteries = []Battery{{Bytes: 1 << 20}, {Bytes: 128 << 10, Repeat: 8}}
			}
			for _, b := range batteries {
				rep, err := b.Run(g.new(20260101))
				if err != nil {
					t.Fatal(err)
				}
				// ks-uniform gives two results, each random walk five,
				// autocorrelation four
				if want := len(Tests()) + 1 + 4 + 4 + 3; len(rep.Summaries) != want {
					t.Errorf("%d summaries, want %d", len(rep.Summaries), want)
				}
				for _, s := range rep.Summaries {
					switch s.Verdict {
					case Fail:
						t.Errorf("%s (Bytes %d, Repeat %d): %s fails\n%s", g.name, b.Bytes, b.Repeat, s.Name, describe(rep))
					case Weak:
						weak++
						t.Logf("%s (Bytes %d, Repeat %d): %s is weak\n%s", g.name, b.Bytes, b.Repeat, s.Name, describe(rep))
					}
				}
				if testing.Verbose() {
					t.Logf("Bytes %d Repeat %d:\n%s", b.Bytes, b.Repeat, describe(rep))
				}
			}
		})
	}
	if weak > 5 {
		t.Errorf("%d weak verdicts, want at most 5", weak)
	}
}

func TestBatteryProgressAndSecondLevel(t *testing.T) {
	var calls []string
	fixed := []float64{0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9}
	i := 0
	b := Battery{
		Bytes:  1,
		Repeat: len(fixed),
		Tests: []Test{{"fixed", func(rand.Source, io.Reader, int64) ([]Result, error) {
			i++
			return []Result{{Name: "fixed", P: fixed[i-1]}}, nil
		}}},
		Progress: func(done, total int, name string) { calls = append(calls, fmt.Sprintf("%d/%d %s", done, total, name)) },
	}
	rep, err := b.Run(constSource(0))
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 10 || calls[9] != "10/10 fixed" {
		t.Errorf("progress calls %q", calls)
	}
	// Ten p-values of 0.9, each a pass, are not uniform: the second level
	// fails (K- = 0.9·√10, P(K- >= it) < 1e-6).
	s := rep.Summary("fixed")
	if s == nil || len(s.Second) != 3 || s.Second[0].Name != "fixed/ks+" || s.Second[1].Name != "fixed/ks-" || s.Second[2].Name != "fixed/min" {
		t.Fatalf("summary %+v, want second-level results ks+, ks- and min", s)
	}
	if s.Verdict != Fail {
		t.Errorf("ten p-values of 0.9: verdict %s, want fail (%v)", s.Verdict, s.Second)
	}
	// Evenly spread p-values pass.
	for k := range fixed {
		fixed[k] = (float64(k) + 0.5) / float64(len(fixed))
	}
	i = 0
	rep, _ = b.Run(constSource(0))
	if v := rep.Verdict(); v != Pass {
		t.Errorf("evenly spread p-values: %s (%v)", v, rep.Summaries[0].Second)
	}
	// One outright fail among them fails the test: 2e-9 is the smallest
	// of ten two-sided tails, 1-(1-2e-9)^10 = 2e-8 < 2e-6.
	fixed[3] = 1e-9
	i = 0
	rep, _ = b.Run(constSource(0))
	if v := rep.Verdict(); v != Fail {
		t.Errorf("a p-value of 1e-9 among ten: %s, want fail", v)
	}
}

func TestBatteryTooLittleData(t *testing.T) {
	if _, err := (&Battery{Bytes: MinBytes - 1}).Run(constSource(0)); err == nil {
		t.Error("no error for too little data")
	}
	if _, err := (&Battery{Bytes: MinBytes}).Run(chacha.NewSource(1)); err != nil {
		t.Errorf("MinBytes: %v", err)
	}
}

// A nil Source is an error, not a nil dereference inside a test.
func TestBatteryNilSource(t *testing.T) {
	_, err := (&Battery{}).Run(nil)
	require.ErrorContains(t, err, "stattest: ")
	_, err = (&Battery{}).RunReader(nil)
	require.ErrorContains(t, err, "stattest: ")
}

// RunReader reads the input as little-endian uint64s: the report over a
// generator's bytes is the report over the generator, and a short input
// is an error that says how far it got.
func TestBatteryRunReader(t *testing.T) {
	b := Battery{Bytes: MinBytes}
	want, err := b.Run(chacha.NewSource(4))
	require.NoError(t, err)
	got, err := b.RunReader(chacha.NewSource(4))
	require.NoError(t, err)
	require.Equal(t, len(want.Summaries), len(got.Summaries))
	for i := range want.Summaries {
		require.Equal(t, want.Summaries[i].Results[0].P, got.Summaries[i].Results[0].P, want.Summaries[i].Name)
	}
	_, err = b.RunReader(io.LimitReader(chacha.NewSource(4), 100000))
	require.ErrorContains(t, err, "stattest: the input ended after 100000 bytes")
}

package stattest

import (
	"testing"

	"github.com/streamrand/streamrand/internal/testkit/long"
)

// full reports whether the tests run at the sizes the docs state: the long
// run (STREAMRAND_LONG=1, as .ci/run sets it; long.Enabled) without the
// race detector, which slows the batteries tenfold and looks for data
// races, not for statistics.
func full() bool { return long.Enabled() && !raceEnabled }

// sweep returns the size of a statistical sweep (seeds, repetitions): all
// in the full run, def in the default go test, short with -short or the
// race detector. The default and short sizes check the same properties
// over fewer samples, so their binomial bounds are wider.
func sweep(all, def, short int) int {
	switch {
	case full():
		return all
	case testing.Short() || raceEnabled:
		return short
	}
	return def
}

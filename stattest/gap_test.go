package stattest_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/stattest"
)

// errDrawn is what limited panics with once its values are spent.
var errDrawn = errors.New("limited: no values left")

// limited gives left values of ChaCha8, then panics with errDrawn, and
// counts what it gave.
type limited struct {
	src         *chacha.Source
	left, drawn int64
}

func (l *limited) Uint64() uint64 {
	if l.drawn == l.left {
		panic(errDrawn)
	}
	l.drawn++
	return l.src.Uint64()
}

// Gap refuses, before drawing a value, a sample that expects more than
// MaxGapDraws values, and names how many: 10^9 gaps in an interval of
// width 10^-8 expect 10^17 and ran for ever. Exactly at the bound (2^37
// gaps in [0, 1/8), 2^40 values) it starts drawing; one gap more is an
// error.
func TestPublicGapDrawBound(t *testing.T) {
	src := &limited{src: chacha.NewSource(1)}
	_, err := stattest.Gap(src, 1_000_000_000, 0, 1e-8)
	require.ErrorContains(t, err, "stattest: gap test: 1000000000 gaps in [0, 1e-08) expect 1e+17 values, more than MaxGapDraws")
	_, err = stattest.Gap(src, 1<<37+1, 0, 0.125)
	require.ErrorContains(t, err, "more than MaxGapDraws (1099511627776)")
	require.Zero(t, src.drawn)

	src = &limited{src: chacha.NewSource(1), left: 1000}
	require.PanicsWithValue(t, errDrawn, func() { _, _ = stattest.Gap(src, 1<<37, 0, 0.125) })
	require.Equal(t, int64(1000), src.drawn)
}

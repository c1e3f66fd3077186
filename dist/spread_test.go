package dist_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
)

// TestWideSpreadFillsAreRandLoops holds the Fills of Poisson and Binomial
// laws of wide spread (whose Fill keeps the probabilities it computes for
// a window of values around the mode, sized by the spread and the Fill's
// length, and hands them to the next Fill of the law) to a loop of Rand:
// one law's Fills of lengths that grow and shrink in turn, so that a Fill
// finds a window longer than its own, then two laws' Fills alternating
// on one Source. Every value and the Source's next word.
func TestWideSpreadFillsAreRandLoops(t *testing.T) {
	lengths := []int{20000, 100, 3000, 40, 20000}
	if testing.Short() {
		lengths = []int{6000, 100, 3000, 40, 6000}
	}
	laws := []intLaw{
		dist.Poisson{Lambda: 1234.5}, dist.Poisson{Lambda: 1e4},
		dist.Binomial{N: 1e6, P: 0.01}, dist.Binomial{N: 1e6, P: 0.3}, dist.Binomial{N: 1e6, P: 0.7},
	}
	check := func(name string, src, twin interface {
		Uint64() uint64
	}, d intLaw, n int) {
		got := make([]int64, n)
		d.Fill(src, got)
		for i, k := range got {
			require.Equal(t, d.Rand(twin), k, "%s %T%+v: value %d of a Fill of %d", name, d, d, i, n)
		}
	}
	for _, d := range laws {
		src, twin := chacha.NewSource(21), chacha.NewSource(21)
		skip(t, src, 5)
		skip(t, twin, 5)
		for _, n := range lengths {
			check("one law", src, twin, d, n)
		}
		require.Equal(t, twin.Uint64(), src.Uint64(), "%T%+v: the Source after its Fills", d, d)
	}
	src, twin := aesctr.NewSource(22), aesctr.NewSource(22)
	for i, n := range lengths {
		for _, d := range []intLaw{laws[1+i%2], laws[3+i%2]} {
			check("alternating", src, twin, d, n)
		}
	}
	require.Equal(t, twin.Uint64(), src.Uint64(), "the Source after the alternating Fills")
}

// TestBetaPairsFillIsRandLoop holds Beta's Fill where both gammas take
// one ziggurat word each (both shapes 1/2, or both 1: the gammas of a
// chunk made in bulk and paired, an X whose Y lies in the next chunk kept
// for it) to a loop of Rand, over long Fills and Fills of odd lengths,
// from odd bytes of the stream.
func TestBetaPairsFillIsRandLoop(t *testing.T) {
	n := 100000
	if testing.Short() {
		n = 20000
	}
	xs := make([]float64, n)
	for _, d := range []dist.Beta{{Alpha: 0.5, Beta: 0.5}, {Alpha: 1, Beta: 1}} {
		for _, off := range []int{0, 3} {
			src, twin := chacha.NewSource(uint64(31+off)), chacha.NewSource(uint64(31+off))
			skip(t, src, off)
			skip(t, twin, off)
			longFillIsRandLoop(t, "chacha8", d, src, twin, xs)
			for _, m := range []int{1, 2, 3, 2047, 2049, 4097} {
				longFillIsRandLoop(t, "chacha8", d, src, twin, xs[:m])
			}
		}
	}
}

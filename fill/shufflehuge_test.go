package fill_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/fill"
)

// errStop ends a Shuffle from its swap.
type errStop struct{}

// TestShuffleHugePanics: a Shuffle of an n so large that its indices are
// rejected often (i+1 near 2^64/3 and 2^63), stopped by a swap that panics
// after k swaps, makes the same swaps as the per-call Shuffle and leaves the
// Source where it would, also through Locked and from every byte offset.
func TestShuffleHugePanics(t *testing.T) {
	for _, n64 := range []uint64{6148914691236517207, math.MaxInt64, 1<<62 + 1, 3<<30 + 1, math.MaxInt32} {
		if n64 > math.MaxInt {
			continue // 32-bit int
		}
		n := int(n64)
		for _, a := range streamrand.Algorithms() {
			for k := range 40 {
				var src streamrand.Generator = streamrand.New(a, uint64(k))
				twin := streamrand.New(a, uint64(k))
				if k%2 == 1 {
					src = streamrand.Locked(src)
				}
				skip := make([]byte, k%8+k/8*1021)
				src.Read(skip)
				twin.Read(skip)
				run := func(f func(swap func(i, j int))) (swaps []int) {
					defer func() {
						if e := recover(); e != nil {
							if _, ok := e.(errStop); !ok {
								panic(e)
							}
						}
					}()
					f(func(i, j int) {
						if len(swaps) == 2*(k*37) {
							panic(errStop{})
						}
						swaps = append(swaps, i, j)
					})
					return
				}
				got := run(func(swap func(i, j int)) { fill.Shuffle(src, n, swap) })
				want := run(func(swap func(i, j int)) { rand.New(twin).Shuffle(n, swap) })
				if !slices.Equal(got, want) {
					t.Fatalf("%s n %d k %d: swaps differ", a, n, k)
				}
				if g, w := src.Uint64(), twin.Uint64(); g != w {
					t.Fatalf("%s n %d: after %d swaps and a panic, next Uint64 %#x, want %#x", a, n, k*37, g, w)
				}
			}
		}
	}
}

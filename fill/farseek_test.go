package fill_test

import (
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/streamrand/streamrand"
)

// TestFarSeek: fill from a few bytes before the largest position Seek can
// express (2^63-1), through it, gives the per-call values and position.
func TestFarSeek(t *testing.T) {
	for _, a := range streamrand.Algorithms() {
		for _, f := range fns() {
			for _, back := range []int64{1, 5, 8, 100, 4096} {
				src, twin := streamrand.New(a, 2), streamrand.New(a, 2)
				src.Seek(math.MaxInt64-back, io.SeekStart)
				twin.Seek(math.MaxInt64-back, io.SeekStart)
				got, want := f.bulk(src, 600), f.call(rand.New(twin), 600)
				if !slices.Equal(got, want) {
					t.Fatalf("%s %s from 2^63-1-%d: values differ", a, f.name, back)
				}
				gp, ge := src.Seek(0, io.SeekCurrent)
				wp, we := twin.Seek(0, io.SeekCurrent)
				if gp != wp || (ge == nil) != (we == nil) || src.Uint64() != twin.Uint64() || src.Stream() != twin.Stream() {
					t.Fatalf("%s %s from 2^63-1-%d: position %d %v, want %d %v", a, f.name, back, gp, ge, wp, we)
				}
			}
		}
	}
}

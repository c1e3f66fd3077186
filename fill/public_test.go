package fill_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/fill"
)

// The rand.Rand methods fill gained, through the public API only: each
// leaves dst and the Source as len(dst) calls of the method on
// rand.New(src) would, on this module's generators at an odd byte
// position, on a PCG (the per-call path) and through a *rand.Rand.
func TestPublicIntegerFunctions(t *testing.T) {
	sources := map[string]func() rand.Source{
		"chacha8": func() rand.Source { s := chacha.NewSource(9); s.Read(make([]byte, 3)); return s },
		"aes128":  func() rand.Source { s := aesctr.NewSource(9); s.Read(make([]byte, 5)); return s },
		"pcg":     func() rand.Source { return rand.NewPCG(9, 10) },
		"rand":    func() rand.Source { return rand.New(chacha.NewSource12(9)) },
	}
	for name, newSrc := range sources {
		for _, n := range []int{0, 1, 7, 1000, 5003} {
			check := func(what string, fill func(rand.Source) any, perCall func(*rand.Rand) any) {
				a, b := newSrc(), newSrc()
				got := fill(a)
				want := perCall(rand.New(b))
				require.Equal(t, want, got, "%s %s n=%d", name, what, n)
				require.Equal(t, b.Uint64(), a.Uint64(), "%s %s n=%d: final position", name, what, n)
			}
			check("Int", func(s rand.Source) any { d := make([]int, n); fill.Int(s, d); return d },
				func(r *rand.Rand) any {
					d := make([]int, n)
					for i := range d {
						d[i] = r.Int()
					}
					return d
				})
			check("Int32", func(s rand.Source) any { d := make([]int32, n); fill.Int32(s, d); return d },
				func(r *rand.Rand) any {
					d := make([]int32, n)
					for i := range d {
						d[i] = r.Int32()
					}
					return d
				})
			check("Int64", func(s rand.Source) any { d := make([]int64, n); fill.Int64(s, d); return d },
				func(r *rand.Rand) any {
					d := make([]int64, n)
					for i := range d {
						d[i] = r.Int64()
					}
					return d
				})
			check("Uint", func(s rand.Source) any { d := make([]uint, n); fill.Uint(s, d); return d },
				func(r *rand.Rand) any {
					d := make([]uint, n)
					for i := range d {
						d[i] = r.Uint()
					}
					return d
				})
			for _, bound := range []int64{1, 3, 1 << 16, 1<<31 - 1, 1<<31 + 1} {
				b32 := int32(min(bound, math.MaxInt32))
				check("Int32N", func(s rand.Source) any { d := make([]int32, n); fill.Int32N(s, d, b32); return d },
					func(r *rand.Rand) any {
						d := make([]int32, n)
						for i := range d {
							d[i] = r.Int32N(b32)
						}
						return d
					})
				check("Uint32N", func(s rand.Source) any { d := make([]uint32, n); fill.Uint32N(s, d, uint32(b32)); return d },
					func(r *rand.Rand) any {
						d := make([]uint32, n)
						for i := range d {
							d[i] = r.Uint32N(uint32(b32))
						}
						return d
					})
				check("Int64N", func(s rand.Source) any { d := make([]int64, n); fill.Int64N(s, d, bound); return d },
					func(r *rand.Rand) any {
						d := make([]int64, n)
						for i := range d {
							d[i] = r.Int64N(bound)
						}
						return d
					})
				check("UintN", func(s rand.Source) any { d := make([]uint, n); fill.UintN(s, d, uint(bound)); return d },
					func(r *rand.Rand) any {
						d := make([]uint, n)
						for i := range d {
							d[i] = r.UintN(uint(bound))
						}
						return d
					})
			}
			check("ShuffleSlice", func(s rand.Source) any {
				d := make([]string, n)
				for i := range d {
					d[i] = string(rune('a' + i%26))
				}
				fill.ShuffleSlice(s, d)
				return d
			}, func(r *rand.Rand) any {
				d := make([]string, n)
				for i := range d {
					d[i] = string(rune('a' + i%26))
				}
				r.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
				return d
			})
		}
	}
	// The bounds math/rand/v2 rejects, fill rejects too, even for an
	// empty dst.
	require.Panics(t, func() { fill.Int32N(chacha.NewSource(1), nil, 0) })
	require.Panics(t, func() { fill.Int64N(chacha.NewSource(1), nil, -1) })
	require.Panics(t, func() { fill.Uint32N(chacha.NewSource(1), nil, 0) })
	require.Panics(t, func() { fill.UintN(chacha.NewSource(1), nil, 0) })
}

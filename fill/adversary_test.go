package fill_test

import (
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/fill"
)

// randomN returns an n for IntN/Uint64N: small, odd, powers of two, near
// powers of two, the worst rejection cases, huge.
func randomN(c *rand.Rand) uint64 {
	switch c.IntN(6) {
	case 0:
		return 1 + c.Uint64N(1000)
	case 1:
		return 1 << c.UintN(64)
	case 2:
		return max(1<<c.UintN(64)+uint64(c.IntN(3))-1, 1)
	case 3:
		return ns[c.IntN(len(ns))]
	case 4:
		return c.Uint64() | 1<<c.UintN(64)
	}
	return 1<<63 + 1 + c.Uint64N(1<<62)
}

// TestMixedSequences drives a Source of every algorithm (plain, Locked, and
// a copy of the struct) through long random sequences of every fill function
// with random lengths and n, interleaved with Read of odd lengths, Uint64,
// Seek, SetStream, Seed, ReadAt and checkpoint round trips, and a twin
// through the same sequence per call: values and positions agree after
// every step.
func TestMixedSequences(t *testing.T) {
	steps := 1500
	if testing.Short() {
		steps = 150
	}
	fs := fns()
	for ai, a := range streamrand.Algorithms() {
		for mode := range 3 { // plain, Locked, struct copy
			c := rand.New(rand.NewPCG(uint64(ai), uint64(mode)))
			var src, twin streamrand.Generator = streamrand.New(a, 9), streamrand.New(a, 9)
			if mode == 1 {
				src = streamrand.Locked(src)
			}
			r := rand.New(twin)
			for step := range steps {
				op := c.IntN(12)
				switch op {
				case 0:
					n := c.IntN(100)
					p, q := make([]byte, n), make([]byte, n)
					src.Read(p)
					twin.Read(q)
					if !slices.Equal(p, q) {
						t.Fatalf("%s mode %d step %d: Read(%d) differs", a, mode, step, n)
					}
				case 1:
					if g, w := src.Uint64(), twin.Uint64(); g != w {
						t.Fatalf("%s mode %d step %d: Uint64 differs", a, mode, step)
					}
				case 2:
					pos := c.Int64N(1 << 40)
					if c.IntN(2) == 0 {
						pos = c.Int64N(100000)
					}
					src.Seek(pos, io.SeekStart)
					twin.Seek(pos, io.SeekStart)
				case 3:
					s := c.Uint64()
					src.SetStream(s)
					twin.SetStream(s)
				case 4:
					s := c.Uint64()
					src.Seed(s)
					twin.Seed(s)
				case 5:
					p, q := make([]byte, c.IntN(50)), make([]byte, 50)
					off := c.Int64N(1 << 20)
					src.ReadAt(p, off)
					twin.ReadAt(q[:len(p)], off)
					if !slices.Equal(p, q[:len(p)]) {
						t.Fatalf("%s mode %d step %d: ReadAt differs", a, mode, step)
					}
				case 6:
					data, err := src.MarshalBinary()
					if err != nil {
						t.Fatal(err)
					}
					if c.IntN(2) == 0 {
						if err := src.UnmarshalBinary(data); err != nil {
							t.Fatal(err)
						}
					} else {
						g, err := streamrand.Unmarshal(data)
						if err != nil {
							t.Fatal(err)
						}
						if mode == 1 {
							g = streamrand.Locked(g)
						}
						src = g
					}
				case 7:
					if mode == 2 {
						// Copy both structs, move the originals on (by
						// fill and per call), then go on from the copies.
						var savedSrc, savedTwin streamrand.Generator
						switch s := src.(type) {
						case *chacha.Source:
							saved, savedT := *s, *twin.(*chacha.Source)
							savedSrc, savedTwin = &saved, &savedT
						case *aesctr.Source:
							saved, savedT := *s, *twin.(*aesctr.Source)
							savedSrc, savedTwin = &saved, &savedT
						}
						f := fs[c.IntN(len(fs))]
						n := c.IntN(3000)
						f.bulk(src, n)
						f.call(r, n)
						src, twin = savedSrc, savedTwin
						r = rand.New(twin)
					}
				default:
					f := fs[c.IntN(len(fs))]
					n := c.IntN(5001)
					if c.IntN(8) == 0 {
						n = c.IntN(3)*2048 + c.IntN(5) - 2 // near chunk boundaries
						n = max(n, 0)
					}
					var got, want []uint64
					if c.IntN(3) == 0 {
						// A fresh random n.
						m := randomN(c)
						if m <= math.MaxInt && c.IntN(2) == 0 {
							d := make([]int, n)
							fill.IntN(src, d, int(m))
							got = widen(d)
							want = each(n, func() uint64 { return uint64(r.IntN(int(m))) })
						} else {
							d := make([]uint64, n)
							fill.Uint64N(src, d, m)
							got = d
							want = each(n, func() uint64 { return r.Uint64N(m) })
						}
					} else {
						got, want = f.bulk(src, n), f.call(r, n)
					}
					if !slices.Equal(got, want) {
						i := 0
						for i < min(len(got), len(want)) && got[i] == want[i] {
							i++
						}
						t.Fatalf("%s mode %d step %d: %s(%d) differs at %d", a, mode, step, f.name, n, i)
					}
				}
				gp, ge := src.Seek(0, io.SeekCurrent)
				wp, we := twin.Seek(0, io.SeekCurrent)
				if gp != wp || (ge == nil) != (we == nil) || src.Stream() != twin.Stream() {
					t.Fatalf("%s mode %d step %d (op %d): position %d stream %d, want %d stream %d", a, mode, step, op, gp, src.Stream(), wp, twin.Stream())
				}
			}
		}
	}
}

package fill

import (
	"io"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/internal/testkit/long"
)

// FuzzInterleave drives a Source through a fuzzed sequence of Read, Uint64,
// Seek and fill calls, and a twin Source through the same sequence with
// every fill replaced by its per-call loop; values and positions must agree
// throughout.
func FuzzInterleave(f *testing.F) {
	f.Add(uint64(1), byte(0), []byte{0, 3, 0, 3, 5, 0, 1, 0, 0, 2, 200, 3, 4, 1, 0})
	f.Add(uint64(2), byte(3), []byte{0, 255, 3, 3, 9, 1, 2, 7, 7, 3, 30, 0, 1, 0, 0})
	f.Add(uint64(3), byte(6), []byte{3, 12, 4, 0, 1, 0, 3, 13, 0, 2, 0, 1})
	fs := fns()
	f.Fuzz(func(t *testing.T, seed uint64, alg byte, ops []byte) {
		algs := streamrand.Algorithms()
		a := algs[int(alg)%len(algs)]
		var src, twin streamrand.Generator = streamrand.New(a, seed), streamrand.New(a, seed)
		if alg&0x80 != 0 {
			src = streamrand.Locked(src)
		}
		r := rand.New(twin)
		for len(ops) >= 3 {
			op, arg := ops[0], int(ops[1])|int(ops[2])<<8
			ops = ops[3:]
			switch op % 4 {
			case 0:
				p, q := make([]byte, arg%2100), make([]byte, arg%2100)
				src.Read(p)
				twin.Read(q)
				require.Equal(t, q, p, "Read(%d)", len(p))
			case 1:
				require.Equal(t, twin.Uint64(), src.Uint64(), "Uint64")
			case 2:
				pos := int64(arg) * 37
				src.Seek(pos, io.SeekStart)
				twin.Seek(pos, io.SeekStart)
			case 3:
				fn := fs[int(op/4)%len(fs)]
				n := arg % 3000
				requireSame(t, fn.call(r, n), fn.bulk(src, n), "%s(%d) against the per-call values", fn.name, n)
			}
			gp, _ := src.Seek(0, io.SeekCurrent)
			wp, _ := twin.Seek(0, io.SeekCurrent)
			require.Equal(t, wp, gp, "position")
		}
	})
}

// randomN returns a bound for an N function: small, odd, powers of two,
// near powers of two, the worst rejection cases, huge.
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
// a copy of the struct) through long random sequences of every row, with
// random lengths and, for the N functions, random bounds, interleaved with
// Read of odd lengths, Uint64, Seek, SetStream, Seed, ReadAt and checkpoint
// round trips, and a twin through the same sequence per call: values and
// positions agree after every step: 1500 steps per Source in the long
// run (STREAMRAND_LONG=1), 150 otherwise.
func TestMixedSequences(t *testing.T) {
	steps := 150
	if long.Enabled() {
		steps = 1500
	}
	fs := fns()
	var nfs []fillFunc // the N functions, one row each
	for _, f := range fs {
		if f.bound != nil {
			nfs = append(nfs, f)
		}
	}
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
					require.Equal(t, q, p, "%s mode %d step %d: Read(%d)", a, mode, step, n)
				case 1:
					require.Equal(t, twin.Uint64(), src.Uint64(), "%s mode %d step %d: Uint64", a, mode, step)
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
					require.Equal(t, q[:len(p)], p, "%s mode %d step %d: ReadAt", a, mode, step)
				case 6:
					data, err := src.MarshalBinary()
					require.NoError(t, err)
					if c.IntN(2) == 0 {
						require.NoError(t, src.UnmarshalBinary(data))
					} else {
						g, err := streamrand.Unmarshal(data)
						require.NoError(t, err)
						if mode == 1 {
							g = streamrand.Locked(g)
						}
						src = g
					}
				case 7:
					if mode == 2 {
						// Copy both structs, move the originals on (by
						// fill and per call), then go on from the copies.
						savedSrc, savedTwin := copyValue(src), copyValue(twin)
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
					if c.IntN(3) == 0 {
						// An N function with a fresh random bound.
						m := randomN(c)
						if g, ok := nfs[c.IntN(len(nfs))].bound(m); ok {
							f = g
						}
					}
					requireSame(t, f.call(r, n), f.bulk(src, n), "%s mode %d step %d: %s(%d)", a, mode, step, f.name, n)
				}
				gp, ge := src.Seek(0, io.SeekCurrent)
				wp, we := twin.Seek(0, io.SeekCurrent)
				require.Equal(t, wp, gp, "%s mode %d step %d (op %d): position", a, mode, step, op)
				require.Equal(t, we == nil, ge == nil, "%s mode %d step %d (op %d): position error %v, want %v", a, mode, step, op, ge, we)
				require.Equal(t, twin.Stream(), src.Stream(), "%s mode %d step %d (op %d): stream", a, mode, step, op)
			}
		}
	}
}

// copyValue returns a pointer to a copy of the Source g points to: this
// module's Sources may be copied by value, and the copy is independent.
func copyValue(g streamrand.Generator) streamrand.Generator {
	v := reflect.ValueOf(g).Elem()
	c := reflect.New(v.Type())
	c.Elem().Set(v)
	return c.Interface().(streamrand.Generator)
}

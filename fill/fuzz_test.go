package fill_test

import (
	"io"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/streamrand/streamrand"
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
				if !slices.Equal(p, q) {
					t.Fatalf("Read(%d) differs", len(p))
				}
			case 1:
				if g, w := src.Uint64(), twin.Uint64(); g != w {
					t.Fatalf("Uint64 %#x, want %#x", g, w)
				}
			case 2:
				pos := int64(arg) * 37
				src.Seek(pos, io.SeekStart)
				twin.Seek(pos, io.SeekStart)
			case 3:
				fn := fs[int(op/4)%len(fs)]
				n := arg % 3000
				got, want := fn.bulk(src, n), fn.call(r, n)
				if !slices.Equal(got, want) {
					t.Fatalf("%s(%d) differs from the per-call values", fn.name, n)
				}
			}
			gp, _ := src.Seek(0, io.SeekCurrent)
			wp, _ := twin.Seek(0, io.SeekCurrent)
			if gp != wp {
				t.Fatalf("position %d, want %d", gp, wp)
			}
		}
	})
}

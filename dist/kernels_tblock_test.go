package dist

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// TestKernelTBlock compares asmTBlock with the Go code of tryMT's tries as
// if their normal words took the fast path (normalFast, y = c·x, open01,
// mtValue, tSampler.at), bit for bit, and its marks with the fast paths
// and the squeeze, for several Nu and locations, every number of tries 0
// to 200 and more, at every byte offset of the words (mod 16), on words
// dense in slow paths and the ends of the uniforms: the number of tries it
// returns is min(len/24, mtBlockLen)&^7 and the words keep their bytes.
// Without AVX-512 it makes none.
func TestKernelTBlock(t *testing.T) {
	backendtest.RunAlternatives(t, kernels, func(t *testing.T) {
		r := rand.New(rand.NewPCG(41, 42))
		var marks [4]int // slow, und, y <= -1, taken
		for _, d := range []StudentsT{{0, 1, 5}, {1.5, 2, 2.0002}, {-3, 1e-300, 40}, {0, 1, 1e6}} {
			s := newTSampler(d)
			m := &s.g.mt
			l := m.lanes()
			for n := range 205 {
				off := n % 16
				words := mtWords(r, 2*n)[:3*n]
				for j := range words {
					switch {
					case n%3 == 1:
						words[j] = r.Uint64()
					case j%3 == 1 && r.IntN(64) == 0:
						// x far below 0: y <= -1 (mtWords' uniforms
						// stand in for some z words).
						words[j] = uint64(-(1<<52)+r.Int64N(1<<40))<<11 | uint64(1+r.IntN(250))
					}
				}
				if n%4 == 3 {
					words = words[:r.IntN(len(words)+1)]
				}
				p := bytesAt(words, off)
				var sc tryScratch
				got := asmTBlock(&sc, p, &l, s.mu, s.sigma, s.h)
				desc := fmt.Sprintf("%s %+v, %d words, offset %d", Backend(), d, len(words), off)
				want := min(len(p)/24, mtBlockLen) &^ 7
				if !haveTBlock() {
					want = 0
				}
				if got != want {
					t.Fatalf("%s: made %d tries, want %d", desc, got, want)
				}
				for i := range got {
					z, fz := normalFast(le64(p, 24*i))
					x, fx := normalFast(le64(p, 24*i+8))
					y := float64(m.c * x)
					q := open01(le64(p, 24*i+16))
					x2 := x * x
					sq := y > -1 && m.c2*(x2*x2) < (1-q)*min(1, 1+y)
					v := s.at(z, mtValue(m.d, false, y))
					checkTry(t, desc, &sc, i, v, y, q, fz && fx, sq, &marks)
				}
				if !bytes.Equal(p, bytesAt(words, off)) {
					t.Fatalf("%s: wrote over the words", desc)
				}
			}
		}
		if haveTBlock() {
			checkMarks(t, marks)
		}
	})
}

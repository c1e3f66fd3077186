package dist

import (
	"bytes"
	"fmt"
	"math"
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

// TestKernelBoostTries compares asmBoostTries with the Go code of
// boostTry's tries as if their words took their fast paths (normalFast,
// y = c·x, open01, mtValue, the squeeze), bit for bit, the exponentials of
// their third words with expFast, and its marks with the fast paths, y >
// -1 and the squeeze, for boosted shapes from lmsMax to just below 1, in
// every lane and (Beta's) in the even lanes beside another shape in the
// odd ones, every number of tries 0 to 200 and more, at every byte offset
// of the words (mod 16), on words dense in slow paths and the ends of the
// uniforms and with y <= -1: the number of tries it returns is min(len/24,
// mtBlockLen)&^7 (0 without a kernel) and the words keep their bytes.
func TestKernelBoostTries(t *testing.T) {
	backendtest.RunAlternatives(t, kernels, func(t *testing.T) {
		r := rand.New(rand.NewPCG(45, 46))
		var marks [4]int // slow, und, y <= -1, taken
		for _, a := range []float64{lmsMax, 0.3, 0.5001, 0.9, 1 - 0x1p-40} {
			s := newGammaSampler(a, 1)
			if s.kind != gammaBoost {
				t.Fatalf("Gamma(%v) is not boosted", a)
			}
			// One shape in every lane (Gamma's walk), and a's in the
			// even lanes with another's in the odd ones (Beta's).
			o := newGammaSampler(0.6001, 1)
			for n := range 410 {
				ms := [2]*mtGamma{&s.mt, &s.mt}
				l := s.mt.lanes()
				if n >= 205 {
					ms[1] = &o.mt
					l = pairLanes(&s.mt, &o.mt)
				}
				off := n % 16
				pairs := mtWords(r, 2*n) // normal, uniform, normal, uniform, ...
				words := make([]uint64, 3*n)
				for i := range n {
					words[3*i], words[3*i+1], words[3*i+2] = pairs[4*i], pairs[4*i+1], zigWord(r, true)
					switch {
					case n%3 == 1:
						words[3*i], words[3*i+1], words[3*i+2] = r.Uint64(), r.Uint64(), r.Uint64()
					case r.IntN(64) == 0: // x far below 0: y <= -1
						words[3*i] = uint64(-(1<<52)+r.Int64N(1<<40))<<11 | uint64(1+r.IntN(250))
					}
				}
				if n%4 == 3 {
					words = words[:r.IntN(len(words)+1)]
				}
				p := bytesAt(words, off)
				var sc tryScratch
				var us [mtBlockLen]float64
				got := asmBoostTries(&sc, &us, p, &l)
				desc := fmt.Sprintf("%s Gamma(%v) (odd lanes %v), %d words, offset %d", Backend(), a, ms[1].d+1.0/3-1, len(words), off)
				want := min(len(p)/24, mtBlockLen) &^ 7
				if !haveBoostTries() {
					want = 0
				}
				if got != want {
					t.Fatalf("%s: made %d tries, want %d", desc, got, want)
				}
				for i := range got {
					m := ms[i%2]
					x, fx := normalFast(le64(p, 24*i))
					e, fe := expFast(le64(p, 24*i+16))
					y := float64(m.c * x)
					q := open01(le64(p, 24*i+8))
					x2 := x * x
					sq := y > -1 && m.c2*(x2*x2) < (1-q)*min(1, 1+y)
					checkTry(t, desc, &sc, i, mtValue(m.d, false, y), y, q, fx && fe, sq, &marks)
					if math.Float64bits(us[i]) != math.Float64bits(e) {
						t.Fatalf("%s: try %d: exponential %v, want %v", desc, i, us[i], e)
					}
				}
				if !bytes.Equal(p, bytesAt(words, off)) {
					t.Fatalf("%s: wrote over the words", desc)
				}
			}
		}
		if haveBoostTries() {
			checkMarks(t, marks)
		}
	})
}

package dist

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// tWalkModel is asmTWalk in Go, for the tests, from tSampler.drawMT's
// steps: values in groups of 8 from the words of p, three words each while
// both normals take the fast path; at a normal word off it, normalSlow's
// wedge test, and where y <= -1 a new x, the next group starting at the
// words drawMT draws next with the normals drawn so far carried into its
// first value. ev counts what it went on past: a z taken by the wedge
// test, a z not taken, an x taken, an x not taken, a y <= -1.
func tWalkModel(dst []float64, sc *tScratch, p []byte, s *tSampler, ev *[5]int) (n, used, stop int, z float64) {
	zt := &zigNormal
	m := &s.g.mt
	limit := min(len(dst), tBlockLen)
	var zc, xc float64
	cz, cx := false, false
	wedge := func(at int, x float64) bool {
		i := le64(p, at) & 0xFF
		h := zt.f[i] + float64(open01(le64(p, at+8))*(zt.f[i+1]-zt.f[i]))
		return h < exp(float64(-0.5*x)*x)
	}
	tail := func(at int) bool { return le64(p, at)&0xFF == 0 }
	for n+8 <= limit && used+192 <= len(p) {
		lane := 0
		var zv, xv float64
		var fz, fx, sq bool
		for ; lane < 8; lane++ {
			pos := used + 24*lane
			zv, fz = normalFast(le64(p, pos))
			xv, fx = normalFast(le64(p, pos+8))
			if lane == 0 && cz {
				zv, fz = zc, true
			}
			if lane == 0 && cx {
				xv, fx = xc, true
			}
			y := float64(m.c * xv)
			q := open01(le64(p, pos+16))
			x2 := xv * xv
			sq = m.c2*(x2*x2) < (1-q)*min(1, 1+y)
			if !fz || !fx || !(y > -1) || !sq {
				if fz && fx && y > -1 { // the squeeze's: its record
					dst[n] = s.at(zv, mtValue(m.d, false, y))
					sc.z, sc.y, sc.q = zv, y, q
				}
				break
			}
			dst[n] = s.at(zv, mtValue(m.d, false, y))
			n++
		}
		cz, cx = false, false
		if lane == 8 {
			used += 192
			continue
		}
		pos := used + 24*lane
		room := func(at int) bool { return at+192 <= len(p) && n+8 <= limit }
		switch {
		case !fz:
			if tail(pos) {
				return n, pos, 1, 0
			}
			if wedge(pos, zv) {
				if !room(pos + 8) {
					return n, pos, 1, 0
				}
				used, cz, zc = pos+8, true, zv
				ev[0]++
			} else {
				if !room(pos + 16) {
					return n, pos, 1, 0
				}
				used = pos + 16
				ev[1]++
			}
		case !fx:
			if tail(pos + 8) {
				return n, pos + 8, 2, zv
			}
			if wedge(pos+8, xv) {
				if !room(pos + 8) {
					return n, pos + 8, 2, zv
				}
				used, cz, zc, cx, xc = pos+8, true, zv, true, xv
				ev[2]++
			} else {
				if !room(pos + 16) {
					return n, pos + 8, 2, zv
				}
				used, cz, zc = pos+16, true, zv
				ev[3]++
			}
		case !sq && m.c*xv > -1:
			return n, pos + 24, 3, 0
		default: // y <= -1
			if !room(pos + 8) {
				return n, pos + 16, 2, zv
			}
			used, cz, zc = pos+8, true, zv
			ev[4]++
		}
	}
	return n, used, 0, 0
}

// TestKernelTWalk compares asmTWalk with tWalkModel bit for bit (the
// values set, the bytes drawn, the stop and its z, and the value, z, y
// and q of a try the squeeze left), for several Nu and
// locations, every number of values 0 to 200 and more, at every byte
// offset of the words (mod 16), on words dense in slow paths and the ends
// of the uniforms: the words keep their bytes, and dst after the values
// set its own but for the rest of the last group. Without AVX-512 it sets
// none.
func TestKernelTWalk(t *testing.T) {
	backendtest.RunAlternatives(t, kernels, func(t *testing.T) {
		r := rand.New(rand.NewPCG(41, 42))
		var lengths []int
		for n := range 201 {
			lengths = append(lengths, n)
		}
		lengths = append(lengths, 511, 1000)
		const guard = 0x5A5A5A5A5A5A5A5A
		var ev [5]int
		var stops [4]int
		long := 0
		for _, d := range []StudentsT{{0, 1, 5}, {1.5, 2, 2.0002}, {-3, 1e-300, 40}, {0, 1, 1e6}} {
			s := newTSampler(d)
			l := s.g.mt.lanes()
			for _, n := range lengths {
				off := n % 16
				words := mtWords(r, 2*n+8)
				for j := range words {
					switch {
					case n%3 == 1: // random words: blocks that run long
						words[j] = r.Uint64()
					case r.IntN(2) == 0:
						words[j] = zigWord(r, false)
					}
				}
				if n%4 == 3 {
					words = words[:r.IntN(len(words)+1)]
				}
				p := bytesAt(words, off)
				dst, _ := kernelDst(p, off, n, false, guard)
				var sc tScratch
				got, used, stop, z := asmTWalk(dst[:n], &sc, p, &l, s.mu, s.sigma, s.h)
				desc := fmt.Sprintf("%s %+v, %d values, %d words, offset %d", Backend(), d, n, len(words), off)
				if !haveTWalk() {
					if got != 0 || used != 0 || stop != 0 {
						t.Fatalf("%s: set %d, drew %d bytes, stop %d without its kernel", desc, got, used, stop)
					}
					continue
				}
				want := make([]float64, n)
				var wsc tScratch
				wn, wused, wstop, wz := tWalkModel(want, &wsc, p, &s, &ev)
				if got != wn || used != wused || stop != wstop || stop == 2 && z != wz {
					t.Fatalf("%s: returned %d, %d, %d, %v, want %d, %d, %d, %v", desc, got, used, stop, z, wn, wused, wstop, wz)
				}
				last := got
				if stop == 3 {
					last++ // the try the squeeze left
				}
				for j := range last {
					if math.Float64bits(dst[j]) != math.Float64bits(want[j]) {
						t.Fatalf("%s: value %d is %v, want %v", desc, j, dst[j], want[j])
					}
					if j >= 64 {
						long++
					}
				}
				if stop == 3 && (sc.z != wsc.z || sc.y != wsc.y || sc.q != wsc.q) {
					t.Fatalf("%s: z, y, q %v %v %v, want %v %v %v", desc, sc.z, sc.y, sc.q, wsc.z, wsc.y, wsc.q)
				}
				stops[stop]++
				end := got // a stop's group is written whole
				if stop != 0 {
					end = got + 8
				}
				for i := end; i < len(dst); i++ {
					if math.Float64bits(dst[i]) != guard {
						t.Fatalf("%s: wrote dst[%d]", desc, i)
					}
				}
				if !bytes.Equal(p, bytesAt(words, off)) {
					t.Fatalf("%s: wrote over the words", desc)
				}
			}
		}
		if haveTWalk() {
			for i, c := range ev {
				if c == 0 {
					t.Fatalf("the kernel never went on past case %d of tWalkModel's (%v): the words test nothing there", i, ev)
				}
			}
			if stops[1] == 0 || stops[2] == 0 || stops[3] == 0 || long == 0 {
				t.Fatalf("stops %v, values past 64 %d: the words test nothing there", stops, long)
			}
		}
	})
}

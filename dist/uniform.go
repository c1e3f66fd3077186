package dist

import (
	"math"
	"math/rand/v2"
)

// Uniform is the continuous uniform distribution on the open interval
// (Min, Max): a value is never an endpoint, so x - Min and Max - x are
// never 0 and their logs never -Inf (they overflow to +Inf only where Max
// - Min does, as for Min = -MaxFloat64, Max = MaxFloat64).
type Uniform struct{ Min, Max float64 }

// check passes at once where the width is above 2^-1000 and 2^50 times
// it above |Min| and |Max|: the interval then spans more than 4 ulps of
// either end, normal or subnormal, and both ends are finite (an infinite
// one makes the width infinite or -Inf, a NaN every comparison false).
// Anything else takes checkAll.
func (d Uniform) check() {
	if !d.wide() {
		d.checkAll()
	}
}

func (d Uniform) wide() bool {
	w := d.Max - d.Min
	c := float64(w * 0x1p50)
	return w > 0x1p-1000 && c > d.Min && c > -d.Min && c > d.Max && c > -d.Max
}

func (d Uniform) checkAll() {
	finite("Uniform", "Min", d.Min)
	finite("Uniform", "Max", d.Max)
	if !(math.Nextafter(d.Min, math.Inf(1)) < d.Max) {
		bad("Uniform", "Max", fmtFloat(d.Max), "a float64 above the next one after Min ("+fmtFloat(d.Min)+"): the open interval must hold a value")
	}
}

// Rand returns a value in (Min, Max): Min + (Max-Min)·u for u uniform in
// (0, 1), one word, or Min·(1-u) + Max·u where Max-Min overflows. A value
// that rounds to an endpoint takes the next word instead, so the values
// are uniform on the floats strictly inside.
func (d Uniform) Rand(src rand.Source) float64 {
	if !d.wide() { // check, written out so that it inlines
		d.checkAll()
	}
	width := d.Max - d.Min
	if x := d.at(open01(src.Uint64()), width); x > d.Min && x < d.Max {
		return x
	}
	return d.randNext(src, width)
}

// randNext is Rand after a word whose value rounds to an endpoint, apart
// so that Rand keeps a small frame.
func (d Uniform) randNext(src rand.Source, width float64) float64 {
	w := perCall(src)
	return d.draw(&w, width)
}

// Fill sets dst to the values of len(dst) successive Rand(src) calls and
// leaves src where they would.
func (d Uniform) Fill(src rand.Source, dst []float64) {
	d.check()
	width := d.Max - d.Min
	w := open(src)
	defer w.done()
	for len(dst) > 0 {
		dst = dst[d.fill(&w, chunk(&w, dst), width):]
	}
}

// fill is draw for each element of dst, with the word's load written into
// the loop and the buffer's fields in locals, until dst is full or the
// words of w's chunk are spent; it returns the values written.
func (d Uniform) fill(w *words, dst []float64, width float64) int {
	p, k, n := w.p, w.k, w.n
	// A kernel (kernels_amd64.go) converts the words at hand up to the next
	// one whose value rounds to an endpoint, which draw then takes. If the
	// least word's value and the greatest's lie inside, every word's does
	// (the value never falls as the word rises), and the kernel tests none.
	asm := haveKernels() && !(width > math.MaxFloat64)
	inside := asm && d.at(open01(0), width) > d.Min && d.at(open01(math.MaxUint64), width) < d.Max
	for i := 0; i < len(dst); i++ {
		if asm && len(p)-k >= 8*kernelWords {
			var c int
			if inside {
				c = asmUniformsInside(dst[i:], p[k:], d.Min, width)
			} else {
				c = asmUniforms(dst[i:], p[k:], d.Min, d.Max, width)
			}
			i += c
			k += 8 * c
			if i == len(dst) {
				break
			}
		}
		var u uint64
		if k < n {
			u = le64(p, k)
			k += 8
		} else {
			w.k = k
			if w.spent() {
				return i
			}
			u = w.refill()
			p, k, n = w.p, w.k, w.n
		}
		x := d.at(open01(u), width)
		if !(x > d.Min && x < d.Max) {
			w.k = k
			x = d.draw(w, width)
			p, k, n = w.p, w.k, w.n
		}
		dst[i] = x
	}
	w.k = k
	return len(dst)
}

// at is the value of u in (0, 1).
func (d Uniform) at(u, width float64) float64 {
	if width > math.MaxFloat64 {
		return float64(d.Min*(1-u)) + float64(d.Max*u)
	}
	return d.Min + float64(width*u)
}

// draw returns the value of the first next word whose value lies strictly
// inside (Min, Max).
func (d Uniform) draw(w *words, width float64) float64 {
	for {
		if x := d.at(open01(w.next()), width); x > d.Min && x < d.Max {
			return x
		}
	}
}

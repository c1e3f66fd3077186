package dist

import (
	"math"
	"math/rand/v2"
)

// Uniform is the continuous uniform distribution on the open interval
// (Min, Max): a value is never an endpoint, so log(x - Min) and log(Max -
// x) are always finite.
type Uniform struct{ Min, Max float64 }

func (d Uniform) check() {
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
	d.check()
	w := perCall(src)
	return d.draw(&w, d.Max-d.Min)
}

// Fill sets dst to the values of len(dst) successive Rand(src) calls and
// leaves src where they would.
func (d Uniform) Fill(src rand.Source, dst []float64) {
	d.check()
	width := d.Max - d.Min
	w := open(src)
	defer w.done()
	for i := range dst {
		dst[i] = d.draw(&w, width)
	}
}

func (d Uniform) draw(w *words, width float64) float64 {
	for {
		u := open01(w.next())
		x := d.Min + float64(width*u)
		if width > math.MaxFloat64 {
			x = float64(d.Min*(1-u)) + float64(d.Max*u)
		}
		if x > d.Min && x < d.Max {
			return x
		}
	}
}

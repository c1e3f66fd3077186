package dist

import "math/rand/v2"

// Uniform is the continuous uniform distribution on the open interval
// (Min, Max): a value is never an endpoint.
type Uniform struct{ Min, Max float64 }

func (d Uniform) check() {
	finite("Uniform", "Min", d.Min)
	finite("Uniform", "Max", d.Max)
	if !(d.Min < d.Max) {
		bad("Uniform", "Max", fmtFloat(d.Max), "> Min ("+fmtFloat(d.Min)+")")
	}
	// TODO width overflow (Max-Min = Inf) and endpoint rounding.
}

// Rand returns a value in (Min, Max), drawing one word from src.
func (d Uniform) Rand(src rand.Source) float64 {
	d.check()
	w := perCall(src)
	return d.draw(&w)
}

// Fill sets dst to the values of len(dst) successive Rand(src) calls and
// leaves src where they would.
func (d Uniform) Fill(src rand.Source, dst []float64) {
	d.check()
	w := open(src)
	defer w.done()
	for i := range dst {
		dst[i] = d.draw(&w)
	}
}

func (d Uniform) draw(w *words) float64 {
	return d.Min + float64((d.Max-d.Min)*open01(w.next()))
}

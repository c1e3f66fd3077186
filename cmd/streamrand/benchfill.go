package main

import (
	"fmt"
	"math/rand/v2"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/fill"
)

// fill prints bench's second table, row by row: nanoseconds per value of a
// few rand.Rand methods called in a loop over PCG and over chacha8, and of
// the package fill functions that give the same values, over chacha8 and
// aes128ctr, with the faster fill figure's speed-up over PCG per call.
func (b *bencher) fill() error {
	const n = 100000
	f64 := make([]float64, n)
	ints := make([]int, n)
	funcs := []struct {
		name string
		call func(r *rand.Rand)
		bulk func(src rand.Source)
	}{
		{"Float64",
			func(r *rand.Rand) {
				for i := range f64 {
					f64[i] = r.Float64()
				}
			},
			func(src rand.Source) { fill.Float64(src, f64) }},
		{"NormFloat64",
			func(r *rand.Rand) {
				for i := range f64 {
					f64[i] = r.NormFloat64()
				}
			},
			func(src rand.Source) { fill.NormFloat64(src, f64) }},
		{"IntN(1000)",
			func(r *rand.Rand) {
				for i := range ints {
					ints[i] = r.IntN(1000)
				}
			},
			func(src rand.Source) { fill.IntN(src, ints, 1000) }},
	}
	// ns measures f and returns its figure and ns per value as printed.
	ns := func(f func()) (figure, string) {
		fig := b.measure(f, n)
		return fig, fmt.Sprintf("%.2f", 1e9/fig.rate()) + mark(fig)
	}
	unit := "CPU time of the measuring thread"
	if _, ok := b.cpuTime(); !ok {
		unit = "wall clock"
	}
	fmt.Fprintf(b.out, "\nNumbers in bulk (package fill, backend %s): ns per value in calls of %d values,\n"+
		"the median of %d runs (%s). fill gives exactly the values of the\n"+
		"per-call loop on the same Source; fill vs PCG = PCG per call's time over the faster fill's.\n\n",
		fill.Backend(), n, b.runs, unit)
	fmt.Fprintf(b.out, fillRow, "method", "PCG per call", "chacha8 per call", "chacha8 fill", "aes128ctr fill", "fill vs PCG")
	for _, f := range funcs {
		pcg, pcgNs := ns(func() { f.call(rand.New(rand.NewPCG(1, 2))) })
		_, percallNs := ns(func() { f.call(rand.New(streamrand.New(streamrand.ChaCha8, 1))) })
		c8 := streamrand.New(streamrand.ChaCha8, 1)
		chacha, chachaNs := ns(func() { f.bulk(c8) })
		aes := streamrand.New(streamrand.AES128CTR, 1)
		aes128, aesNs := ns(func() { f.bulk(aes) })
		faster := max(chacha.rate(), aes128.rate())
		speedup := b.ratio(fmt.Sprintf("%.1fx", faster/pcg.rate()), pcg, chacha, aes128)
		_, err := fmt.Fprintf(b.out, fillRow, f.name, pcgNs, percallNs, chachaNs, aesNs, speedup)
		if err != nil {
			return fmt.Errorf("writing: %w", err)
		}
	}
	return nil
}

// fillRow is the format of a row of the fill table (fixed widths: each
// row is printed as soon as it is measured).
const fillRow = "%-11s  %12s  %16s  %12s  %14s  %11s\n"

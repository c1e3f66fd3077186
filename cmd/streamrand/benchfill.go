package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"text/tabwriter"
	"time"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/fill"
)

// benchFill prints bench's second table: nanoseconds per value of a few
// rand.Rand methods called in a loop over PCG and over chacha8, and of the
// package fill functions that give the same values, over chacha8 and
// aes128ctr, with the best fill figure's speed-up over PCG per call.
func benchFill(stdout io.Writer, dur time.Duration, runs int) error {
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
	ns := func(f func()) float64 { return median(f, dur, runs) / n * 1e9 }
	fmt.Fprintf(stdout, "\nNumbers in bulk: ns per value, %d values per call (package fill, backend %s)\n", n, fill.Backend())
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "method\tPCG per call\tchacha8 per call\tchacha8 fill\taes128ctr fill\tfill vs PCG\t")
	for _, f := range funcs {
		pcg := ns(func() { f.call(rand.New(rand.NewPCG(1, 2))) })
		percall := ns(func() { f.call(rand.New(streamrand.New(streamrand.ChaCha8, 1))) })
		c8 := streamrand.New(streamrand.ChaCha8, 1)
		chacha := ns(func() { f.bulk(c8) })
		aes := streamrand.New(streamrand.AES128CTR, 1)
		aesNs := ns(func() { f.bulk(aes) })
		fmt.Fprintf(tw, "%s\t%.2f\t%.2f\t%.2f\t%.2f\t%.1fx\t\n", f.name, pcg, percall, chacha, aesNs, pcg/min(chacha, aesNs))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "fill gives exactly the values of the per-call loop on the same Source; fill vs PCG: PCG per call's time over the faster fill's.")
	return nil
}

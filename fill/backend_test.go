package fill

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// TestBackendsAgree runs every function with each assembly backend this
// machine has and with the portable Go path, from every byte offset,
// on lengths around the kernels' block sizes, and compares values and
// positions.
func TestBackendsAgree(t *testing.T) {
	if len(kernels.Available()) == 1 {
		t.Skip("no assembly kernels on this machine or build: the portable path is the only one")
	}
	lengths := []int{0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 511, 512, 513, 1000, 1024, 1025, 5000}
	type run func(src rand.Source, n int) []uint64
	fs := map[string]run{
		"Float64": func(src rand.Source, n int) []uint64 {
			d := make([]float64, n)
			Float64(src, d)
			return bits64(d)
		},
		"Float32": func(src rand.Source, n int) []uint64 {
			d := make([]float32, n)
			Float32(src, d)
			r := make([]uint64, n)
			for i, v := range d {
				r[i] = uint64(math.Float32bits(v))
			}
			return r
		},
		"Uint32": func(src rand.Source, n int) []uint64 {
			d := make([]uint32, n)
			Uint32(src, d)
			r := make([]uint64, n)
			for i, v := range d {
				r[i] = uint64(v)
			}
			return r
		},
		"NormFloat64": func(src rand.Source, n int) []uint64 {
			d := make([]float64, n)
			NormFloat64(src, d)
			return bits64(d)
		},
		"ExpFloat64": func(src rand.Source, n int) []uint64 {
			d := make([]float64, n)
			ExpFloat64(src, d)
			return bits64(d)
		},
	}
	for _, m := range []uint64{3, 1000, 1<<32 + 1, 1<<40 + 7, 6148914691236517206, 1<<63 + 1, math.MaxUint64} {
		fs["Uint64N/"+strconv.FormatUint(m, 10)] = func(src rand.Source, n int) []uint64 {
			d := make([]uint64, n)
			Uint64N(src, d, m)
			return d
		}
	}
	fs["IntN/1000"] = func(src rand.Source, n int) []uint64 {
		d := make([]int, n)
		IntN(src, d, 1000)
		r := make([]uint64, n)
		for i, v := range d {
			r[i] = uint64(v)
		}
		return r
	}
	// From a Source at byte offset off: n values of f, then the next word.
	values := func(f run, n, off int) []uint64 {
		var src rand.Source
		if n%2 == 0 {
			s := chacha.NewSource(uint64(n))
			s.Read(make([]byte, off))
			src = s
		} else {
			s := aesctr.NewSource(uint64(n))
			s.Read(make([]byte, off))
			src = s
		}
		return append(f(src, n), src.Uint64())
	}
	type input struct {
		name   string
		n, off int
	}
	generic := make(map[input][]uint64)
	restore := kernels.Select("generic")
	for name, f := range fs {
		for _, n := range lengths {
			for off := range 8 {
				generic[input{name, n, off}] = values(f, n, off)
			}
		}
	}
	restore()
	backendtest.RunAlternatives(t, kernels, func(t *testing.T) {
		for name, f := range fs {
			for _, n := range lengths {
				for off := range 8 {
					got, want := values(f, n, off), generic[input{name, n, off}]
					for i := range n {
						if got[i] != want[i] {
							t.Fatalf("%s len %d offset %d: value %d is %#x with %s, %#x with generic", name, n, off, i, got[i], Backend(), want[i])
						}
					}
					if got[n] != want[n] {
						t.Fatalf("%s len %d offset %d: position differs between %s and generic", name, n, off, Backend())
					}
				}
			}
		}
	})
}

func bits64(d []float64) []uint64 {
	r := make([]uint64, len(d))
	for i, v := range d {
		r[i] = math.Float64bits(v)
	}
	return r
}

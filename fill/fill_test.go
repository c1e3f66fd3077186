package fill_test

import (
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/fill"
)

// A kind makes two Sources in the same state: one for fill, one (the twin)
// driven per call through rand.New.
type kind struct {
	name string
	make func(seed uint64) (src, twin rand.Source)
}

func kinds() []kind {
	var ks []kind
	for _, a := range streamrand.Algorithms() {
		ks = append(ks, kind{a.String(), func(seed uint64) (rand.Source, rand.Source) {
			return streamrand.New(a, seed), streamrand.New(a, seed)
		}})
	}
	return append(ks,
		kind{"locked-chacha8", func(seed uint64) (rand.Source, rand.Source) {
			return streamrand.Locked(streamrand.New(streamrand.ChaCha8, seed)), streamrand.New(streamrand.ChaCha8, seed)
		}},
		kind{"locked-aes128ctr", func(seed uint64) (rand.Source, rand.Source) {
			return streamrand.Locked(streamrand.New(streamrand.AES128CTR, seed)), streamrand.New(streamrand.AES128CTR, seed)
		}},
		kind{"pcg", func(seed uint64) (rand.Source, rand.Source) {
			return rand.NewPCG(seed, 2), rand.NewPCG(seed, 2)
		}},
		// math/rand/v2's ChaCha8: its Read is not its Uint64 stream, so it
		// must take the per-call path.
		kind{"rand.ChaCha8", func(seed uint64) (rand.Source, rand.Source) {
			var key [32]byte
			key[0] = byte(seed)
			return rand.NewChaCha8(key), rand.NewChaCha8(key)
		}},
		kind{"reader", func(seed uint64) (rand.Source, rand.Source) {
			return streamrand.NewSource(streamrand.New(streamrand.ChaCha20, seed)),
				streamrand.NewSource(streamrand.New(streamrand.ChaCha20, seed))
		}},
	)
}

// A fn is one fill function with its arguments, and the same computed per
// call. Both return the values as uint64 bits (Shuffle: the swaps).
type fn struct {
	name string
	bulk func(src rand.Source, n int) []uint64
	call func(r *rand.Rand, n int) []uint64
}

// ns are the n of IntN and Uint64N: powers of two, 32-bit edges, and the
// worst cases for rejection (about 1 in 3 and 1 in 2 words rejected).
var ns = []uint64{1, 2, 3, 1000, 1 << 31, 1<<32 - 1, 1 << 32, 1<<32 + 1, 1<<40 + 7, 1 << 62,
	math.MaxInt, 6148914691236517206, 1<<63 + 1}

func fns() []fn {
	fs := []fn{
		{"Uint64",
			func(src rand.Source, n int) []uint64 { d := make([]uint64, n); fill.Uint64(src, d); return d },
			func(r *rand.Rand, n int) []uint64 { return each(n, r.Uint64) }},
		{"Uint32",
			func(src rand.Source, n int) []uint64 { d := make([]uint32, n); fill.Uint32(src, d); return widen(d) },
			func(r *rand.Rand, n int) []uint64 { return each(n, func() uint64 { return uint64(r.Uint32()) }) }},
		{"Float64",
			func(src rand.Source, n int) []uint64 {
				d := make([]float64, n)
				fill.Float64(src, d)
				return f64bits(d)
			},
			func(r *rand.Rand, n int) []uint64 {
				return each(n, func() uint64 { return math.Float64bits(r.Float64()) })
			}},
		{"Float32",
			func(src rand.Source, n int) []uint64 {
				d := make([]float32, n)
				fill.Float32(src, d)
				return f32bits(d)
			},
			func(r *rand.Rand, n int) []uint64 {
				return each(n, func() uint64 { return uint64(math.Float32bits(r.Float32())) })
			}},
		{"NormFloat64",
			func(src rand.Source, n int) []uint64 {
				d := make([]float64, n)
				fill.NormFloat64(src, d)
				return f64bits(d)
			},
			func(r *rand.Rand, n int) []uint64 {
				return each(n, func() uint64 { return math.Float64bits(r.NormFloat64()) })
			}},
		{"ExpFloat64",
			func(src rand.Source, n int) []uint64 {
				d := make([]float64, n)
				fill.ExpFloat64(src, d)
				return f64bits(d)
			},
			func(r *rand.Rand, n int) []uint64 {
				return each(n, func() uint64 { return math.Float64bits(r.ExpFloat64()) })
			}},
		{"Perm",
			func(src rand.Source, n int) []uint64 { d := make([]int, n); fill.Perm(src, d); return widen(d) },
			func(r *rand.Rand, n int) []uint64 { return widen(r.Perm(n)) }},
		{"Shuffle",
			func(src rand.Source, n int) []uint64 {
				var s []uint64
				fill.Shuffle(src, n, func(i, j int) { s = append(s, uint64(i)<<32|uint64(j)) })
				return s
			},
			func(r *rand.Rand, n int) []uint64 {
				var s []uint64
				r.Shuffle(n, func(i, j int) { s = append(s, uint64(i)<<32|uint64(j)) })
				return s
			}},
	}
	for _, m := range ns {
		fs = append(fs, fn{"Uint64N/" + strconv.FormatUint(m, 10),
			func(src rand.Source, n int) []uint64 { d := make([]uint64, n); fill.Uint64N(src, d, m); return d },
			func(r *rand.Rand, n int) []uint64 { return each(n, func() uint64 { return r.Uint64N(m) }) }})
		if m <= math.MaxInt {
			fs = append(fs, fn{"IntN/" + strconv.FormatUint(m, 10),
				func(src rand.Source, n int) []uint64 { d := make([]int, n); fill.IntN(src, d, int(m)); return widen(d) },
				func(r *rand.Rand, n int) []uint64 { return each(n, func() uint64 { return uint64(r.IntN(int(m))) }) }})
		}
	}
	return fs
}

func each(n int, f func() uint64) []uint64 {
	d := make([]uint64, n)
	for i := range d {
		d[i] = f()
	}
	return d
}

func widen[T int | uint32](s []T) []uint64 {
	d := make([]uint64, len(s))
	for i, v := range s {
		d[i] = uint64(v)
	}
	return d
}

func f64bits(s []float64) []uint64 {
	d := make([]uint64, len(s))
	for i, v := range s {
		d[i] = math.Float64bits(v)
	}
	return d
}

func f32bits(s []float32) []uint64 {
	d := make([]uint64, len(s))
	for i, v := range s {
		d[i] = uint64(math.Float32bits(v))
	}
	return d
}

// counting counts the words drawn from a Source.
type counting struct {
	rand.Source
	n int
}

func (c *counting) Uint64() uint64 { c.n++; return c.Source.Uint64() }

// starts are the byte positions a fill starts from: every offset in a
// word, and some that make the fill cross a batch (1 KiB) boundary.
var starts = []int{0, 1, 2, 3, 4, 5, 6, 7, 1024 - 3, 1024 - 16, 3*1024 - 5}

var lengths = []int{0, 1, 7, 8, 9, 127, 128, 129, 1000, 4097, 100000}

// advance moves both Sources by start bytes, if they are readers.
func advance(t *testing.T, src, twin rand.Source, start int) bool {
	a, ok1 := src.(io.Reader)
	b, ok2 := twin.(io.Reader)
	if !ok1 || !ok2 {
		return false
	}
	p := make([]byte, start)
	a.Read(p)
	b.Read(p)
	return true
}

// check runs f from start on fresh Sources of kind k and compares values,
// the words consumed and the position with the per-call twin. It returns
// the words the per-call path drew beyond one per value.
func check(t *testing.T, k kind, f fn, seed uint64, start, n int) (extra int) {
	t.Helper()
	src, twin := k.make(seed)
	if start > 0 && !advance(t, src, twin, start) {
		return 0
	}
	c := &counting{Source: twin}
	got := f.bulk(src, n)
	want := f.call(rand.New(c), n)
	if len(got) != len(want) {
		t.Fatalf("%s %s start %d len %d: %d values, want %d", k.name, f.name, start, n, len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s %s start %d len %d: value %d is %#x, want %#x", k.name, f.name, start, n, i, got[i], want[i])
		}
	}
	if g, w := src.Uint64(), twin.Uint64(); g != w {
		t.Fatalf("%s %s start %d len %d: next Uint64 %#x, want %#x (position differs)", k.name, f.name, start, n, g, w)
	}
	if gs, ok := src.(io.Seeker); ok {
		gp, _ := gs.Seek(0, io.SeekCurrent)
		wp, _ := twin.(io.Seeker).Seek(0, io.SeekCurrent)
		if gp != wp {
			t.Fatalf("%s %s start %d len %d: position %d, want %d", k.name, f.name, start, n, gp, wp)
		}
	}
	return c.n - n
}

func TestEqualPerCall(t *testing.T) {
	for _, k := range kinds() {
		t.Run(k.name, func(t *testing.T) {
			for _, f := range fns() {
				for li, n := range lengths {
					if n == 100000 && testing.Short() {
						continue
					}
					// Every start with every length, rotating so each
					// function sees all of them.
					check(t, k, f, uint64(li), starts[(li+len(f.name))%len(starts)], n)
				}
				for _, start := range starts {
					check(t, k, f, 7, start, 129)
				}
			}
		})
	}
}

// TestLong fills 10^6 values of every function once.
func TestLong(t *testing.T) {
	if testing.Short() {
		t.Skip("long lengths run without -short")
	}
	k := kinds()[0]
	for _, f := range fns() {
		check(t, k, f, 99, 5, 1_000_000)
	}
}

// TestRejections makes sure the rejection and slow paths are hit, counting
// the extra words the per-call path draws, with the expected frequencies.
func TestRejections(t *testing.T) {
	const n = 100000
	for _, k := range []kind{kinds()[0], kinds()[3], kinds()[6]} {
		byName := map[string]fn{}
		for _, f := range fns() {
			byName[f.name] = f
		}
		for _, c := range []struct {
			name     string
			min, max int // extra words per n values
		}{
			// 2^64 mod n is about n: 1 in 3 words rejected, 1/2 extra per value.
			{"IntN/6148914691236517206", n * 45 / 100, n * 55 / 100},
			{"Uint64N/6148914691236517206", n * 45 / 100, n * 55 / 100},
			// 2^64 mod n = 2^63 - 1: 1 in 2 rejected, 1 extra per value.
			{"Uint64N/9223372036854775809", n * 95 / 100, n * 105 / 100},
			// The ziggurat misses its fast path about 1.2% (normal) and
			// 1.1% (exponential) of the time; a miss draws at least one
			// more word.
			{"NormFloat64", n / 200, n / 20},
			{"ExpFloat64", n / 200, n / 20},
		} {
			f, ok := byName[c.name]
			if !ok && math.MaxInt < 6148914691236517206 {
				continue // IntN of a 64-bit n on a 32-bit platform
			}
			extra := check(t, k, f, 3, 3, n)
			t.Logf("%s %s: %d extra words for %d values", k.name, c.name, extra, n)
			if extra < c.min || extra > c.max {
				t.Errorf("%s %s: %d extra words for %d values, want %d to %d", k.name, c.name, extra, n, c.min, c.max)
			}
		}
	}
}

func TestPanics(t *testing.T) {
	src := streamrand.New(streamrand.ChaCha8, 1)
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"IntN(0)", func() { fill.IntN(src, nil, 0) }},
		{"IntN(-1)", func() { fill.IntN(src, make([]int, 3), -1) }},
		{"Uint64N(0)", func() { fill.Uint64N(src, nil, 0) }},
		{"Shuffle(-1)", func() { fill.Shuffle(src, -1, func(i, j int) {}) }},
		{"IntN(0) per call", func() { fill.IntN(rand.NewPCG(1, 2), nil, 0) }},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", c.name)
				}
			}()
			c.f()
		}()
	}
	// Nothing was consumed.
	if got, want := src.Uint64(), streamrand.New(streamrand.ChaCha8, 1).Uint64(); got != want {
		t.Errorf("a panicking call moved the Source")
	}
}

func TestAllocs(t *testing.T) {
	for _, k := range kinds() {
		src, _ := k.make(1)
		u := make([]uint64, 3000)
		u32 := make([]uint32, 3000)
		f := make([]float64, 3000)
		f32 := make([]float32, 3000)
		is := make([]int, 3000)
		for name, call := range map[string]func(){
			"Uint64":      func() { fill.Uint64(src, u) },
			"Uint32":      func() { fill.Uint32(src, u32) },
			"Float64":     func() { fill.Float64(src, f) },
			"Float32":     func() { fill.Float32(src, f32) },
			"NormFloat64": func() { fill.NormFloat64(src, f) },
			"ExpFloat64":  func() { fill.ExpFloat64(src, f) },
			"IntN":        func() { fill.IntN(src, is, 1000) },
			"Uint64N":     func() { fill.Uint64N(src, u, 1<<63+1) },
			"Perm":        func() { fill.Perm(src, is) },
			"Shuffle":     func() { fill.Shuffle(src, len(is), func(i, j int) { is[i], is[j] = is[j], is[i] }) },
		} {
			if a := testing.AllocsPerRun(20, call); a != 0 {
				t.Errorf("%s %s: %v allocations per call, want 0", k.name, name, a)
			}
		}
	}
}

// A swap that panics leaves the Source where the per-call Shuffle would.
func TestShufflePanicPosition(t *testing.T) {
	src, twin := streamrand.New(streamrand.AES128CTR, 5), streamrand.New(streamrand.AES128CTR, 5)
	stop := func(i, j int) {
		if i == 500 {
			panic("stop")
		}
	}
	for _, f := range []func(){
		func() { fill.Shuffle(src, 1000, stop) },
		func() { rand.New(twin).Shuffle(1000, stop) },
	} {
		func() {
			defer func() { recover() }()
			f()
		}()
	}
	if src.Uint64() != twin.Uint64() {
		t.Fatal("position after a panicking swap differs from the per-call Shuffle's")
	}
}

package fill

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/bulk"
	"github.com/streamrand/streamrand/internal/testkit/gentest"
	"github.com/streamrand/streamrand/internal/testkit/long"
)

// The fill functions, once: every test and benchmark of this package runs
// the rows of fns. A row is a fill function with its arguments (one row per
// bound for the N functions) and the loop of rand.Rand calls it must equal.

// A fillFunc is one row: its name, what a value costs in memory, and how to make
// a job of n values.
type fillFunc struct {
	name string
	size int64 // bytes of one value
	// platform names the platforms whose values differ (nil: none), for
	// the goldens: platform (architecture), or intSize (Int, Uint).
	platform func(testing.TB) string
	oneWord  bool // draws exactly one word per value
	// job returns n values to fill in buf[lo:lo+n] of a buffer of
	// lo+n+jobPad elements, those outside dst set to a guard.
	job func(n, lo int) *job
	// bad requires the fill function and rand.Rand's method to panic on
	// each bound they must panic on (N functions only).
	bad func(t *testing.T, src rand.Source)
	// bound returns the same N function with bound m, if its type holds m.
	bound func(m uint64) (fillFunc, bool)
}

// A job is one call of a row's fill function on a slice of its own.
type job struct {
	fill   func(src rand.Source) // the fill function on dst
	ref    func(r *rand.Rand)    // rand.Rand's per-call loop on dst
	vals   func() []uint64       // dst's values as bits (Shuffle: i<<32|j per swap)
	intact func() bool           // nothing outside dst changed
}

// jobPad is how many guard elements follow dst in a job's buffer, each of
// whose bytes is guardByte.
const (
	jobPad    = 80
	guardByte = 0xA5
)

func notGuard(c byte) bool { return c != guardByte }

// bulk and call fill n values through fill and per call, and return them.
func (f fillFunc) bulk(src rand.Source, n int) []uint64 {
	j := f.job(n, 0)
	j.fill(src)
	return j.vals()
}
func (f fillFunc) call(r *rand.Rand, n int) []uint64 { j := f.job(n, 0); j.ref(r); return j.vals() }

type elem interface {
	int | int32 | int64 | uint | uint32 | uint64 | float32 | float64
}

// row makes the row of a fill function on []T whose reference is ref.
func row[T elem](name string, fill func(rand.Source, []T), ref func(*rand.Rand, []T)) fillFunc {
	var zero T
	return fillFunc{name: name, size: int64(unsafe.Sizeof(zero)), oneWord: true, job: func(n, lo int) *job {
		buf := make([]T, lo+n+jobPad)
		mem := bytesOf(buf)
		at, end := lo*int(unsafe.Sizeof(zero)), (lo+n)*int(unsafe.Sizeof(zero))
		for _, g := range [][]byte{mem[:at], mem[end:]} {
			for i := range g {
				g[i] = guardByte
			}
		}
		dst := buf[lo : lo+n]
		if d, ok := any(dst).([]int); ok {
			for i := range d {
				d[i] = i // the slice a Shuffle starts from
			}
		}
		return &job{
			fill: func(src rand.Source) { fill(src, dst) },
			ref:  func(r *rand.Rand) { ref(r, dst) },
			vals: func() []uint64 { return bitsOf(dst) },
			intact: func() bool {
				return !slices.ContainsFunc(mem[:at], notGuard) && !slices.ContainsFunc(mem[end:], notGuard)
			},
		}
	}}
}

// each is the reference loop of a method giving one value per call.
func each[T elem](per func(*rand.Rand) T) func(*rand.Rand, []T) {
	return func(r *rand.Rand, d []T) {
		for i := range d {
			d[i] = per(r)
		}
	}
}

// nrows makes a row of an N function for every bound of ns it takes, each
// with the check that the function and rand.Rand's method panic for a bound
// of 0 (and -1 for a signed T).
func nrows[T int | int32 | int64 | uint | uint32 | uint64](name string, fill func(rand.Source, []T, T), per func(*rand.Rand, T) T) []fillFunc {
	bad := func(t *testing.T, src rand.Source) {
		var zero T
		for _, b := range []T{zero, zero - 1} {
			if b > 0 {
				continue // unsigned: 0-1 is a bound
			}
			require.Panics(t, func() { fill(src, make([]T, 3), b) }, "%s(%d)", name, b)
			require.Panics(t, func() { fill(src, nil, b) }, "%s(%d) of no values", name, b)
			require.Panics(t, func() { per(rand.New(src), b) }, "rand.Rand's %s(%d)", name, b)
		}
	}
	var mk func(m uint64) (fillFunc, bool)
	mk = func(m uint64) (fillFunc, bool) {
		b := T(m)
		if b <= 0 || uint64(b) != m {
			return fillFunc{}, false // not a bound of this type
		}
		f := row(name+"/"+strconv.FormatUint(m, 10),
			func(src rand.Source, d []T) { fill(src, d, b) },
			func(r *rand.Rand, d []T) {
				for i := range d {
					d[i] = per(r, b)
				}
			})
		f.oneWord = m&(m-1) == 0
		f.bad, f.bound = bad, mk
		return f, true
	}
	var fs []fillFunc
	for _, m := range ns {
		if f, ok := mk(m); ok {
			fs = append(fs, f)
		}
	}
	return fs
}

// ns are the bounds of the N functions: powers of two, 32-bit edges, the
// worst cases for rejection (about 1 in 3 and 1 in 2 words rejected), and
// the largest.
var ns = []uint64{1, 2, 3, 1000, math.MaxInt32, 1 << 31, 1<<32 - 1, 1 << 32, 1<<32 + 1, 1<<40 + 7, 1 << 62,
	math.MaxInt, 6148914691236517206, 1<<63 + 1, math.MaxUint64}

// swapper swaps d's elements.
func swapper(d []int) func(i, j int) { return func(i, j int) { d[i], d[j] = d[j], d[i] } }

func fns() []fillFunc {
	perm := row("Perm", Perm, func(r *rand.Rand, d []int) { copy(d, r.Perm(len(d))) })
	shuffle := row("Shuffle",
		func(src rand.Source, d []int) { Shuffle(src, len(d), swapper(d)) },
		func(r *rand.Rand, d []int) { r.Shuffle(len(d), swapper(d)) })
	shuffle.job = swapsOf(shuffle.job)
	norm := row("NormFloat64", NormFloat64, each((*rand.Rand).NormFloat64))
	exp := row("ExpFloat64", ExpFloat64, each((*rand.Rand).ExpFloat64))
	shuffleSlice := row("ShuffleSlice", ShuffleSlice[[]int],
		func(r *rand.Rand, d []int) { r.Shuffle(len(d), swapper(d)) })
	perm.oneWord, shuffle.oneWord, shuffleSlice.oneWord, norm.oneWord, exp.oneWord = false, false, false, false, false
	norm.platform, exp.platform = platform, platform
	intRow, uintRow := row("Int", Int, each((*rand.Rand).Int)), row("Uint", Uint, each((*rand.Rand).Uint))
	intRow.platform, uintRow.platform = intSize, intSize
	fs := []fillFunc{
		row("Uint64", Uint64, each((*rand.Rand).Uint64)),
		row("Uint32", Uint32, each((*rand.Rand).Uint32)),
		row("Float64", Float64, each((*rand.Rand).Float64)),
		row("Float32", Float32, each((*rand.Rand).Float32)),
		norm, exp, perm, shuffle,
		intRow,
		row("Int32", Int32, each((*rand.Rand).Int32)),
		row("Int64", Int64, each((*rand.Rand).Int64)),
		uintRow,
		shuffleSlice,
	}
	fs = append(fs, nrows("Uint64N", Uint64N, (*rand.Rand).Uint64N)...)
	fs = append(fs, nrows("IntN", IntN, (*rand.Rand).IntN)...)
	fs = append(fs, nrows("Int32N", Int32N, (*rand.Rand).Int32N)...)
	fs = append(fs, nrows("Int64N", Int64N, (*rand.Rand).Int64N)...)
	fs = append(fs, nrows("Uint32N", Uint32N, (*rand.Rand).Uint32N)...)
	return append(fs, nrows("UintN", UintN, (*rand.Rand).UintN)...)
}

// swapsOf makes a Shuffle job's values the swaps it made, i<<32|j for i
// from n-1 down to 1, read back from the permutation of 0..n-1 it left: a
// Fisher-Yates shuffle's j at each i is where the value it left at i then
// was, and its swaps are its permutation. (TestShuffleSwaps compares the
// calls themselves.)
func swapsOf(mk func(n, lo int) *job) func(n, lo int) *job {
	return func(n, lo int) *job {
		j := mk(n, lo)
		perm := j.vals
		j.vals = func() []uint64 {
			final := perm()
			cur, pos := make([]uint64, len(final)), make([]uint64, len(final))
			for i := range cur {
				cur[i], pos[i] = uint64(i), uint64(i)
			}
			var s []uint64
			for i := len(final) - 1; i > 0; i-- {
				k := pos[final[i]%uint64(len(final))]
				s = append(s, uint64(i)<<32|k)
				cur[i], cur[k] = cur[k], cur[i]
				pos[cur[i]], pos[cur[k]] = uint64(i), k
			}
			return s
		}
		return j
	}
}

// bitsOf returns the values of d as uint64 bits, as the goldens hash them.
func bitsOf[T elem](d []T) []uint64 {
	r := make([]uint64, len(d))
	switch d := any(d).(type) {
	case []float64:
		for i, v := range d {
			r[i] = math.Float64bits(v)
		}
	case []float32:
		for i, v := range d {
			r[i] = uint64(math.Float32bits(v))
		}
	case []int:
		for i, v := range d {
			r[i] = uint64(v)
		}
	case []int32:
		for i, v := range d {
			r[i] = uint64(v)
		}
	case []int64:
		for i, v := range d {
			r[i] = uint64(v)
		}
	case []uint:
		for i, v := range d {
			r[i] = uint64(v)
		}
	case []uint32:
		for i, v := range d {
			r[i] = uint64(v)
		}
	case []uint64:
		copy(r, d)
	}
	return r
}

// fnNamed returns the row of that name.
func fnNamed(t testing.TB, name string) fillFunc {
	i := slices.IndexFunc(fns(), func(f fillFunc) bool { return f.name == name })
	require.GreaterOrEqual(t, i, 0, "no row %s", name)
	return fns()[i]
}

// requireSame fails at the first value where got and want differ.
func requireSame(t testing.TB, want, got []uint64, format string, args ...any) {
	t.Helper()
	if slices.Equal(want, got) {
		return
	}
	desc := fmt.Sprintf(format, args...)
	require.Equal(t, len(want), len(got), "%s: number of values", desc)
	i := 0
	for got[i] == want[i] {
		i++
	}
	require.Equal(t, want[i], got[i], "%s: value %d", desc, i)
}

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
		// A *rand.Rand on one of ours: fill cannot reach the keystream
		// and calls the *rand.Rand's own methods.
		kind{"rand.Rand-chacha8", func(seed uint64) (rand.Source, rand.Source) {
			return rand.New(streamrand.New(streamrand.ChaCha8, seed)), streamrand.New(streamrand.ChaCha8, seed)
		}},
		kind{"reader", func(seed uint64) (rand.Source, rand.Source) {
			return streamrand.NewSource(streamrand.New(streamrand.ChaCha20, seed)),
				streamrand.NewSource(streamrand.New(streamrand.ChaCha20, seed))
		}},
	)
}

func kindNamed(t testing.TB, name string) kind {
	i := slices.IndexFunc(kinds(), func(k kind) bool { return k.name == name })
	require.GreaterOrEqual(t, i, 0, "no kind %s", name)
	return kinds()[i]
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
func advance(src, twin rand.Source, start int) bool {
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
func check(t *testing.T, k kind, f fillFunc, seed uint64, start, n int) (extra int) {
	t.Helper()
	src, twin := k.make(seed)
	if start > 0 && !advance(src, twin, start) {
		return 0
	}
	desc := fmt.Sprintf("%s %s start %d len %d", k.name, f.name, start, n)
	c := &counting{Source: twin}
	got := f.bulk(src, n)
	want := f.call(rand.New(c), n)
	requireSame(t, want, got, "%s", desc)
	require.Equal(t, twin.Uint64(), src.Uint64(), "%s: next Uint64 (position differs)", desc)
	if gs, ok := src.(io.Seeker); ok {
		gp, _ := gs.Seek(0, io.SeekCurrent)
		wp, _ := twin.(io.Seeker).Seek(0, io.SeekCurrent)
		require.Equal(t, wp, gp, "%s: position", desc)
	}
	return c.n - n
}

// TestEqualPerCall: every row from every kind of Source, at every start,
// for every length, gives rand.Rand's values and leaves its position. The
// length 100000 runs in the long run only (STREAMRAND_LONG=1); 4097
// already crosses chunks and batches.
func TestEqualPerCall(t *testing.T) {
	for _, k := range kinds() {
		t.Run(k.name, func(t *testing.T) {
			for _, f := range fns() {
				for li, n := range lengths {
					if n == 100000 && !long.Enabled() {
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

// TestLong fills 10^6 values of every row once (the long run,
// STREAMRAND_LONG=1).
func TestLong(t *testing.T) {
	long.Skip(t)
	k := kinds()[0]
	for _, f := range fns() {
		check(t, k, f, 99, 5, 1_000_000)
	}
}

// TestRejections makes sure the rejection and slow paths are hit, counting
// the extra words the per-call path draws, with the expected frequencies.
func TestRejections(t *testing.T) {
	const n = 100000
	for _, name := range []string{"chacha8", "aes128ctr", "locked-chacha8"} {
		k := kindNamed(t, name)
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
			if strings.HasPrefix(c.name, "IntN/") && math.MaxInt < 6148914691236517206 {
				continue // IntN of a 64-bit n on a 32-bit platform
			}
			extra := check(t, k, fnNamed(t, c.name), 3, 3, n)
			t.Logf("%s %s: %d extra words for %d values", k.name, c.name, extra, n)
			require.GreaterOrEqual(t, extra, c.min, "%s %s: extra words for %d values", k.name, c.name, n)
			require.LessOrEqual(t, extra, c.max, "%s %s: extra words for %d values", k.name, c.name, n)
		}
	}
}

// TestShuffleSwaps: fill.Shuffle calls swap with the i and j, in the order,
// of rand.Rand's Shuffle, from every kind of Source and start.
func TestShuffleSwaps(t *testing.T) {
	record := func(s *[]uint64) func(i, j int) {
		return func(i, j int) { *s = append(*s, uint64(i)<<32|uint64(j)) }
	}
	for _, k := range kinds() {
		for si, start := range starts {
			for _, n := range []int{0, 1, 2, 129, 1000, 4097} {
				src, twin := k.make(uint64(si))
				if start > 0 && !advance(src, twin, start) {
					continue
				}
				var got, want []uint64
				Shuffle(src, n, record(&got))
				rand.New(twin).Shuffle(n, record(&want))
				requireSame(t, want, got, "%s start %d Shuffle(%d) swaps", k.name, start, n)
				require.Equal(t, twin.Uint64(), src.Uint64(), "%s start %d Shuffle(%d): position", k.name, start, n)
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
		func() { Shuffle(src, 1000, stop) },
		func() { rand.New(twin).Shuffle(1000, stop) },
	} {
		require.PanicsWithValue(t, "stop", f)
	}
	require.Equal(t, twin.Uint64(), src.Uint64(), "position after a panicking swap differs from the per-call Shuffle's")
}

// errStop ends a Shuffle from its swap.
type errStop struct{}

// TestShuffleHugePanics: a Shuffle of an n so large that its indices are
// rejected often (i+1 near 2^64/3 and 2^63), stopped by a swap that panics
// after k swaps, makes the same swaps as the per-call Shuffle and leaves the
// Source where it would, also through Locked and from every byte offset
// (k up to 40, 16 with -short).
func TestShuffleHugePanics(t *testing.T) {
	ks := 40
	if testing.Short() {
		ks = 16
	}
	for _, n64 := range []uint64{6148914691236517207, math.MaxInt64, 1<<62 + 1, 3<<30 + 1, math.MaxInt32} {
		if n64 > math.MaxInt {
			continue // 32-bit int
		}
		n := int(n64)
		for _, a := range streamrand.Algorithms() {
			for k := range ks {
				var src streamrand.Generator = streamrand.New(a, uint64(k))
				twin := streamrand.New(a, uint64(k))
				if k%2 == 1 {
					src = streamrand.Locked(src)
				}
				skip := make([]byte, k%8+k/8*1021)
				src.Read(skip)
				twin.Read(skip)
				run := func(f func(swap func(i, j int))) (swaps []int) {
					require.PanicsWithValue(t, errStop{}, func() {
						f(func(i, j int) {
							if len(swaps) == 2*(k*37) {
								panic(errStop{})
							}
							swaps = append(swaps, i, j)
						})
					})
					return
				}
				got := run(func(swap func(i, j int)) { Shuffle(src, n, swap) })
				want := run(func(swap func(i, j int)) { rand.New(twin).Shuffle(n, swap) })
				require.Equal(t, want, got, "%s n %d k %d: swaps", a, n, k)
				require.Equal(t, twin.Uint64(), src.Uint64(), "%s n %d: next Uint64 after %d swaps and a panic", a, n, k*37)
			}
		}
	}
}

// TestFarSeek: fill from a few bytes before the largest position Seek can
// express (2^63-1), through it, gives the per-call values and position.
func TestFarSeek(t *testing.T) {
	for _, a := range streamrand.Algorithms() {
		for _, f := range fns() {
			for _, back := range []int64{1, 5, 8, 100, 4096} {
				src, twin := streamrand.New(a, 2), streamrand.New(a, 2)
				src.Seek(math.MaxInt64-back, io.SeekStart)
				twin.Seek(math.MaxInt64-back, io.SeekStart)
				desc := fmt.Sprintf("%s %s from 2^63-1-%d", a, f.name, back)
				requireSame(t, f.call(rand.New(twin), 600), f.bulk(src, 600), "%s", desc)
				gp, ge := src.Seek(0, io.SeekCurrent)
				wp, we := twin.Seek(0, io.SeekCurrent)
				require.Equal(t, wp, gp, "%s: position", desc)
				require.Equal(t, we == nil, ge == nil, "%s: position error %v, want %v", desc, ge, we)
				require.Equal(t, twin.Uint64(), src.Uint64(), "%s: next Uint64", desc)
				require.Equal(t, twin.Stream(), src.Stream(), "%s: stream", desc)
			}
		}
	}
}

// TestAESCarry: from AES checkpoints a few blocks before block counter 2^64
// (whose carry goes into the stream id), every row gives the per-call
// values and leaves the same position and stream. With -short, 1 and 1024
// blocks before it at byte offsets 0 and 13 only.
func TestAESCarry(t *testing.T) {
	lefts, offs := []uint64{1, 3, 64, 1024}, []byte{0, 3, 8, 13}
	if testing.Short() {
		lefts, offs = []uint64{1, 1024}, []byte{0, 13}
	}
	for _, name := range []string{"aes128ctr", "aes256ctr", "chacha8"} {
		key := make([]byte, map[string]int{"aes128ctr": 16, "aes256ctr": 32, "chacha8": 32}[name])
		for i := range key {
			key[i] = byte(3 * i)
		}
		for _, f := range fns() {
			for _, stream := range []uint64{5, math.MaxUint64} {
				for _, left := range lefts {
					for _, off := range offs {
						data := gentest.CheckpointAt(name, key, stream, -left, off)
						src, err := streamrand.Unmarshal(data)
						require.NoError(t, err)
						twin, _ := streamrand.Unmarshal(data)
						n := int(left)*2 + 3000
						desc := fmt.Sprintf("%s %s stream %d left %d off %d", name, f.name, stream, left, off)
						requireSame(t, f.call(rand.New(twin), n), f.bulk(src, n), "%s", desc)
						require.Equal(t, twin.Uint64(), src.Uint64(), "%s: position", desc)
						require.Equal(t, twin.Stream(), src.Stream(), "%s: stream", desc)
					}
				}
			}
		}
	}
}

// TestZigChunk checks the chunk sizes of NormFloat64 and ExpFloat64: a long
// fill's first read ends on a keystream batch boundary (1 KiB) when the
// position is a whole number of words past one, so the reads after it are
// whole batches; otherwise, and for short fills, the plain sizes. Then the
// values from such positions equal rand.Rand's.
func TestZigChunk(t *testing.T) {
	const batch = 1024
	for _, skip := range []int{0, 8, 8 * 37, 1016, 1024, 3, 8*37 + 5} {
		for _, alg := range []string{"chacha8", "aes128ctr"} {
			mk := func() rand.Source {
				var s interface {
					rand.Source
					Read([]byte) (int, error)
				}
				if alg == "chacha8" {
					s = chacha.NewSource(uint64(skip))
				} else {
					s = aesctr.NewSource(uint64(skip))
				}
				s.Read(make([]byte, skip))
				return s
			}
			src := mk()
			b, _ := bulk.Of(src)
			for _, n := range []int{1, zigChunkWords, zigChunkWords + 1, 10 * zigChunkWords} {
				got := zigChunk(b, n)
				desc := fmt.Sprintf("%s skip %d n %d: chunk %d", alg, skip, n, got)
				switch {
				case n <= zigChunkWords:
					require.Equal(t, n, got, desc)
				case skip%8 != 0:
					require.Equal(t, zigChunkWords, got, desc)
				default:
					require.Zero(t, (skip+8*got)%batch, "%s ends at byte %d", desc, skip+8*got)
					require.LessOrEqual(t, got, zigChunkWords, desc)
					require.Greater(t, got, zigChunkWords-batch/8*4, desc)
				}
			}
			for _, exp := range []bool{false, true} {
				requireZigMatches(t, mk(), mk(), 3*zigChunkWords+5, exp, "%s skip %d", alg, skip)
			}
		}
	}
}

// requireZigMatches fills n values from src with NormFloat64 (or
// ExpFloat64 if exp) and requires rand.Rand's calls on twin, a copy, to
// give them and to end at the same position.
func requireZigMatches(t *testing.T, src, twin rand.Source, n int, exp bool, format string, args ...any) {
	t.Helper()
	f := fnNamed(t, "NormFloat64")
	if exp {
		f = fnNamed(t, "ExpFloat64")
	}
	desc := fmt.Sprintf(format, args...) + fmt.Sprintf(" exp %v len %d", exp, n)
	requireSame(t, f.call(rand.New(twin), n), f.bulk(src, n), "%s", desc)
	require.Equal(t, twin.Uint64(), src.Uint64(), "%s: position", desc)
}

// recording records the words drawn from a Source.
type recording struct {
	rand.Source
	words []uint64
}

func (r *recording) Uint64() uint64 {
	u := r.Source.Uint64()
	r.words = append(r.words, u)
	return u
}

// TestSlowPathsHit classifies each per-call NormFloat64 and ExpFloat64 by
// the first word it drew (fast path, wedge, or the tail of strip 0), makes
// sure every path is taken, counts them, and checks fill against those
// calls.
func TestSlowPathsHit(t *testing.T) {
	const n = 100000
	for _, c := range []struct {
		name  string
		fill  func(src rand.Source, dst []float64)
		call  func(r *rand.Rand) float64
		class func(u uint64) int // 0 fast, 1 wedge, 2 tail
	}{
		{"NormFloat64", NormFloat64, (*rand.Rand).NormFloat64, func(u uint64) int {
			j, i := int32(u), u>>32&0x7F
			switch {
			case absInt32(j) < kn[i]:
				return 0
			case i == 0:
				return 2
			}
			return 1
		}},
		{"ExpFloat64", ExpFloat64, (*rand.Rand).ExpFloat64, func(u uint64) int {
			j, i := uint32(u), uint8(u>>32)
			switch {
			case j < ke[i]:
				return 0
			case i == 0:
				return 2
			}
			return 1
		}},
	} {
		src, twin := chacha.NewSource(11), &recording{Source: chacha.NewSource(11)}
		r := rand.New(twin)
		var count [3]int
		want := make([]float64, n)
		for k := range want {
			first := len(twin.words)
			want[k] = c.call(r)
			cl := c.class(twin.words[first])
			if cl == 0 {
				require.Equal(t, first+1, len(twin.words), "%s: words a fast-path value drew", c.name)
			}
			count[cl]++
		}
		got := make([]float64, n)
		c.fill(src, got)
		requireSame(t, bitsOf(want), bitsOf(got), "%s", c.name)
		t.Logf("%s: %d fast, %d wedge, %d tail, %d words for %d values", c.name, count[0], count[1], count[2], len(twin.words), n)
		require.NotZero(t, count[1], "%s: the wedge slow path was not hit", c.name)
		require.NotZero(t, count[2], "%s: the tail slow path was not hit", c.name)
	}
}

// TestFloat64From proves the rewrite of rand.Rand.Float64's conversion on
// edge words and a million random ones.
func TestFloat64From(t *testing.T) {
	words := []uint64{0, 1, 1<<53 - 1, 1 << 53, 1<<53 + 1, 1<<63 - 1, 1 << 63, math.MaxUint64, 0x7ff0000000000000}
	for i := range 64 {
		words = append(words, 1<<i, 1<<i-1, ^uint64(1<<i))
	}
	s := aesctr.NewSource(1)
	for range 1_000_000 {
		u := s.Uint64()
		words = append(words, u, u>>bits.TrailingZeros64(u|1<<63)) // many trailing bits
	}
	for _, u := range words {
		want := float64(u<<11>>11) / (1 << 53)
		if got := float64From(u); math.Float64bits(got) != math.Float64bits(want) {
			require.Equal(t, want, got, "float64From(%#x)", u)
		}
	}
}

// TestBelowExp checks belowExp's premise against this platform's math.Exp
// (its approximation is within expSlack/8 of it over [-8, 0]) and its
// decision against the comparison it replaces, for the float32 values
// around float32(math.Exp(v)), where the decision is closest, and the
// ends of the range: 2·2^20 values of v in the long run
// (STREAMRAND_LONG=1), 2·2^16 otherwise.
func TestBelowExp(t *testing.T) {
	s := chacha.NewSource(3)
	vs := []float64{0, math.Copysign(0, -1), -8, -1.0 / 64, -1.0 / 32, -3.0 / 64, -8 + 1.0/64, -0x1p-60}
	n := 1 << 16
	if long.Enabled() {
		n = 1 << 20
	}
	for k := range n {
		vs = append(vs, -8*float64(k)/float64(n), -8*float64From(s.Uint64()))
	}
	worst := 0.0
	exact := 0
	for _, v := range vs {
		e := math.Exp(v)
		if d := math.Abs(approxExp(v)/e - 1); d > worst {
			worst = d
		}
		f := float32(e)
		ys := []float32{0, 1, f, float32(approxExp(v) * (1 - expSlack)), float32(approxExp(v) * (1 + expSlack))}
		for _, y := range ys[:] {
			lo, hi := y, y
			for range 3 {
				lo, hi = math.Nextafter32(lo, -1), math.Nextafter32(hi, 2)
				ys = append(ys, lo, hi)
			}
		}
		for _, y := range ys {
			if got, want := belowExp(y, v), y < f; got != want {
				require.Equal(t, want, got, "belowExp(%v, %v) (float32(math.Exp) = %v)", y, v, f)
			}
			if a := approxExp(v); y >= float32(a*(1-expSlack)) && y < float32(a*(1+expSlack)) {
				exact++
			}
		}
	}
	t.Logf("%d values of v: approxExp within %.3g (2^%.1f) of math.Exp; %d comparisons took math.Exp", len(vs), worst, math.Log2(worst), exact)
	require.LessOrEqual(t, worst, expSlack/8, "approxExp's distance from math.Exp")
	// Out of range, belowExp is the comparison itself.
	for _, v := range []float64{1, -9, math.Inf(-1), math.NaN()} {
		require.Equal(t, 0.5 < float32(math.Exp(v)), belowExp(0.5, v), "belowExp(0.5, %v)", v)
	}
}

// TestBelowExpEdges checks belowExp's premise where approxExp is least
// accurate and where its table index changes: for every n in 0..256, the
// float64 values of v nearest -(n±1/2)/32 (|r| largest, and the rounding
// of n flips there) and nearest -n/32, and the ends -8 and 0. For each, the
// float32 bounds belowExp decides from must enclose float32(math.Exp(v)):
// then for every y it answers y < float32(math.Exp(v)) (it answers y < lo
// below lo, false at or above hi, and the comparison itself between).
// 2000 values on each side of each in the long run (STREAMRAND_LONG=1),
// 100 otherwise.
func TestBelowExpEdges(t *testing.T) {
	near := 100
	if long.Enabled() {
		near = 2000
	}
	worst := 0.0
	check := func(v float64) {
		if v < -8 || v > 0 {
			return
		}
		e, a := math.Exp(v), approxExp(v)
		if d := math.Abs(a/e - 1); d > worst {
			worst = d
		}
		lo, f, hi := float32(a*(1-expSlack)), float32(e), float32(a*(1+expSlack))
		if !(lo <= f && f <= hi) {
			require.Failf(t, "bounds", "v = %v: float32(math.Exp) = %v outside [%v, %v]", v, f, lo, hi)
		}
		for _, y := range []float32{lo, math.Nextafter32(lo, 0), f, math.Nextafter32(f, 0), math.Nextafter32(f, 2), hi, math.Nextafter32(hi, 2)} {
			if belowExp(y, v) != (y < f) {
				require.Equal(t, y < f, belowExp(y, v), "belowExp(%v, %v)", y, v)
			}
		}
	}
	for n := 0; n <= 256; n++ {
		for _, c := range []float64{-(float64(n) - 0.5) / 32, -(float64(n) + 0.5) / 32, -float64(n) / 32} {
			up, down := c, c
			for range near {
				check(up)
				check(down)
				up, down = math.Nextafter(up, 1), math.Nextafter(down, -9)
			}
		}
	}
	t.Logf("approxExp within 2^%.2f of math.Exp at the edges", math.Log2(worst))
	require.LessOrEqual(t, worst, expSlack/8, "approxExp's distance from math.Exp at the edges")
}

// TestMultiplyRun: the run stops just before the first i-t whose i-t+1 is a
// power of two, and never exceeds the words given.
func TestMultiplyRun(t *testing.T) {
	for _, i := range []int{1, 2, 3, 4, 5, 7, 8, 9, 1000, 1023, 1024, 1025, 1 << 30, 1<<31 - 1} {
		for _, w := range []int{1, 3, 128, 1<<31 - 1} {
			want := 0
			for want < w && i-want > 0 && bits.OnesCount(uint(i-want+1)) != 1 {
				want++
			}
			require.Equal(t, want, multiplyRun(w, i), "multiplyRun(%d, %d)", w, i)
		}
	}
	require.Equal(t, 0, multiplyRun(5, int(^uint(0)>>1)), "multiplyRun(5, MaxInt): MaxInt+1 is a power of two")
	require.Equal(t, 5, multiplyRun(5, int(^uint(0)>>1)-1), "multiplyRun(5, MaxInt-1)")
}

// shuffleWords is a keystream of given words (then zeros) whose Peek
// returns a buffer of a chosen length: 8 bytes up to more than a 1 KiB
// batch, rarely a multiple of 8. It is registered with package bulk, so
// Shuffle and Perm take their bulk path on it; a rand.Source over the same
// words (wordsSource) gives rand.Rand's answer.
type shuffleWords struct {
	w     []uint64
	pos   int // bytes consumed
	peeks func() int
	buf   [2048]byte
}

func init() {
	bulk.Register(func(src rand.Source) (bulk.Source, sync.Locker) {
		if s, ok := src.(*shuffleWords); ok {
			return s, nil
		}
		return nil, nil
	})
}

func (s *shuffleWords) byteAt(p int) byte {
	if p/8 >= len(s.w) {
		return 0
	}
	return byte(s.w[p/8] >> (p % 8 * 8))
}

func (s *shuffleWords) Uint64() uint64 {
	var b [8]byte
	s.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

func (s *shuffleWords) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = s.byteAt(s.pos)
		s.pos++
	}
	return len(p), nil
}

func (s *shuffleWords) Peek() []byte {
	n := s.peeks()
	for i := range n {
		s.buf[i] = s.byteAt(s.pos + i)
	}
	return s.buf[:n]
}

func (s *shuffleWords) Discard(n int) {
	if n < 0 || n > len(s.buf) {
		panic("shuffleWords: bad Discard")
	}
	s.pos += n
}

// wordsSource is the plain rand.Source over the same words.
type wordsSource struct {
	w []uint64
	k int
}

func (s *wordsSource) Uint64() uint64 {
	s.k++
	if s.k > len(s.w) {
		return 0
	}
	return s.w[s.k-1]
}

// inverse returns the inverse of odd x modulo 2^64 (Newton's iteration).
func inverse(x uint64) uint64 {
	y := x // correct to 3 bits
	for range 5 {
		y *= 2 - x*y
	}
	return y
}

// shuffleWordList returns the words that rand.Rand's Shuffle(n) draws when
// each word is, at random, one of: rejected (0, for an m that is not a
// power of two), accepted with lo just below m (the rejection test runs
// and passes), or an ordinary word. It follows the shuffle (which m each
// word meets, redraws included) and counts the two special kinds.
func shuffleWordList(t *testing.T, r *rand.Rand, n int) (w []uint64, rejected, slow int) {
	for i := n - 1; i > 0; i-- {
		m := uint64(i) + 1
		for {
			var u uint64
			switch k := r.IntN(8); {
			case k == 0 && m&(m-1) != 0:
				u = 0 // lo = 0 < -m%m
			case k == 1 && m&(m-1) != 0:
				// u*m = m - 2^v (mod 2^64), v the trailing zeros of m:
				// lo >= -m%m (a multiple of 2^v below m) but lo < m.
				v := bits.TrailingZeros64(m)
				u = (m>>v - 1) * inverse(m>>v)
				_, lo := bits.Mul64(u, m)
				require.Equal(t, m-1<<v, lo, "shuffleWordList: inverse of %d", m>>v)
			default:
				u = r.Uint64()
			}
			w = append(w, u)
			_, lo := bits.Mul64(u, m)
			if m&(m-1) == 0 || lo >= -m%m {
				if lo < m && m&(m-1) != 0 {
					slow++
				}
				break
			}
			rejected++
		}
	}
	return w, rejected, slow
}

// TestRejectedWords: every N row over words a quarter of which are 0,
// rejected for every bound that is not a power of two (lo = 0 < 2^64 mod
// n), so that the rejection paths of the 32-bit bounds are taken too, on
// the bulk path with Peek buffers of every length, gives rand.Rand's values
// on the same words and consumes the same words.
func TestRejectedWords(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, f := range fns() {
		if f.bound == nil {
			continue
		}
		for _, n := range []int{1, 100, 1023, 1024, 1025, 5000} {
			w := make([]uint64, 8*n+256) // enough: at worst (2^63+1) 3 in 8 words are accepted
			for i := range w {
				if r.IntN(4) != 0 {
					w[i] = r.Uint64()
				}
			}
			pr := rand.New(rand.NewPCG(uint64(n), 1))
			src := &shuffleWords{w: w, peeks: func() int { return 8 + pr.IntN(1100) }}
			ws := &wordsSource{w: w}
			requireSame(t, f.call(rand.New(ws), n), f.bulk(src, n), "%s len %d", f.name, n)
			require.Equal(t, 8*ws.k, src.pos, "%s len %d: bytes consumed", f.name, n)
		}
	}
}

// TestShuffleCraftedWords: Shuffle and Perm over words dense in rejections
// and in words that need the rejection test but pass it, with Peek buffers
// of every length from 8 bytes to more than a batch, make the swaps of
// rand.Rand's Shuffle and leave the Source where it would; a swap that
// panics after k calls leaves the Source after the words of those calls.
func TestShuffleCraftedWords(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var rejected, slow int
	for round := range 200 {
		n := []int{2, 3, 5, 9, 130, 257, 1000, 1025, 3000}[round%9]
		w, rej, sl := shuffleWordList(t, r, n)
		rejected += rej
		slow += sl
		seed := r.Uint64()
		peeks := func() func() int {
			pr := rand.New(rand.NewPCG(seed, 0))
			return func() int {
				switch pr.IntN(4) {
				case 0:
					return 8 + pr.IntN(8)
				case 1:
					return 8 + pr.IntN(64)
				default:
					return 1024 + pr.IntN(17) // a batch and a bit, as after a misaligned read
				}
			}
		}
		// The swaps of the per-call Shuffle, and the position after the
		// words drawn for each.
		type swap struct{ i, j int }
		var want []swap
		var wantPos []int
		ws := &wordsSource{w: w}
		rand.New(ws).Shuffle(n, func(i, j int) {
			want = append(want, swap{i, j})
			wantPos = append(wantPos, 8*ws.k)
		})
		require.Equal(t, len(w), ws.k, "n %d: words the per-call Shuffle drew, against the list", n)

		desc := fmt.Sprintf("round %d n %d", round, n)
		src := &shuffleWords{w: w, peeks: peeks()}
		var got []swap
		Shuffle(src, n, func(i, j int) { got = append(got, swap{i, j}) })
		require.Equal(t, want, got, "%s: Shuffle's swaps", desc)
		require.Equal(t, 8*len(w), src.pos, "%s: Shuffle's final byte", desc)

		src = &shuffleWords{w: w, peeks: peeks()}
		p := make([]int, n)
		Perm(src, p)
		require.Equal(t, rand.New(&wordsSource{w: w}).Perm(n), p, "%s: Perm", desc)
		require.Equal(t, 8*len(w), src.pos, "%s: Perm's final byte", desc)

		// A swap that panics at call k (each k once over the rounds, for
		// the short lists, and a few for the long ones).
		for _, k := range []int{r.IntN(n - 1), r.IntN(n - 1), (round / 9) % (n - 1)} {
			src = &shuffleWords{w: w, peeks: peeks()}
			calls := 0
			require.PanicsWithValue(t, "stop", func() {
				Shuffle(src, n, func(i, j int) {
					if calls == k {
						panic("stop")
					}
					calls++
				})
			})
			require.Equal(t, wantPos[k], src.pos, "%s: byte after a panic in swap call %d", desc, k)
		}
	}
	require.Equal(t, uint64(1), inverse(3)*3, "inverse(3)")
	require.Equal(t, uint64(1), inverse(0xdeadbeef)*0xdeadbeef, "inverse(0xdeadbeef)")
	// Each kind of word must have been met, or the test shows nothing.
	require.GreaterOrEqual(t, rejected, 1000, "rejected words met")
	require.GreaterOrEqual(t, slow, 1000, "words that passed the rejection test met")
	t.Logf("%d rejected words, %d that passed the rejection test", rejected, slow)
}

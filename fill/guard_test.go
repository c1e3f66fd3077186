package fill

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	ks "github.com/streamrand/streamrand/internal/keystream"
	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// guardLengths are the lengths of dst TestGuardedSlices tries: every one up
// to 300 (each tail after the 16- and 64-value kernels' registers), and
// around batches and chunks (512-8192 values): every odd distance up to
// 17, or with -short only 1 (the long lengths are most of the test's
// time).
func guardLengths() []int {
	var ns []int
	for n := range 301 {
		ns = append(ns, n)
	}
	for _, c := range []int{512, 1024, 2048, 4096, 8192} {
		for d := -17; d <= 17; d += 2 {
			if testing.Short() && d != -1 && d != 1 {
				continue
			}
			ns = append(ns, c+d)
		}
	}
	return ns
}

// TestGuardedSlices calls every row into a slice between guard elements
// (its capacity reaching to the end of the array, so that a write past
// len(dst) that stays in the backing array is caught too), for every length
// up to 300 and lengths around 512-8192, from Sources at byte positions 0-7
// in a word, and compares each value with rand.Rand's per-call method on a
// twin: the kernels that store whole registers (the ziggurat's compaction)
// must never write outside dst, nor over a value already final. Run under
// each GODEBUG tier (cpu.avx512vbmi=off, cpu.avx512=off) and purego it
// reaches every kernel. With -short each row runs from one of the two
// Sources, ChaCha8 for the even rows and AES-128 for the odd.
func TestGuardedSlices(t *testing.T) {
	for ai, a := range []streamrand.Algorithm{streamrand.ChaCha8, streamrand.AES128CTR} {
		for fi, f := range fns() {
			if testing.Short() && fi%2 != ai {
				continue
			}
			src, twin := streamrand.New(a, uint64(fi)), streamrand.New(a, uint64(fi))
			r := rand.New(twin)
			for k, n := range guardLengths() {
				skip := make([]byte, k%8) // a byte position in a word
				src.Read(skip)
				twin.Read(skip)
				lo := k % 5
				desc := fmt.Sprintf("%s %s len %d at element %d", a, f.name, n, lo)
				got, want := f.job(n, lo), f.job(n, lo)
				got.fill(src)
				require.True(t, got.intact(), "%s: wrote outside dst", desc)
				want.ref(r)
				requireSame(t, want.vals(), got.vals(), "%s", desc)
				require.Equal(t, twin.Uint64(), src.Uint64(), "%s: position afterwards", desc)
			}
		}
	}
}

// TestCraftedWordsGuarded runs NormFloat64 and ExpFloat64 over crafted
// words (about half miss the fast path, so compactAVX512 drops words
// everywhere in its registers and writes junk after the values it keeps),
// on every backend the CPU has (backendtest.Run: the AVX-512 kernels with
// and without VBMI, AVX2, and the portable path), into dst of every length
// up to 300 and every 13th to 700, between guard elements, and requires
// that nothing outside dst changed and that the values and the position are
// rand.Rand's.
func TestCraftedWordsGuarded(t *testing.T) {
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, exp := range []bool{false, true} {
			f := fnNamed(t, "NormFloat64")
			if exp {
				f = fnNamed(t, "ExpFloat64")
			}
			for n := 0; n < 700; n += 1 + n/300*12 { // each up to 300, then every 13th
				lo := n % 3
				start := n*13 + lo
				src, twin := &crafted{exp: exp, pos: start}, &crafted{exp: exp, pos: start}
				desc := fmt.Sprintf("exp %v len %d", exp, n)
				got, want := f.job(n, lo), f.job(n, lo)
				got.fill(src)
				require.True(t, got.intact(), "%s: wrote outside dst", desc)
				want.ref(rand.New(twin))
				requireSame(t, want.vals(), got.vals(), "%s", desc)
				require.Equal(t, twin.pos, src.pos, "%s: byte position", desc)
			}
		}
	})
}

// TestNarrowPeek runs Uint32 and Float32 with every kernel set, on every
// length up to 300 and lengths around peekBelow and the batch, from Sources
// sitting at byte positions all over a batch (so that the first Peek holds
// from 0 to 129 whole words and any byte offset in a word), into slices
// between guard elements, against rand.Rand's calls on a twin: narrowPeek's
// kernel calls (whole, overlapping, into the stack array) and its portable
// rest must give the same values, consume the same words and write nothing
// outside dst.
func TestNarrowPeek(t *testing.T) {
	var lengths []int
	for n := range 301 {
		lengths = append(lengths, n)
	}
	for _, c := range []int{ks.BatchSize / 8, peekBelow / 2, peekBelow, 2 * peekBelow, 2*chunkWords + peekBelow} {
		for d := -3; d <= 3; d++ {
			lengths = append(lengths, c+d)
		}
	}
	// Byte positions in a batch: its start, every offset in the first and
	// last words, and around 64 words from its end, where the first Peek
	// holds just enough for one kernel call, or not.
	const B = ks.BatchSize
	starts := []int{0, 1, 2, 3, 4, 5, 6, 7, 8*64 - 1, B - 8*64 - 3, B - 8*64, B - 8*64 + 5, B - 8*63 - 1, B - 100, B - 9, B - 8, B - 5, B - 1}
	if testing.Short() {
		starts = []int{0, 3, B - 8*64 + 5, B - 8*63 - 1, B - 5}
	}
	type source interface {
		rand.Source
		Read([]byte) (int, error)
	}
	kinds := []struct {
		name string
		make func(seed uint64) source
	}{
		{"chacha8", func(seed uint64) source { return chacha.NewSource(seed) }},
		{"aes128ctr", func(seed uint64) source { return aesctr.NewSource(seed) }},
	}
	u32, f32 := fnNamed(t, "Uint32"), fnNamed(t, "Float32")
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, kind := range kinds {
			for si, start := range starts {
				for _, n := range lengths {
					seed := uint64(si*1000 + n)
					src, twin := kind.make(seed), kind.make(seed)
					skip := make([]byte, start)
					src.Read(skip)
					twin.Read(skip)
					f := u32
					if n%2 == 1 {
						f = f32
					}
					lo := n % 3
					desc := fmt.Sprintf("%s start %d %s len %d", kind.name, start, f.name, n)
					got, want := f.job(n, lo), f.job(n, lo)
					got.fill(src)
					require.True(t, got.intact(), "%s: wrote outside dst", desc)
					want.ref(rand.New(twin))
					requireSame(t, want.vals(), got.vals(), "%s", desc)
					require.Equal(t, twin.Uint64(), src.Uint64(), "%s: position afterwards", desc)
				}
			}
		}
	})
}

// TestMisaligned4: Uint32 and Float32 into a slice that starts 4 bytes off
// an 8-byte boundary (an odd element of a larger slice) give the per-call
// values, also under -race (checkptr) and on every backend.
func TestMisaligned4(t *testing.T) {
	for _, n := range []int{31, 32, 33, 100, 1000, 5000} {
		src, twin := streamrand.New(streamrand.ChaCha8, 4), streamrand.New(streamrand.ChaCha8, 4)
		r := rand.New(twin)
		for _, f := range []fillFunc{fnNamed(t, "Uint32"), fnNamed(t, "Float32")} {
			got, want := f.job(n, 1), f.job(n, 1)
			got.fill(src)
			want.ref(r)
			requireSame(t, want.vals(), got.vals(), "%s len %d at element 1", f.name, n)
		}
		require.Equal(t, twin.Uint64(), src.Uint64(), "len %d: position", n)
	}
}

// TestPanics: each N function panics on a bound of 0 (and a negative one)
// as rand.Rand's method does, from this module's Sources and per call,
// even with no values owed, and Shuffle on a negative n; a panicking call
// consumes nothing.
func TestPanics(t *testing.T) {
	src := streamrand.New(streamrand.ChaCha8, 1)
	pcg := rand.NewPCG(1, 2)
	for _, f := range fns() {
		if f.bad != nil {
			f.bad(t, src)
			f.bad(t, pcg)
		}
	}
	require.Panics(t, func() { Shuffle(src, -1, func(i, j int) {}) }, "Shuffle(-1)")
	require.Panics(t, func() { rand.New(src).Shuffle(-1, func(i, j int) {}) }, "rand.Rand's Shuffle(-1)")
	require.Equal(t, streamrand.New(streamrand.ChaCha8, 1).Uint64(), src.Uint64(), "a panicking call moved the Source")
	q := rand.NewPCG(1, 2)
	require.Equal(t, q.Uint64(), pcg.Uint64(), "a panicking call moved the PCG")
}

// TestNilSourceEmpty: a call that owes no values makes no Uint64 call per
// call, so with a nil *chacha.Source or *aesctr.Source (alone or Locked)
// it must not panic either, as rand.New(src) makes none; with values owed it
// panics, as the first per-call Uint64 does.
func TestNilSourceEmpty(t *testing.T) {
	for name, src := range map[string]rand.Source{
		"chacha":        (*chacha.Source)(nil),
		"aesctr":        (*aesctr.Source)(nil),
		"locked-chacha": streamrand.Locked((*chacha.Source)(nil)),
	} {
		for _, f := range fns() {
			require.NotPanics(t, func() {
				f.job(0, 0).fill(src)
				if f.name == "Perm" || strings.HasPrefix(f.name, "Shuffle") {
					f.job(1, 0).fill(src) // Perm(1) and Shuffle(1) draw nothing
				}
			}, "%s %s with no values owed", name, f.name)
			require.Panics(t, func() { f.job(3, 0).fill(src) }, "%s %s of 3 values", name, f.name)
		}
	}
}

// TestAllocs: no row allocates, from any kind of Source.
func TestAllocs(t *testing.T) {
	for _, k := range kinds() {
		src, _ := k.make(1)
		for _, f := range fns() {
			j := f.job(3000, 0)
			require.Zero(t, testing.AllocsPerRun(20, func() { j.fill(src) }), "%s %s: allocations per call", k.name, f.name)
		}
	}
}

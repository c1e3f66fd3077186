package dist

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/bulk"
	"github.com/streamrand/streamrand/internal/testkit/backendtest"
	"github.com/streamrand/streamrand/internal/testkit/long"
)

// TestBackendSelected fails when the kernels chosen at init are not those
// CI expects from the CPU's flags (STREAMRAND_DIST_BACKEND), or not the
// preferred ones the CPU has, so a fast path that is silently off cannot
// pass; and when Backend names something the documentation does not.
func TestBackendSelected(t *testing.T) {
	backendtest.CheckSelected(t, kernels, "STREAMRAND_DIST_BACKEND")
	require.Contains(t, []string{"avx512", "avx2", "generic"}, Backend(), "Backend() is not a documented name")
}

// TestBackendUnderGODEBUG: GODEBUG=cpu.avx512=off selects the AVX2
// kernels and cpu.avx2=off as well the portable code, at init, in a second
// process, as the tier rules say, on this machine and on qemu's CPU
// without AVX-512.
func TestBackendUnderGODEBUG(t *testing.T) {
	if testing.Short() {
		t.Skip("starts test binaries")
	}
	var children []backendtest.Child
	for _, c := range []func() (backendtest.Child, bool){backendtest.ThisMachine, backendtest.QemuZen3} {
		if c, ok := c(); ok {
			children = append(children, c)
		}
	}
	backendtest.CheckGODEBUG(t, kernels, "STREAMRAND_DIST_BACKEND", children,
		"", "cpu.avx512=off", "cpu.avx512=off,cpu.avx2=off")
}

// kernelLanes is the group of words of the kernel in use: the unit of
// asmUniforms's whole groups.
func kernelLanes(t *testing.T) int {
	switch Backend() {
	case "avx512":
		return 8
	case "avx2":
		return 4
	}
	t.Fatalf("no kernel in use (%s)", Backend())
	return 0
}

// zigWords returns n words of which about a third are crafted at the
// fast path's bound of a strip of the ziggurat (the normal's if !exp): j
// at, just below and just above k[i] (and -k[i] for the normal), every
// strip including 0 (the tail) and 255 (k = 0), and the extremes of j; the
// rest are random.
func zigWords(r *rand.Rand, n int, exp bool) []uint64 {
	words := make([]uint64, n)
	for t := range words {
		words[t] = zigWord(r, exp)
	}
	return words
}

func zigWord(r *rand.Rand, exp bool) uint64 {
	z := &zigNormal
	if exp {
		z = &zigExp
	}
	u := r.Uint64()
	if r.IntN(3) != 0 {
		return u
	}
	i := uint64(r.IntN(256))
	if r.IntN(8) == 0 {
		i = uint64(r.IntN(2)) * 255
	}
	k := int64(z.k[i])
	j := []int64{k - 1, k, k + 1, k + 2, 0, -1, 1<<52 - 1, -1 << 52, 1<<53 - 1}[r.IntN(9)]
	if !exp && r.IntN(2) == 0 {
		j = -j
	}
	if exp {
		j &= 1<<53 - 1
	} else {
		j = j << 11 >> 11 // 53-bit signed
	}
	return uint64(j)<<11 | u&0x700 | i
}

// bytesAt returns the little-endian bytes of words at byte offset off of a
// fresh array (so the kernels' loads are unaligned for off % 8 != 0).
func bytesAt(words []uint64, off int) []byte {
	mem := make([]byte, off+8*len(words)+8)
	p := mem[off : off+8*len(words)]
	for t, u := range words {
		binary.LittleEndian.PutUint64(p[8*t:], u)
	}
	return p
}

// TestKernelBlocks compares the ziggurat block kernels (asmNormalBlock,
// asmExpBlock) with normalFast and expFast word by word, value bits and
// slow bits, for every length 0 to 300 and more, at every byte offset of
// the words, on words crafted at every strip's bound, with parameters
// whose outputs overflow, underflow to subnormals and keep the sign; and
// checks that nothing beyond the m words is written.
func TestKernelBlocks(t *testing.T) {
	backendtest.RunAlternatives(t, kernels, func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 2))
		normals := [][2]float64{{0, 1}, {3, 2.5}, {-1e300, 1e300}, {1, 1e-310}, {0, math.MaxFloat64}}
		rates := []float64{1, 3, 0.1, 1e-300, 1e300, 5e-324, 2}
		lengths := []int{}
		for n := range 301 {
			lengths = append(lengths, n)
		}
		lengths = append(lengths, 511, 512, 513, 1000)
		const guard = 0x5A5A5A5A5A5A5A5A
		for _, exp := range []bool{false, true} {
			for _, n := range lengths {
				words := zigWords(r, n, exp)
				off := n % 8
				p := bytesAt(words, off)
				var xs [walkBlock]float64
				var slow [walkBlock / 64]uint64
				for k := range xs {
					xs[k] = math.Float64frombits(guard)
				}
				for k := range slow {
					slow[k] = guard
				}
				var m int
				var want func(u uint64) (float64, bool)
				if exp {
					rate := rates[n%len(rates)]
					m = asmExpBlock(&xs, &slow, p, rate)
					want = func(u uint64) (float64, bool) { x, ok := expFast(u); return x / rate, ok }
				} else {
					d := normals[n%len(normals)]
					m = asmNormalBlock(&xs, &slow, p, d[0], d[1])
					want = func(u uint64) (float64, bool) { x, ok := normalFast(u); return d[0] + float64(d[1]*x), ok }
				}
				desc := fmt.Sprintf("%s exp %v len %d offset %d", Backend(), exp, n, off)
				require.Equal(t, min(n, walkBlock)&^7, m, "%s: words converted", desc)
				for k, u := range words[:m] {
					x, fast := want(u)
					if math.Float64bits(xs[k]) != math.Float64bits(x) {
						require.Failf(t, "kernel differs from Go", "%s: word %d (%#x) gave %v (%#x), want %v (%#x)",
							desc, k, u, xs[k], math.Float64bits(xs[k]), x, math.Float64bits(x))
					}
					if got := slow[k/64]>>(k%64)&1 == 1; got != !fast {
						require.Failf(t, "kernel differs from Go", "%s: word %d (%#x) slow %v, want %v", desc, k, u, got, !fast)
					}
				}
				for k := m; k < walkBlock; k++ {
					require.Equal(t, uint64(guard), math.Float64bits(xs[k]), "%s: xs[%d] written", desc, k)
				}
				for b := m / 8; b < walkBlock/8; b++ {
					require.Equal(t, byte(guard&0xFF), byte(slow[b/8]>>(8*(b%8))), "%s: byte %d of slow written", desc, b)
				}
			}
		}
	})
}

// TestKernelCompact compares asmCompact with the Go loop that keeps the
// marked values in order, for every m (multiples of 8 up to walkBlock) on
// random marks of every density, into a slice exactly m long between
// guards, into shorter ones (which it must not overrun), from an xs
// shorter than m (which it must not read past), and in place (dst and xs
// the same memory, as the gamma walk calls it).
func TestKernelCompact(t *testing.T) {
	backendtest.RunAlternatives(t, kernels, func(t *testing.T) {
		r := rand.New(rand.NewPCG(3, 4))
		var xs [walkBlock]float64
		for k := range xs {
			xs[k] = math.Float64frombits(r.Uint64())
		}
		for m := 0; m <= walkBlock; m += 8 {
			for trial := range 12 {
				var keep [walkBlock / 64]uint64
				for g := range keep {
					switch trial % 4 {
					case 0:
						keep[g] = ^uint64(0)
					case 1:
						keep[g] = r.Uint64() | r.Uint64() | r.Uint64()
					case 2:
						keep[g] = r.Uint64()
					default:
						keep[g] = r.Uint64() & r.Uint64() & r.Uint64()
					}
				}
				var want []uint64
				for k := range m {
					if keep[k/64]>>(k%64)&1 == 1 {
						want = append(want, math.Float64bits(xs[k]))
					}
				}
				for _, l := range []int{m, m - trial%8, m / 2} {
					if l < 0 {
						continue
					}
					mem, dst := guarded(l)
					c := asmCompact(dst, xs[:], &keep, m)
					desc := fmt.Sprintf("%s m %d trial %d len(dst) %d", Backend(), m, trial, l)
					checkGuards(t, mem, desc)
					if l < m {
						continue // clamped: within dst is all it promises
					}
					require.Equal(t, len(want), c, "%s: values kept", desc)
					for k, x := range dst[:c] {
						require.Equal(t, want[k], math.Float64bits(x), "%s: value %d", desc, k)
					}
				}
				// In place, and from an xs cut short of m (len(xs)&^7
				// values compacted, the rest untouched).
				for _, l := range []int{m, m - 1 - trial%8} {
					if l < 0 {
						continue
					}
					mem, in := guarded(l)
					copy(in, xs[:l])
					c := asmCompact(in, in, &keep, m)
					desc := fmt.Sprintf("%s in place: m %d trial %d len %d", Backend(), m, trial, l)
					checkGuards(t, mem, desc)
					n := 0
					for k := range l &^ 7 {
						if keep[k/64]>>(k%64)&1 == 1 {
							require.Equal(t, math.Float64bits(xs[k]), math.Float64bits(in[n]), "%s: value %d", desc, n)
							n++
						}
					}
					require.Equal(t, n, c, "%s: values kept", desc)
					for k := l &^ 7; k < l; k++ {
						require.Equal(t, math.Float64bits(xs[k]), math.Float64bits(in[k]), "%s: wrote past len(xs)&^7", desc)
					}
				}
			}
		}
	})
}

// compactGuard fills the 8 elements either side of a compaction's dst.
const compactGuard = 0x5A5A5A5A5A5A5A5A

// guarded returns a slice of l elements with 8 guard elements either side
// in mem.
func guarded(l int) (mem, dst []float64) {
	mem = make([]float64, l+16)
	for k := range mem {
		mem[k] = math.Float64frombits(compactGuard)
	}
	return mem, mem[8 : len(mem)-8]
}

// checkGuards fails the test where mem's guard elements were written.
func checkGuards(t *testing.T, mem []float64, desc string) {
	t.Helper()
	for k := range 8 {
		require.Equal(t, uint64(compactGuard), math.Float64bits(mem[k]), "%s: wrote before dst", desc)
		require.Equal(t, uint64(compactGuard), math.Float64bits(mem[len(mem)-8+k]), "%s: wrote after dst", desc)
	}
}

// uniformCases are intervals whose values round to an endpoint often (one
// or two floats inside; subnormals around 0; the top of the range), and
// ordinary ones.
var uniformCases = []Uniform{
	{1, math.Nextafter(math.Nextafter(1, 2), 2)},
	{-5e-324, 5e-324},
	{0, 1e-323},
	{1, 1 + 0x1p-50},
	{0, 1}, {-1, 1}, {3, 1e6},
	{1e300, math.MaxFloat64},
	{-math.MaxFloat64, -1e308},
	{-1e308, 7e307},
	{0.1, 0.1 + 0x1p-53},
}

// TestKernelUniforms compares asmUniforms with Uniform.at word by word for
// every length 0 to 300 at every byte offset, with dst in the words'
// memory as far before them as a Fill puts it (0, 1, 3 and 9 words) and in
// memory of its own: the values up to the first word whose value is not
// strictly inside, or up to the last whole group, and nothing changed after
// them.
func TestKernelUniforms(t *testing.T) {
	backendtest.RunAlternatives(t, kernels, func(t *testing.T) {
		lanes := kernelLanes(t)
		r := rand.New(rand.NewPCG(5, 6))
		for n := range 301 {
			for _, lag := range []int{-1, 0, 1, 3, 9} {
				d := uniformCases[(n+lag+1)%len(uniformCases)]
				width := d.Max - d.Min
				words := make([]uint64, n)
				for k := range words {
					words[k] = r.Uint64()
					if r.IntN(64) == 0 {
						words[k] = []uint64{0, math.MaxUint64, 1 << 11, math.MaxUint64 >> 11}[r.IntN(4)]
					}
				}
				off := (n + lag + 8) % 8
				if lag >= 0 {
					off = 0 // dst is a []float64: the words are aligned
				}
				// mem: lag words, then the words; dst starts lag words
				// before them (lag -1: dst elsewhere).
				lw := max(lag, 0)
				mem := bytesAt(append(make([]uint64, lw), words...), off)
				p := mem[8*lw:]
				var dst []float64
				if lag < 0 || lw+n == 0 {
					dst = make([]float64, n)
				} else {
					dst = unsafe.Slice((*float64)(unsafe.Pointer(&mem[0])), lw+n)[:n]
				}
				before := make([]byte, len(mem))
				copy(before, mem)
				c := asmUniforms(dst, p, d.Min, d.Max, width)
				want := 0
				for want < n&^(lanes-1) {
					if x := d.at(open01(words[want]), width); !(x > d.Min && x < d.Max) {
						break
					}
					want++
				}
				desc := fmt.Sprintf("%s %+v len %d lag %d offset %d", Backend(), d, n, lag, off)
				require.Equal(t, want, c, "%s: values converted", desc)
				for k, u := range words[:c] {
					x := d.at(open01(u), width)
					require.Equal(t, math.Float64bits(x), math.Float64bits(dst[k]), "%s: value %d of %#x", desc, k, u)
				}
				if lag >= 0 {
					require.Equal(t, before[8*c:], mem[8*c:], "%s: bytes after the values changed", desc)
				}
			}
		}
	})
}

// TestKernelUniformsInside compares asmUniformsInside with Uniform.at on
// the intervals where every word's value lies inside (its least and
// greatest do: the ones Uniform.fill gives it), for every length 0 to 300
// at every byte offset: all the whole groups converted, nothing after them
// written.
func TestKernelUniformsInside(t *testing.T) {
	backendtest.RunAlternatives(t, kernels, func(t *testing.T) {
		lanes := kernelLanes(t)
		r := rand.New(rand.NewPCG(9, 10))
		var inside []Uniform
		for _, d := range append(uniformCases, Uniform{-1e300, 1e300}, Uniform{1e-300, 2e-300}) {
			w := d.Max - d.Min
			if d.at(open01(0), w) > d.Min && d.at(open01(math.MaxUint64), w) < d.Max {
				inside = append(inside, d)
			}
		}
		require.GreaterOrEqual(t, len(inside), 4, "intervals with every value inside")
		for n := range 301 {
			d := inside[n%len(inside)]
			width := d.Max - d.Min
			words := make([]uint64, n)
			for k := range words {
				words[k] = r.Uint64()
			}
			off := n % 8
			p := bytesAt(words, off)
			dst := make([]float64, n+1)
			dst[n] = 42
			c := asmUniformsInside(dst[:n], p, d.Min, width)
			desc := fmt.Sprintf("%s %+v len %d offset %d", Backend(), d, n, off)
			require.Equal(t, n&^(lanes-1), c, "%s: values converted", desc)
			for k, u := range words {
				want := d.at(open01(u), width)
				if k >= c {
					want = 0
				}
				require.Equal(t, math.Float64bits(want), math.Float64bits(dst[k]), "%s: value %d of %#x", desc, k, u)
			}
			require.Equal(t, 42.0, dst[n], "%s: wrote past dst", desc)
		}
	})
}

// TestExpBelow checks expBelow, the walk's wedge test of the exponential,
// against h < exp(-x) where the bounds it decides by are closest to
// failing: h at exp(-x) and its neighbouring floats, and a spread of h
// across the strip, for x at both ends of every strip's range (down to
// k[i]·w[i], below x[i+1]) and across it.
func TestExpBelow(t *testing.T) {
	z := &zigExp
	r := rand.New(rand.NewPCG(11, 12))
	for i := uint64(1); i < 256; i++ {
		jlo := float64(z.k[i])
		for trial := range 400 {
			var j float64
			switch trial {
			case 0:
				j = jlo
			case 1:
				j = 1<<53 - 1
			default:
				j = math.Floor(jlo + r.Float64()*(1<<53-jlo))
			}
			x := j * z.w[i]
			e := exp(-x)
			hs := []float64{e, math.Nextafter(e, 0), math.Nextafter(e, 2), z.f[i], z.f[i+1],
				z.f[i] + r.Float64()*(z.f[i+1]-z.f[i])}
			for _, h := range hs {
				want := b2u(h < e)
				if got := expBelow(i, x, h); got != want {
					t.Fatalf("strip %d, x = %v, h = %v: expBelow %d, h < exp(-x) is %d", i, x, h, got, want)
				}
			}
		}
	}
}

// crafted is a keystream whose word k is a fixed function of k, dense in
// the ziggurats' slow paths (zigWords' words: wedges accepted and rejected,
// strip 0's tail, strip 255), registered with package bulk so that Fill
// takes its bulk path on it: chunks, the block kernels, the walk and the
// portable loop run on words where slow paths follow slow paths, end
// blocks and chunks.
type crafted struct {
	exp bool
	pos int // bytes consumed
	buf [64]byte
}

func init() {
	bulk.Register(func(src rand.Source) (bulk.Source, sync.Locker) {
		if c, ok := src.(*crafted); ok {
			return c, nil
		}
		return nil, nil
	})
}

func (c *crafted) word(idx int) uint64 {
	pcg := rand.NewPCG(uint64(idx), 99)
	return zigWord(rand.New(pcg), c.exp)
}

// bytes sets p to the bytes of the stream from byte pos on.
func (c *crafted) bytes(p []byte, pos int) {
	for i := 0; i < len(p); {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], c.word((pos+i)/8))
		i += copy(p[i:], b[(pos+i)%8:])
	}
}

func (c *crafted) Uint64() uint64 {
	var b [8]byte
	c.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

func (c *crafted) Read(p []byte) (int, error) {
	c.bytes(p, c.pos)
	c.pos += len(p)
	return len(p), nil
}

func (c *crafted) Peek() []byte {
	n := 8 + c.pos%3*8 + c.pos%5 // at least 8, of varying length
	c.bytes(c.buf[:n], c.pos)
	return c.buf[:n]
}

func (c *crafted) Discard(n int) { c.pos += n }

// fillLaw is a law of this package with Fill, its name and whether its
// words are the exponential ziggurat's.
type fillLaw struct {
	name string
	exp  bool
	fill func(src rand.Source, dst []float64)
	rand func(src rand.Source) float64
}

func fillLaws() []fillLaw {
	var laws []fillLaw
	add := func(exp bool, d interface {
		Fill(rand.Source, []float64)
		Rand(rand.Source) float64
	}) {
		laws = append(laws, fillLaw{fmt.Sprintf("%T%+v", d, d), exp, d.Fill, d.Rand})
	}
	add(false, Normal{0, 1})
	add(false, Normal{-2, 1e-300})
	add(false, LogNormal{0.5, 2})
	add(true, Exponential{1})
	add(true, Exponential{3})
	add(true, Exponential{1e-310})
	add(true, Weibull{1.5, 2})
	// Shapes 1/2 and 1: the normals and exponentials less their zeros.
	add(false, Gamma{0.5, 1})
	add(false, Gamma{0.5, 1e-310})
	add(false, ChiSquared{1})
	add(true, Gamma{1, 3})
	add(true, Gamma{1, 1e-310})
	add(true, ChiSquared{2})
	for _, d := range uniformCases {
		add(false, d)
	}
	add(false, Uniform{-math.MaxFloat64, math.MaxFloat64}) // width overflows: the portable path
	return laws
}

// TestKernelFills runs the Fill of every law whose fast path has kernels
// with each kernel backend this machine has and with the portable code,
// on ChaCha8 and AES-CTR streams from every byte offset and for every
// length 0 to 300 and around the chunk (2048 words) and the kernels'
// blocks, and compares the values and the next word drawn.
func TestKernelFills(t *testing.T) {
	if len(kernels.Available()) == 1 {
		t.Skip("no assembly kernels on this machine or build: the portable path is the only one")
	}
	var lengths []int
	for n := range 301 {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 511, 512, 513, 2047, 2048, 2049, 4100, 6000)
	if testing.Short() {
		lengths = []int{0, 1, 7, 8, 9, 63, 255, 256, 257, 300, 2047, 2049, 4100}
	}
	values := func(l fillLaw, n, off int) []uint64 {
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
		xs := make([]float64, n)
		l.fill(src, xs)
		out := make([]uint64, n+1)
		for k, x := range xs {
			out[k] = math.Float64bits(x)
		}
		out[n] = src.Uint64()
		return out
	}
	type input struct {
		law    string
		n, off int
	}
	generic := map[input][]uint64{}
	restore := kernels.Select("generic")
	for _, l := range fillLaws() {
		for _, n := range lengths {
			for off := range 8 {
				generic[input{l.name, n, off}] = values(l, n, off)
			}
		}
	}
	restore()
	backendtest.RunAlternatives(t, kernels, func(t *testing.T) {
		for _, l := range fillLaws() {
			for _, n := range lengths {
				for off := range 8 {
					want, got := generic[input{l.name, n, off}], values(l, n, off)
					for k := range want {
						if want[k] != got[k] {
							what := fmt.Sprintf("value %d", k)
							if k == n {
								what = "the next word (the position)"
							}
							require.Failf(t, "kernels differ from the portable code", "%s, %s len %d offset %d: %s is %#x, want %#x",
								Backend(), l.name, n, off, what, got[k], want[k])
						}
					}
				}
			}
		}
	})
}

// TestKernelCraftedWords runs the Fill of Normal, LogNormal, Exponential,
// Weibull and the gamma shapes 1/2 and 1 on every backend over crafted
// words (a third at the fast path's bounds: wedges, tails, strip 255, and
// j = 0, whose deviate of 0 those shapes draw again), from random byte positions,
// with lengths around the chunk and the blocks, against Rand calls on the
// same words: the values and the byte position after.
func TestKernelCraftedWords(t *testing.T) {
	rounds := 40
	switch {
	case long.Enabled():
		rounds = 400
	case testing.Short():
		rounds = 8
	}
	r := rand.New(rand.NewPCG(7, 8))
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, l := range fillLaws()[:13] {
			for round := range rounds {
				n := r.IntN(3 * chunkWords)
				if round%3 == 0 {
					n = chunkWords*(1+r.IntN(2)) + r.IntN(9) - 4
				} else if round%3 == 1 {
					n = walkBlock*(1+r.IntN(4)) + r.IntN(17) - 8
				}
				start := r.IntN(1 << 20)
				src, twin := &crafted{exp: l.exp, pos: start}, &crafted{exp: l.exp, pos: start}
				got := make([]float64, n)
				l.fill(src, got)
				desc := fmt.Sprintf("%s %s round %d len %d start %d", Backend(), l.name, round, n, start)
				for k := range got {
					want := l.rand(twin)
					if math.Float64bits(want) != math.Float64bits(got[k]) {
						require.Failf(t, "Fill differs from Rand", "%s: value %d is %v, want %v", desc, k, got[k], want)
					}
				}
				require.Equal(t, twin.pos, src.pos, "%s: byte position", desc)
			}
		}
	})
}

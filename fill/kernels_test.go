package fill

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/bulk"
	"github.com/streamrand/streamrand/internal/testkit/backendtest"
	"github.com/streamrand/streamrand/internal/testkit/long"
)

// TestBackendSelected fails when the kernels chosen at init are not those
// CI expects from the CPU's flags (STREAMRAND_FILL_BACKEND), or not the
// preferred ones the CPU has, so a fast path that is silently off cannot
// pass; and when Backend names something the documentation does not.
func TestBackendSelected(t *testing.T) {
	backendtest.CheckSelected(t, kernels, "STREAMRAND_FILL_BACKEND")
	require.Contains(t, []string{"avx512vbmi", "avx512", "avx2", "generic"}, Backend(), "Backend() is not a documented name")
}

// TestBackendsAgree runs every row with each assembly backend this machine
// has and with the portable Go path, from every byte offset, on lengths
// around the kernels' block sizes, and compares values and positions.
func TestBackendsAgree(t *testing.T) {
	if len(kernels.Available()) == 1 {
		t.Skip("no assembly kernels on this machine or build: the portable path is the only one")
	}
	lengths := []int{0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 511, 512, 513, 1000, 1024, 1025, 5000}
	// From a Source at byte offset off: n values of f, then the next word.
	values := func(f fillFunc, n, off int) []uint64 {
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
		return append(f.bulk(src, n), src.Uint64())
	}
	type input struct {
		name   string
		n, off int
	}
	generic := make(map[input][]uint64)
	restore := kernels.Select("generic")
	for _, f := range fns() {
		for _, n := range lengths {
			for off := range 8 {
				generic[input{f.name, n, off}] = values(f, n, off)
			}
		}
	}
	restore()
	backendtest.RunAlternatives(t, kernels, func(t *testing.T) {
		for _, f := range fns() {
			for _, n := range lengths {
				for off := range 8 {
					got, want := values(f, n, off), generic[input{f.name, n, off}]
					desc := fmt.Sprintf("%s len %d offset %d, %s against generic", f.name, n, off, Backend())
					last := len(want) - 1
					requireSame(t, want[:last], got[:len(got)-1], "%s", desc)
					require.Equal(t, want[last], got[len(got)-1], "%s: next word (position)", desc)
				}
			}
		}
	})
}

// crafted is a keystream whose word k is a fixed function of k, built so
// that about half the words miss the ziggurat fast paths (wedges of every
// strip and strip 0's tail, as NormFloat64 or as ExpFloat64 reads them)
// and Uint64N(1<<63+1) rejects about half. It is registered with package
// bulk, so the public fill functions take their bulk path on it: the whole
// chunk loop, the kernels and the portable continuation run on words dense
// in slow paths, including at every chunk's end.
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
	h := rand.NewPCG(uint64(idx), 99)
	u := h.Uint64()
	v := h.Uint64()
	if v%2 == 0 {
		return u
	}
	i := v >> 8 % 128
	if v>>16%16 == 0 {
		i = 0 // the tail
	}
	if c.exp {
		i = i*2 + v>>24%2
		k := uint64(ke[i])
		return u&^(1<<40-1) | i<<32 | (k + v>>32%(1<<32-k))
	}
	k := uint64(kn[i])
	j := k + v>>32%(1<<31-k)
	if v>>30%2 == 0 {
		j = uint64(uint32(-int32(j)))
	}
	return u&^(1<<39-1) | i<<32 | j
}

func (c *crafted) byteAt(p int) byte {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], c.word(p/8))
	return b[p%8]
}

func (c *crafted) Uint64() uint64 {
	var b [8]byte
	c.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

func (c *crafted) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = c.byteAt(c.pos)
		c.pos++
	}
	return len(p), nil
}

func (c *crafted) Peek() []byte {
	n := 8 + c.pos%3*8 + c.pos%5 // at least 8, of varying length
	for i := range n {
		c.buf[i] = c.byteAt(c.pos + i)
	}
	return c.buf[:n]
}

func (c *crafted) Discard(n int) { c.pos += n }

// TestCraftedWords runs NormFloat64, ExpFloat64 and Uint64N over crafted
// words, on every backend, from random byte offsets, with lengths around
// the chunk size, against rand.Rand's calls on the same words.
func TestCraftedWords(t *testing.T) {
	rounds := 60
	if testing.Short() {
		rounds = 10
	}
	r := rand.New(rand.NewPCG(1, 2))
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, exp := range []bool{false, true} {
			for round := range rounds {
				n := r.IntN(3 * chunkWords)
				if round%3 == 0 {
					n = chunkWords*(1+r.IntN(2)) + r.IntN(9) - 4
				}
				start := r.IntN(1 << 20)
				src, twin := &crafted{exp: exp, pos: start}, &crafted{exp: exp, pos: start}
				var f fillFunc
				switch {
				case round%4 == 3:
					f = fnNamed(t, "Uint64N/9223372036854775809")
				case exp:
					f = fnNamed(t, "ExpFloat64")
				default:
					f = fnNamed(t, "NormFloat64")
				}
				desc := fmt.Sprintf("exp %v round %d %s len %d start %d", exp, round, f.name, n, start)
				requireSame(t, f.call(rand.New(twin), n), f.bulk(src, n), "%s", desc)
				require.Equal(t, twin.pos, src.pos, "%s: byte position", desc)
			}
		}
	})
}

// TestZigguratVBMIOnOff runs NormFloat64 and ExpFloat64 on every backend
// (the VBMI kernels, normsAVX512/expsAVX512 alone as on a CPU without VBMI,
// the AVX2 ones and the portable loop), on crafted words dense in slow
// paths and on a ChaCha8 stream, at lengths around the 64-word groups and
// the chunk, against rand.Rand's calls.
func TestZigguratVBMIOnOff(t *testing.T) {
	lengths := []int{15, 16, 63, 64, 65, 79, 80, 127, 128, 191, 255, 256, 257, 319, 1000, zigChunkWords - 1, zigChunkWords + 63, 3*zigChunkWords + 17}
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, exp := range []bool{false, true} {
			for k, n := range lengths {
				for _, c := range []bool{false, true} {
					var src, twin rand.Source
					if c {
						start := 8*k*977 + k%8
						src, twin = &crafted{exp: exp, pos: start}, &crafted{exp: exp, pos: start}
					} else {
						s, w := chacha.NewSource(uint64(k)), chacha.NewSource(uint64(k))
						s.Read(make([]byte, k%8))
						w.Read(make([]byte, k%8))
						src, twin = s, w
					}
					requireZigMatches(t, src, twin, n, exp, "crafted %v", c)
				}
			}
		}
	})
}

// sequence is a Source giving words, then those of rest; drawn counts the
// words given.
type sequence struct {
	words []uint64
	rest  rand.Source
	drawn int
}

func (s *sequence) Uint64() uint64 {
	s.drawn++
	if len(s.words) > 0 {
		u := s.words[0]
		s.words = s.words[1:]
		return u
	}
	return s.rest.Uint64()
}

// TestZigguratWalk runs zigWalk, with each assembly backend, on chunks
// of words built so that a third miss the fast path (wedges of every strip,
// accepted and rejected, and strip 0's tail), so that slow words follow
// slow words, end a block of the kernel and end the chunk (whose extra
// draws come from the keystream), and compares its values and words drawn
// with rand.Rand's calls on the same words: 3000 chunks of each
// distribution in the long run (STREAMRAND_LONG=1), 1000 by default, 300
// with -short.
func TestZigguratWalk(t *testing.T) {
	backendtest.RunAlternatives(t, kernels, testZigguratWalk)
}

func testZigguratWalk(t *testing.T) {
	trials := 1000
	switch {
	case long.Enabled():
		trials = 3000
	case testing.Short():
		trials = 300
	}
	r := rand.New(rand.NewPCG(7, 8))
	for _, exp := range []bool{false, true} {
		for trial := range trials {
			n := 16 + r.IntN(600)
			words := make([]uint64, n)
			for w := range words {
				u := r.Uint64()
				if r.IntN(3) == 0 { // make it miss the fast path
					i := uint64(r.IntN(128))
					if r.IntN(20) == 0 {
						i = 0 // the tail
					}
					if exp {
						i = i*2 + uint64(r.IntN(2))
						k := uint64(ke[i])
						u = u&^(1<<40-1) | i<<32 | (k + r.Uint64N(1<<32-k))
					} else {
						k := uint64(kn[i])
						j := k + r.Uint64N(1<<31-k)
						if r.IntN(2) == 0 {
							j = uint64(uint32(-int32(j)))
						}
						u = u&^(1<<39-1) | i<<32 | j
					}
				}
				words[w] = u
			}
			if trial%7 == 0 { // the chunk's last word slow: extra draws from the keystream
				words[n-1] = 1<<32 | 0x7fffffff
			}
			seed := uint64(trial)
			b, _ := bulk.Of(chacha.NewSource(seed))
			d := make([]float64, n)
			for w, u := range words {
				d[w] = math.Float64frombits(u)
			}
			o, w := zigWalk(d, bytesOf(d), b, exp)

			desc := fmt.Sprintf("exp %v trial %d", exp, trial)
			twin := &sequence{words: append([]uint64(nil), words...), rest: chacha.NewSource(seed)}
			rr := rand.New(twin)
			call := rr.NormFloat64
			if exp {
				call = rr.ExpFloat64
			}
			want := make([]float64, o)
			for k := range want {
				want[k] = call()
			}
			requireSame(t, bitsOf(want), bitsOf(d[:o]), "%s", desc)
			// rand.Rand has drawn the words of o values. The walk may
			// have drawn more, rejected wedges that start no value: then
			// the next value from there is rand.Rand's next value, and
			// both end at the same word.
			if twin.drawn > n {
				// Both drew past the chunk: the walk's w stops at n.
				require.Equal(t, n, w, "%s: words drawn when rand.Rand drew past the chunk", desc)
				require.Equal(t, twin.rest.Uint64(), b.Uint64(), "%s: keystream position after the chunk", desc)
			} else {
				require.LessOrEqual(t, twin.drawn, w, "%s: words rand.Rand drew (n %d, o %d) against the walk's", desc, n, o)
			}
			if twin.drawn < w {
				from := &sequence{words: words[w:], rest: chacha.NewSource(seed), drawn: w}
				next, fresh := rr.NormFloat64, rand.New(from).NormFloat64
				if exp {
					next, fresh = rr.ExpFloat64, rand.New(from).ExpFloat64
				}
				a, b := next(), fresh()
				require.Equal(t, math.Float64bits(a), math.Float64bits(b),
					"%s: the walk stopped at word %d, rand.Rand's value %d started at %d: %v, from the walk %v", desc, w, o, twin.drawn, a, b)
				require.Equal(t, twin.drawn, from.drawn, "%s: words drawn for the value after the walk", desc)
			}
			require.GreaterOrEqual(t, w, n-15, "%s: the walk stopped early", desc)
		}
	}
}

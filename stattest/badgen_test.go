package stattest

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/streamrand/streamrand/internal/seedexp"
	"github.com/streamrand/streamrand/internal/testkit/ref"
)

// Known-bad generators: the negative controls of the battery (issue 17).
// Each is a rand.Source with a constructor taking a seed; badgen_ref_test.go
// checks each against a published answer or a real peer.
//
// A generator of 32-bit (or 31-bit) words becomes a Uint64 of two
// successive words, the first in the low half: the little-endian byte
// stream of its words, as TestU01 and PractRand are fed. 31-bit words keep
// their top bit 0.

// word32 is a generator of 32-bit words.
type word32 interface{ next32() uint32 }

// pairs is the Source of a word32: word 2i in bits 31..0 of Uint64 i, word
// 2i+1 in bits 63..32.
type pairs struct{ g word32 }

func (p pairs) Uint64() uint64 {
	lo := p.g.next32()
	return uint64(lo) | uint64(p.g.next32())<<32
}

// randu is IBM's RANDU, x' = 65539·x mod 2^31 with x odd; its words are the
// 31-bit states. Every three successive states satisfy
// x[n+2] = 6x[n+1] - 9x[n] (mod 2^31) (Knuth, TAOCP vol. 2, §3.3.4), so its
// triples lie on 15 planes.
type randu struct{ x uint32 }

func newRandu(seed uint64) *randu { return &randu{x: uint32(seed)&(1<<31-1) | 1} }

func (r *randu) next32() uint32 {
	r.x = 65539 * r.x & (1<<31 - 1) // uint32 arithmetic is mod 2^32, so mod 2^31 after the mask
	return r.x
}

// minstdM is the modulus of MINSTD, the prime 2^31 - 1.
const minstdM = 1<<31 - 1

// minstd is the "minimal standard" Lehmer generator of Park and Miller
// ("Random number generators: good ones are hard to find", CACM 31(10),
// 1988), C++'s minstd_rand0: x' = 16807·x mod (2^31 - 1). Its words are the
// states, in [1, 2^31-2], so bit 31 of each word is 0.
type minstd struct{ x uint32 }

func newMinstd(seed uint64) *minstd {
	x := uint32(seed % minstdM)
	if x == 0 {
		x = 1 // 0 is a fixed point
	}
	return &minstd{x: x}
}

func (m *minstd) next32() uint32 {
	m.x = uint32(uint64(m.x) * 16807 % minstdM)
	return m.x
}

// minstdNoise is MINSTD with its states shifted up one bit and the freed
// low bit filled with a bit of a good generator (math/rand/v2's PCG): the
// word x<<1 | noise has no constant bit, so what is left to see is the
// structure of the LCG.
type minstdNoise struct {
	m     minstd
	noise *rand.PCG
	bits  uint64 // unused noise bits
	n     int    // how many
}

func newMinstdNoise(seed uint64) *minstdNoise {
	return &minstdNoise{m: *newMinstd(seed), noise: rand.NewPCG(seed, 0x6d696e737464)}
}

func (m *minstdNoise) next32() uint32 {
	if m.n == 0 {
		m.bits, m.n = m.noise.Uint64(), 64
	}
	b := uint32(m.bits & 1)
	m.bits >>= 1
	m.n--
	return m.m.next32()<<1 | b
}

// The 64-bit LCG of Knuth's MMIX: x' = 6364136223846793005·x +
// 1442695040888963407 mod 2^64 (also the default multiplier and increment
// of O'Neill's PCG for 64-bit state). Bit k of its state has period 2^(k+1):
// the low half is weak, the high half much less so.
const (
	mmixMul = 6364136223846793005
	mmixInc = 1442695040888963407
)

// lcg64 returns the whole state after each step as the Uint64.
type lcg64 struct{ x, inc uint64 }

func newLCG64(seed uint64) *lcg64 { return &lcg64{x: seed, inc: mmixInc} }

func (l *lcg64) Uint64() uint64 {
	l.x = l.x*mmixMul + l.inc
	return l.x
}

// lcg64Half is a word32 of one half of each state of the MMIX LCG:
// bits 63..32 (shift 32) or bits 31..0 (shift 0).
type lcg64Half struct {
	l     lcg64
	shift uint
}

func (h *lcg64Half) next32() uint32 { return uint32(h.l.Uint64() >> h.shift) }

// xorshift32 is Marsaglia's 32-bit xorshift with shifts (13, 17, 5)
// ("Xorshift RNGs", J. Stat. Softw. 8(14), 2003, p. 4): linear over GF(2),
// period 2^32 - 1.
type xorshift32 struct{ x uint32 }

// xorshift32Seed is the seed of Marsaglia's example, used for seed 0 (a
// fixed point).
const xorshift32Seed = 2463534242

func newXorshift32(seed uint64) *xorshift32 {
	x := uint32(seed ^ seed>>32)
	if x == 0 {
		x = xorshift32Seed
	}
	return &xorshift32{x: x}
}

func (s *xorshift32) next32() uint32 {
	s.x ^= s.x << 13
	s.x ^= s.x >> 17
	s.x ^= s.x << 5
	return s.x
}

// xorshift64 is Marsaglia's 64-bit xorshift with shifts (13, 7, 17)
// (same paper, p. 4), 64-bit outputs.
type xorshift64 struct{ x uint64 }

// xorshift64Seed is the seed of Marsaglia's example, used for seed 0.
const xorshift64Seed = 88172645463325252

func newXorshift64(seed uint64) *xorshift64 {
	if seed == 0 {
		seed = xorshift64Seed
	}
	return &xorshift64{x: seed}
}

func (s *xorshift64) Uint64() uint64 {
	s.x ^= s.x << 13
	s.x ^= s.x >> 7
	s.x ^= s.x << 17
	return s.x
}

// mt19937 is the Mersenne Twister of Matsumoto and Nishimura ("Mersenne
// twister: a 623-dimensionally equidistributed uniform pseudo-random number
// generator", ACM TOMACS 8(1), 1998), seeded with their init_genrand:
// linear over GF(2) with 19937 bits of state, so it fails tests of linear
// complexity and matrix rank on large enough samples.
type mt19937 struct {
	mt [624]uint32
	i  int
}

func newMT19937(seed uint64) *mt19937 {
	m := new(mt19937)
	m.mt[0] = uint32(seed)
	for i := 1; i < len(m.mt); i++ {
		m.mt[i] = 1812433253*(m.mt[i-1]^m.mt[i-1]>>30) + uint32(i)
	}
	m.i = len(m.mt)
	return m
}

func (m *mt19937) next32() uint32 {
	const (
		n, k  = 624, 397
		upper = 0x80000000
		lower = 0x7fffffff
	)
	if m.i == n {
		for j := range n {
			y := m.mt[j]&upper | m.mt[(j+1)%n]&lower
			v := m.mt[(j+k)%n] ^ y>>1
			if y&1 != 0 {
				v ^= 0x9908b0df
			}
			m.mt[j] = v
		}
		m.i = 0
	}
	y := m.mt[m.i]
	m.i++
	y ^= y >> 11
	y ^= y << 7 & 0x9d2c5680
	y ^= y << 15 & 0xefc60000
	y ^= y >> 18
	return y
}

// chachaR is ChaCha with any number of rounds, in the layout of
// DESIGN.md: words 0-3 "expand 32-byte k", 4-11 the key, 12-13 the block
// counter, 14-15 the stream id; the stream is blocks 0, 1, 2, ..., each the
// little-endian bytes of its 16 words, read as little-endian Uint64s.
type chachaR struct {
	in     [16]uint32 // the input of the next block
	rounds int
	buf    [8]uint64
	i      int // next unread word of buf
}

func newChaChaR(key [32]byte, rounds int, stream uint64) *chachaR {
	c := &chachaR{rounds: rounds, i: 8}
	c.in[0], c.in[1], c.in[2], c.in[3] = 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
	for j := range 8 {
		c.in[4+j] = binary.LittleEndian.Uint32(key[4*j:])
	}
	c.in[14], c.in[15] = uint32(stream), uint32(stream>>32)
	return c
}

// newChaChaSeeded keys chachaR with the seed expansion of DESIGN.md, as
// chacha.NewSource keys ChaCha8.
func newChaChaSeeded(rounds int) func(seed uint64) rand.Source {
	return func(seed uint64) rand.Source {
		var key [32]byte
		seedexp.Expand(key[:], seed)
		return newChaChaR(key, rounds, 0)
	}
}

func (c *chachaR) Uint64() uint64 {
	if c.i == len(c.buf) {
		x := ref.ChaChaCore(&c.in, c.rounds)
		for j := range c.buf {
			c.buf[j] = uint64(x[2*j]) | uint64(x[2*j+1])<<32
		}
		c.i = 0
		c.in[12]++
		if c.in[12] == 0 {
			c.in[13]++
		}
	}
	v := c.buf[c.i]
	c.i++
	return v
}

// AES-128 from FIPS-197, byte by byte, with a chosen number of rounds.

// aesSbox is the AES S-box, computed as FIPS-197 §5.1.1 defines it: the
// multiplicative inverse in GF(2^8) (0 maps to 0) followed by the affine
// map b ^ rotl(b,1) ^ rotl(b,2) ^ rotl(b,3) ^ rotl(b,4) ^ 0x63.
var aesSbox = func() (s [256]byte) {
	for x := range 256 {
		inv := byte(0)
		for y := 1; y < 256; y++ {
			if gfMul(byte(x), byte(y)) == 1 {
				inv = byte(y)
				break
			}
		}
		s[x] = inv ^ bits.RotateLeft8(inv, 1) ^ bits.RotateLeft8(inv, 2) ^
			bits.RotateLeft8(inv, 3) ^ bits.RotateLeft8(inv, 4) ^ 0x63
	}
	return s
}()

// xtime multiplies by x in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1
// (FIPS-197 §4.2.1).
func xtime(b byte) byte {
	if b&0x80 != 0 {
		return b<<1 ^ 0x1b
	}
	return b << 1
}

// gfMul multiplies in GF(2^8) (FIPS-197 §4.2).
func gfMul(a, b byte) byte {
	var p byte
	for ; b != 0; b >>= 1 {
		if b&1 != 0 {
			p ^= a
		}
		a = xtime(a)
	}
	return p
}

// aesKeys is the AES-128 key schedule (FIPS-197 §5.2): 11 round keys of
// 16 bytes, in the byte order of the state (column by column).
type aesKeys [11][16]byte

func expandAES128(key [16]byte) *aesKeys {
	var w [44][4]byte
	for i := range 4 {
		copy(w[i][:], key[4*i:])
	}
	rcon := byte(1)
	for i := 4; i < 44; i++ {
		t := w[i-1]
		if i%4 == 0 {
			t = [4]byte{aesSbox[t[1]] ^ rcon, aesSbox[t[2]], aesSbox[t[3]], aesSbox[t[0]]}
			rcon = xtime(rcon)
		}
		for j := range 4 {
			w[i][j] = w[i-4][j] ^ t[j]
		}
	}
	k := new(aesKeys)
	for r := range k {
		for c := range 4 {
			copy(k[r][4*c:], w[4*r+c][:])
		}
	}
	return k
}

// aesEncrypt encrypts one block with rounds rounds (1 to 10): the initial
// AddRoundKey, rounds-1 full rounds (SubBytes, ShiftRows, MixColumns,
// AddRoundKey) and a final round without MixColumns, as the last round of
// full AES. With 10 rounds it is AES-128.
func aesEncrypt(k *aesKeys, rounds int, in [16]byte) [16]byte {
	s := in
	addKey := func(r int) {
		for i := range s {
			s[i] ^= k[r][i]
		}
	}
	subShift := func() {
		// Byte (row, column) is s[row + 4·column]; row r rotates left by r.
		var t [16]byte
		for c := range 4 {
			for r := range 4 {
				t[r+4*c] = aesSbox[s[r+4*((c+r)%4)]]
			}
		}
		s = t
	}
	mixColumns := func() {
		for c := range 4 {
			a0, a1, a2, a3 := s[4*c], s[4*c+1], s[4*c+2], s[4*c+3]
			all := a0 ^ a1 ^ a2 ^ a3
			// 2a0 ^ 3a1 ^ a2 ^ a3 = a0 ^ all ^ 2(a0 ^ a1), and so on.
			s[4*c] = a0 ^ all ^ xtime(a0^a1)
			s[4*c+1] = a1 ^ all ^ xtime(a1^a2)
			s[4*c+2] = a2 ^ all ^ xtime(a2^a3)
			s[4*c+3] = a3 ^ all ^ xtime(a3^a0)
		}
	}
	addKey(0)
	for r := 1; r < rounds; r++ {
		subShift()
		mixColumns()
		addKey(r)
	}
	subShift()
	addKey(rounds)
	return s
}

// aesR is AES-128 with rounds rounds in counter mode, laid out like
// aesctr: block i of stream s is AES_k(BE64(s) || BE64(i)), and the bytes
// of the blocks are read as little-endian Uint64s.
type aesR struct {
	k       *aesKeys
	rounds  int
	stream  uint64
	counter uint64
	buf     [2]uint64
	i       int
}

func newAESR(key [16]byte, rounds int, stream uint64) *aesR {
	return &aesR{k: expandAES128(key), rounds: rounds, stream: stream, i: 2}
}

// newAESSeeded keys aesR with the seed expansion of DESIGN.md, as
// aesctr.NewSource keys AES-128.
func newAESSeeded(rounds int) func(seed uint64) rand.Source {
	return func(seed uint64) rand.Source {
		var key [16]byte
		seedexp.Expand(key[:], seed)
		return newAESR(key, rounds, 0)
	}
}

func (a *aesR) Uint64() uint64 {
	if a.i == len(a.buf) {
		var in [16]byte
		binary.BigEndian.PutUint64(in[:8], a.stream)
		binary.BigEndian.PutUint64(in[8:], a.counter)
		out := aesEncrypt(a.k, a.rounds, in)
		a.buf[0] = binary.LittleEndian.Uint64(out[:8])
		a.buf[1] = binary.LittleEndian.Uint64(out[8:])
		a.i = 0
		a.counter++
		if a.counter == 0 {
			a.stream++ // the carry of a 128-bit counter, as aesctr
		}
	}
	v := a.buf[a.i]
	a.i++
	return v
}

// splitMix64 is SplitMix64 (Steele, Lea and Flood, "Fast splittable
// pseudorandom number generators", OOPSLA 2014; Vigna's splitmix64.c) with
// a chosen gamma: x += gamma, then the output mix of x. The standard gamma
// is 0x9e3779b97f4a7c15; gamma 1 feeds the mixer a plain counter.
type splitMix64 struct{ x, gamma uint64 }

const splitMixGamma = 0x9e3779b97f4a7c15

func (s *splitMix64) Uint64() uint64 {
	s.x += s.gamma
	z := s.x
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// smallCrush is what is known of a generator's result on TestU01's
// SmallCrush (L'Ecuyer and Simard, ACM TOMS 33(4), 2007) fed its 32-bit
// words.
type smallCrush int

const (
	smallCrushUnknown smallCrush = iota // no published result found
	smallCrushPasses
	smallCrushFails
)

func (s smallCrush) String() string {
	return [...]string{"unknown", "passes", "fails"}[s]
}

// badGenerators are the negative controls, by name. smallCrush is what the
// literature (or, where noted, issue 17 itself) says of the generator
// under SmallCrush, for the battery to be measured against; source says
// where that comes from.
type badGenerator struct {
	name       string
	new        func(seed uint64) rand.Source
	smallCrush smallCrush
	source     string
}

var badGenerators = []badGenerator{
	{"randu", func(s uint64) rand.Source { return pairs{newRandu(s)} }, smallCrushFails,
		"issue 17; RANDU's triples lie on 15 planes (Knuth §3.3.4)"},
	{"minstd", func(s uint64) rand.Source { return pairs{newMinstd(s)} }, smallCrushFails,
		"issue 17 (its constant top bit alone; L'Ecuyer & Simard 2007 list small LCGs as failing SmallCrush)"},
	{"minstd-noise", func(s uint64) rand.Source { return pairs{newMinstdNoise(s)} }, smallCrushFails,
		"issue 17"},
	{"lcg64", func(s uint64) rand.Source { return newLCG64(s) }, smallCrushUnknown,
		"issue 17 does not say; no SmallCrush result found for the whole 64-bit state fed as two words"},
	{"lcg64-hi32", func(s uint64) rand.Source { return pairs{&lcg64Half{lcg64{s, mmixInc}, 32}} }, smallCrushPasses,
		"issue 17"},
	{"lcg64-lo32", func(s uint64) rand.Source { return pairs{&lcg64Half{lcg64{s, mmixInc}, 0}} }, smallCrushFails,
		"issue 17; bit k has period 2^(k+1)"},
	{"xorshift32", func(s uint64) rand.Source { return pairs{newXorshift32(s)} }, smallCrushFails,
		"issue 17"},
	{"xorshift64", func(s uint64) rand.Source { return newXorshift64(s) }, smallCrushFails,
		"issue 17"},
	{"mt19937", func(s uint64) rand.Source { return pairs{newMT19937(s)} }, smallCrushPasses,
		"issue 17; it fails only the linear-complexity tests of Crush and BigCrush (L'Ecuyer & Simard 2007)"},
	{"chacha-1r", newChaChaSeeded(1), smallCrushFails, "issue 17"},
	{"chacha-2r", newChaChaSeeded(2), smallCrushFails, "issue 17"},
	{"chacha-3r", newChaChaSeeded(3), smallCrushPasses,
		"issue 17; O'Neill, \"More PractRand passes: ChaCha & truncated XorShift*\" (pcg-random.org, 2018): ChaCha<3> passes PractRand to 32 TB"},
	{"chacha-4r", newChaChaSeeded(4), smallCrushPasses,
		"not in issue 17; O'Neill (same post): ChaCha<4> passes PractRand; J. D. Cook, \"ChaCha RNG with fewer rounds\" (2020): four rounds satisfy TestU01"},
	{"aes-1r", newAESSeeded(1), smallCrushFails, "issue 17"},
	{"aes-2r", newAESSeeded(2), smallCrushFails, "issue 17"},
	{"aes-3r", newAESSeeded(3), smallCrushFails,
		"issue 17; 256 counters that differ in the last byte give, after 3 rounds, each byte position every value once (the square property, Daemen & Rijmen 1997)"},
	{"aes-4r", newAESSeeded(4), smallCrushUnknown,
		"issue 17 does not say; no SmallCrush result found for 4-round AES-128 in counter mode"},
	{"splitmix64-gamma1", func(s uint64) rand.Source { return &splitMix64{x: s, gamma: 1} }, smallCrushUnknown,
		"issue 17 does not say; Steele et al. 2014 reject gammas with few bit transitions, no SmallCrush result found for gamma 1"},
	{"counter", func(s uint64) rand.Source { return &counterSource{x: s, step: 1} }, smallCrushFails,
		"issue 17"},
}

// TestMeasureBadGenerators is a measurement tool, not a test: it runs the
// default battery over every bad generator at 1 MiB and 8 MiB per test and
// logs the results that are Fail or Weak, and the time each run took. Run
// it with
//
//	STATTEST_MEASURE=1 go test -run TestMeasureBadGenerators -v -timeout 0 ./stattest/
func TestMeasureBadGenerators(t *testing.T) {
	if os.Getenv("STATTEST_MEASURE") == "" {
		t.Skip("measurement: set STATTEST_MEASURE=1 (STATTEST_MEASURE_BYTES=1M,8M and STATTEST_MEASURE_GENS=name,... to choose)")
	}
	sizes := []int64{1 << 20, 8 << 20}
	if v := os.Getenv("STATTEST_MEASURE_BYTES"); v != "" {
		sizes = nil
		for _, f := range strings.Split(v, ",") {
			n, err := strconv.ParseInt(strings.TrimRight(f, "KMG"), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			switch f[len(f)-1] {
			case 'K':
				n <<= 10
			case 'M':
				n <<= 20
			case 'G':
				n <<= 30
			}
			sizes = append(sizes, n)
		}
	}
	gens := badGenerators
	if v := os.Getenv("STATTEST_MEASURE_GENS"); v != "" {
		gens = nil
		for _, g := range badGenerators {
			if slices.Contains(strings.Split(v, ","), g.name) {
				gens = append(gens, g)
			}
		}
		for _, g := range generators {
			if slices.Contains(strings.Split(v, ","), g.name) {
				gens = append(gens, badGenerator{name: g.name, new: g.new})
			}
		}
	}
	var table strings.Builder
	table.WriteString("| generator | SmallCrush | bytes/test | time | fail | weak |\n|---|---|---|---|---|---|\n")
	for _, g := range gens {
		for _, size := range sizes {
			start := time.Now()
			rep, err := (&Battery{Bytes: size}).Run(g.new(20260101))
			elapsed := time.Since(start)
			if err != nil {
				t.Fatalf("%s: %v", g.name, err)
			}
			var fail, weak []string
			for _, s := range rep.Summaries {
				switch s.Verdict {
				case Fail:
					fail = append(fail, s.Name)
				case Weak:
					weak = append(weak, s.Name)
				}
			}
			t.Logf("%s, %d KiB per test, %v:\n%s", g.name, size>>10, elapsed.Round(time.Millisecond), describe(rep))
			fmt.Fprintf(&table, "| %s | %s | %d KiB | %v | %s | %s |\n", g.name, g.smallCrush, size>>10,
				elapsed.Round(10*time.Millisecond), strings.Join(fail, ", "), strings.Join(weak, ", "))
		}
	}
	t.Logf("summary:\n%s", table.String())
}

package stattest

import (
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/seedexp"
	"github.com/streamrand/streamrand/internal/testkit/ref"
)

// Known answers of the bad generators of badgen_test.go, each from a
// standard, a paper or a real peer.

func words(g word32, n int) []uint32 {
	w := make([]uint32, n)
	for i := range w {
		w[i] = g.next32()
	}
	return w
}

// RANDU from seed 1: OEIS A096555 (1, 65539, 393225, ...), and the
// relation x[n+2] = 6x[n+1] - 9x[n] (mod 2^31) of Knuth, TAOCP vol. 2,
// §3.3.4, that puts its triples on 15 planes.
func TestRANDUKnown(t *testing.T) {
	want := []uint32{65539, 393225, 1769499, 7077969, 26542323, 95552217, 334432395,
		1146624417, 1722371299, 14608041, 1766175739, 1875647473, 1800754131, 366148473,
		1022489195, 692115265, 1392739779, 2127401289, 229749723, 1559239569}
	require.Equal(t, want, words(newRandu(1), len(want)))
	require.Equal(t, uint32(1), newRandu(0).x, "seed 0 made odd")

	w := words(newRandu(20260101), 10000)
	for i := 2; i < len(w); i++ {
		require.Equal(t, w[i], (6*w[i-1]-9*w[i-2])&(1<<31-1), "x[%d]", i)
		require.Zero(t, w[i]>>31)
	}
}

// ISO C++ [rand.predef]: the 10000th consecutive invocation of a
// default-constructed minstd_rand0 (16807, seed 1) produces 1043618065,
// Park and Miller's own check value (CACM 31(10), 1988, p. 1195).
func TestMINSTDKnown(t *testing.T) {
	w := words(newMinstd(1), 10000)
	require.Equal(t, uint32(1043618065), w[9999])
	for _, x := range w {
		require.True(t, x >= 1 && x <= minstdM-1, "%d outside [1, 2^31-2]", x)
	}

	// The noise-filled words are the MINSTD words shifted up one bit,
	// their low bits the bits of the PCG, low bit first.
	const seed = 12345
	noisy := words(newMinstdNoise(seed), 640)
	plain := words(newMinstd(seed), 640)
	pcg := rand.NewPCG(seed, 0x6d696e737464)
	var noise uint64
	ones := 0
	for i, x := range noisy {
		if i%64 == 0 {
			noise = pcg.Uint64()
		}
		require.Equal(t, plain[i], x>>1, "word %d", i)
		require.Equal(t, uint32(noise>>(i%64)&1), x&1, "noise bit %d", i)
		ones += int(x & 1)
	}
	require.True(t, ones > 250 && ones < 390, "%d noise bits of 640 set", ones) // 320 ± 5.5σ
}

// The MMIX LCG's multiplier is PCG32's: the state of pcg32-demo (PCG's
// basic C implementation, pcg-random.org) seeded with initstate 42 and
// initseq 54 (increment 109) steps as lcg64 does, and its XSH-RR outputs
// are the published 0xa15c02b7 0x7b47f409 ... The increment
// 1442695040888963407 is checked by exact arithmetic with math/big.
func TestLCG64Known(t *testing.T) {
	pcg := lcg64{inc: 54<<1 | 1}
	pcg.Uint64()
	pcg.x += 42
	pcg.Uint64()
	got := make([]uint32, 6)
	for i := range got {
		old := pcg.x
		pcg.Uint64()
		xorshifted := uint32((old>>18 ^ old) >> 27)
		got[i] = bits.RotateLeft32(xorshifted, -int(old>>59))
	}
	require.Equal(t, []uint32{0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e}, got)

	const seed = 0x0123456789abcdef
	mod := new(big.Int).Lsh(big.NewInt(1), 64)
	a := new(big.Int).SetUint64(6364136223846793005)
	c := new(big.Int).SetUint64(1442695040888963407)
	x := new(big.Int).SetUint64(seed)
	whole, hi, lo := newLCG64(seed), pairs{&lcg64Half{lcg64{seed, mmixInc}, 32}}, pairs{&lcg64Half{lcg64{seed, mmixInc}, 0}}
	for i := range 1000 {
		x.Mul(x, a).Add(x, c).Mod(x, mod)
		v := whole.Uint64()
		require.Equal(t, x.Uint64(), v, "state %d", i)
		if i%2 == 0 {
			h, l := hi.Uint64(), lo.Uint64()
			require.Equal(t, v>>32, h&0xffffffff)
			require.Equal(t, v&0xffffffff, l&0xffffffff)
			next := x.Uint64()*6364136223846793005 + 1442695040888963407
			require.Equal(t, next>>32, h>>32)
			require.Equal(t, next&0xffffffff, l>>32)
		}
		// The defect: bit 0 of the state alternates (odd multiplier and increment).
		require.Equal(t, uint64(seed&1^(uint64(i)+1)&1), v&1)
	}
}

// Marsaglia, "Xorshift RNGs", J. Stat. Softw. 8(14), 2003, p. 4: xor32
// from y = 2463534242 and xor64 from x = 88172645463325252. The values are
// those that implementations of the paper's two functions publish (e.g.
// Rust crates' and Python ports' tests of the paper's examples).
func TestXorshiftKnown(t *testing.T) {
	require.Equal(t, []uint32{723471715, 2497366906, 2064144800, 2008045182, 3532304609,
		374114282, 1350636274, 691148861, 746858951, 2653896249},
		words(newXorshift32(xorshift32Seed), 10))
	x := newXorshift64(xorshift64Seed)
	for i, want := range []uint64{8748534153485358512, 3040900993826735515,
		3453997556048239312, 16431732851926010853, 8204724074003728306,
		17801246309558322749, 7041795614029497201, 16736801589742238903} {
		require.Equal(t, want, x.Uint64(), "output %d", i)
	}
	// Seed 0 is a fixed point of both; the constructors avoid it.
	require.NotZero(t, newXorshift32(0).next32())
	require.NotZero(t, newXorshift64(0).Uint64())
}

// ISO C++ [rand.predef]: the 10000th consecutive invocation of a
// default-constructed mt19937 (seed 5489) produces 4123659995.
func TestMT19937Known(t *testing.T) {
	w := words(newMT19937(5489), 10000)
	require.Equal(t, uint32(4123659995), w[9999])
}

// The ChaCha block function of RFC 8439 §2.3.2 (20 rounds; the RFC's
// counter and nonce are state words 12-15 here), and the stream of every
// round count the module ships (8, 12, 20) equal to chacha.NewWithKey's,
// an independent implementation with its own known answers.
func TestChaChaRoundsKnown(t *testing.T) {
	var in [16]uint32
	in[0], in[1], in[2], in[3] = 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
	for i := range 8 {
		in[4+i] = uint32(4*i) | uint32(4*i+1)<<8 | uint32(4*i+2)<<16 | uint32(4*i+3)<<24
	}
	in[12], in[13], in[14], in[15] = 1, 0x09000000, 0x4a000000, 0
	require.Equal(t, [16]uint32{
		0xe4e7f110, 0x15593bd1, 0x1fdd0f50, 0xc47120a3,
		0xc7f4d1c7, 0x0368c033, 0x9aaa2204, 0x4e6cd4c3,
		0x466482d2, 0x09aa9f07, 0x05d7c214, 0xa2028bd9,
		0xd19c12b5, 0xb94e16de, 0xe883d0cb, 0x4e3c50a2,
	}, ref.ChaChaCore(&in, 20))

	for _, rounds := range []int{8, 12, 20} {
		for _, seed := range []uint64{0, 1, 20260101} {
			for _, stream := range []uint64{0, 7, 1<<32 + 3} {
				var key [32]byte
				seedexp.Expand(key[:], seed)
				peer, err := chacha.NewWithKey(key, rounds, stream)
				require.NoError(t, err)
				mine := newChaChaR(key, rounds, stream)
				for i := range 4 * 8 { // 4 blocks
					require.Equal(t, peer.Uint64(), mine.Uint64(), "rounds %d seed %d stream %d word %d", rounds, seed, stream, i)
				}
			}
		}
		// The seeded constructor keys as chacha.NewSource and friends.
		peer := map[int]*chacha.Source{8: chacha.NewSource(42), 12: chacha.NewSource12(42), 20: chacha.NewSource20(42)}[rounds]
		mine := newChaChaSeeded(rounds)(42)
		for range 16 {
			require.Equal(t, peer.Uint64(), mine.Uint64())
		}
	}

	// One round is one column round: a change in key word k (state word
	// 4+k, column k%4) reaches only the words of that column. Two rounds
	// add a diagonal round, which spreads it to every column.
	var key [32]byte
	for _, rounds := range []int{1, 2} {
		a := ref.ChaChaCore(&newChaChaR(key, rounds, 0).in, rounds)
		for k := range 8 {
			c := newChaChaR(key, rounds, 0)
			c.in[4+k] ^= 1
			b := ref.ChaChaCore(&c.in, rounds)
			for w := range 16 {
				sameColumn := w%4 == (4+k)%4
				if rounds == 1 {
					require.Equal(t, sameColumn, a[w] != b[w], "1 round, key word %d, output word %d", k, w)
				} else if !sameColumn {
					require.NotEqual(t, a[w], b[w], "2 rounds, key word %d, output word %d", k, w)
				}
			}
		}
	}
}

// AES-128 from FIPS-197: the S-box example of §5.1.1, the key expansion
// of Appendix A.1, the cipher example of Appendix C.1 with every round
// count from 1 to 4 (an r-round output is the appendix's round[r].s_row
// XOR round[r].k_sch: SubBytes and ShiftRows of round r's input, then its
// key, with no MixColumns) and 10, and counter mode with 10 rounds equal to
// crypto/aes with cipher.NewCTR (NIST SP 800-38A CTR, iv = BE64(stream) ||
// 0^64).
func TestAESRoundsKnown(t *testing.T) {
	require.Equal(t, byte(0x63), aesSbox[0x00])
	require.Equal(t, byte(0xed), aesSbox[0x53])
	seen := map[byte]bool{}
	for _, s := range aesSbox {
		seen[s] = true
	}
	require.Len(t, seen, 256, "the S-box is a permutation")

	k := expandAES128([16]byte(ref.Unhex("2b7e151628aed2a6abf7158809cf4f3c")))
	require.Equal(t, ref.Unhex("a0fafe1788542cb123a339392a6c7605"), k[1][:])
	require.Equal(t, ref.Unhex("d014f9a8c9ee2589e13f0cc8b6630ca6"), k[10][:])

	key := [16]byte(ref.Unhex("000102030405060708090a0b0c0d0e0f"))
	pt := [16]byte(ref.Unhex("00112233445566778899aabbccddeeff"))
	ks := expandAES128(key)
	for _, tc := range []struct {
		rounds      int
		sRow, kSch  string
		ciphertext  string // for 10 rounds
		description string
	}{
		{1, "6353e08c0960e104cd70b751bacad0e7", "d6aa74fdd2af72fadaa678f1d6ab76fe", "", "round[1]"},
		{2, "a7be1a6997ad739bd8c9ca451f618b61", "b692cf0b643dbdf1be9bc5006830b3fe", "", "round[2]"},
		{3, "3bd92268fc74fb735767cbe0c0590e2d", "b6ff744ed2c2c9bf6c590cbf0469bf41", "", "round[3]"},
		{4, "2d6d7ef03f33e334093602dd5bfb12c7", "47f7f7bc95353e03f96c32bcfd058dfd", "", "round[4]"},
		{10, "", "", "69c4e0d86a7b0430d8cdb78070b4c55a", "output"},
	} {
		want := ref.Unhex(tc.ciphertext)
		if tc.rounds < 10 {
			want = ref.Unhex(tc.sRow)
			for i, b := range ref.Unhex(tc.kSch) {
				want[i] ^= b
			}
		}
		got := aesEncrypt(ks, tc.rounds, pt)
		require.Equal(t, want, got[:], "%d rounds (FIPS-197 C.1 %s)", tc.rounds, tc.description)
	}

	for _, seed := range []uint64{0, 1, 20260101} {
		for _, stream := range []uint64{0, 9, ^uint64(0)} {
			var key [16]byte
			seedexp.Expand(key[:], seed)
			block, err := aes.NewCipher(key[:])
			require.NoError(t, err)
			iv := make([]byte, 16)
			binary.BigEndian.PutUint64(iv, stream)
			buf := make([]byte, 5*16)
			cipher.NewCTR(block, iv).XORKeyStream(buf, buf)
			mine := newAESR(key, 10, stream)
			for i := 0; i < len(buf); i += 8 {
				require.Equal(t, binary.LittleEndian.Uint64(buf[i:]), mine.Uint64(), "seed %d stream %d byte %d", seed, stream, i)
			}
		}
	}
}

// SplitMix64 seeded with 0 (standard gamma): the first outputs of Vigna's
// splitmix64.c, the state xoshiro256 implementations derive from seed 0.
// With gamma 1 only the increment changes: its first output from x is the
// standard generator's from x + 1 - gamma.
func TestSplitMix64Known(t *testing.T) {
	s := &splitMix64{x: 0, gamma: splitMixGamma}
	require.Equal(t, []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f},
		[]uint64{s.Uint64(), s.Uint64(), s.Uint64()})
	for _, x := range []uint64{0, 5, 1 << 63} {
		g1 := &splitMix64{x: x, gamma: 1}
		std := &splitMix64{x: x + 1 - splitMixGamma, gamma: splitMixGamma}
		require.Equal(t, std.Uint64(), g1.Uint64())
	}
}

// The table: the names of issue 17, each generator reproducible from its
// seed and different for another seed.
func TestBadGeneratorTable(t *testing.T) {
	var names []string
	for _, g := range badGenerators {
		names = append(names, g.name)
		a, b, c := g.new(7), g.new(7), g.new(8)
		differ := false
		for range 100 {
			x, y, z := a.Uint64(), b.Uint64(), c.Uint64()
			require.Equal(t, x, y, g.name)
			differ = differ || x != z
		}
		require.True(t, differ, "%s: seeds 7 and 8 give the same values", g.name)
		require.NotEmpty(t, g.source, g.name)
	}
	require.Equal(t, []string{"randu", "minstd", "minstd-noise", "lcg64", "lcg64-hi32",
		"lcg64-lo32", "xorshift32", "xorshift64", "mt19937", "chacha-1r", "chacha-2r",
		"chacha-3r", "chacha-4r", "aes-1r", "aes-2r", "aes-3r", "aes-4r",
		"splitmix64-gamma1", "counter"}, names)

	// 32-bit generators: two successive words per Uint64, the first low.
	w := words(newRandu(3), 4)
	p := pairs{newRandu(3)}
	require.Equal(t, uint64(w[0])|uint64(w[1])<<32, p.Uint64())
	require.Equal(t, uint64(w[2])|uint64(w[3])<<32, p.Uint64())
}

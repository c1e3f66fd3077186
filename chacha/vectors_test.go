package chacha

import (
	"io"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/chacha20"

	"github.com/streamrand/streamrand/internal/testkit/backendtest"
	"github.com/streamrand/streamrand/internal/testkit/ref"
)

// This file holds the known answers: published vectors, each with its
// source, for the portable kernel and every kernel this machine runs.

// TestKnownAnswers checks the portable kernel and whatever kernel this
// machine selected against published vectors.
func TestKnownAnswers(t *testing.T) {
	backendtest.Run(t, kernels, func(t *testing.T) {
		// D. J. Bernstein's reference ChaCha20 vector: key all zero, nonce
		// (stream) zero, block 0 (also RFC 8439 appendix A.1 test vector #1).
		s, err := NewWithKey([KeySize]byte{}, 20, 0)
		require.NoError(t, err)
		require.Equal(t, ref.Unhex("76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"), ref.Next(s, 64))

		// RFC 8439 section 2.3.2: key 00 01 .. 1f; the state matrix printed
		// there has words 12-15 = 00000001 09000000 4a000000 00000000, i.e.
		// in the DJB layout block counter 0x0900000000000001, stream id
		// 0x4a000000. Serialised block from section 2.3.2.
		var key [KeySize]byte
		for i := range key {
			key[i] = byte(i)
		}
		// That position (2^65 bytes) is beyond Seek's int64, so the kernel
		// is called directly.
		k := newKernel(&key, 20)
		batch := make([]byte, 1024)
		blocks(batch, &k.key, 0x0900000000000001, 0x4a000000, 20)
		require.Equal(t, ref.Unhex("10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4ed2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e"), batch[:64])
		s, _ = NewWithKey(key, 20, 0x4a000000)

		// RFC 8439 section 2.4.2: the same key, nonce 000000000000004a00000000
		// (stream id 0x4a000000 in the DJB layout), initial counter 1; the
		// keystream is the ciphertext XOR the plaintext ("Ladies and
		// Gentlemen of the class of '99: ...").
		plain := []byte("Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.")
		cipher := ref.Unhex("6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d807ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab77937365af90bbf74a35be6b40b8eedf2785e42874d")
		s.Seek(64, io.SeekStart)
		ks := ref.Next(s, len(plain))
		for i := range ks {
			ks[i] ^= plain[i]
		}
		require.Equal(t, cipher, ks)

		// Rust rand_chacha 0.3.1: ChaCha{8,12,20}Rng::seed_from_u64(42) and
		// ChaCha8Rng::seed_from_u64(0), first 64 bytes (fill_bytes).
		require.Equal(t, ref.Unhex("a15b5d39b5bf90ae88917925c63f45f38c53b6c508b7716d52671658f9b29aa0b042b6bcd849e1499e825da45bb463261413875001bfdb4e8428122a0d9bcacd"), ref.Next(NewSource(42), 64))
		require.Equal(t, ref.Unhex("a22427226377cc867d51ad3f130af08ad13451de7160efa2b23076fd782de967ea9f11f8dfb0ca08a8810f9ea39c3a6afb780859e8d8c7bc37b78e2f9b8d68d9"), ref.Next(NewSource12(42), 64))
		require.Equal(t, ref.Unhex("7848b5d711bc9883996317a3f9c90269d56771005d540a19184939c9e8d0db2a55f292a9a75dc429aa86f5fb84756558c5210a2de4a8d4d3b4207beb0d419072"), ref.Next(NewSource20(42), 64))
		require.Equal(t, ref.Unhex("6c3b9aa767f785b537c0d8ba5fa54677e6a6e281320dfbb27c889b8fa460670f7946023267660de1bdb07e94cb14ae8c3c922e6a9d5338d4ba68d3d27d1c78ef"), ref.Next(NewSource(0), 64))

		// rand_chacha 0.3.1 (Debian's librust-rand-chacha-dev, through
		// scripts/rand_chacha): seed_from_u64(42), set_stream(5),
		// set_word_pos(250), i.e. stream 5 from byte 1000, first 64 bytes.
		for _, tc := range []struct {
			mk   func(uint64) *Source
			want string
		}{
			{NewSource, "a33fe6c277947b442754b7cf66f964ea99e58815eb1575b62769ca9e8cc773254c66dfdeb42cc26f250ea68aa5e7a69e2a334cd2154f0a6699de5e88b1d20f63"},
			{NewSource12, "ae576eb8ca8594eb736402aa8e8c864346ccc15bee3c29d10d7ef8cf64b97ff92e3eea4173a2275029c2aded5ab624f356ec8e930450981c565a2783107b02fd"},
			{NewSource20, "9b9f1b03ea1003f90ec7ec3138fbcfe6d5a4def381c3c8ce250c9f7714134cbaeb9d74bc2153cdb5e6cc4118db3483a10eec760d06b4c47e6dc41965d877e512"},
		} {
			s := tc.mk(42)
			s.SetStream(5)
			_, err := s.Seek(1000, io.SeekStart)
			require.NoError(t, err)
			require.Equal(t, ref.Unhex(tc.want), ref.Next(s, 64), "rounds %d", s.Rounds())
		}
	})
}

// TestSeedExpansion checks the keys of rand_core 0.6's seed_from_u64, as
// printed by rand_chacha 0.3.1's ChaCha20Rng::seed_from_u64(s).get_seed().
func TestSeedExpansion(t *testing.T) {
	for _, tc := range []struct {
		seed uint64
		key  string
	}{
		{42, "a48fa17b58323d0aeab8a1cc690114b82b8cc87518b4f7548d446ea1e4df20f2"},
		{0, "ecf273f981b5cd4587f0467306ad6cadd0d0a3e33317e767f29bea72d78a7dfe"},
	} {
		s, err := NewWithKey([KeySize]byte(ref.Unhex(tc.key)), 8, 0)
		require.NoError(t, err)
		require.Equal(t, ref.Next(s, 256), ref.Next(NewSource(tc.seed), 256), "seed %d", tc.seed)
	}
}

// TestPortableIsRFC8439: the portable kernel agrees with
// golang.org/x/crypto/chacha20 (RFC 8439: nonce = 4 zero bytes ||
// LE64(stream), 32-bit counter) wherever the two are defined.
func TestPortableIsRFC8439(t *testing.T) {
	key := [KeySize]byte(ref.SeedKey(5, KeySize))
	k := newKernel(&key, 20)
	for _, stream := range []uint64{0, 1, 1<<40 + 7} {
		for _, pos := range []int64{0, 1, 64, 1000, 1<<32*64 - 5000} {
			nonce := make([]byte, 12)
			for i := 0; i < 8; i++ {
				nonce[4+i] = byte(stream >> (8 * i))
			}
			c, err := chacha20.NewUnauthenticatedCipher(key[:], nonce)
			require.NoError(t, err)
			c.SetCounter(uint32(pos / 64))
			want := make([]byte, int(pos%64)+3000)
			c.XORKeyStream(want, want)
			got := make([]byte, (int(pos%64)+3000+BlockSize-1)/BlockSize*BlockSize)
			blocksGeneric(got, &k.key, uint64(pos/64), stream, 20)
			require.Equal(t, want[pos%64:], got[pos%64:pos%64+3000], "stream %d pos %d", stream, pos)
		}
	}
}

package streamrand_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"math/bits"
	mrand "math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/chacha20"

	"github.com/streamrand/streamrand"
)

// This file holds references written from the definitions, independent of
// the module's code: the keystreams of DESIGN.md, read at any stream, block
// and byte, and rand_core's seed expansion. Its tests hold the references
// to peers (golang.org/x/crypto/chacha20, crypto/cipher) and the
// generators to the references and the peers. The other tests of this
// package compare with these references.

// refRounds returns the rounds of a ChaCha algorithm.
func refRounds(a streamrand.Algorithm) int {
	return map[streamrand.Algorithm]int{streamrand.ChaCha8: 8, streamrand.ChaCha12: 12, streamrand.ChaCha20: 20}[a]
}

// isChaCha reports whether a is one of the ChaCha algorithms.
func isChaCha(a streamrand.Algorithm) bool { return a <= streamrand.ChaCha20 }

// refBlockSize returns the block size of a's keystream in bytes.
func refBlockSize(a streamrand.Algorithm) int {
	if isChaCha(a) {
		return 64
	}
	return 16
}

// refChaChaBlock writes block ctr of stream id of the ChaCha keystream with
// the given rounds to out: D. J. Bernstein's original layout (words 12-13
// the 64-bit counter, 14-15 the 64-bit stream id, low words first), the
// layout of Rust's rand_chacha. Written from the definition; checked against
// golang.org/x/crypto/chacha20 (RFC 8439) below 2^32 blocks in
// TestReferenceChaChaMatchesXCrypto.
func refChaChaBlock(out *[64]byte, key []byte, rounds int, ctr, id uint64) {
	var in [16]uint32
	in[0], in[1], in[2], in[3] = 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574 // "expand 32-byte k"
	for i := range 8 {
		in[4+i] = binary.LittleEndian.Uint32(key[4*i:])
	}
	in[12], in[13] = uint32(ctr), uint32(ctr>>32)
	in[14], in[15] = uint32(id), uint32(id>>32)
	x := in
	qr := func(a, b, c, d int) {
		x[a] += x[b]
		x[d] = bits.RotateLeft32(x[d]^x[a], 16)
		x[c] += x[d]
		x[b] = bits.RotateLeft32(x[b]^x[c], 12)
		x[a] += x[b]
		x[d] = bits.RotateLeft32(x[d]^x[a], 8)
		x[c] += x[d]
		x[b] = bits.RotateLeft32(x[b]^x[c], 7)
	}
	for range rounds / 2 {
		qr(0, 4, 8, 12)
		qr(1, 5, 9, 13)
		qr(2, 6, 10, 14)
		qr(3, 7, 11, 15)
		qr(0, 5, 10, 15)
		qr(1, 6, 11, 12)
		qr(2, 7, 8, 13)
		qr(3, 4, 9, 14)
	}
	for i := range 16 {
		binary.LittleEndian.PutUint32(out[4*i:], x[i]+in[i])
	}
}

// refAt returns n bytes of algorithm a with key from byte off of block
// block of stream id: ChaCha from refChaChaBlock, its 64-bit block counter
// wrapping within the stream; AES from crypto/cipher's CTR mode with the
// counter block BE64(id) || BE64(block) (NIST SP 800-38A), whose 128-bit
// counter carries into the stream id after block 2^64-1.
func refAt(a streamrand.Algorithm, key []byte, id, block uint64, off, n int) []byte {
	out := make([]byte, n)
	if isChaCha(a) {
		var blk [64]byte
		for i := 0; i < n; block++ {
			refChaChaBlock(&blk, key, refRounds(a), block, id)
			i += copy(out[i:], blk[off:])
			off = 0
		}
		return out
	}
	b, err := aes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	var iv [16]byte
	binary.BigEndian.PutUint64(iv[:8], id)
	binary.BigEndian.PutUint64(iv[8:], block)
	buf := make([]byte, off+n)
	cipher.NewCTR(b, iv[:]).XORKeyStream(buf, buf)
	copy(out, buf[off:])
	return out
}

// refStream returns n bytes of algorithm a with key, stream id, from byte
// position pos.
func refStream(a streamrand.Algorithm, key []byte, id uint64, pos int64, n int) []byte {
	bs := uint64(refBlockSize(a))
	return refAt(a, key, id, uint64(pos)/bs, int(uint64(pos)%bs), n)
}

// refSeedKey returns the first n bytes of Rust's rand_core 0.6
// seed_from_u64(seed) expansion, as DESIGN.md defines it: repeat state =
// state*6364136223846793005 + 11634580027462260723, emit the 4 bytes,
// little-endian, of rotr32(uint32(((state>>18)^state)>>27), state>>59).
func refSeedKey(seed uint64, n int) []byte {
	key := make([]byte, 0, n+3)
	state := seed
	for len(key) < n {
		state = state*6364136223846793005 + 11634580027462260723
		x := bits.RotateLeft32(uint32(((state>>18)^state)>>27), -int(state>>59))
		key = binary.LittleEndian.AppendUint32(key, x)
	}
	return key[:n]
}

// The ChaCha reference equals RFC 8439's ChaCha20
// (golang.org/x/crypto/chacha20: 32-bit counter, nonce = 4 zero bytes and
// the stream id little-endian) wherever the counter stays below 2^32.
func TestReferenceChaChaMatchesXCrypto(t *testing.T) {
	rng := mrand.New(mrand.NewPCG(1, 1))
	for range 20 {
		key := make([]byte, 32)
		for i := range key {
			key[i] = byte(rng.Uint32())
		}
		id := rng.Uint64()
		block := rng.Uint64N(1<<32 - 4)
		var nonce [12]byte
		binary.LittleEndian.PutUint64(nonce[4:], id)
		c, err := chacha20.NewUnauthenticatedCipher(key, nonce[:])
		require.NoError(t, err)
		c.SetCounter(uint32(block))
		want := make([]byte, 200)
		c.XORKeyStream(want, want)
		require.Equal(t, want[5:], refStream(streamrand.ChaCha20, key, id, int64(block*64+5), 195))
	}
}

// TestGoldenPeers recomputes the first MiB of New(a, 1) with the peers:
// crypto/cipher CTR over crypto/aes for AES, and
// golang.org/x/crypto/chacha20 (RFC 8439, 32-bit counter, which equals the
// DJB layout for stream 0 below 2^32 blocks) for ChaCha20, keyed with the
// reference seed expansion.
func TestGoldenPeers(t *testing.T) {
	for _, a := range []streamrand.Algorithm{streamrand.ChaCha20, streamrand.AES128CTR, streamrand.AES192CTR, streamrand.AES256CTR} {
		want := make([]byte, 1<<20)
		key := refSeedKey(1, a.KeySize())
		if a == streamrand.ChaCha20 {
			c, err := chacha20.NewUnauthenticatedCipher(key, make([]byte, 12))
			require.NoError(t, err)
			c.XORKeyStream(want, want)
		} else {
			b, err := aes.NewCipher(key)
			require.NoError(t, err)
			cipher.NewCTR(b, make([]byte, 16)).XORKeyStream(want, want)
		}
		got := make([]byte, 1<<20)
		streamrand.New(a, 1).Read(got)
		require.True(t, bytes.Equal(want, got), "%s differs from its peer", a)
	}
}

// New(a, seed) is the keystream keyed with the first KeySize bytes of
// rand_core's seed_from_u64 expansion, stream 0, position 0, for every
// algorithm (AES-192 and AES-256 included).
func TestNewSeedsLikeRandCore(t *testing.T) {
	for _, a := range streamrand.Algorithms() {
		for _, seed := range []uint64{0, 1, 42, 1<<64 - 1} {
			got := make([]byte, 3000)
			streamrand.New(a, seed).Read(got)
			require.Equal(t, refStream(a, refSeedKey(seed, a.KeySize()), 0, 0, len(got)), got, "%s seed %d", a, seed)
		}
	}
}

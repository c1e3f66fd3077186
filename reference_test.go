package streamrand_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	mrand "math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/chacha20"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/internal/algtable"
	"github.com/streamrand/streamrand/internal/testkit/ref"
)

// This file holds the tests of the references of internal/testkit/ref,
// written from the definitions and independent of the module's code: they
// hold the references to peers (golang.org/x/crypto/chacha20,
// crypto/cipher) and the generators to the references and the peers. The
// other tests of this package compare with these references, reading each
// algorithm's family and parameter from the algorithm table.

// refOf returns the reference keystream of a's family and a's parameter
// (the round count for ChaCha), as the algorithm table gives them.
func refOf(a streamrand.Algorithm) (ref.Family, int) {
	row := algtable.Rows()[a]
	return ref.Of(row.Family.Name), row.Param
}

// refBlockSize returns the block size of a's keystream in bytes.
func refBlockSize(a streamrand.Algorithm) int {
	f, _ := refOf(a)
	return f.BlockSize
}

// refAt returns n bytes of algorithm a with key from byte off of block
// block of stream id; its block counter wraps within the stream (ChaCha)
// or carries into the stream id (AES-CTR) after block 2^64-1.
func refAt(a streamrand.Algorithm, key []byte, id, block uint64, off, n int) []byte {
	f, p := refOf(a)
	return f.At(key, p, id, block, off, n)
}

// refStream returns n bytes of algorithm a with key, stream id, from byte
// position pos.
func refStream(a streamrand.Algorithm, key []byte, id uint64, pos int64, n int) []byte {
	f, p := refOf(a)
	return f.Stream(key, p, id, pos, n)
}

// refSeedKey returns the first n bytes of rand_core's seed_from_u64(seed)
// expansion.
func refSeedKey(seed uint64, n int) []byte { return ref.SeedKey(seed, n) }

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

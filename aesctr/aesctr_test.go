package aesctr

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/internal/keystream"
)

func unhex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

func first(s *Source, n int) []byte {
	b := make([]byte, n)
	s.Read(b)
	return b
}

// kernelAt returns n blocks of keystream from the counter block iv (stream
// = first 8 bytes, counter = last 8), through the selected kernel.
func kernelAt(t *testing.T, key, iv []byte, n int) []byte {
	k, err := newKernel(key)
	require.NoError(t, err)
	batch := make([]byte, keystream.BatchSize)
	k.fill(batch, binary.BigEndian.Uint64(iv[8:]), binary.BigEndian.Uint64(iv[:8]))
	return batch[:n*BlockSize]
}

// TestFIPS197 encrypts the single blocks of FIPS-197 appendix C (C.1, C.2,
// C.3) through each kernel: the plaintext 00112233...eeff is a counter block
// with stream 0x0011223344556677 and counter 0x8899aabbccddeeff.
func TestFIPS197(t *testing.T) {
	plain := unhex("00112233445566778899aabbccddeeff")
	forEachBackend(t, func(t *testing.T) {
		for _, tc := range []struct{ key, out string }{
			{"000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"},
			{"000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"},
			{"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089"},
		} {
			require.Equal(t, unhex(tc.out), kernelAt(t, unhex(tc.key), plain, 1), "key %s", tc.key)
		}
	})
}

// TestSP80038A checks CTR-AES128/192/256.Encrypt of NIST SP 800-38A
// appendix F.5.1, F.5.3 and F.5.5: initial counter block
// f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff (stream 0xf0f1f2f3f4f5f6f7, counter
// 0xf8f9fafbfcfdfeff), four blocks; keystream = ciphertext XOR plaintext.
func TestSP80038A(t *testing.T) {
	iv := unhex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff")
	plain := unhex("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710")
	forEachBackend(t, func(t *testing.T) {
		for _, tc := range []struct{ key, ct string }{
			{"2b7e151628aed2a6abf7158809cf4f3c", "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee"},
			{"8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b", "1abc932417521ca24f2b0459fe7e6e0b090339ec0aa6faefd5ccc2c6f4ce8e941e36b26bd1ebc670d1bd1d665620abf74f78a7f6d29809585a97daec58c6b050"},
			{"603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c52b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6"},
		} {
			ks := kernelAt(t, unhex(tc.key), iv, 4)
			for i := range ks {
				ks[i] ^= plain[i]
			}
			require.Equal(t, unhex(tc.ct), ks, "key %s", tc.key)
		}
	})
}

// TestAgainstCipherCTR: random keys, streams and positions through Source
// against crypto/cipher CTR with iv BE64(stream) || BE64(block).
func TestAgainstCipherCTR(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 60; i++ {
		key := make([]byte, []int{16, 24, 32}[i%3])
		for j := range key {
			key[j] = byte(rng.Uint32())
		}
		stream := rng.Uint64()
		pos := rng.Int64N(1 << 40)
		n := rng.IntN(5000)
		s, err := NewWithKey(key, stream)
		require.NoError(t, err)
		_, err = s.Seek(pos, io.SeekStart)
		require.NoError(t, err)
		want := cipherCTR(key, uint64(pos/BlockSize), stream, int(pos%BlockSize)+n)[pos%BlockSize:]
		require.Equal(t, want, first(s, n))
	}
}

func TestSeeded(t *testing.T) {
	// NewSource(seed) is AES-128 keyed with the first 16 bytes of rand_core's
	// seed_from_u64(seed) (for 42: a48fa17b58323d0aeab8a1cc690114b8, the
	// first half of the key rand_chacha 0.3.1 prints for that seed).
	s, err := NewWithKey(unhex("a48fa17b58323d0aeab8a1cc690114b8"), 0)
	require.NoError(t, err)
	require.Equal(t, first(s, 4096), first(NewSource(42), 4096))
	require.Equal(t, 16, NewSource(1).KeySize())
}

func TestErrors(t *testing.T) {
	for _, n := range []int{0, 1, 15, 17, 31, 33, 64} {
		_, err := NewWithKey(make([]byte, n), 0)
		require.ErrorContains(t, err, "aesctr: invalid key length")
		_, err = NewSecure(n)
		require.ErrorContains(t, err, "aesctr: invalid key length")
	}
	_, err := NewSource(1).Seek(-1, io.SeekCurrent)
	require.ErrorContains(t, err, "aesctr: Seek")
}

func TestSecure(t *testing.T) {
	for _, n := range []int{16, 24, 32} {
		a, err := NewSecure(n)
		require.NoError(t, err)
		b, _ := NewSecure(n)
		require.Equal(t, n, a.KeySize())
		require.False(t, bytes.Equal(first(a, 32), first(b, 32)))
	}
}

func TestMarshal(t *testing.T) {
	for _, n := range []int{16, 24, 32} {
		key := bytes.Repeat([]byte{byte(n)}, n)
		s, _ := NewWithKey(key, 77)
		s.Seek(999, io.SeekStart)
		data, err := s.MarshalBinary()
		require.NoError(t, err)
		want := first(s, 2000)
		var r Source
		require.NoError(t, r.UnmarshalBinary(data))
		require.Equal(t, n, r.KeySize())
		require.Equal(t, want, first(&r, 2000))
	}
	// A ChaCha-like state (another algorithm's name) is rejected.
	s := NewSource(1)
	data, _ := s.MarshalBinary()
	bad := bytes.Replace(data, []byte("aes128ctr"), []byte("chacha8\x10\x10"), 1)
	require.Error(t, s.UnmarshalBinary(bad))
	require.Error(t, s.UnmarshalBinary(data[:10]))
	require.Equal(t, first(NewSource(1), 16), first(s, 16), "failed UnmarshalBinary left s unchanged")
}

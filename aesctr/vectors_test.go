package aesctr

import (
	"encoding/binary"
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/internal/keystream"
	"github.com/streamrand/streamrand/internal/testkit/backendtest"
	"github.com/streamrand/streamrand/internal/testkit/ref"
)

// This file holds the known answers: published vectors, each with its
// source, for the key schedule, the portable kernel and every kernel this
// machine runs, and the keys of the seeded constructors.

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
	plain := ref.Unhex("00112233445566778899aabbccddeeff")
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, tc := range []struct{ key, out string }{
			{"000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"},
			{"000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"},
			{"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089"},
		} {
			require.Equal(t, ref.Unhex(tc.out), kernelAt(t, ref.Unhex(tc.key), plain, 1), "key %s", tc.key)
		}
	})
}

// TestSP80038A checks CTR-AES128/192/256.Encrypt of NIST SP 800-38A
// appendix F.5.1, F.5.3 and F.5.5: initial counter block
// f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff (stream 0xf0f1f2f3f4f5f6f7, counter
// 0xf8f9fafbfcfdfeff), four blocks; keystream = ciphertext XOR plaintext.
func TestSP80038A(t *testing.T) {
	iv := ref.Unhex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff")
	plain := ref.Unhex("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710")
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, tc := range []struct{ key, ct string }{
			{"2b7e151628aed2a6abf7158809cf4f3c", "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee"},
			{"8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b", "1abc932417521ca24f2b0459fe7e6e0b090339ec0aa6faefd5ccc2c6f4ce8e941e36b26bd1ebc670d1bd1d665620abf74f78a7f6d29809585a97daec58c6b050"},
			{"603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c52b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6"},
		} {
			ks := kernelAt(t, ref.Unhex(tc.key), iv, 4)
			for i := range ks {
				ks[i] ^= plain[i]
			}
			require.Equal(t, ref.Unhex(tc.ct), ks, "key %s", tc.key)
		}
	})
}

// FIPS-197 appendix A.1: the expansion of the AES-128 key
// 2b7e151628aed2a6abf7158809cf4f3c ends with round key 10
// d014f9a8c9ee2589e13f0cc8b6630ca6; A.2 (AES-192) ends with
// 01002202 (w51) and A.3 (AES-256) with 706c631e (w59).
func TestExpandKeyFIPS197(t *testing.T) {
	if sbox[0x00] != 0x63 || sbox[0x53] != 0xed || sbox[0xff] != 0x16 {
		t.Fatalf("S-box wrong: S(00)=%02x S(53)=%02x S(ff)=%02x", sbox[0], sbox[0x53], sbox[0xff])
	}
	for _, tc := range []struct{ key, last string }{
		{"2b7e151628aed2a6abf7158809cf4f3c", "d014f9a8c9ee2589e13f0cc8b6630ca6"},
		{"8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b", "e98ba06f448c773c8ecc720401002202"},
		{"603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", "fe4890d1e6188d0b046df344706c631e"},
	} {
		key, _ := hex.DecodeString(tc.key)
		var rk [15 * 16]byte
		r := expandKey(&rk, key)
		if got := hex.EncodeToString(rk[16*r : 16*r+16]); got != tc.last {
			t.Errorf("key %s: last round key %s, want %s", tc.key, got, tc.last)
		}
	}
}

func TestSeeded(t *testing.T) {
	// NewSource(seed) is AES-128 keyed with the first 16 bytes of rand_core's
	// seed_from_u64(seed) (for 42: a48fa17b58323d0aeab8a1cc690114b8, the
	// first half of the key rand_chacha 0.3.1 prints for that seed).
	s, err := NewWithKey(ref.Unhex("a48fa17b58323d0aeab8a1cc690114b8"), 0)
	require.NoError(t, err)
	require.Equal(t, ref.Next(s, 4096), ref.Next(NewSource(42), 4096))
	require.Equal(t, 16, NewSource(1).KeySize())
}

// TestSeededConstructors: NewSource, NewSource192 and NewSource256 key AES
// with the first 16/24/32 bytes of rand_core's seed_from_u64 expansion (for
// 42 that is a48fa17b...e4df20f2, the key rand_chacha 0.3.1 prints for
// ChaCha20Rng::seed_from_u64(42)).
func TestSeededConstructors(t *testing.T) {
	key42, _ := hex.DecodeString("a48fa17b58323d0aeab8a1cc690114b82b8cc87518b4f7548d446ea1e4df20f2")
	for _, tc := range []struct {
		mk     func(uint64) *Source
		keyLen int
	}{{NewSource, 16}, {NewSource192, 24}, {NewSource256, 32}} {
		s := tc.mk(42)
		require.Equal(t, tc.keyLen, s.KeySize())
		got := make([]byte, 3000)
		s.Read(got)
		require.Equal(t, ref.CTR(key42[:tc.keyLen], 0, 0, 3000), got)
	}
}

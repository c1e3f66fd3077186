package aesctr

import (
	"encoding/hex"
	"testing"
)

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

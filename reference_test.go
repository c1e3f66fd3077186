package streamrand_test

import (
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"math/bits"

	"github.com/streamrand/streamrand"
)

// This file holds references written from the definitions, independent of
// the module's code: the keystreams of DESIGN.md and the README, read at
// any (stream, byte position), and rand_core's seed expansion.

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

// refStream returns n bytes of algorithm a with key, stream id, from byte
// position pos: ChaCha from refChaChaBlock, AES from crypto/cipher's CTR
// mode with the counter block BE64(id) || BE64(block) (NIST SP 800-38A).
func refStream(a streamrand.Algorithm, key []byte, id uint64, pos int64, n int) []byte {
	out := make([]byte, n)
	switch a {
	case streamrand.ChaCha8, streamrand.ChaCha12, streamrand.ChaCha20:
		rounds := map[streamrand.Algorithm]int{streamrand.ChaCha8: 8, streamrand.ChaCha12: 12, streamrand.ChaCha20: 20}[a]
		var blk [64]byte
		ctr, off := uint64(pos)/64, int(pos%64)
		for i := 0; i < n; ctr++ {
			refChaChaBlock(&blk, key, rounds, ctr, id)
			i += copy(out[i:], blk[off:])
			off = 0
		}
	default:
		b, err := aes.NewCipher(key)
		if err != nil {
			panic(err)
		}
		var iv [16]byte
		binary.BigEndian.PutUint64(iv[:8], id)
		binary.BigEndian.PutUint64(iv[8:], uint64(pos)/16)
		skip := int(pos % 16)
		buf := make([]byte, skip+n)
		cipher.NewCTR(b, iv[:]).XORKeyStream(buf, buf)
		copy(out, buf[skip:])
	}
	return out
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

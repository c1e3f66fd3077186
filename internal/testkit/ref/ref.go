// Package ref holds the references the tests compare the generators with,
// written from the definitions of DESIGN.md and independent of the
// module's code: each family's keystream, read at any stream, block and
// byte (ChaCha from the definition, AES-CTR from crypto/cipher's CTR mode
// over crypto/aes), rand_core's seed expansion, and Unhex for the published
// vectors. The root package's tests hold these references to the peers
// (golang.org/x/crypto/chacha20, crypto/cipher).
//
// A family is named as the algorithm table names it (internal/algtable):
// "chacha", "aesctr".
package ref

import (
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"encoding/hex"
	"io"
	"math/bits"
)

// A Family is the reference keystream of one generator package.
type Family struct {
	// BlockSize is the size of a block in bytes.
	BlockSize int
	// Carries reports whether the block counter carries into the stream
	// id after block 2^64-1 (AES-CTR's one 128-bit counter); otherwise it
	// wraps to block 0 of the same stream (ChaCha, as rand_chacha).
	Carries bool
	// blocks returns nb whole blocks from block block of stream id.
	blocks func(key []byte, param int, id, block uint64, nb int) []byte
}

var families = map[string]Family{
	"chacha": {BlockSize: 64, blocks: chachaBlocks},
	"aesctr": {BlockSize: 16, Carries: true, blocks: ctrBlocks},
}

// Of returns the reference of the family name. It panics if there is none:
// a new family adds its reference here.
func Of(name string) Family {
	f, ok := families[name]
	if !ok {
		panic("ref: no reference keystream for the family " + name)
	}
	return f
}

// At returns n bytes with key and the algorithm's parameter (the round
// count for ChaCha; AES reads the key's length) from byte off of block
// block of stream id.
func (f Family) At(key []byte, param int, id, block uint64, off, n int) []byte {
	nb := (off + n + f.BlockSize - 1) / f.BlockSize
	return f.blocks(key, param, id, block, nb)[off : off+n]
}

// Stream returns n bytes from byte position pos of stream id.
func (f Family) Stream(key []byte, param int, id uint64, pos int64, n int) []byte {
	bs := uint64(f.BlockSize)
	return f.At(key, param, id, uint64(pos)/bs, int(uint64(pos)%bs), n)
}

// chachaBlocks returns nb blocks of the ChaCha keystream with the given
// rounds, its 64-bit block counter wrapping within the stream.
func chachaBlocks(key []byte, rounds int, id, block uint64, nb int) []byte {
	out := make([]byte, 64*nb)
	for i := range nb {
		ChaChaBlock((*[64]byte)(out[64*i:]), key, rounds, block+uint64(i), id)
	}
	return out
}

// ChaChaBlock writes block ctr of stream id of the ChaCha keystream with
// the given rounds to out: D. J. Bernstein's original layout (words 12-13
// the 64-bit counter, 14-15 the 64-bit stream id, low words first), the
// layout of Rust's rand_chacha. Written from the definition; the root
// package's tests check it against golang.org/x/crypto/chacha20 (RFC 8439)
// below 2^32 blocks.
func ChaChaBlock(out *[64]byte, key []byte, rounds int, ctr, id uint64) {
	var in [16]uint32
	in[0], in[1], in[2], in[3] = 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574 // "expand 32-byte k"
	for i := range 8 {
		in[4+i] = binary.LittleEndian.Uint32(key[4*i:])
	}
	in[12], in[13] = uint32(ctr), uint32(ctr>>32)
	in[14], in[15] = uint32(id), uint32(id>>32)
	x := ChaChaCore(&in, rounds)
	for i := range 16 {
		binary.LittleEndian.PutUint32(out[4*i:], x[i])
	}
}

// ChaChaCore returns ChaCha's block function of the state in with the given
// number of rounds: a round is one column round or one diagonal round,
// taken in turn starting with a column round (so 8 rounds are ChaCha8's 4
// double rounds, and an odd count ends with a column round), then the sum
// with in, word by word (Bernstein, "ChaCha, a variant of Salsa20", 2008).
// stattest's negative controls run it with reduced rounds.
func ChaChaCore(in *[16]uint32, rounds int) [16]uint32 {
	x := *in
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
	for r := range rounds {
		if r%2 == 0 {
			qr(0, 4, 8, 12)
			qr(1, 5, 9, 13)
			qr(2, 6, 10, 14)
			qr(3, 7, 11, 15)
		} else {
			qr(0, 5, 10, 15)
			qr(1, 6, 11, 12)
			qr(2, 7, 8, 13)
			qr(3, 4, 9, 14)
		}
	}
	for i := range x {
		x[i] += in[i]
	}
	return x
}

// ctrBlocks returns nb blocks of crypto/cipher's CTR keystream over
// crypto/aes from the counter block BE64(id) || BE64(block) (NIST SP
// 800-38A): the 128-bit counter block incremented as one big-endian
// number, so it carries into the stream id after block 2^64-1.
func ctrBlocks(key []byte, _ int, id, block uint64, nb int) []byte {
	return CTR(key, id, block, 16*nb)
}

// CTR returns n bytes of crypto/cipher's CTR keystream over crypto/aes
// with key from the counter block BE64(id) || BE64(block).
func CTR(key []byte, id, block uint64, n int) []byte {
	b, err := aes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	var iv [16]byte
	binary.BigEndian.PutUint64(iv[:8], id)
	binary.BigEndian.PutUint64(iv[8:], block)
	out := make([]byte, n)
	cipher.NewCTR(b, iv[:]).XORKeyStream(out, out)
	return out
}

// SeedKey returns the first n bytes of Rust's rand_core 0.6
// seed_from_u64(seed) expansion, as DESIGN.md defines it: repeat state =
// state*6364136223846793005 + 11634580027462260723, emit the 4 bytes,
// little-endian, of rotr32(uint32(((state>>18)^state)>>27), state>>59).
func SeedKey(seed uint64, n int) []byte {
	key := make([]byte, 0, n+3)
	state := seed
	for len(key) < n {
		state = state*6364136223846793005 + 11634580027462260723
		x := bits.RotateLeft32(uint32(((state>>18)^state)>>27), -int(state>>59))
		key = binary.LittleEndian.AppendUint32(key, x)
	}
	return key[:n]
}

// Next returns the next n bytes that r (a Source under test) reads, to
// compare with a reference.
func Next(r io.Reader, n int) []byte {
	b := make([]byte, n)
	r.Read(b)
	return b
}

// Unhex decodes a hexadecimal literal of a test; it panics on a typo.
func Unhex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

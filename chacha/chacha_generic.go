package chacha

import (
	"encoding/binary"
	"math/bits"
)

// The constants of "expand 32-byte k".
const (
	c0 = 0x61707865
	c1 = 0x3320646e
	c2 = 0x79622d32
	c3 = 0x6b206574
)

// blocksGeneric is the portable reference kernel: it writes len(dst)/64
// blocks of the keystream, blocks counter, counter+1, ... of stream id
// stream. len(dst) must be a multiple of BlockSize.
func blocksGeneric(dst []byte, key *[8]uint32, counter, stream uint64, rounds int) {
	for ; len(dst) >= BlockSize; dst = dst[BlockSize:] {
		block((*[BlockSize]byte)(dst), key, counter, stream, rounds)
		counter++
	}
}

func quarterRound(a, b, c, d uint32) (uint32, uint32, uint32, uint32) {
	a += b
	d = bits.RotateLeft32(d^a, 16)
	c += d
	b = bits.RotateLeft32(b^c, 12)
	a += b
	d = bits.RotateLeft32(d^a, 8)
	c += d
	b = bits.RotateLeft32(b^c, 7)
	return a, b, c, d
}

// block writes one keystream block.
func block(out *[BlockSize]byte, key *[8]uint32, counter, stream uint64, rounds int) {
	in := [16]uint32{
		c0, c1, c2, c3,
		key[0], key[1], key[2], key[3], key[4], key[5], key[6], key[7],
		uint32(counter), uint32(counter >> 32), uint32(stream), uint32(stream >> 32),
	}
	x0, x1, x2, x3 := in[0], in[1], in[2], in[3]
	x4, x5, x6, x7 := in[4], in[5], in[6], in[7]
	x8, x9, x10, x11 := in[8], in[9], in[10], in[11]
	x12, x13, x14, x15 := in[12], in[13], in[14], in[15]
	for i := 0; i < rounds; i += 2 {
		// Column round.
		x0, x4, x8, x12 = quarterRound(x0, x4, x8, x12)
		x1, x5, x9, x13 = quarterRound(x1, x5, x9, x13)
		x2, x6, x10, x14 = quarterRound(x2, x6, x10, x14)
		x3, x7, x11, x15 = quarterRound(x3, x7, x11, x15)
		// Diagonal round.
		x0, x5, x10, x15 = quarterRound(x0, x5, x10, x15)
		x1, x6, x11, x12 = quarterRound(x1, x6, x11, x12)
		x2, x7, x8, x13 = quarterRound(x2, x7, x8, x13)
		x3, x4, x9, x14 = quarterRound(x3, x4, x9, x14)
	}
	x := [16]uint32{x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15}
	for i := range x {
		binary.LittleEndian.PutUint32(out[4*i:], x[i]+in[i])
	}
}

package aesctr

import "encoding/binary"

// fillGeneric is the portable kernel: it writes the counter blocks
// BE64(stream) || BE64(counter), BE64(stream) || BE64(counter+1), ... into
// dst (the 128-bit block incremented as one big-endian number, as
// crypto/cipher's CTR does) and encrypts them in place with crypto/aes.
// len(dst) must be a multiple of BlockSize.
func (k *kernel) fillGeneric(dst []byte, counter, stream uint64) {
	blk := k.cipherBlock()
	for ; len(dst) >= BlockSize; dst = dst[BlockSize:] {
		b := dst[:BlockSize]
		binary.BigEndian.PutUint64(b[0:], stream)
		binary.BigEndian.PutUint64(b[8:], counter)
		blk.Encrypt(b, b)
		counter++
		if counter == 0 {
			stream++
		}
	}
}

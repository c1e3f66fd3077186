package chacha

// Reference returns n bytes of stream id stream from byte position pos,
// computed with the portable kernel alone, for the external tests.
func Reference(key [KeySize]byte, rounds int, stream uint64, pos int64, n int) []byte {
	k := newKernel(&key, rounds)
	skip := int(pos % BlockSize)
	buf := make([]byte, (skip+n+BlockSize-1)/BlockSize*BlockSize)
	blocksGeneric(buf, &k.key, uint64(pos/BlockSize), stream, rounds)
	return buf[skip : skip+n]
}

// Kernels lets the external tests run on every kernel.
var Kernels = kernels

// ReferenceBlocks returns n bytes from byte off of block block of stream id
// stream, computed with the portable kernel (its counter wraps within the
// stream after block 2^64-1).
func ReferenceBlocks(key [KeySize]byte, rounds int, stream, block uint64, off, n int) []byte {
	k := newKernel(&key, rounds)
	buf := make([]byte, (off+n+BlockSize-1)/BlockSize*BlockSize)
	blocksGeneric(buf, &k.key, block, stream, rounds)
	return buf[off : off+n]
}

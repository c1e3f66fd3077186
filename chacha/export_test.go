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

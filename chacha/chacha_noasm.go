//go:build !gc || purego || !(amd64 || arm64)

package chacha

func blocks(dst []byte, key *[8]uint32, counter, stream uint64, rounds int) {
	blocksGeneric(dst, key, counter, stream, rounds)
}

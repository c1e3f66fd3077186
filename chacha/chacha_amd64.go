//go:build !purego

package chacha

// Backend names the kernel in use. (No assembly kernel yet: the portable
// kernel runs.)
func Backend() string { return "generic" }

func blocks(dst []byte, key *[8]uint32, counter, stream uint64, rounds int) {
	blocksGeneric(dst, key, counter, stream, rounds)
}

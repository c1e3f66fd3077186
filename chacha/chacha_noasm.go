//go:build purego || !(amd64 || arm64)

package chacha

// Backend names the kernel in use: "generic", the portable Go kernel.
func Backend() string { return "generic" }

func blocks(dst []byte, key *[8]uint32, counter, stream uint64, rounds int) {
	blocksGeneric(dst, key, counter, stream, rounds)
}

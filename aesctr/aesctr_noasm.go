//go:build purego || !(amd64 || arm64)

package aesctr

// Backend names the kernel in use: "generic", the portable path over
// crypto/aes.
func Backend() string { return "generic" }

func (k *kernel) fill(dst []byte, counter, stream uint64) { k.fillGeneric(dst, counter, stream) }

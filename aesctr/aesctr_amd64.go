//go:build !purego

package aesctr

// Backend names the kernel in use. (No assembly kernel yet: the portable
// path runs.)
func Backend() string { return "generic" }

func (k *kernel) fill(dst []byte, counter, stream uint64) { k.fillGeneric(dst, counter, stream) }

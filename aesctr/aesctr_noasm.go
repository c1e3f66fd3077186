//go:build !gc || purego || !(amd64 || arm64)

package aesctr

func (k *kernel) fill(dst []byte, counter, stream uint64) { k.fillGeneric(dst, counter, stream) }

// asmEnabled is false: every batch takes the portable path.
func asmEnabled() bool { return false }

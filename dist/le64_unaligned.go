//go:build amd64 || arm64

package dist

import "unsafe"

// le64 returns the little-endian word at byte k of p, which must hold at
// least k+8 bytes: callers check k+8 <= len(p) first, so the load stays
// inside p even in a racy program. On these little-endian CPUs an
// unaligned 8-byte load is one instruction with no bounds check.
func le64(p []byte, k int) uint64 {
	return *(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(p)), k))
}

//go:build amd64 || arm64

package fill

import "unsafe"

// le64 returns the i-th little-endian word of p, which must hold at least
// 8*(i+1) bytes: callers slice p to 8*n bytes (checked) and loop i below n,
// so the load stays inside p even in a racy program. On these little-endian
// CPUs an unaligned 8-byte load is one instruction with no bounds check.
// (checkptr allows unaligned pointers to pointer-free types.)
func le64(p []byte, i int) uint64 {
	return *(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(p)), 8*i))
}

//go:build !(amd64 || arm64)

package dist

import "encoding/binary"

// le64 returns the little-endian word at byte k of p.
func le64(p []byte, k int) uint64 { return binary.LittleEndian.Uint64(p[k:]) }

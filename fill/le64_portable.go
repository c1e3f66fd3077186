//go:build !(amd64 || arm64)

package fill

import "encoding/binary"

// le64 returns the i-th little-endian word of p.
func le64(p []byte, i int) uint64 {
	return binary.LittleEndian.Uint64(p[8*i:])
}

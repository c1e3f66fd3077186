//go:build !(amd64 || arm64)

package keystream

import "encoding/binary"

// Uint64 returns the next 8 bytes of the stream as a little-endian uint64.
// (See uint64_unaligned.go for why the offset is taken mod BatchSize.)
func (s *Stream) Uint64() uint64 {
	if s.rem < 9 {
		s.refill8()
	}
	s.rem -= 8
	i := -s.rem % BatchSize
	return binary.LittleEndian.Uint64(s.buf[i : i+8])
}

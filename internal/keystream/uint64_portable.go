//go:build !(amd64 || arm64)

package keystream

import "encoding/binary"

// Uint64 returns the next 8 bytes of the stream as a little-endian uint64.
func (s *Stream) Uint64() uint64 {
	if s.rem < 8 {
		s.refill8()
	}
	s.rem -= 8
	i := BatchSize - s.rem
	return binary.LittleEndian.Uint64(s.buf[i : i+8])
}

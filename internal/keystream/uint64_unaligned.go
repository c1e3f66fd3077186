//go:build amd64 || arm64

package keystream

import "unsafe"

// Uint64 returns the next 8 bytes of the stream as a little-endian uint64.
//
// It is small enough to inline (go build -gcflags=-m), and so is a method
// that forwards to it. On these little-endian CPUs an unaligned 8-byte load
// is one instruction; the offset is in range because 8 <= rem <= BatchSize+7
// after the refill. (checkptr allows unaligned pointers to pointer-free
// types.)
func (s *Stream) Uint64() uint64 {
	if s.rem < 8 {
		s.refill8()
	}
	s.rem -= 8
	return *(*uint64)(unsafe.Add(unsafe.Pointer(&s.buf), BatchSize-s.rem))
}

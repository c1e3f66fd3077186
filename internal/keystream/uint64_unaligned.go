//go:build amd64 || arm64

package keystream

import "unsafe"

// Uint64 returns the next 8 bytes of the stream as a little-endian uint64.
//
// It is small enough to inline (go build -gcflags=-m), and so is a method
// that forwards to it. On these little-endian CPUs an unaligned 8-byte load
// is one instruction. Its offset, BatchSize-rem after the decrement, is
// taken mod BatchSize: a no-op in a correct program (refill8 leaves 9 to
// BatchSize+8 bytes unread, so the offset is 0 to BatchSize-1), and in a
// racy program that corrupts rem it keeps the load inside buf: wrong
// numbers (as with math/rand/v2's ChaCha8), never a read outside the
// buffer. (checkptr allows unaligned pointers to pointer-free types.)
func (s *Stream) Uint64() uint64 {
	if s.rem < 9 {
		s.refill8()
	}
	s.rem -= 8
	return *(*uint64)(unsafe.Add(unsafe.Pointer(&s.buf), -s.rem%BatchSize))
}

package keystream

import "unsafe"

// A Float64Kernel is a Kernel that can also write its keystream converted
// to rand.Rand.Float64's values as it stores it, so that a caller's float64s
// take one pass over memory instead of a write and a conversion pass.
// Stream.ReadFloat64s uses it when the kernel beside the Stream implements
// it. (The layer only passes the request on: it converts nothing itself.)
type Float64Kernel interface {
	// FillFloat64 writes what Fill would write, except that each
	// little-endian 8-byte word u of the keystream is replaced by the
	// float64 float64(u&(1<<53-1)) * 0x1p-53, in the machine's byte
	// order (as a []float64 holds it). It writes a prefix of dst
	// (len(dst) a multiple of BatchSize) and returns its length, a
	// multiple of BatchSize, and true: all of dst, unless it stops
	// before a batch it cannot convert (for a kernel that Carries, one
	// in which the counter passes 2^64-1), which the caller then writes
	// otherwise. It returns 0, false, writing nothing, if it has no such
	// code on this CPU with the backend in use; an empty dst asks just
	// that.
	FillFloat64(dst []byte, counter, stream uint64) (int, bool)
}

// Buffered returns the number of unread bytes of the batch in memory:
// reading that many leaves the buffer drained, the position at a batch
// boundary, where ReadFloat64s can start.
func (s *Stream) Buffered() int { return int(s.rem) }

// FusedFloat64s reports whether ReadFloat64s can write anything: s is
// ready and its kernel is a Float64Kernel with float64 code on this CPU
// (with the backend in use).
func (s *Stream) FusedFloat64s() bool {
	if s.fill == nil {
		return false
	}
	_, ok := s.fill(s, nil, 0, 0, true)
	return ok
}

// ReadFloat64s has the kernel's FillFloat64 write the next whole batches of
// the stream straight into dst, each little-endian word u as the float64
// float64(u&(1<<53-1)) * 0x1p-53 (rand.Rand.Float64's value of u), and
// returns the number of words written: as many batches as fit in dst, until
// the kernel stops (see Float64Kernel). The position moves past them as
// Read would. It writes nothing and returns 0 unless the buffer is drained
// (Buffered is 0) and FusedFloat64s; the caller reads the words that are
// left itself.
func (s *Stream) ReadFloat64s(dst []float64) int {
	const batchWords = BatchSize / 8
	whole := len(dst) &^ (batchWords - 1)
	if s.rem != 0 || whole == 0 || s.fill == nil {
		return 0
	}
	// The buffer is drained: the next block follows the buffer. (A
	// kernel without float64 code writes nothing and returns 0.)
	stream, next := s.add(s.stream, s.ctr, batchBytes>>s.shift)
	p := unsafe.Slice((*byte)(unsafe.Pointer(&dst[0])), 8*whole)
	n, ok := s.fill(s, p, next, stream, true)
	if !ok || n == 0 {
		return 0
	}
	// Leave the buffer drained, positioned just before the block after
	// the last one written (as Read does).
	stream, next = s.add(stream, next, uint64(n)>>s.shift)
	s.stream, s.ctr = s.sub(stream, next, batchBytes>>s.shift)
	return n / 8
}

// Package keystream is the one buffered layer every streamrand generator runs
// on. It knows no algorithm: a generator supplies a Kernel that writes whole
// batches of keystream blocks, and Stream owns what is common to all of
// them: the batch buffer, the stream id, the byte position (Uint64, Read,
// ReadAt, Seek, SetStream) and the position part of the marshalled form.
// The generator keeps its identity (name, key, rounds); internal/family
// frames the position with it into the marshalled form.
//
// A Stream holds no pointer to its kernel: the generator's Source holds
// both by value, side by side, and the Stream reaches the kernel by its
// offset from itself. So a copy of a Source is independent of the original:
// nothing in it points to memory the two share and mutate.
package keystream

import (
	"errors"
	"fmt"
	"io"
	"math"
	"sync"
	"unsafe"
)

// BatchSize is the number of bytes a Kernel writes per batch, and the size of
// the buffer behind Uint64 and short reads: 16 ChaCha blocks or 64 AES blocks.
const BatchSize = 1024

// A Kernel writes keystream blocks. Stream calls its methods through a
// pointer to the kernel beside it; Fill may run in several goroutines at
// once (ReadAt), so it must not modify the kernel.
type Kernel interface {
	// Fill writes the blocks at counter, counter+1, ... of stream id
	// stream into dst, in stream order. len(dst) is a positive multiple
	// of BatchSize. Past counter 2^64-1 the next block is counter 0 of
	// stream+1 if Carries, else counter 0 of the same stream.
	Fill(dst []byte, counter, stream uint64)
	// BlockSize is the size of a block in bytes: a power of two from 8
	// to BatchSize.
	BlockSize() int
	// Carries reports whether the block counter carries into the stream
	// id (one 128-bit counter, as AES-CTR's) rather than wrapping within
	// the stream (as ChaCha's 64-bit counter).
	Carries() bool
}

// Stream is a position in the keystream of a kernel held beside it.
//
// Position: the stream is a sequence of (stream id, block counter) pairs.
// For a kernel that Carries, block 2^64-1 of stream s is followed by block 0
// of stream s+1, and from there on Stream reports s+1 and positions count
// from the start of stream s+1: the pair is always the counter block of the
// byte at the position. For a kernel that does not, block 2^64-1 is followed
// by block 0 of the same stream and the position wraps to 0 with it.
// Positions are int64 bytes, so Seek reaches block 2^63/BlockSize; Read and
// Uint64 continue past it, and from there Seek(0, io.SeekCurrent) returns an
// error instead of a wrong number.
//
// The kernel is a field of the same struct as the Stream (a generator's
// Source holds both, by value), and the Stream reaches it by its offset
// from itself, never through a stored pointer: so a copy of the struct
// runs on its own copy of the kernel, and Uint64 stays a method of a plain
// type, cheap enough to inline.
//
// The zero value is not usable: Init or Restore sets it up; until then
// Uint64, Read, ReadAt, Seek, SetStream and Stream panic.
type Stream struct {
	// buf[8:] is one batch. In front of it, buf[8-k:8] holds the k <= 8
	// bytes of the previous batch that Uint64 had not read when it
	// refilled, so the next 8 bytes are always contiguous.
	buf    [8 + BatchSize]byte
	rem    uint   // unread bytes at the end of buf: buf[8+BatchSize-rem:]; at most BatchSize+8
	ctr    uint64 // block counter of buf[8]
	stream uint64 // stream id of buf[8]
	shift  uint8  // log2 of the block size
	carry  bool   // the kernel's Carries
	// fill calls the Fill of the kernel at byte offset koff from the
	// Stream: fillAt[K, P], a plain function, set by Init and Restore
	// (nil before).
	fill func(s *Stream, dst []byte, counter, stream uint64)
	koff int
}

// KernelPtr is the constraint on a kernel type K: *K is a Kernel.
type KernelPtr[K any] interface {
	*K
	Kernel
}

func fillAt[K any, P KernelPtr[K]](s *Stream, dst []byte, counter, stream uint64) {
	// The kernel is in the same struct as s, koff bytes away (see Init).
	P((*K)(unsafe.Add(unsafe.Pointer(s), s.koff))).Fill(dst, counter, stream)
}

// Init sets s up to produce stream id stream of kernel k from position 0.
// k must point to a field of the same struct as s, as in
//
//	type Source struct {
//		ks keystream.Stream
//		k  kernel
//	}
//
// and must not move relative to s: s keeps its offset, not the pointer.
// A Stream must always be used with the same kernel type K.
func Init[K any, P KernelPtr[K]](s *Stream, k P, stream uint64) {
	setKernel[K, P](s, k)
	s.setBlock(stream, 0, 0)
}

func setKernel[K any, P KernelPtr[K]](s *Stream, k P) {
	s.koff = int(uintptr(unsafe.Pointer(k)) - uintptr(unsafe.Pointer(s)))
	if s.koff < -maxKernelDistance || s.koff > maxKernelDistance {
		// Not a field beside s: the offset would be meaningless in a
		// copy. (A cheap guard against misuse, not a proof.)
		panic("keystream: the kernel must be a field of the same struct as the Stream")
	}
	s.shift = uint8(log2(k.BlockSize()))
	s.carry = k.Carries()
	if s.fill == nil {
		// The function value is a closure over the generic dictionary,
		// allocated once per Stream: a Stream never changes kernel
		// type, so Seed and Restore on a used Stream keep it and do
		// not allocate. (It holds no mutable state: copies may share
		// it.)
		s.fill = fillAt[K, P]
	}
}

// maxKernelDistance bounds the distance between a Stream and its kernel in
// one struct: the Stream's size plus a generous kernel size.
const maxKernelDistance = int(unsafe.Sizeof(Stream{})) + 4096

func log2(n int) int {
	for i := 3; 1<<i <= BatchSize; i++ {
		if 1<<i == n {
			return i
		}
	}
	panic(fmt.Sprintf("keystream: block size %d is not a power of two from 8 to %d", n, BatchSize))
}

// Ready reports whether s has been set up by Init or Restore.
func (s *Stream) Ready() bool { return s.fill != nil }

func (s *Stream) mustInit() {
	if s.fill == nil {
		panic("streamrand: use of a zero Source (create it with a constructor or UnmarshalBinary)")
	}
}

// add returns the counter block n blocks after (stream, ctr).
func (s *Stream) add(stream, ctr, n uint64) (uint64, uint64) {
	next := ctr + n
	if next < ctr && s.carry {
		stream++
	}
	return stream, next
}

// sub returns the counter block n blocks before (stream, ctr).
func (s *Stream) sub(stream, ctr, n uint64) (uint64, uint64) {
	prev := ctr - n
	if prev > ctr && s.carry {
		stream--
	}
	return stream, prev
}

const batchBytes = uint64(BatchSize)

// setBlock refills the buffer from block ctr of stream and skips skip bytes
// of it.
func (s *Stream) setBlock(stream, ctr uint64, skip int) {
	s.stream, s.ctr = stream, ctr
	s.fill(s, s.buf[8:], ctr, stream)
	s.rem = uint(BatchSize - skip)
}

// refill8 is called with at most 8 unread bytes: it moves them in front of
// the batch and refills the batch with the blocks that follow.
func (s *Stream) refill8() {
	s.mustInit()
	k := min(s.rem, 8) // min only matters in a racy program, where rem can be anything
	copy(s.buf[8-k:8], s.buf[8+BatchSize-k:])
	s.stream, s.ctr = s.add(s.stream, s.ctr, batchBytes>>s.shift)
	s.fill(s, s.buf[8:], s.ctr, s.stream)
	s.rem = BatchSize + k
}

// Read fills p with the next len(p) bytes of the stream. It always returns
// len(p), nil.
func (s *Stream) Read(p []byte) (int, error) {
	n := len(p)
	k := copy(p, s.buf[8+BatchSize-s.rem:])
	s.rem -= uint(k)
	p = p[k:]
	if len(p) == 0 {
		return n, nil
	}
	s.mustInit()
	// The buffer is drained: the next block follows the buffer.
	stream, next := s.add(s.stream, s.ctr, batchBytes>>s.shift)
	if whole := len(p) &^ (BatchSize - 1); whole > 0 {
		s.fill(s, p[:whole], next, stream)
		stream, next = s.add(stream, next, uint64(whole)>>s.shift)
		p = p[whole:]
		if len(p) == 0 {
			// Leave the buffer drained, positioned just before next.
			s.stream, s.ctr = s.sub(stream, next, batchBytes>>s.shift)
			s.rem = 0
			return n, nil
		}
	}
	s.setBlock(stream, next, 0)
	s.rem -= uint(copy(p, s.buf[8:]))
	return n, nil
}

// at returns the counter block (stream id and block counter) of the byte at
// the current position and the offset of that byte in its block.
func (s *Stream) at() (stream, ctr uint64, off int) {
	used := BatchSize - int(s.rem) // in [-8, BatchSize]: rem exceeds BatchSize after refill8
	mask := 1<<s.shift - 1
	off = used & mask
	if used < 0 {
		stream, ctr = s.sub(s.stream, s.ctr, 1) // BlockSize >= 8 > -used
		return stream, ctr, off
	}
	stream, ctr = s.add(s.stream, s.ctr, uint64(used>>s.shift))
	return stream, ctr, off
}

// Stream returns the stream id of the current position: the one given to
// Init or SetStream, or, for a kernel that Carries, one more for each time
// the block counter passed 2^64-1 since. It panics on a Stream that is not
// ready, which has no stream id.
func (s *Stream) Stream() uint64 {
	s.mustInit()
	stream, _, _ := s.at()
	return stream
}

// errBeyondInt64 is returned by Seek when the current position does not fit
// in an int64 byte count.
var errBeyondInt64 = errors.New("Seek: the current position is beyond 2^63-1 bytes, which an int64 cannot hold (use MarshalBinary to save it)")

// Seek sets the position for the next Uint64 or Read within the current
// stream (Stream()), without generating the bytes skipped, and returns the
// new position. whence is io.SeekStart or io.SeekCurrent; io.SeekEnd (a
// keystream has no end), another whence, a negative result, a result beyond
// 2^63-1 and io.SeekCurrent from a position beyond 2^63-1 are errors that
// leave the position unchanged. Errors are not prefixed with a package name.
func (s *Stream) Seek(offset int64, whence int) (int64, error) {
	s.mustInit()
	stream, ctr, off := s.at()
	var pos int64
	switch whence {
	case io.SeekStart:
		pos = offset
	case io.SeekCurrent:
		if ctr > (math.MaxInt64-uint64(off))>>s.shift {
			return 0, errBeyondInt64
		}
		cur := int64(ctr<<s.shift) + int64(off)
		if offset > 0 && cur > math.MaxInt64-offset {
			return 0, fmt.Errorf("Seek: position %d + %d overflows int64", cur, offset)
		}
		pos = cur + offset
	case io.SeekEnd:
		return 0, errors.New("Seek: io.SeekEnd is not supported: a keystream has no end")
	default:
		return 0, fmt.Errorf("Seek: invalid whence %d", whence)
	}
	if pos < 0 {
		return 0, fmt.Errorf("Seek: negative position %d", pos)
	}
	s.setBlock(stream, uint64(pos)>>s.shift, int(pos&(1<<s.shift-1)))
	return pos, nil
}

// SetStream switches to stream id id at position 0.
func (s *Stream) SetStream(id uint64) {
	s.mustInit()
	s.setBlock(id, 0, 0)
}

// batchPool holds the scratch batches of ReadAt. The kernel is called
// through a function value, so a scratch array on ReadAt's stack would
// escape to the heap anyway; the pool reuses them across calls and
// goroutines.
var batchPool = sync.Pool{New: func() any { return new([BatchSize]byte) }}

// ReadAt fills p with the bytes at byte offset off of the current stream
// (Stream()) and returns len(p), nil, without moving the position or
// touching the buffer: it only reads s. So calls of ReadAt may run in many
// goroutines at once, as long as no call that changes s (Uint64, Read,
// Seek, SetStream, Init, Restore) runs at the same time. A negative off is
// an error. Bytes beyond 2^63-1 are the keystream's, as Read gives them.
func (s *Stream) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, fmt.Errorf("ReadAt: negative offset %d", off)
	}
	s.mustInit()
	n := len(p)
	if n == 0 {
		return 0, nil
	}
	stream, _, _ := s.at()
	mask := int64(1)<<s.shift - 1
	ctr := uint64(off) >> s.shift
	if skip := int(off & mask); skip != 0 || n < BatchSize {
		// A head that does not start on a block, or a short read: one
		// scratch batch.
		tmp := batchPool.Get().(*[BatchSize]byte)
		s.fill(s, tmp[:], ctr, stream)
		c := copy(p, tmp[skip:])
		batchPool.Put(tmp)
		p = p[c:]
		stream, ctr = s.add(stream, ctr, batchBytes>>s.shift)
	}
	if whole := len(p) &^ (BatchSize - 1); whole > 0 {
		s.fill(s, p[:whole], ctr, stream)
		p = p[whole:]
		stream, ctr = s.add(stream, ctr, uint64(whole)>>s.shift)
	}
	if len(p) > 0 {
		tmp := batchPool.Get().(*[BatchSize]byte)
		s.fill(s, tmp[:], ctr, stream)
		copy(p, tmp[:])
		batchPool.Put(tmp)
	}
	return n, nil
}

// Peek returns the unread bytes of the buffer, refilling it first if fewer
// than 8 are left, so that it always returns at least 8 bytes (at most
// BatchSize+8). They stay unread until Discard.
func (s *Stream) Peek() []byte {
	if s.rem < 8 {
		s.refill8()
	}
	return s.buf[8+BatchSize-s.rem:]
}

// Discard consumes the first n bytes that Peek returned.
func (s *Stream) Discard(n int) {
	if n < 0 || uint(n) > s.rem {
		panic("keystream: Discard beyond the buffered bytes")
	}
	s.rem -= uint(n)
}

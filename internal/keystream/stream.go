// Package keystream is the one buffered layer every streamrand generator runs
// on. A generator supplies a Kernel that writes whole batches of keystream
// blocks; Stream owns the batch buffer, the byte position, Uint64, Read, Seek,
// the stream id and the marshalled form.
package keystream

import (
	"errors"
	"fmt"
	"io"
	"math"
)

// BatchSize is the number of bytes a Kernel writes per batch, and the size of
// the buffer behind Uint64 and short reads: 16 ChaCha blocks or 64 AES blocks.
const BatchSize = 1024

// A Kernel writes keystream blocks.
type Kernel interface {
	// Fill writes blocks counter, counter+1, ... of stream id stream into
	// dst, in stream order. len(dst) is a positive multiple of BatchSize.
	Fill(dst []byte, counter, stream uint64)
}

// Stream is a position in a keystream. The zero value is not usable: it must
// be set up with Init or UnmarshalBinary; until then Uint64 and Read panic.
type Stream struct {
	// buf[8:] is one batch. In front of it, buf[8-k:8] holds the k < 8
	// bytes of the previous batch that Uint64 had not read when it
	// refilled, so the next 8 bytes are always contiguous.
	buf    [8 + BatchSize]byte
	rem    int    // unread bytes at the end of buf: buf[8+BatchSize-rem:]; <= BatchSize between calls
	ctr    uint64 // block counter of buf[8]
	stream uint64
	shift  uint // log2 of the block size
	kernel Kernel
	pkg    string // package name, the prefix of errors
	name   string // algorithm name, for the marshalled form
	key    []byte // raw key, for the marshalled form
}

// Init sets up s to produce stream id stream of kernel k from position 0.
// blockSize is the kernel's block size in bytes (a power of two that divides
// BatchSize); pkg prefixes errors; name and key identify the generator in
// the marshalled form.
func (s *Stream) Init(k Kernel, blockSize int, pkg, name string, key []byte, stream uint64) {
	s.kernel = k
	s.pkg = pkg
	s.shift = uint(log2(blockSize))
	s.name = name
	s.key = append(s.key[:0], key...)
	s.stream = stream
	s.setBlock(0, 0)
}

func log2(n int) int {
	for i := 0; i < 16; i++ {
		if 1<<i == n {
			return i
		}
	}
	panic("keystream: block size is not a power of two")
}

// setBlock refills the buffer from block ctr and skips skip bytes of it.
func (s *Stream) setBlock(ctr uint64, skip int) {
	s.ctr = ctr
	s.kernel.Fill(s.buf[8:], ctr, s.stream)
	s.rem = BatchSize - skip
}

// refill8 makes at least 8 bytes readable for Uint64: it moves the k < 8
// unread bytes in front of the batch and refills the batch with the blocks
// that follow.
func (s *Stream) refill8() {
	s.mustInit()
	k := s.rem
	copy(s.buf[8-k:8], s.buf[8+BatchSize-k:])
	s.ctr += BatchSize >> s.shift
	s.kernel.Fill(s.buf[8:], s.ctr, s.stream)
	s.rem = BatchSize + k
}

// Read fills p with the next len(p) bytes of the stream. It always returns
// len(p), nil.
func (s *Stream) Read(p []byte) (int, error) {
	n := len(p)
	k := copy(p, s.buf[8+BatchSize-s.rem:])
	s.rem -= k
	p = p[k:]
	if len(p) == 0 {
		return n, nil
	}
	s.mustInit()
	// The buffer is drained: the next block follows the buffer.
	next := s.ctr + BatchSize>>s.shift
	if whole := len(p) &^ (BatchSize - 1); whole > 0 {
		s.kernel.Fill(p[:whole], next, s.stream)
		next += uint64(whole) >> s.shift
		p = p[whole:]
		if len(p) == 0 {
			// Leave the buffer drained, positioned just before next.
			s.ctr = next - BatchSize>>s.shift
			return n, nil
		}
	}
	s.setBlock(next, 0)
	s.rem -= copy(p, s.buf[8:])
	return n, nil
}

func (s *Stream) mustInit() {
	if s.kernel == nil {
		panic("streamrand: use of an uninitialised Source (create it with a constructor or UnmarshalBinary)")
	}
}

// block returns the block counter and the byte offset in that block of the
// current position.
func (s *Stream) block() (ctr uint64, off int) {
	used := BatchSize - s.rem // >= 0: rem exceeds BatchSize only inside Uint64
	return s.ctr + uint64(used>>s.shift), used & (1<<s.shift - 1)
}

// Position returns the current byte position in the stream. ok is false when
// it does not fit in an int64.
func (s *Stream) position() (pos int64, ok bool) {
	ctr, off := s.block()
	if ctr > (math.MaxInt64-uint64(off))>>s.shift {
		return 0, false
	}
	return int64(ctr<<s.shift) + int64(off), true
}

// Seek sets the position for the next Uint64 or Read within the current
// stream, without generating the bytes skipped. whence is io.SeekStart or
// io.SeekCurrent; io.SeekEnd (a keystream has no end), an unknown whence and
// a negative result are errors that leave the position unchanged. Seek
// returns the new position.
func (s *Stream) Seek(offset int64, whence int) (int64, error) {
	s.mustInit()
	var pos int64
	switch whence {
	case io.SeekStart:
		pos = offset
	case io.SeekCurrent:
		cur, ok := s.position()
		if !ok || (offset > 0 && cur > math.MaxInt64-offset) {
			return 0, errors.New(s.pkg + ": Seek: position overflows int64")
		}
		pos = cur + offset
	case io.SeekEnd:
		return 0, errors.New(s.pkg + ": Seek: io.SeekEnd is not supported: a keystream has no end")
	default:
		return 0, fmt.Errorf("%s: Seek: invalid whence %d", s.pkg, whence)
	}
	if pos < 0 {
		return 0, fmt.Errorf("%s: Seek: negative position %d", s.pkg, pos)
	}
	s.setBlock(uint64(pos)>>s.shift, int(pos&(1<<s.shift-1)))
	return pos, nil
}

// SetStream switches to stream id id at position 0.
func (s *Stream) SetStream(id uint64) {
	s.mustInit()
	s.stream = id
	s.setBlock(0, 0)
}

// Stream returns the current stream id.
func (s *Stream) Stream() uint64 { return s.stream }

// Name returns the algorithm name given to Init.
func (s *Stream) Name() string { return s.name }

// Key returns the key given to Init. The caller must not modify it.
func (s *Stream) Key() []byte { return s.key }

// Peek returns the unread bytes of the buffer, refilling it first if fewer
// than 8 are left, so that it always returns at least 8 bytes (at most
// BatchSize+7). They stay unread until Discard.
func (s *Stream) Peek() []byte {
	if s.rem < 8 {
		s.refill8()
	}
	return s.buf[8+BatchSize-s.rem:]
}

// Discard consumes the first n bytes that Peek returned.
func (s *Stream) Discard(n int) {
	if n < 0 || n > s.rem {
		panic("keystream: Discard beyond the buffered bytes")
	}
	s.rem -= n
}

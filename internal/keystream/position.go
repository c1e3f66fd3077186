package keystream

import (
	"encoding/binary"
	"fmt"

	"github.com/streamrand/streamrand/internal/checkpoint"
)

// PositionSize is the length of the position part of the marshalled form:
//
//	stream  stream id of the counter block at the position, big-endian (8 bytes)
//	block   block counter of that block, big-endian (8 bytes)
//	offset  byte offset in that block (1 byte)
//
// internal/family frames it with the generator's header (internal/checkpoint).
const PositionSize = 8 + 8 + 1

// AppendPosition appends the position part of the marshalled form to b.
// s must be ready.
func (s *Stream) AppendPosition(b []byte) []byte {
	s.mustInit()
	stream, ctr, off := s.at()
	b = binary.BigEndian.AppendUint64(b, stream)
	b = binary.BigEndian.AppendUint64(b, ctr)
	return append(b, byte(off))
}

// CheckPosition returns an error wrapping checkpoint.ErrFormat if pos is
// not the position part of a marshalled form for a kernel of blockSize-byte
// blocks: not PositionSize bytes, or an offset outside a block.
func CheckPosition(pos []byte, blockSize int) error {
	if len(pos) != PositionSize {
		return fmt.Errorf("%w: position of %d bytes", checkpoint.ErrFormat, len(pos))
	}
	if int(pos[16]) >= blockSize {
		return fmt.Errorf("%w: offset %d in a block of %d bytes", checkpoint.ErrFormat, pos[16], blockSize)
	}
	return nil
}

// Restore sets s up for the kernel at k (as Init) at the position pos,
// which must have passed CheckPosition for k's block size.
func Restore[K any, P KernelPtr[K]](s *Stream, k P, pos []byte) {
	if err := CheckPosition(pos, k.BlockSize()); err != nil {
		panic("keystream: Restore of an unchecked position: " + err.Error())
	}
	setKernel[K, P](s, k)
	s.setBlock(binary.BigEndian.Uint64(pos), binary.BigEndian.Uint64(pos[8:]), int(pos[16]))
}

package keystream

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
)

// The marshalled form, version 1:
//
//	"streamrand:"  magic (11 bytes)
//	1              version (1 byte)
//	n, name        algorithm name, length-prefixed (1 + n bytes)
//	k, key         raw key, length-prefixed (1 + k bytes)
//	stream         stream id, big-endian (8 bytes)
//	block          block counter of the position, big-endian (8 bytes)
//	offset         byte offset in that block (1 byte)
//	crc            CRC-32 (IEEE) of everything before, big-endian (4 bytes)
const (
	magic   = "streamrand:"
	version = 1
)

// Errors returned by Unmarshal, wrapped with the generator's name.
var (
	ErrFormat    = errors.New("malformed state")
	ErrVersion   = errors.New("unsupported state version")
	ErrChecksum  = errors.New("state checksum mismatch (corrupted data)")
	ErrAlgorithm = errors.New("state is for another algorithm")
)

// AppendBinary appends the marshalled form of s to b.
func (s *Stream) AppendBinary(b []byte) ([]byte, error) {
	s.mustInit()
	start := len(b)
	b = append(b, magic...)
	b = append(b, version, byte(len(s.name)))
	b = append(b, s.name...)
	b = append(b, byte(len(s.key)))
	b = append(b, s.key...)
	ctr, off := s.block()
	b = binary.BigEndian.AppendUint64(b, s.stream)
	b = binary.BigEndian.AppendUint64(b, ctr)
	b = append(b, byte(off))
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:])), nil
}

// MarshalBinary returns the marshalled form of s: algorithm, key, stream id
// and position, enough to resume the exact stream.
func (s *Stream) MarshalBinary() ([]byte, error) {
	return s.AppendBinary(make([]byte, 0, 64+len(s.key)))
}

// Rekey builds the kernel for a marshalled algorithm name and key. It returns
// ErrAlgorithm (possibly wrapped) for a name outside the generator's family
// and an error for a key that does not fit the algorithm.
type Rekey func(name string, key []byte) (k Kernel, blockSize int, err error)

// Unmarshal restores s from data written by AppendBinary, building the kernel
// with rekey; pkg prefixes later errors. On any error s is left unchanged.
func (s *Stream) Unmarshal(data []byte, pkg string, rekey Rekey) error {
	const fixed = len(magic) + 2 + 1 + 8 + 8 + 1 + 4
	if len(data) < fixed || string(data[:len(magic)]) != magic {
		return ErrFormat
	}
	if data[len(magic)] != version {
		return ErrVersion
	}
	nameLen := int(data[len(magic)+1])
	if len(data) < fixed+nameLen {
		return ErrFormat
	}
	keyLen := int(data[len(magic)+2+nameLen])
	if len(data) != fixed+nameLen+keyLen {
		return ErrFormat
	}
	body, sum := data[:len(data)-4], binary.BigEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return ErrChecksum
	}
	p := len(magic) + 2
	name := string(data[p : p+nameLen])
	p += nameLen + 1
	key := data[p : p+keyLen]
	p += keyLen
	stream := binary.BigEndian.Uint64(data[p:])
	ctr := binary.BigEndian.Uint64(data[p+8:])
	off := int(data[p+16])

	k, blockSize, err := rekey(name, key)
	if err != nil {
		return err
	}
	if off >= blockSize {
		return ErrFormat
	}
	s.Init(k, blockSize, pkg, name, key, stream)
	s.setBlock(ctr, off)
	return nil
}

// Package checkpoint frames the marshalled form shared by every streamrand
// generator and defines its errors, once, for the generator packages and the
// root package (which re-exports them) to share.
//
// The form, version 1:
//
//	"streamrand:"  magic (11 bytes)
//	1              version (1 byte)
//	n, name        algorithm name, length-prefixed (1 + n bytes)
//	k, key         raw key, length-prefixed (1 + k bytes)
//	position       the keystream's position, written by the keystream layer
//	               (internal/keystream: stream id, block counter, offset)
//	crc            CRC-32 (IEEE) of everything before, big-endian (4 bytes)
//
// internal/family assembles it for every generator package: AppendHeader
// writes the kernel's name and key, the keystream layer appends the
// position, and Seal appends the checksum. Open checks the framing and
// splits the fields again.
package checkpoint

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
)

const (
	magic   = "streamrand:"
	version = 1
)

// The checkpoint errors, matched with errors.Is. Generator packages wrap
// them with their name and the detail.
var (
	// ErrFormat: the data is not a checkpoint of this form (wrong magic,
	// truncated or oversized, a field out of range, a key of the wrong
	// length for its algorithm).
	ErrFormat = errors.New("malformed state")
	// ErrVersion: a checkpoint of a version this code does not read.
	ErrVersion = errors.New("unsupported state version")
	// ErrChecksum: well framed, but the CRC-32 does not match (corrupted
	// data).
	ErrChecksum = errors.New("state checksum mismatch (corrupted data)")
	// ErrAlgorithm: a valid checkpoint of an algorithm the receiving
	// generator does not run.
	ErrAlgorithm = errors.New("state is for another algorithm")
)

// AppendHeader appends the magic, the version, the algorithm name and the
// key to b. name and key are at most 255 bytes.
func AppendHeader(b []byte, name string, key []byte) []byte {
	b = append(b, magic...)
	b = append(b, version, byte(len(name)))
	b = append(b, name...)
	b = append(b, byte(len(key)))
	return append(b, key...)
}

// Seal appends the CRC-32 of b[start:], where start is the length of b
// before AppendHeader.
func Seal(b []byte, start int) []byte {
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
}

// Open checks the framing of data, a checkpoint whose position part has
// posLen bytes, and returns its fields (slices of data). It returns
// ErrFormat for a wrong magic or length, ErrVersion for another version and
// ErrChecksum for a CRC mismatch, in that order of checks. It does not judge
// the name, the key or the position.
func Open(data []byte, posLen int) (name string, key, pos []byte, err error) {
	fixed := len(magic) + 2 + 1 + posLen + 4
	if len(data) < fixed || string(data[:len(magic)]) != magic {
		return "", nil, nil, ErrFormat
	}
	if data[len(magic)] != version {
		return "", nil, nil, ErrVersion
	}
	nameLen := int(data[len(magic)+1])
	if len(data) < fixed+nameLen {
		return "", nil, nil, ErrFormat
	}
	keyLen := int(data[len(magic)+2+nameLen])
	if len(data) != fixed+nameLen+keyLen {
		return "", nil, nil, ErrFormat
	}
	body, sum := data[:len(data)-4], binary.BigEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return "", nil, nil, ErrChecksum
	}
	p := len(magic) + 2
	name = string(data[p : p+nameLen])
	p += nameLen + 1
	key = data[p : p+keyLen]
	p += keyLen
	return name, key, data[p : p+posLen], nil
}

// SameIdentity reports whether checkpoints a and b, each whose position
// part has posLen bytes, hold the same algorithm and key (they may differ
// in position). It does not check the framing: a malformed a or b is
// simply not the same.
func SameIdentity(a, b []byte, posLen int) bool {
	n := len(a) - posLen - 4
	return len(a) == len(b) && n >= 0 && string(a[:n]) == string(b[:n])
}

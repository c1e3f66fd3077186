// Package aesctr provides reproducible random streams from AES in counter
// mode (AES-128, AES-192, AES-256), as a math/rand/v2 Source and an
// io.Reader.
//
// Block i of stream s is AES_k(BE64(s) || BE64(i)): NIST SP 800-38A CTR mode
// with the initial counter block BE64(s) || 0^64, incremented as one 128-bit
// big-endian number. It is the keystream of cipher.NewCTR(aes.NewCipher(k),
// iv) with that iv, so any AES implementation can reproduce it.
//
// NewSource(seed) uses an AES-128 key made by rand_core's seed_from_u64
// expansion of seed. A uint64 seed is for reproducibility, not secrecy; use
// NewWithKey or NewSecure for secret streams.
//
// Uint64 returns the next 8 bytes of the stream (little-endian); Read returns
// the next len(p) bytes; both advance one byte position, which Seek moves in
// O(1) and SetStream resets. A Source is not safe for concurrent use.
package aesctr

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"fmt"
	mrand "math/rand/v2"
	"sync"

	"github.com/streamrand/streamrand/internal/bulk"
	"github.com/streamrand/streamrand/internal/keystream"
)

// Package fill reaches the keystream of a *Source through package bulk.
func init() {
	bulk.Register(func(src mrand.Source) (bulk.Source, sync.Locker) {
		if s, ok := src.(*Source); ok {
			return &s.ks, nil
		}
		return nil, nil
	})
}

// BlockSize is the AES block size in bytes.
const BlockSize = 16

// kernel is the keystream.Kernel of one AES key.
type kernel struct {
	block  cipher.Block  // crypto/aes, for the portable path
	rounds int           // 10, 12 or 14
	rk     [15 * 16]byte // round keys in memory order, for the assembly kernels
}

func (k *kernel) Fill(dst []byte, counter, stream uint64) {
	k.fill(dst, counter, stream)
}

func newKernel(key []byte) (*kernel, error) {
	switch len(key) {
	case 16, 24, 32:
	default:
		return nil, fmt.Errorf("aesctr: invalid key length %d (want 16, 24 or 32 bytes)", len(key))
	}
	b, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("aesctr: %w", err)
	}
	k := &kernel{block: b}
	k.rounds = expandKey(&k.rk, key)
	return k, nil
}

func algName(keyLen int) string { return fmt.Sprintf("aes%dctr", keyLen*8) }

// A Source is an AES-CTR keystream positioned at a byte offset of one
// stream. It implements math/rand/v2.Source, io.ReadSeeker and the encoding
// binary interfaces. The zero Source is not usable until UnmarshalBinary;
// its other methods panic.
type Source struct {
	ks keystream.Stream
}

// NewWithKey returns a Source for the AES-CTR keystream with the given key
// (16, 24 or 32 bytes for AES-128, AES-192, AES-256) and stream id,
// positioned at byte 0.
func NewWithKey(key []byte, stream uint64) (*Source, error) {
	k, err := newKernel(key)
	if err != nil {
		return nil, err
	}
	s := &Source{}
	s.ks.Init(k, BlockSize, "aesctr", algName(len(key)), key, stream)
	return s, nil
}

// NewSource returns an AES-128 Source whose key is the first 16 bytes of the
// seed expansion of rand_core's seed_from_u64(seed), stream 0, position 0.
func NewSource(seed uint64) *Source {
	var key [16]byte
	keystream.ExpandSeed(key[:], seed)
	s, _ := NewWithKey(key[:], 0)
	return s
}

// NewSecure returns a Source with a key of keyLen bytes (16, 24 or 32) read
// from crypto/rand, stream 0.
func NewSecure(keyLen int) (*Source, error) {
	if _, err := newKernel(make([]byte, keyLen)); err != nil {
		return nil, err
	}
	key := make([]byte, keyLen)
	if _, err := rand.Read(key); err != nil {
		return nil, fmt.Errorf("aesctr: reading a key from crypto/rand: %w", err)
	}
	return NewWithKey(key, 0)
}

// KeySize returns the key length in bytes: 16, 24 or 32.
func (s *Source) KeySize() int { return len(s.ks.Key()) }

// Uint64 returns the next 8 bytes of the stream as a little-endian uint64.
func (s *Source) Uint64() uint64 { return s.ks.Uint64() }

// Read fills p with the next len(p) bytes of the stream. It always returns
// len(p), nil.
func (s *Source) Read(p []byte) (int, error) { return s.ks.Read(p) }

// Seek moves the byte position within the current stream in O(1), without
// generating the skipped bytes, and returns the new position. whence is
// io.SeekStart or io.SeekCurrent; io.SeekEnd, another whence and a negative
// position are errors.
func (s *Source) Seek(offset int64, whence int) (int64, error) { return s.ks.Seek(offset, whence) }

// SetStream switches to stream id id, at position 0.
func (s *Source) SetStream(id uint64) { s.ks.SetStream(id) }

// Stream returns the current stream id.
func (s *Source) Stream() uint64 { return s.ks.Stream() }

// AppendBinary appends the state of s (key, stream id, position) to b.
func (s *Source) AppendBinary(b []byte) ([]byte, error) { return s.ks.AppendBinary(b) }

// MarshalBinary returns the state of s (key, stream id, position).
func (s *Source) MarshalBinary() ([]byte, error) { return s.ks.MarshalBinary() }

// UnmarshalBinary restores a state written by MarshalBinary or AppendBinary
// of any aesctr Source, so that s resumes that exact stream. Malformed,
// corrupted or non-AES data returns an error and leaves s unchanged.
func (s *Source) UnmarshalBinary(data []byte) error {
	err := s.ks.Unmarshal(data, "aesctr", func(name string, key []byte) (keystream.Kernel, int, error) {
		if name != "aes128ctr" && name != "aes192ctr" && name != "aes256ctr" {
			return nil, 0, fmt.Errorf("%w: %q", keystream.ErrAlgorithm, name)
		}
		if name != algName(len(key)) {
			return nil, 0, fmt.Errorf("%w: %s with a key of %d bytes", keystream.ErrFormat, name, len(key))
		}
		k, err := newKernel(key)
		return k, BlockSize, err
	})
	if err != nil {
		return fmt.Errorf("aesctr: UnmarshalBinary: %w", err)
	}
	return nil
}

// Package chacha provides reproducible random streams from the ChaCha stream
// cipher with 8, 12 or 20 rounds, as a math/rand/v2 Source and an io.Reader.
//
// The keystream is D. J. Bernstein's original ChaCha ("ChaCha, a variant of
// Salsa20", 2008): state words 0-3 are the constants of "expand 32-byte k",
// words 4-11 the 256-bit key (little-endian words), words 12-13 a 64-bit
// block counter and words 14-15 a 64-bit stream id (low words first). Block i
// of stream s is the little-endian serialisation of the state after the
// rounds plus the initial state, with counter i; the stream is blocks 0, 1,
// 2, ... concatenated. With stream 0 and fewer than 2^32 blocks this is the
// ChaCha20 of RFC 8439 for a nonce of 4 zero bytes followed by the stream id
// (8 bytes, little-endian), and it is the stream of Rust's rand_chacha
// ChaCha{8,12,20}Rng::from_seed(key) with set_stream(s).
//
// NewSource8(seed) keys the generator like rand_core's seed_from_u64(seed),
// so it yields exactly the numbers of ChaCha8Rng::seed_from_u64(seed). A
// uint64 seed is for reproducibility, not secrecy; use NewWithKey or
// NewSecure for secret streams.
//
// Uint64 returns the next 8 bytes of the stream (little-endian); Read returns
// the next len(p) bytes; both advance one byte position, which Seek moves in
// O(1) and SetStream resets. A Source is not safe for concurrent use.
package chacha

import (
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

// KeySize is the size of a ChaCha key in bytes.
const KeySize = 32

// BlockSize is the size of a ChaCha block in bytes.
const BlockSize = 64

// kernel is the keystream.Kernel of one key and round count.
type kernel struct {
	key    [8]uint32
	rounds int
}

func (k *kernel) Fill(dst []byte, counter, stream uint64) {
	blocks(dst, &k.key, counter, stream, k.rounds)
}

func newKernel(key *[KeySize]byte, rounds int) *kernel {
	k := &kernel{rounds: rounds}
	for i := range k.key {
		k.key[i] = uint32(key[4*i]) | uint32(key[4*i+1])<<8 | uint32(key[4*i+2])<<16 | uint32(key[4*i+3])<<24
	}
	return k
}

// A Source is a ChaCha keystream positioned at a byte offset of one stream.
// It implements math/rand/v2.Source, io.ReadSeeker and the encoding binary
// interfaces. The zero Source is not usable until UnmarshalBinary; its other
// methods panic.
type Source struct {
	ks     keystream.Stream
	rounds int
}

func algName(rounds int) string { return fmt.Sprintf("chacha%d", rounds) }

func validRounds(rounds int) bool { return rounds == 8 || rounds == 12 || rounds == 20 }

// NewWithKey returns a Source for the ChaCha keystream with the given key,
// number of rounds (8, 12 or 20) and stream id, positioned at byte 0.
func NewWithKey(key [KeySize]byte, rounds int, stream uint64) (*Source, error) {
	if !validRounds(rounds) {
		return nil, fmt.Errorf("chacha: invalid number of rounds %d (want 8, 12 or 20)", rounds)
	}
	s := &Source{rounds: rounds}
	s.ks.Init(newKernel(&key, rounds), BlockSize, "chacha", algName(rounds), key[:], stream)
	return s, nil
}

func newSeeded(seed uint64, rounds int) *Source {
	var key [KeySize]byte
	keystream.ExpandSeed(key[:], seed)
	s, _ := NewWithKey(key, rounds, 0)
	return s
}

// NewSource returns a ChaCha8 Source keyed from seed, like NewSource8.
func NewSource(seed uint64) *Source { return newSeeded(seed, 8) }

// NewSource8 returns a ChaCha8 Source whose key is the seed expansion of
// rand_core's seed_from_u64(seed), stream 0, position 0.
func NewSource8(seed uint64) *Source { return newSeeded(seed, 8) }

// NewSource12 is NewSource8 with 12 rounds.
func NewSource12(seed uint64) *Source { return newSeeded(seed, 12) }

// NewSource20 is NewSource8 with 20 rounds.
func NewSource20(seed uint64) *Source { return newSeeded(seed, 20) }

// NewSecure returns a Source with the given rounds keyed from crypto/rand,
// stream 0.
func NewSecure(rounds int) (*Source, error) {
	var key [KeySize]byte
	if _, err := rand.Read(key[:]); err != nil {
		return nil, fmt.Errorf("chacha: reading a key from crypto/rand: %w", err)
	}
	return NewWithKey(key, rounds, 0)
}

// Rounds returns the number of rounds: 8, 12 or 20.
func (s *Source) Rounds() int { return s.rounds }

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

// AppendBinary appends the state of s (rounds, key, stream id, position) to b.
func (s *Source) AppendBinary(b []byte) ([]byte, error) { return s.ks.AppendBinary(b) }

// MarshalBinary returns the state of s (rounds, key, stream id, position).
func (s *Source) MarshalBinary() ([]byte, error) { return s.ks.MarshalBinary() }

// UnmarshalBinary restores a state written by MarshalBinary or AppendBinary
// of any chacha Source, so that s resumes that exact stream. Malformed,
// corrupted or non-ChaCha data returns an error and leaves s unchanged.
func (s *Source) UnmarshalBinary(data []byte) error {
	rounds := 0
	err := s.ks.Unmarshal(data, "chacha", func(name string, key []byte) (keystream.Kernel, int, error) {
		for _, r := range []int{8, 12, 20} {
			if name == algName(r) {
				rounds = r
			}
		}
		if rounds == 0 {
			return nil, 0, fmt.Errorf("%w: %q", keystream.ErrAlgorithm, name)
		}
		if len(key) != KeySize {
			return nil, 0, fmt.Errorf("%w: key of %d bytes", keystream.ErrFormat, len(key))
		}
		return newKernel((*[KeySize]byte)(key), rounds), BlockSize, nil
	})
	if err != nil {
		return fmt.Errorf("chacha: UnmarshalBinary: %w", err)
	}
	s.rounds = rounds
	return nil
}

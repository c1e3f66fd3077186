// Package chacha provides random number generators built on the ChaCha
// stream cipher with 8, 12 or 20 rounds. A *Source is a math/rand/v2 Source
// and an io.Reader whose words and bytes are the same on every machine, with
// independent streams of one key, O(1) seeking and checkpoints:
//
//	r := rand.New(chacha.NewSource(42)) // r is a *rand.Rand (math/rand/v2)
//	fmt.Println(r.IntN(100))            // 68, on every machine
//
// The constructors follow one convention, shared with package aesctr.
// NewSource is the default variant, ChaCha8 (the round count of
// math/rand/v2's ChaCha8); the other variants are named by the number in the
// algorithm's name, the round count: NewSource12, NewSource20,
// NewWithKey(key, 12, stream), NewSecure(12). ChaCha has one key size, so
// NewWithKey takes its key as a [KeySize]byte ([32]byte(key) converts a
// slice of that length), as math/rand/v2's NewChaCha8 takes its seed;
// package aesctr, with three key sizes, takes a []byte whose length picks
// the variant, as crypto/aes does, and so does streamrand.NewWithKey, which
// serves every algorithm.
//
// NewSource, NewSource12 and NewSource20 key a Source from a uint64 seed,
// for reproducible numbers. A seed is not a secret: 2^64 seeds can be
// searched. NewWithKey takes a full 256-bit key and NewSecure draws one
// from crypto/rand, for secret streams.
//
// For parallel work, number the pieces of work, not the workers: give
// piece i its own Source with the same key (or seed) and SetStream(i); each
// stream id is an independent stream, so the results do not depend on how
// many goroutines run them or in which order (the package's example
// "Parallel" shows it).
//
// Uint64 returns the next 8 bytes of the stream (little-endian); Read returns
// the next len(p) bytes; both advance one byte position, which Seek moves in
// O(1) and SetStream resets. ReadAt reads at any offset without moving it.
// MarshalBinary saves the key, stream id and position; UnmarshalBinary
// resumes from them.
//
// # Keystream
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
// ChaCha{8,12,20}Rng::from_seed(key) with set_stream(s). After block 2^64-1
// the counter wraps to block 0 of the same stream, as in rand_chacha.
//
// NewSource(seed) keys the generator like rand_core's seed_from_u64(seed),
// so it yields exactly the numbers of ChaCha8Rng::seed_from_u64(seed)
// (NewSource12 and NewSource20: ChaCha12Rng and ChaCha20Rng).
//
// The keystreams and the seed expansion are fixed by these definitions
// forever; golden tests hold them.
//
// # Concurrency and copies
//
// A Source is not safe for concurrent use, except for concurrent calls of
// ReadAt (see there). A Source may be copied: the copy is an independent
// generator at the same state, unaffected by anything later done to the
// original (and the other way round), as with math/rand/v2's generators.
package chacha

import (
	"crypto/rand"
	"fmt"

	"github.com/streamrand/streamrand/internal/checkpoint"
	"github.com/streamrand/streamrand/internal/family"
	"github.com/streamrand/streamrand/internal/keystream"
	"github.com/streamrand/streamrand/internal/seedexp"
)

// Package fill reaches the keystream of a *Source.
func init() {
	family.Register(func(s *Source) *keystream.Stream { return &s.ks })
}

// KeySize is the size of a ChaCha key in bytes.
const KeySize = 32

// BlockSize is the size of a ChaCha block in bytes.
const BlockSize = 64

// kernel is the keystream.Kernel of one key and round count: the whole
// identity of a Source, held by value beside its keystream.
type kernel struct {
	key    [8]uint32     // key words 4-11 of the state
	raw    [KeySize]byte // the same key as bytes, for checkpoints
	rounds int           // 8, 12 or 20; 0 in a zero Source
}

func (k *kernel) Fill(dst []byte, counter, stream uint64) {
	blocks(dst, &k.key, counter, stream, k.rounds)
}

// BlockSize is the ChaCha block size.
func (*kernel) BlockSize() int { return BlockSize }

// Carries is false: the 64-bit block counter wraps within its stream.
func (*kernel) Carries() bool { return false }

func newKernel(key *[KeySize]byte, rounds int) kernel {
	k := kernel{raw: *key, rounds: rounds}
	for i := range k.key {
		k.key[i] = uint32(key[4*i]) | uint32(key[4*i+1])<<8 | uint32(key[4*i+2])<<16 | uint32(key[4*i+3])<<24
	}
	return k
}

// Family, Name, Key and SetIdentity name the kernel in errors and checkpoints
// (family.Kernel): "chacha8", "chacha12" or "chacha20" and the 32-byte key.
func (*kernel) Family() string { return "chacha" }

func (k *kernel) Name() string { return algName(k.rounds) }

func (k *kernel) Key() []byte { return k.raw[:] }

func (k *kernel) SetIdentity(name string, key []byte) error {
	for _, r := range []int{8, 12, 20} {
		if name == algName(r) {
			if len(key) != KeySize {
				return fmt.Errorf("%w: key of %d bytes", checkpoint.ErrFormat, len(key))
			}
			*k = newKernel((*[KeySize]byte)(key), r)
			return nil
		}
	}
	return fmt.Errorf("%w: %q", checkpoint.ErrAlgorithm, name)
}

// algName names the algorithm of rounds rounds, without allocating for the
// three valid ones (every AppendBinary writes it).
func algName(rounds int) string {
	switch rounds {
	case 8:
		return "chacha8"
	case 12:
		return "chacha12"
	case 20:
		return "chacha20"
	}
	return fmt.Sprintf("chacha%d", rounds)
}

func validRounds(rounds int) bool { return rounds == 8 || rounds == 12 || rounds == 20 }

// A Source is a ChaCha keystream positioned at a byte offset of one stream.
// It implements math/rand/v2.Source, io.ReadSeeker, io.ReaderAt and the
// encoding binary interfaces. The zero Source is not usable until
// UnmarshalBinary: its Uint64, Read, ReadAt, Seek, SetStream, Stream and
// Seed panic, AppendBinary and MarshalBinary return an error.
type Source struct {
	ks keystream.Stream
	k  kernel // the identity; ks reaches it by its offset (keystream.Init)
}

// NewWithKey returns a Source for the ChaCha keystream with the given key,
// number of rounds (8, 12 or 20) and stream id, positioned at byte 0.
func NewWithKey(key [KeySize]byte, rounds int, stream uint64) (*Source, error) {
	if !validRounds(rounds) {
		return nil, fmt.Errorf("chacha: invalid number of rounds %d (want 8, 12 or 20)", rounds)
	}
	s := new(Source)
	s.k = newKernel(&key, rounds)
	keystream.Init(&s.ks, &s.k, stream)
	return s, nil
}

func newSeeded(seed uint64, rounds int) *Source {
	s := new(Source)
	s.seed(seed, rounds)
	return s
}

func (s *Source) seed(seed uint64, rounds int) {
	var key [KeySize]byte
	seedexp.Expand(key[:], seed)
	s.k = newKernel(&key, rounds)
	keystream.Init(&s.ks, &s.k, 0)
}

// NewSource returns a ChaCha8 Source whose key is the seed expansion of
// rand_core's seed_from_u64(seed), stream 0, position 0. ChaCha8 is the
// default variant, with the round count of math/rand/v2's ChaCha8.
func NewSource(seed uint64) *Source { return newSeeded(seed, 8) }

// NewSource8 returns a ChaCha8 Source keyed from seed.
//
// Deprecated: NewSource is the same ChaCha8 generator; use it.
func NewSource8(seed uint64) *Source { return NewSource(seed) }

// NewSource12 is NewSource with 12 rounds.
func NewSource12(seed uint64) *Source { return newSeeded(seed, 12) }

// NewSource20 is NewSource with 20 rounds.
func NewSource20(seed uint64) *Source { return newSeeded(seed, 20) }

// NewSecure returns a Source of the given number of rounds (8, 12 or 20)
// keyed from crypto/rand, stream 0.
func NewSecure(rounds int) (*Source, error) {
	if !validRounds(rounds) {
		return nil, fmt.Errorf("chacha: invalid number of rounds %d (want 8, 12 or 20)", rounds)
	}
	var key [KeySize]byte
	rand.Read(key[:]) // never fails (Go 1.24+: it crashes the program instead)
	return NewWithKey(key, rounds, 0)
}

// Seed resets s to the state NewSource, NewSource12 or NewSource20 (the
// one of s's round count) would return for seed: the key expanded from
// seed, stream 0, position 0. It does not allocate. Copies of s made before
// keep their own state. Seed panics on a zero Source, which has no round
// count.
func (s *Source) Seed(seed uint64) {
	if !s.ks.Ready() {
		panic("chacha: Seed of a zero Source, which has no round count (create it with NewSource, NewSource12, NewSource20, NewWithKey or UnmarshalBinary)")
	}
	s.seed(seed, s.k.rounds)
}

// Rounds returns the number of rounds: 8, 12 or 20 (0 for a zero Source).
func (s *Source) Rounds() int { return s.k.rounds }

// Uint64 returns the next 8 bytes of the stream as a little-endian uint64.
func (s *Source) Uint64() uint64 { return s.ks.Uint64() }

// Read fills p with the next len(p) bytes of the stream. It always returns
// len(p), nil.
func (s *Source) Read(p []byte) (int, error) { return s.ks.Read(p) }

// ReadAt fills p with the len(p) bytes at byte offset off of the current
// stream and returns len(p), nil (io.ReaderAt), without moving the position
// that Uint64, Read and Seek use. A negative off is an error.
//
// ReadAt only reads s: calls of ReadAt may run in many goroutines at once on
// one Source, for example to fill parts of one large buffer in parallel, as
// long as no other method of s (Uint64, Read, Seek, SetStream, Seed,
// UnmarshalBinary) runs at the same time.
func (s *Source) ReadAt(p []byte, off int64) (int, error) { return family.ReadAt(&s.ks, &s.k, p, off) }

// Seek moves the byte position within the current stream in O(1), without
// generating the skipped bytes, and returns the new position. whence is
// io.SeekStart or io.SeekCurrent; io.SeekEnd, another whence and a negative
// position are errors. The block counter is 64 bits but positions are int64
// bytes, so Seek reaches block 2^57; after a checkpoint restored beyond that
// (or 2^63 bytes read), Seek(0, io.SeekCurrent) returns an error, and the
// position wraps to 0 with the counter after block 2^64-1.
func (s *Source) Seek(offset int64, whence int) (int64, error) {
	return family.Seek(&s.ks, &s.k, offset, whence)
}

// SetStream switches to stream id id, at position 0. (rand_chacha's
// set_stream keeps the word position instead; for that, note the position
// with Seek(0, io.SeekCurrent) before SetStream and Seek back to it after.)
func (s *Source) SetStream(id uint64) { s.ks.SetStream(id) }

// Stream returns the current stream id.
func (s *Source) Stream() uint64 { return s.ks.Stream() }

// AppendBinary appends the state of s (rounds, key, stream id, position) to
// b, in the form UnmarshalBinary reads. It returns an error for a zero
// Source.
func (s *Source) AppendBinary(b []byte) ([]byte, error) { return family.AppendBinary(b, &s.ks, &s.k) }

// MarshalBinary returns the state of s (rounds, key, stream id, position).
// It returns an error for a zero Source.
func (s *Source) MarshalBinary() ([]byte, error) { return family.MarshalBinary(&s.ks, &s.k) }

// UnmarshalBinary restores a state written by MarshalBinary or AppendBinary
// of any chacha Source (of any round count), so that s resumes that exact
// stream. On error s is unchanged, and the error matches one of package
// streamrand's checkpoint errors under errors.Is:
//
//   - streamrand.ErrFormat: not a checkpoint (wrong magic or length), a key
//     that is not 32 bytes, or a byte offset outside its block;
//   - streamrand.ErrVersion: a checkpoint format version this package does
//     not read;
//   - streamrand.ErrChecksum: the CRC-32 does not match (corrupted data);
//   - streamrand.ErrAlgorithm: a valid checkpoint of another algorithm
//     (aesctr).
func (s *Source) UnmarshalBinary(data []byte) error { return family.UnmarshalBinary(&s.ks, &s.k, data) }

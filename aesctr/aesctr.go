// Package aesctr provides random number generators built on AES in counter
// mode (AES-128, AES-192, AES-256). A *Source is a math/rand/v2 Source and
// an io.Reader whose words and bytes are the same on every machine, with
// independent streams of one key, O(1) seeking and checkpoints; its bytes
// are the CTR keystream any AES implementation reproduces:
//
//	r := rand.New(aesctr.NewSource(42)) // r is a *rand.Rand (math/rand/v2)
//	fmt.Println(r.IntN(100))            // 63, on every machine
//
// The constructors follow one convention, shared with package chacha.
// NewSource is the default variant, AES-128; the other variants are named
// by the number in the algorithm's name, the key size in bits:
// NewSource192, NewSource256, NewSecure(256) (NewSecure also takes the
// length in bytes, 32). A key is a []byte whose length, 16, 24 or 32
// bytes, picks the variant, as in crypto/aes, and any other length is an
// error; package chacha, with one key size, takes a [32]byte.
//
// NewSource, NewSource192 and NewSource256 key a Source from a uint64
// seed, for reproducible numbers. A seed is not a secret: 2^64 seeds can
// be searched. NewWithKey takes a full key and NewSecure draws one from
// crypto/rand, for secret streams.
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
// Block i of stream s is AES_k(BE64(s) || BE64(i)): NIST SP 800-38A CTR mode
// with the initial counter block BE64(s) || 0^64, incremented as one 128-bit
// big-endian number. It is the keystream of cipher.NewCTR(aes.NewCipher(k),
// iv) with that iv. After block 2^64-1 of stream s comes block 0 of stream
// s+1 (the carry of the 128-bit counter block), whichever method reads it.
//
// NewSource(seed) uses an AES-128 key made of the first 16 bytes of
// rand_core's seed_from_u64 expansion of seed; NewSource192 and
// NewSource256 the first 24 and 32.
//
// The keystreams and the seed expansion are fixed by these definitions
// forever; golden tests hold them.
//
// # Concurrency and copies
//
// A Source is not safe for concurrent use, except for concurrent calls of
// ReadAt (see there). A Source may be copied: the copy is an independent
// generator at the same state (it holds its own key and key schedule),
// unaffected by anything later done to the original (and the other way
// round), as with math/rand/v2's generators.
package aesctr

import (
	"crypto/aes"
	"crypto/cipher"
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

// BlockSize is the AES block size in bytes.
const BlockSize = 16

// kernel is the keystream.Kernel of one AES key: the key and its schedule,
// by value, the whole identity of a Source.
type kernel struct {
	// block is crypto/aes for the portable path, or nil when the
	// assembly kernels were selected at keying time (so that Seed does
	// not allocate); see cipherBlock.
	block  cipher.Block
	rounds int           // 10, 12 or 14; 0 in a zero Source
	rk     [15 * 16]byte // round keys in memory order, for the assembly kernels
	key    [32]byte      // the key: key[:keyLen]
	keyLen int           // 16, 24 or 32
}

func (k *kernel) Fill(dst []byte, counter, stream uint64) {
	k.fill(dst, counter, stream)
}

// BlockSize is the AES block size.
func (*kernel) BlockSize() int { return BlockSize }

// Carries is true: the counter block BE64(stream) || BE64(counter) is
// incremented as one 128-bit number, as crypto/cipher's CTR does.
func (*kernel) Carries() bool { return true }

func validKeyLen(n int) error {
	switch n {
	case 16, 24, 32:
		return nil
	}
	if n == 128 || n == 192 || n == 256 {
		// A size in bits, as in the algorithm's name: say which length it means.
		return fmt.Errorf("aesctr: invalid key length %d (want 16, 24 or 32 bytes: AES-%d takes %d)", n, n, n/8)
	}
	return fmt.Errorf("aesctr: invalid key length %d (want 16, 24 or 32 bytes)", n)
}

// secureKeyLen returns the key length in bytes of NewSecure's keyLen: 16,
// 24 or 32 bytes, or 128, 192 or 256 bits (the two sets do not overlap).
func secureKeyLen(keyLen int) (int, error) {
	switch keyLen {
	case 16, 24, 32:
		return keyLen, nil
	case 128, 192, 256:
		return keyLen / 8, nil
	}
	return 0, fmt.Errorf("aesctr: invalid key length %d (want 16, 24 or 32 bytes, or 128, 192 or 256 bits)", keyLen)
}

// setKey keys k with key (16, 24 or 32 bytes). It allocates only on the
// portable path (crypto/aes's cipher).
func (k *kernel) setKey(key []byte) {
	k.keyLen = copy(k.key[:], key)
	clear(k.key[k.keyLen:])
	k.rounds = expandKey(&k.rk, key)
	k.block = nil
	if !asmEnabled() {
		k.block = k.newBlock()
	}
}

func (k *kernel) newBlock() cipher.Block {
	b, err := aes.NewCipher(k.key[:k.keyLen])
	if err != nil {
		panic("aesctr: " + err.Error()) // not reached: the length was checked
	}
	return b
}

// cipherBlock returns crypto/aes's cipher for the portable path: the one
// made at keying time, or a new one if the kernel was keyed while an
// assembly kernel was selected (it then needs the portable path only for
// the batch in which the counter carries into the stream id, once in 2^64
// blocks). It does not modify k: Fill may run in several goroutines.
func (k *kernel) cipherBlock() cipher.Block {
	if k.block != nil {
		return k.block
	}
	return k.newBlock()
}

// Family, Name, Key and SetIdentity name the kernel in errors and checkpoints
// (family.Kernel): "aes128ctr", "aes192ctr" or "aes256ctr" and the key.
func (*kernel) Family() string { return "aesctr" }

func (k *kernel) Name() string { return algName(k.keyLen) }

func (k *kernel) Key() []byte { return k.key[:k.keyLen] }

func (k *kernel) SetIdentity(name string, key []byte) error {
	if name != "aes128ctr" && name != "aes192ctr" && name != "aes256ctr" {
		return fmt.Errorf("%w: %q", checkpoint.ErrAlgorithm, name)
	}
	if name != algName(len(key)) {
		return fmt.Errorf("%w: %s with a key of %d bytes", checkpoint.ErrFormat, name, len(key))
	}
	k.setKey(key)
	return nil
}

// algName names the algorithm of a key of keyLen bytes, without allocating
// for the three valid lengths (every AppendBinary writes it).
func algName(keyLen int) string {
	switch keyLen {
	case 16:
		return "aes128ctr"
	case 24:
		return "aes192ctr"
	case 32:
		return "aes256ctr"
	}
	return fmt.Sprintf("aes%dctr", keyLen*8)
}

// A Source is an AES-CTR keystream positioned at a byte offset of one
// stream. It implements math/rand/v2.Source, io.ReadSeeker, io.ReaderAt and
// the encoding binary interfaces. The zero Source is not usable until
// UnmarshalBinary: its Uint64, Read, ReadAt, Seek, SetStream, Stream and
// Seed panic, AppendBinary and MarshalBinary return an error.
type Source struct {
	ks keystream.Stream
	k  kernel // the identity; ks reaches it by its offset (keystream.Init)
}

// NewWithKey returns a Source for the AES-CTR keystream with the given key
// (16, 24 or 32 bytes for AES-128, AES-192, AES-256) and stream id,
// positioned at byte 0.
func NewWithKey(key []byte, stream uint64) (*Source, error) {
	if err := validKeyLen(len(key)); err != nil {
		return nil, err
	}
	s := new(Source)
	s.k.setKey(key)
	keystream.Init(&s.ks, &s.k, stream)
	return s, nil
}

func newSeeded(seed uint64, keyLen int) *Source {
	s := new(Source)
	s.seed(seed, keyLen)
	return s
}

func (s *Source) seed(seed uint64, keyLen int) {
	var key [32]byte
	seedexp.Expand(key[:keyLen], seed)
	s.k.setKey(key[:keyLen])
	keystream.Init(&s.ks, &s.k, 0)
}

// NewSource returns an AES-128 Source whose key is the first 16 bytes of
// the seed expansion of rand_core's seed_from_u64(seed), stream 0, position
// 0. AES-128 is the default variant.
func NewSource(seed uint64) *Source { return newSeeded(seed, 16) }

// NewSource128 returns an AES-128 Source keyed from seed.
//
// Deprecated: NewSource is the same AES-128 generator; use it.
func NewSource128(seed uint64) *Source { return NewSource(seed) }

// NewSource192 is NewSource with AES-192: the first 24 bytes of the
// expansion.
func NewSource192(seed uint64) *Source { return newSeeded(seed, 24) }

// NewSource256 is NewSource with AES-256: the first 32 bytes of the
// expansion (the key chacha.NewSource uses for the same seed).
func NewSource256(seed uint64) *Source { return newSeeded(seed, 32) }

// NewSecure returns an AES-128, AES-192 or AES-256 Source with a key read
// from crypto/rand, stream 0. keyLen is the key's length in bits, the
// number in the algorithm's name (128, 192 or 256), or in bytes, as
// NewWithKey's len(key) (16, 24 or 32); anything else is an error.
func NewSecure(keyLen int) (*Source, error) {
	n, err := secureKeyLen(keyLen)
	if err != nil {
		return nil, err
	}
	var key [32]byte
	rand.Read(key[:n]) // never fails (Go 1.24+: it crashes the program instead)
	return NewWithKey(key[:n], 0)
}

// Seed resets s to the state NewSource, NewSource192 or NewSource256
// (the one of s's key length) would return for seed: the key expanded from
// seed, stream 0, position 0. It does not allocate on the assembly
// backends (the portable one allocates crypto/aes's cipher). Copies of s
// made before keep their own state. Seed panics on a zero Source, which has
// no key length.
func (s *Source) Seed(seed uint64) {
	if !s.ks.Ready() {
		panic("aesctr: Seed of a zero Source, which has no key length (create it with NewSource, NewSource192, NewSource256, NewWithKey or UnmarshalBinary)")
	}
	s.seed(seed, s.k.keyLen)
}

// KeySize returns the key length in bytes: 16, 24 or 32.
// (0 for a zero Source).
func (s *Source) KeySize() int { return s.k.keyLen }

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
func (s *Source) ReadAt(p []byte, off int64) (int, error) {
	return family.ReadAt(&s.ks, &s.k, p, off)
}

// Seek moves the byte position within the current stream in O(1), without
// generating the skipped bytes, and returns the new position. whence is
// io.SeekStart or io.SeekCurrent; io.SeekEnd, another whence and a negative
// position are errors.
//
// The counter block is one 128-bit number: after block 2^64-1 of stream s
// comes block 0 of stream s+1 (as in crypto/cipher), and from there Stream
// returns s+1 and positions count from the start of stream s+1. Positions
// are int64 bytes, so Seek reaches block 2^59; after a checkpoint restored
// beyond that (or 2^63 bytes read), Seek(0, io.SeekCurrent) returns an error.
func (s *Source) Seek(offset int64, whence int) (int64, error) {
	return family.Seek(&s.ks, &s.k, offset, whence)
}

// SetStream switches to stream id id, at position 0.
func (s *Source) SetStream(id uint64) { s.ks.SetStream(id) }

// Stream returns the stream id of the current position: the high 64 bits of
// its counter block.
func (s *Source) Stream() uint64 { return s.ks.Stream() }

// AppendBinary appends the state of s (key, stream id, position) to b, in
// the form UnmarshalBinary reads. It returns an error for a zero Source.
func (s *Source) AppendBinary(b []byte) ([]byte, error) {
	return family.AppendBinary(b, &s.ks, &s.k)
}

// MarshalBinary returns the state of s (key, stream id, position). It
// returns an error for a zero Source.
func (s *Source) MarshalBinary() ([]byte, error) { return family.MarshalBinary(&s.ks, &s.k) }

// UnmarshalBinary restores a state written by MarshalBinary or AppendBinary
// of any aesctr Source (of any key length), so that s resumes that exact
// stream. On error s is unchanged, and the error matches one of package
// streamrand's checkpoint errors under errors.Is:
//
//   - streamrand.ErrFormat: not a checkpoint (wrong magic or length), a key
//     length that does not match the algorithm name, or a byte offset
//     outside its block;
//   - streamrand.ErrVersion: a checkpoint format version this package does
//     not read;
//   - streamrand.ErrChecksum: the CRC-32 does not match (corrupted data);
//   - streamrand.ErrAlgorithm: a valid checkpoint of another algorithm
//     (chacha).
func (s *Source) UnmarshalBinary(data []byte) error {
	return family.UnmarshalBinary(&s.ks, &s.k, data)
}

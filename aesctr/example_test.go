package aesctr_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/aesctr"
)

// A seeded AES-128-CTR Source is a drop-in math/rand/v2 Source whose
// numbers are the same on every machine.
func ExampleNewSource() {
	r := rand.New(aesctr.NewSource(42))
	fmt.Println(r.IntN(100), r.IntN(100), r.IntN(100))
	fmt.Println(r.Perm(8))
	// Output:
	// 63 1 88
	// [1 6 3 2 5 7 0 4]
}

// Stream s of key k is the CTR-mode keystream of crypto/cipher with the
// initial counter block BE64(s) || 0^64, so any AES implementation
// reproduces it.
func ExampleNewWithKey() {
	key, _ := hex.DecodeString("2b7e151628aed2a6abf7158809cf4f3c") // NIST SP 800-38A's AES-128 key
	const stream = 3

	s, err := aesctr.NewWithKey(key, stream)
	if err != nil {
		panic(err)
	}
	got := make([]byte, 100)
	s.Read(got)

	block, _ := aes.NewCipher(key)
	iv := make([]byte, aes.BlockSize)
	binary.BigEndian.PutUint64(iv[:8], stream)
	want := make([]byte, 100)
	cipher.NewCTR(block, iv).XORKeyStream(want, want) // the keystream XOR zeros

	fmt.Println(bytes.Equal(got, want), s.KeySize())
	fmt.Println(hex.EncodeToString(got[:16]))
	// Output:
	// true 16
	// 37abeec0f517c5166ccf2ce8c060ebac
}

// NewSecure draws the key from crypto/rand: the stream is unpredictable
// and cannot be reproduced unless the state is saved with MarshalBinary.
func ExampleNewSecure() {
	s, err := aesctr.NewSecure(256) // AES-256
	if err != nil {
		panic(err)
	}
	nonce := make([]byte, 12)
	s.Read(nonce)
	fmt.Println(len(nonce), s.KeySize())
	// Output: 12 32
}

// Seek to byte 16*i is a jump to block counter i: the keystream of
// crypto/cipher with the counter block BE64(stream) || BE64(i).
func ExampleSource_Seek() {
	key := make([]byte, 16)
	s, _ := aesctr.NewWithKey(key, 0)
	const blockIndex = 1_000_000
	pos, _ := s.Seek(blockIndex*aes.BlockSize, io.SeekStart)
	got := make([]byte, 64)
	s.Read(got)

	block, _ := aes.NewCipher(key)
	iv := make([]byte, aes.BlockSize)
	binary.BigEndian.PutUint64(iv[8:], blockIndex)
	want := make([]byte, 64)
	cipher.NewCTR(block, iv).XORKeyStream(want, want)

	fmt.Println(pos, bytes.Equal(got, want))
	// Output: 16000000 true
}

// Every stream id is an independent stream of the same key. (The numbers
// were checked against crypto/cipher CTR with the key seed_from_u64(7)
// expands to, c80c403bd0206c0937a63b6ff24f251e.)
func ExampleSource_SetStream() {
	s := aesctr.NewSource(7)
	for id := range uint64(3) {
		s.SetStream(id)
		fmt.Printf("stream %d: %#016x\n", s.Stream(), s.Uint64())
	}
	// Output:
	// stream 0: 0x8d7d9424be4a66af
	// stream 1: 0x84302827eaf018dd
	// stream 2: 0x4bef2b69282098f0
}

// MarshalBinary saves the key, stream id and position; UnmarshalBinary
// into any Source (even the zero Source) resumes the exact stream. Its
// errors match package streamrand's ErrFormat, ErrVersion, ErrChecksum and
// ErrAlgorithm under errors.Is.
func ExampleSource_MarshalBinary() {
	s := aesctr.NewSource(99)
	s.Read(make([]byte, 12345))
	state, _ := s.MarshalBinary()

	var restored aesctr.Source
	if err := restored.UnmarshalBinary(state); err != nil {
		panic(err)
	}
	fmt.Println(s.Uint64() == restored.Uint64())

	state[len(state)-1] ^= 1 // the state carries a checksum
	err := restored.UnmarshalBinary(state)
	fmt.Println(errors.Is(err, streamrand.ErrChecksum)) // restored is unchanged
	// Output:
	// true
	// true
}

// Backend names the kernel chosen for this CPU; it differs between machines
// but the output does not.
func ExampleBackend() {
	fmt.Println(aesctr.Backend())
}

// For parallel work, number the work, not the workers: the dice of player
// i come from stream i of one seed. Playing the players one after another
// or all at once in their own goroutines gives the same scores.
func Example_parallel() {
	var inTurn, atOnce [4]int
	for i := range inTurn {
		inTurn[i] = score(i)
	}
	var wg sync.WaitGroup
	for i := range atOnce {
		wg.Go(func() { atOnce[i] = score(i) })
	}
	wg.Wait()
	fmt.Println(inTurn == atOnce, inTurn)
	// Output:
	// true [3580 3440 3506 3505]
}

// score is the sum of 1000 dice of player i: stream i of the AES-128 key
// that seed 7 gives.
func score(i int) int {
	s := aesctr.NewSource(7)
	s.SetStream(uint64(i))
	r := rand.New(s)
	sum := 0
	for range 1000 {
		sum += 1 + r.IntN(6)
	}
	return sum
}

// NewSource, NewSource192 and NewSource256 seed AES-128, AES-192 and
// AES-256 the same way (the first 16, 24 or 32 bytes of rand_core's
// seed_from_u64 expansion); Seed resets any of them in place, keeping its
// key length.
func ExampleNewSource256() {
	s := aesctr.NewSource256(42)
	fmt.Println(s.KeySize())
	first := s.Uint64()
	s.Read(make([]byte, 5000))
	s.Seed(42)
	fmt.Println(s.KeySize(), s.Uint64() == first)
	// Output:
	// 32
	// 32 true
}

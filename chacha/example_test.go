package chacha_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/chacha"
)

// A seeded ChaCha8 Source is a drop-in math/rand/v2 Source whose numbers
// are the same on every machine (and the same as Rust's
// ChaCha8Rng::seed_from_u64(42)).
func ExampleNewSource() {
	r := rand.New(chacha.NewSource(42))
	fmt.Println(r.IntN(100), r.IntN(100), r.IntN(100))
	// Output:
	// 68 95 42
}

// The first two numbers of ChaCha8 seeded with 42: the first 16 bytes of
// block 0, stream 0, under the key rand_core's seed_from_u64(42) expands to.
// (Checked against an independent implementation written from the
// specification, not only against this package.)
func ExampleNewSource_uint64() {
	s := chacha.NewSource(42)
	fmt.Printf("%#016x\n", s.Uint64())
	fmt.Printf("%#016x\n", s.Uint64())
	// Output:
	// 0xae90bfb5395d5ba1
	// 0xf3453fc625799188
}

func ExampleNewSource12() {
	s := chacha.NewSource12(42)
	fmt.Printf("%#016x %d\n", s.Uint64(), s.Rounds())
	// Output:
	// 0x86cc7763222724a2 12
}

func ExampleNewSource20() {
	s := chacha.NewSource20(42)
	fmt.Printf("%#016x %d\n", s.Uint64(), s.Rounds())
	// Output:
	// 0x8398bc11d7b54878 20
}

// With 20 rounds and stream 0, the keystream is RFC 8439's ChaCha20 for a
// nonce of 4 zero bytes followed by the stream id (little-endian). This
// decrypts the test vector of RFC 8439 section 2.4.2 (key 00 01 ... 1f,
// nonce 00 00 00 00 00 00 00 4a 00 00 00 00, initial block counter 1).
func ExampleNewWithKey() {
	var key [chacha.KeySize]byte
	for i := range key {
		key[i] = byte(i)
	}
	ciphertext, _ := hex.DecodeString("6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b" +
		"f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8" +
		"07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736" +
		"5af90bbf74a35be6b40b8eedf2785e42874d")

	s, err := chacha.NewWithKey(key, 20, 0x4a000000) // nonce bytes 4-11, little-endian
	if err != nil {
		panic(err)
	}
	s.Seek(chacha.BlockSize, io.SeekStart) // block counter 1
	ks := make([]byte, len(ciphertext))
	s.Read(ks)
	for i := range ks {
		ks[i] ^= ciphertext[i]
	}
	fmt.Printf("%s\n", ks)
	// Output:
	// Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.
}

// NewSecure draws the key from crypto/rand: the stream is unpredictable
// and cannot be reproduced unless the state is saved with MarshalBinary.
func ExampleNewSecure() {
	s, err := chacha.NewSecure(20)
	if err != nil {
		panic(err)
	}
	token := make([]byte, 16)
	s.Read(token)
	fmt.Println(len(hex.EncodeToString(token)), s.Rounds())
	// Output: 32 20
}

// Seek jumps to any byte of the stream without generating the bytes
// before it.
func ExampleSource_Seek() {
	a := chacha.NewSource(7)
	skipped := make([]byte, 1<<20)
	a.Read(skipped) // generate 1 MiB
	want := a.Uint64()

	b := chacha.NewSource(7)
	pos, _ := b.Seek(1<<20, io.SeekStart) // O(1)
	fmt.Println(pos, b.Uint64() == want)
	// Output:
	// 1048576 true
}

// Every stream id is an independent stream of the same key. SetStream
// switches to the start of one.
func ExampleSource_SetStream() {
	s := chacha.NewSource(7)
	for id := range uint64(3) {
		s.SetStream(id)
		fmt.Printf("stream %d: %#016x\n", s.Stream(), s.Uint64())
	}
	s.SetStream(1)
	fmt.Printf("stream 1 again: %#016x\n", s.Uint64())
	// Output:
	// stream 0: 0x2865533423d743bb
	// stream 1: 0xfdfad737a8d7aac7
	// stream 2: 0x4cd536ac96508809
	// stream 1 again: 0xfdfad737a8d7aac7
}

// MarshalBinary saves the key, stream id and position; UnmarshalBinary
// into any Source (even the zero Source) resumes the exact stream. Its
// errors match package streamrand's ErrFormat, ErrVersion, ErrChecksum and
// ErrAlgorithm under errors.Is.
func ExampleSource_MarshalBinary() {
	s := chacha.NewSource12(99)
	s.SetStream(5)
	s.Read(make([]byte, 1001)) // a position in the middle of a block
	state, err := s.MarshalBinary()
	if err != nil {
		panic(err)
	}

	var restored chacha.Source
	if err := restored.UnmarshalBinary(state); err != nil {
		panic(err)
	}
	a, b := make([]byte, 3000), make([]byte, 3000)
	s.Read(a)
	restored.Read(b)
	fmt.Println(bytes.Equal(a, b), restored.Rounds(), restored.Stream())

	state[len(state)-1] ^= 1 // the state carries a checksum
	err = restored.UnmarshalBinary(state)
	fmt.Println(err)
	fmt.Println(errors.Is(err, streamrand.ErrChecksum)) // restored is unchanged
	// Output:
	// true 12 5
	// chacha: UnmarshalBinary: state checksum mismatch (corrupted data)
	// true
}

// Backend names the kernel chosen for this CPU; it differs between machines
// but the output does not.
func ExampleBackend() {
	fmt.Println(chacha.Backend())
}

// For parallel work, number the work, not the workers: piece i of the work
// draws from stream i of one seed, whichever goroutine runs it. So the
// estimate below is the same for 1, 3 or 8 goroutines, and on every
// machine.
func Example_parallel() {
	const pieces, points = 8, 10000
	estimate := func(workers int) float64 {
		inside := make([]int, pieces) // per piece: the sum is then in piece order
		work := make(chan int)
		var wg sync.WaitGroup
		for range workers {
			wg.Go(func() {
				for i := range work {
					s := chacha.NewSource(42)
					s.SetStream(uint64(i))
					r := rand.New(s)
					for range points {
						x, y := r.Float64(), r.Float64()
						if x*x+y*y < 1 {
							inside[i]++
						}
					}
				}
			})
		}
		for i := range pieces {
			work <- i
		}
		close(work)
		wg.Wait()
		total := 0
		for _, n := range inside {
			total += n
		}
		return 4 * float64(total) / (pieces * points)
	}
	fmt.Println(estimate(1), estimate(3), estimate(8))
	// Output:
	// 3.14665 3.14665 3.14665
}

// ReadAt fills one large buffer from all cores: each goroutine reads its
// own part at its own offset, from the same Source, while nothing moves the
// Source's position. The result is the same bytes as one Read.
func ExampleSource_ReadAt() {
	s := chacha.NewSource20(42)
	buf := make([]byte, 4<<20)
	const parts = 4
	size := len(buf) / parts
	var wg sync.WaitGroup
	for i := range parts {
		wg.Go(func() {
			s.ReadAt(buf[i*size:(i+1)*size], int64(i*size))
		})
	}
	wg.Wait()

	pos, _ := s.Seek(0, io.SeekCurrent)
	fmt.Println("position still", pos)
	want := make([]byte, len(buf))
	s.Read(want)
	fmt.Println("same as one Read:", bytes.Equal(buf, want))
	// Output:
	// position still 0
	// same as one Read: true
}

// Seed resets a Source in place, without allocating, to exactly what the
// constructor would return for the new seed.
func ExampleSource_Seed() {
	s := chacha.NewSource(1)
	s.Read(make([]byte, 100))
	s.Seed(42)
	fmt.Println(s.Uint64() == chacha.NewSource(42).Uint64())
	// Output:
	// true
}

// SetStream starts the new stream at position 0. rand_chacha's set_stream
// keeps the position instead; for that behaviour, Seek back after
// SetStream. (The number is the one rand_chacha 0.3.1 gives after
// ChaCha8Rng::seed_from_u64(42), set_stream(5), set_word_pos(250); see
// TestKnownAnswers.)
func ExampleSource_SetStream_randChacha() {
	s := chacha.NewSource(42)
	s.Read(make([]byte, 1000))
	pos, _ := s.Seek(0, io.SeekCurrent)
	s.SetStream(5)
	s.Seek(pos, io.SeekStart) // like rand_chacha's set_stream(5)
	fmt.Printf("stream %d at byte %d: %#016x\n", s.Stream(), pos, s.Uint64())
	// Output:
	// stream 5 at byte 1000: 0x447b9477c2e63fa3
}

package chacha_test

import (
	"bytes"
	"fmt"
	"io"
	"sync"

	"github.com/streamrand/streamrand/chacha"
)

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
	s := chacha.NewSource8(1)
	s.Read(make([]byte, 100))
	s.Seed(42)
	fmt.Println(s.Uint64() == chacha.NewSource8(42).Uint64())
	// Output:
	// true
}

// SetStream starts the new stream at position 0. rand_chacha's set_stream
// keeps the position instead; for that behaviour, Seek back after
// SetStream. (The number is the one rand_chacha 0.3.1 gives after
// ChaCha8Rng::seed_from_u64(42), set_stream(5), set_word_pos(250); see
// TestKnownAnswers.)
func ExampleSource_SetStream_randChacha() {
	s := chacha.NewSource8(42)
	s.Read(make([]byte, 1000))
	pos, _ := s.Seek(0, io.SeekCurrent)
	s.SetStream(5)
	s.Seek(pos, io.SeekStart) // like rand_chacha's set_stream(5)
	fmt.Printf("stream %d at byte %d: %#016x\n", s.Stream(), pos, s.Uint64())
	// Output:
	// stream 5 at byte 1000: 0x447b9477c2e63fa3
}

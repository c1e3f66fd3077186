package streamrand_test

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha3"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"sync"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/chacha"
)

// New gives a math/rand/v2 Source and an io.Reader in one value; the same
// algorithm and seed give the same numbers on every machine.
func ExampleNew() {
	g := streamrand.New(streamrand.ChaCha8, 42)
	r := mrand.New(g)
	fmt.Println(r.IntN(100), r.IntN(100), r.IntN(100))

	buf := make([]byte, 8)
	io.ReadFull(g, buf) // the bytes that follow in the same stream
	fmt.Println(hex.EncodeToString(buf))
	// Output:
	// 68 95 42
	// 52671658f9b29aa0
}

// NewWithKey takes a full key (here a fixed AES-128 key; a secret key must
// come from crypto/rand) and a stream id.
func ExampleNewWithKey() {
	key, _ := hex.DecodeString("000102030405060708090a0b0c0d0e0f")
	g, err := streamrand.NewWithKey(streamrand.AES128CTR, key, 7)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%#016x\n", g.Uint64())

	_, err = streamrand.NewWithKey(streamrand.ChaCha20, key, 7)
	fmt.Println(err)
	// Output:
	// 0x469ef9e167c30c15
	// streamrand: chacha20 takes a key of 32 bytes, not 16
}

func ExampleParseAlgorithm() {
	a, err := streamrand.ParseAlgorithm("chacha12")
	fmt.Println(a, a.KeySize(), err)

	_, err = streamrand.ParseAlgorithm("rc4")
	fmt.Println(err)
	// Output:
	// chacha12 32 <nil>
	// streamrand: unknown algorithm "rc4" (want one of [chacha8 chacha12 chacha20 aes128ctr aes192ctr aes256ctr])
}

func ExampleAlgorithms() {
	for _, a := range streamrand.Algorithms() {
		fmt.Println(a, a.KeySize())
	}
	// Output:
	// chacha8 32
	// chacha12 32
	// chacha20 32
	// aes128ctr 16
	// aes192ctr 24
	// aes256ctr 32
}

// NewSource turns any stream of random bytes into a math/rand/v2 Source.
// Here the bytes come from the SHAKE128 extendable-output function, so the
// numbers follow from the input string.
func ExampleNewSource() {
	xof := sha3.NewSHAKE128()
	xof.Write([]byte("streamrand example"))
	r := mrand.New(streamrand.NewSource(xof))
	fmt.Println(r.IntN(1000), r.IntN(1000))
	// Output: 701 981
}

// Over crypto/rand.Reader, NewSource gives secure random numbers with the
// whole math/rand/v2 API (shuffles, permutations, distributions).
func ExampleNewSource_cryptoRand() {
	r := mrand.New(streamrand.NewSource(rand.Reader))
	deck := r.Perm(52)
	fmt.Println(len(deck))
	// Output: 52
}

// NewReader gives the bytes of any rand.Source: 8 bytes per Uint64,
// little-endian.
func ExampleNewReader() {
	rd := streamrand.NewReader(mrand.NewPCG(1, 2))
	buf := make([]byte, 12)
	io.ReadFull(rd, buf)
	fmt.Println(hex.EncodeToString(buf))

	fmt.Printf("%016x\n", mrand.NewPCG(1, 2).Uint64()) // the first 8 bytes, little-endian
	// Output:
	// 10f5ee5686a5f5c46cec7d07
	// c4f5a58656eef510
}

// Locked shares one stream between goroutines, like crypto/rand.Reader.
// Which goroutine gets which bytes depends on scheduling, but together they
// consume the stream exactly once.
func ExampleLocked() {
	shared := streamrand.Locked(streamrand.New(streamrand.AES128CTR, 1))
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			buf := make([]byte, 1000)
			shared.Read(buf)
		})
	}
	wg.Wait()
	pos, _ := shared.Seek(0, io.SeekCurrent)
	fmt.Println(pos)
	// Output: 4000
}

// ReadAt fills one large buffer from many goroutines at once: each reads
// its own part of the same stream, and the result is the bytes one Read
// from the start would give. (ReadAt does not move the position, so the
// goroutines need no lock, as long as nothing else uses the Generator
// meanwhile.)
func ExampleGenerator_readAt() {
	g := streamrand.New(streamrand.ChaCha20, 1)
	buf := make([]byte, 1<<20)
	const parts = 8
	var wg sync.WaitGroup
	for i := range parts {
		lo, hi := i*len(buf)/parts, (i+1)*len(buf)/parts
		wg.Go(func() { g.ReadAt(buf[lo:hi], int64(lo)) })
	}
	wg.Wait()

	again := make([]byte, len(buf))
	streamrand.New(streamrand.ChaCha20, 1).Read(again)
	fmt.Println(bytes.Equal(buf, again))
	// Output: true
}

// Seed resets a Generator in place, without allocating, to the stream
// that New gives for the seed.
func ExampleGenerator_seed() {
	g := streamrand.New(streamrand.AES128CTR, 1)
	r := mrand.New(g)
	r.IntN(1000) // used for a while

	g.Seed(100)
	fmt.Println(r.IntN(1000), r.IntN(1000))
	fresh := mrand.New(streamrand.New(streamrand.AES128CTR, 100))
	fmt.Println(fresh.IntN(1000), fresh.IntN(1000))
	// Output:
	// 928 964
	// 928 964
}

// Unmarshal restores a checkpoint without knowing its algorithm;
// AlgorithmOf tells which it is.
func ExampleUnmarshal() {
	g := streamrand.New(streamrand.ChaCha12, 7)
	g.Seek(1000, io.SeekStart)
	state, _ := g.MarshalBinary()
	next := g.Uint64()

	h, err := streamrand.Unmarshal(state)
	if err != nil {
		panic(err)
	}
	a, _ := streamrand.AlgorithmOf(h)
	fmt.Println(a, h.Uint64() == next)

	state[len(state)-1] ^= 1 // corrupt the checksum
	_, err = streamrand.Unmarshal(state)
	fmt.Println(errors.Is(err, streamrand.ErrChecksum))
	// Output:
	// chacha12 true
	// true
}

// A seeded Generator stands in for crypto/rand.Reader where keys must be
// reproducible, as in test fixtures: ed25519.GenerateKey reads its 32-byte
// seed from the reader it is given, so the same seed gives the same key.
// (Never for real keys: a uint64 seed can be searched. Since Go 1.26
// crypto/ecdsa, crypto/rsa and crypto/ecdh ignore the reader they are
// given; their tests set the randomness with
// testing/cryptotest.SetGlobalRandom.)
func Example_ed25519() {
	pub, _, err := ed25519.GenerateKey(streamrand.New(streamrand.ChaCha20, 42))
	if err != nil {
		panic(err)
	}
	fmt.Println(hex.EncodeToString(pub))

	// The same key through NewReader, from the package's own constructor.
	again, _, err := ed25519.GenerateKey(streamrand.NewReader(chacha.NewSource20(42)))
	if err != nil {
		panic(err)
	}
	fmt.Println(bytes.Equal(pub, again))
	// Output:
	// 78eda21ba04a15e2000fe8810fe3e56741d23bb9ae44aa9d5bb21b76675ff34b
	// true
}

// UUIDs that a test or a simulation can replay: 16 bytes of a seeded
// stream with the version and variant bits of an RFC 9562 version 4 UUID.
// They are unique as random UUIDs are, but predictable from the seed; ids
// that must not be guessed come from crypto/rand.
func Example_uuid() {
	g := streamrand.New(streamrand.ChaCha8, 7)
	for range 3 {
		var u [16]byte
		io.ReadFull(g, u[:])
		u[6] = u[6]&0x0f | 0x40 // version 4
		u[8] = u[8]&0x3f | 0x80 // variant 10
		fmt.Printf("%x-%x-%x-%x-%x\n", u[0:4], u[4:6], u[6:8], u[8:10], u[10:])
	}
	// Output:
	// bb43d723-3453-4528-ba29-9b2ed359012b
	// 31952445-b970-4bb4-a33a-3e09b6b70bba
	// 88db3712-5f1c-4c99-a6fe-99cfa34dff5b
}

// Number the work, not the workers: work item i draws from stream i of one
// seed, whichever worker runs it and whenever. Each item's result depends
// on i alone, so the answer is the same for any number of workers. Here
// each of 6 items throws 100000 points at the unit square, in integers so
// that no rounding differs between machines, and counts those inside the
// quarter circle.
func Example_parallel() {
	const items, points = 6, 100000
	estimate := func(workers int) (hits int) {
		counts := make([]int, items) // by item, not by worker
		work := make(chan int)
		var wg sync.WaitGroup
		for range workers {
			wg.Go(func() {
				g := streamrand.New(streamrand.ChaCha8, 2026)
				r := mrand.New(g)
				for i := range work {
					g.SetStream(uint64(i)) // the item's own stream, at its start
					for range points {
						x, y := r.Uint64N(1<<31), r.Uint64N(1<<31)
						if x*x+y*y < 1<<62 {
							counts[i]++
						}
					}
				}
			})
		}
		for i := range items {
			work <- i
		}
		close(work)
		wg.Wait()
		for _, c := range counts {
			hits += c
		}
		return hits
	}
	for _, workers := range []int{1, 3} {
		hits := estimate(workers)
		fmt.Printf("workers=%d: %d hits, pi ~ %.4f\n", workers, hits, 4*float64(hits)/(items*points))
	}
	// Output:
	// workers=1: 470705 hits, pi ~ 3.1380
	// workers=3: 470705 hits, pi ~ 3.1380
}

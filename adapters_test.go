package streamrand_test

import (
	"bytes"
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"io"
	randv1 "math/rand"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/chacha"
)

// This file checks the adapters between io.Reader and rand.Source:
// NewSource (any reader to a Source: buffering, errors, readers that
// misbehave) and NewReader (any Source to a reader: which Sources are read
// through their own Read), and the nil guards of NewSource, NewReader and
// Locked.

// A nil argument panics at once with a message naming the function, not
// with a nil-pointer dereference at the first use, far from the mistake.
func TestNilArguments(t *testing.T) {
	require.PanicsWithValue(t, "streamrand: NewSource: nil io.Reader", func() { streamrand.NewSource(nil) })
	require.PanicsWithValue(t, "streamrand: Locked: nil Generator", func() { streamrand.Locked(nil) })
	require.PanicsWithValue(t, "streamrand: NewReader: nil rand.Source", func() { streamrand.NewReader(nil) })
}

type failReader struct{ err error }

func (r failReader) Read(p []byte) (int, error) { return 0, r.err }

func TestNewSource(t *testing.T) {
	// Over a generator's bytes, NewSource gives the same numbers as Uint64.
	src := streamrand.NewSource(streamrand.New(streamrand.ChaCha8, 4))
	g := streamrand.New(streamrand.ChaCha8, 4)
	for i := 0; i < 1000; i++ {
		require.Equal(t, g.Uint64(), src.Uint64())
	}
	// Over a reader that returns a few bytes at a time.
	src = streamrand.NewSource(io.MultiReader(bytes.NewReader([]byte{1, 2, 3}), bytes.NewReader([]byte{4, 5, 6, 7, 8, 9})))
	require.Equal(t, uint64(0x0807060504030201), src.Uint64())

	// A failing reader: panic with its error wrapped.
	boom := errors.New("boom")
	err := panicErr(t, func() { streamrand.NewSource(failReader{boom}).Uint64() })
	require.ErrorIs(t, err, boom)
	// A reader that ends.
	err = panicErr(t, func() {
		s := streamrand.NewSource(bytes.NewReader(make([]byte, 12)))
		s.Uint64()
		s.Uint64()
	})
	require.ErrorIs(t, err, io.EOF)
	require.ErrorContains(t, err, "reader ended")
	// Over crypto/rand.Reader it works.
	s := streamrand.NewSource(crand.Reader)
	require.NotEqual(t, s.Uint64(), s.Uint64())
	_ = rand.New(s).IntN(10)
}

// emptyThenError returns (0, nil) up to limit times, then an error: a
// reader that never makes progress. (The limit keeps a regression from
// spinning forever: it then panics with errSpun instead of
// io.ErrNoProgress.)
type emptyThenError struct{ calls, limit int }

var errSpun = errors.New("read called too often")

func (r *emptyThenError) Read(p []byte) (int, error) {
	if r.calls++; r.calls > r.limit {
		return 0, errSpun
	}
	return 0, nil
}

// chunks returns its chunks one per Read, each with its error.
type chunks struct {
	data [][]byte
	errs []error
}

func (c *chunks) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	n := copy(p, c.data[0])
	err := c.errs[0]
	c.data, c.errs = c.data[1:], c.errs[1:]
	return n, err
}

// panicErr calls f and returns the error it panics with (nil if none).
func panicErr(t *testing.T, f func()) (err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(error)
			require.True(t, ok, "panic with %T %v, want an error", r, r)
			err = e
		}
	}()
	f()
	return nil
}

func TestNewSourceKeepsBytesDeliveredWithAnError(t *testing.T) {
	boom := errors.New("boom")
	r := &chunks{
		data: [][]byte{{1, 2, 3}, {4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}},
		errs: []error{boom, nil},
	}
	src := streamrand.NewSource(r)
	err := panicErr(t, func() { src.Uint64() })
	require.ErrorIs(t, err, boom)
	// A recovered caller tries again: bytes 1, 2, 3 come first.
	require.Equal(t, uint64(0x0807060504030201), src.Uint64())
	require.Equal(t, uint64(0x100f0e0d0c0b0a09), src.Uint64())

	// Enough bytes with an error: the bytes first, then the error.
	r = &chunks{data: [][]byte{{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17}}, errs: []error{boom}}
	src = streamrand.NewSource(r)
	require.Equal(t, uint64(0x0807060504030201), src.Uint64())
	require.Equal(t, uint64(0x100f0e0d0c0b0a09), src.Uint64())
	require.ErrorIs(t, panicErr(t, func() { src.Uint64() }), boom)
	// The error was reported; the next call reads again, now to the end,
	// and byte 17 is still first.
	err = panicErr(t, func() { src.Uint64() })
	require.ErrorIs(t, err, io.EOF)
	require.ErrorContains(t, err, "reader ended")
}

func TestNewSourceGivesUpOnNoProgress(t *testing.T) {
	r := &emptyThenError{limit: 1000}
	err := panicErr(t, func() { streamrand.NewSource(r).Uint64() })
	require.ErrorIs(t, err, io.ErrNoProgress)
	require.Equal(t, 100, r.calls, "reads before giving up (bufio's limit)")

	// Empty reads between progress are fine.
	var data [][]byte
	var errs []error
	for i := range 16 {
		for range 99 {
			data, errs = append(data, nil), append(errs, nil)
		}
		data, errs = append(data, []byte{byte(i)}), append(errs, nil)
	}
	src := streamrand.NewSource(&chunks{data: data, errs: errs})
	require.Equal(t, uint64(0x0706050403020100), src.Uint64())
	require.Equal(t, uint64(0x0f0e0d0c0b0a0908), src.Uint64())
}

// A reader that claims more bytes than it was given: a clear error, not
// an index out of range.
type liar struct{}

func (liar) Read(p []byte) (int, error) { return len(p) + 1, nil }

func TestNewSourceBadReader(t *testing.T) {
	err := panicErr(t, func() { streamrand.NewSource(liar{}).Uint64() })
	require.ErrorContains(t, err, "streamrand: NewSource: reader returned")
}

func TestNewReader(t *testing.T) {
	// A Source that is not a Reader: any length, 8 little-endian bytes per
	// Uint64, no bytes lost between calls.
	cs := &countingSource{src: rand.NewPCG(1, 2)}
	r := streamrand.NewReader(cs)
	var got []byte
	for n := 0; n < 40; n++ {
		b := make([]byte, n)
		k, err := r.Read(b)
		require.NoError(t, err)
		require.Equal(t, n, k)
		got = append(got, b...)
	}
	ref := rand.NewPCG(1, 2)
	var want []byte
	for len(want) < len(got) {
		want = binary.LittleEndian.AppendUint64(want, ref.Uint64())
	}
	require.Equal(t, want[:len(got)], got)
	require.Equal(t, uint64((len(got)+7)/8), cs.n)

	// A Source that is also an io.Reader is read through its own Read only
	// where that Read is known to give its Uint64s' bytes: this module's
	// generators (here) and math/rand/v2's ChaCha8
	// (TestNewReaderPassesThrough). Any other is read through its Uint64
	// (TestNewReaderV1Rand, TestNewReaderLockedOther).
	g := streamrand.New(streamrand.AES128CTR, 1)
	require.Same(t, g, streamrand.NewReader(g))
}

// leBytes returns the little-endian bytes of the next n/8 Uint64s of src.
func leBytes(src rand.Source, n int) []byte {
	var b []byte
	for len(b) < n {
		b = binary.LittleEndian.AppendUint64(b, src.Uint64())
	}
	return b[:n]
}

// readCuts reads n bytes from r in pieces of 0, 1, 2, ... bytes, so that
// every cut of a Uint64 occurs.
func readCuts(t *testing.T, r io.Reader, n int) []byte {
	t.Helper()
	var got []byte
	for k := 0; len(got) < n; k++ {
		b := make([]byte, min(k%20, n-len(got)))
		m, err := r.Read(b)
		require.NoError(t, err)
		require.Equal(t, len(b), m)
		got = append(got, b...)
	}
	return got
}

// math/rand's v1 *rand.Rand is a rand.Source by its method set and an
// io.Reader, but its Read gives other bytes than its Uint64s (7 bytes of
// each Int63). NewReader used its Read; it must give the Uint64s.
func TestNewReaderV1Rand(t *testing.T) {
	const n = 1000
	got := readCuts(t, streamrand.NewReader(randv1.New(randv1.NewSource(1))), n)
	require.Equal(t, leBytes(randv1.New(randv1.NewSource(1)), n), got)
	// The difference is real: v1's own Read gives other bytes.
	own := make([]byte, n)
	_, _ = randv1.New(randv1.NewSource(1)).Read(own)
	require.NotEqual(t, own, got)

	got = readCuts(t, streamrand.NewReader(rand.NewPCG(1, 2)), n)
	require.Equal(t, leBytes(rand.NewPCG(1, 2), n), got)
}

// This module's generators, Locked ones and math/rand/v2's ChaCha8 are
// read through their own Read, whose bytes are the Uint64s'.
func TestNewReaderPassesThrough(t *testing.T) {
	const n = 1000
	type passCase struct {
		name      string
		src, twin func() rand.Source
	}
	cases := []passCase{{"math/rand/v2 ChaCha8", func() rand.Source { return rand.NewChaCha8([32]byte{1}) }, nil}}
	for _, a := range streamrand.Algorithms() {
		twin := func() rand.Source { return streamrand.New(a, 1) }
		cases = append(cases,
			passCase{a.String(), twin, nil},
			passCase{"Locked " + a.String(), func() rand.Source { return streamrand.Locked(streamrand.New(a, 1)) }, twin},
			passCase{"Locked Locked " + a.String(), func() rand.Source {
				return streamrand.Locked(streamrand.Locked(streamrand.New(a, 1)))
			}, twin})
	}
	for _, tc := range cases {
		twin := tc.twin
		if twin == nil {
			twin = tc.src
		}
		src := tc.src()
		r := streamrand.NewReader(src)
		require.Same(t, src, r, tc.name)
		require.Equal(t, leBytes(twin(), n), readCuts(t, r, n), tc.name)
	}
}

// otherGenerator is a Generator of another package whose Read is not its
// Uint64s' bytes (each byte inverted).
type otherGenerator struct{ *chacha.Source }

func (g otherGenerator) Read(p []byte) (int, error) {
	n, err := g.Source.Read(p)
	for i := range p {
		p[i] ^= 0xff
	}
	return n, err
}

// A Locked Generator of another package is read through its Uint64, and
// the reader stays safe for concurrent use.
func TestNewReaderLockedOther(t *testing.T) {
	const n = 1000
	l := streamrand.Locked(otherGenerator{chacha.NewSource(5)})
	r := streamrand.NewReader(l)
	require.NotSame(t, l, r)
	require.Equal(t, leBytes(chacha.NewSource(5), n), readCuts(t, r, n))

	// Four goroutines read 13-byte pieces: together they get exactly the
	// next bytes of the stream, each piece a contiguous run of it.
	const workers, rounds, size = 4, 200, 13
	pieces := make([][][]byte, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for range rounds {
				b := make([]byte, size)
				_, _ = r.Read(b)
				pieces[w] = append(pieces[w], b)
			}
		})
	}
	wg.Wait()
	ref := chacha.NewSource(5)
	stream := leBytes(ref, n+workers*rounds*size)[n:]
	seen := map[string]bool{}
	for off := 0; off < len(stream); off += size {
		seen[string(stream[off:off+size])] = true
	}
	for _, ps := range pieces {
		for _, p := range ps {
			require.True(t, seen[string(p)], "piece % x is no aligned run of the stream", p)
			delete(seen, string(p))
		}
	}
	require.Empty(t, seen)
}

package streamrand_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/internal/testkit/gentest"
)

// This file checks what may run in many goroutines at once: ReadAt on one
// Generator, and every method of a Locked one. Run it with -race.

// TestReadAtConcurrent fills one buffer from many goroutines with ReadAt
// on one Generator (bare: only ReadAt runs; Locked: while another goroutine
// keeps moving the position) and compares it with one Read from the start.
func TestReadAtConcurrent(t *testing.T) {
	const size, parts = 1 << 20, 16
	for _, a := range streamrand.Algorithms() {
		for _, lock := range []bool{false, true} {
			g := streamrand.New(a, 5)
			g.SetStream(9)
			g.Seek(333, io.SeekStart)
			want := make([]byte, size)
			ref := streamrand.New(a, 5)
			ref.SetStream(9)
			ref.Read(want)
			if lock {
				g = streamrand.Locked(g)
			}
			got := make([]byte, size)
			var wg sync.WaitGroup
			stop := make(chan struct{})
			moved := make(chan int)
			if lock {
				go func() { // moves the position all along
					n := 0
					for {
						select {
						case <-stop:
							moved <- n
							return
						default:
							g.Uint64()
							n++
						}
					}
				}()
			}
			errs := make([]error, parts)
			for i := range parts {
				wg.Go(func() {
					lo := i * size / parts
					hi := (i + 1) * size / parts
					// Unequal pieces, to cross batch boundaries at odd
					// offsets.
					for lo < hi {
						n := min(hi-lo, 1000+7*i)
						k, err := g.ReadAt(got[lo:lo+n], int64(lo))
						if err != nil || k != n {
							errs[i] = fmt.Errorf("ReadAt of %d bytes at %d = %d, %v", n, lo, k, err)
							return
						}
						lo += n
					}
				})
			}
			wg.Wait()
			n := 0
			if lock {
				close(stop)
				n = <-moved
			}
			for _, err := range errs {
				require.NoError(t, err, "%s (locked %v)", a, lock)
			}
			require.True(t, bytes.Equal(want, got), "%s (locked %v): ReadAt from %d goroutines differs from Read", a, lock, parts)
			pos, err := g.Seek(0, io.SeekCurrent)
			require.NoError(t, err)
			require.Equal(t, int64(333+8*n), pos, "%s (locked %v): the position moved", a, lock)
		}
	}
}

// TestLocked shares one stream among goroutines that mix Uint64 and Read:
// every byte of the stream is handed out exactly once, each call gets a
// contiguous piece of it, and the position is the total.
func TestLocked(t *testing.T) {
	const workers, rounds = 4, 1000
	l := streamrand.Locked(streamrand.New(streamrand.ChaCha8, 1))
	var wg sync.WaitGroup
	pieces := make([][][]byte, workers)
	for i := range pieces {
		wg.Go(func() {
			for j := range rounds {
				pieces[i] = append(pieces[i], binary.LittleEndian.AppendUint64(nil, l.Uint64()))
				b := make([]byte, 8+j%150)
				l.Read(b)
				pieces[i] = append(pieces[i], b)
			}
		})
	}
	wg.Wait()
	total := 0
	for _, ps := range pieces {
		for _, p := range ps {
			total += len(p)
		}
	}
	pos, err := l.Seek(0, io.SeekCurrent)
	require.NoError(t, err)
	require.Equal(t, int64(total), pos)

	// Find every piece in the stream by its first 8 bytes (unique in a
	// good keystream of this length) and mark the bytes it covers.
	stream := make([]byte, total+8)
	streamrand.New(streamrand.ChaCha8, 1).Read(stream)
	at := make(map[uint64]int, total)
	for i := 0; i < total; i++ {
		at[binary.LittleEndian.Uint64(stream[i:])] = i
	}
	covered := make([]bool, total)
	for _, ps := range pieces {
		for _, p := range ps {
			off, ok := at[binary.LittleEndian.Uint64(p)]
			require.True(t, ok, "a piece of %d bytes is not in the stream", len(p))
			require.Equal(t, stream[off:off+len(p)], p)
			for k := off; k < off+len(p); k++ {
				require.False(t, covered[k], "byte %d handed out twice", k)
				covered[k] = true
			}
		}
	}
	for k, c := range covered {
		require.True(t, c, "byte %d never handed out", k)
	}

	data, err := l.MarshalBinary()
	require.NoError(t, err)
	fresh := streamrand.New(streamrand.ChaCha8, 1)
	require.NoError(t, fresh.UnmarshalBinary(data))
	require.Equal(t, fresh.Uint64(), l.Uint64(), "MarshalBinary through Locked")
	l.SetStream(3)
	require.Equal(t, uint64(3), l.Stream())
	more, err := l.AppendBinary([]byte{1})
	require.NoError(t, err)
	require.NoError(t, l.UnmarshalBinary(more[1:]))
	require.Equal(t, uint64(3), l.Stream())
}

// TestReadAtParallel: many goroutines fill one buffer with ReadAt of
// unequal, unaligned parts, on every kernel (gentest.ReadAtParallel).
func TestReadAtParallel(t *testing.T) {
	eachKernel(t, func(t *testing.T, a streamrand.Algorithm) { gentest.ReadAtParallel(t, generatorCase(a)) })
}

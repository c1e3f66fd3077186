package sourceio

import (
	"bytes"
	"encoding/binary"
	randv1 "math/rand"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/internal/bulk"
)

// leBytes returns the little-endian bytes of the next n/8 Uint64s of src.
func leBytes(src rand.Source, n int) []byte {
	var b []byte
	for len(b) < n {
		b = binary.LittleEndian.AppendUint64(b, src.Uint64())
	}
	return b[:n]
}

// TestReaderCuts reads a PCG's bytes in pieces of every length from 0 to 20:
// the concatenation is the little-endian bytes of its Uint64s, nothing lost.
func TestReaderCuts(t *testing.T) {
	r := Reader(rand.NewPCG(1, 2))
	var got []byte
	for n := 0; n <= 20; n++ {
		b := make([]byte, n)
		if k, err := r.Read(b); k != n || err != nil {
			t.Fatalf("Read(%d) = %d, %v", n, k, err)
		}
		got = append(got, b...)
	}
	want := leBytes(rand.NewPCG(1, 2), len(got))
	if !bytes.Equal(got, want) {
		t.Fatalf("bytes differ:\n got % x\nwant % x", got, want)
	}
}

// math/rand's v1 *rand.Rand is a rand.Source and an io.Reader whose Read
// is not its Uint64s' bytes: Reader must adapt its Uint64 instead.
func TestReaderV1Rand(t *testing.T) {
	src := randv1.New(randv1.NewSource(1))
	r := Reader(src)
	require.NotSame(t, src, r)
	got := make([]byte, 1001)
	_, err := r.Read(got)
	require.NoError(t, err)
	require.Equal(t, leBytes(randv1.New(randv1.NewSource(1)), len(got)), got)
	own := make([]byte, len(got))
	_, _ = randv1.New(randv1.NewSource(1)).Read(own)
	require.NotEqual(t, own, got, "v1's Read and its Uint64s agree: the test shows nothing")
}

// own is a Source that registers with package bulk, as this module's
// generators do (their tests are the root package's: this package imports
// none of them); locked is one whose lookup asks for a lock, as a Locked
// generator's does.
type own struct{ reader }

type locked struct{ reader }

func (*own) Peek() []byte     { panic("not used") }
func (*own) Discard(int)      { panic("not used") }
func (o *own) Uint64() uint64 { return o.src.Uint64() }

func (l *locked) Uint64() uint64 { return l.src.Uint64() }

func init() {
	bulk.Register(func(src rand.Source) (bulk.Source, sync.Locker) {
		switch s := src.(type) {
		case *own:
			return s, nil
		case *locked:
			return &own{}, new(sync.Mutex)
		}
		return nil, nil
	})
}

// The Sources whose Read is known to give their Uint64s' bytes are
// returned as they are: math/rand/v2's ChaCha8 and those bulk.Ours knows,
// without a lock. (The root package's tests pass every algorithm through
// streamrand.NewReader, which calls Reader.)
func TestReaderPassesThrough(t *testing.T) {
	for name, mk := range map[string]func() rand.Source{
		"registered":           func() rand.Source { return &own{reader{src: rand.NewPCG(1, 2)}} },
		"math/rand/v2 ChaCha8": func() rand.Source { return rand.NewChaCha8([32]byte{7}) },
	} {
		src := mk()
		r := Reader(src)
		require.Same(t, src, r, name)
		got := make([]byte, 1001)
		_, err := r.Read(got)
		require.NoError(t, err)
		require.Equal(t, leBytes(mk(), len(got)), got, name)
	}
	src := &locked{reader{src: rand.NewPCG(1, 2)}}
	require.NotSame(t, src, Reader(src), "a Source that needs a lock")
}

package gentest

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/internal/bulk"
	"github.com/streamrand/streamrand/internal/checkpoint"
	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// Styles reads len(want) bytes from fresh Sources made by start, each in
// another style, and checks that every style gives want: one Read; only
// Uint64; Reads of random lengths (whole batches among them); Uint64 and
// Read alternating with a checkpoint restored into zero() at every step;
// and the Peek/Discard path that package fill uses. after, if not nil,
// checks each Source once it has read everything.
func Styles(t *testing.T, start, zero func() Generator, want []byte, after func(t *testing.T, g Generator)) {
	t.Helper()
	n := len(want)
	check := func(style string, g Generator, got []byte) {
		t.Helper()
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: bytes differ from the reference at %d", style, backendtest.FirstDiff(got, want))
		}
		if after != nil {
			after(t, g)
		}
	}

	g := start()
	got := make([]byte, n)
	g.Read(got)
	check("one Read", g, got)

	g = start()
	got = got[:0]
	for len(got)+8 <= n {
		got = binary.LittleEndian.AppendUint64(got, g.Uint64())
	}
	tail := make([]byte, n-len(got))
	g.Read(tail)
	check("Uint64", g, append(got, tail...))

	rng := rand.New(rand.NewPCG(uint64(n), 1))
	g = start()
	got = got[:0]
	for len(got) < n {
		k := min(n-len(got), []int{1, 7, 8, 9, 1024, 2048, rng.IntN(3000)}[rng.IntN(7)])
		b := make([]byte, k)
		g.Read(b)
		got = append(got, b...)
	}
	check("random Reads", g, got)

	g = start()
	got = got[:0]
	for len(got) < n {
		if rng.IntN(2) == 0 && n-len(got) >= 8 {
			got = binary.LittleEndian.AppendUint64(got, g.Uint64())
		} else {
			b := make([]byte, min(n-len(got), rng.IntN(1500)))
			g.Read(b)
			got = append(got, b...)
		}
		data, err := g.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		g = zero()
		if err := g.UnmarshalBinary(data); err != nil {
			t.Fatalf("checkpoint after %d bytes: %v", len(got), err)
		}
	}
	check("checkpoint at every step", g, got)

	g = start()
	b, _ := bulk.Of(g)
	if b == nil {
		t.Fatal("bulk.Of does not know the generator")
	}
	got = got[:0]
	for len(got) < n {
		p := b.Peek()
		k := min(len(p), n-len(got), 1+rng.IntN(200))
		got = append(got, p[:k]...)
		b.Discard(k)
	}
	check("Peek/Discard", g, got)
}

// CheckpointAt returns a checkpoint of algorithm name with key at byte off
// of block block of stream id stream, in the form of internal/checkpoint
// and the keystream layer: a way to reach positions that Seek cannot.
func CheckpointAt(name string, key []byte, stream, block uint64, off byte) []byte {
	b := checkpoint.AppendHeader(nil, name, key)
	b = binary.BigEndian.AppendUint64(b, stream)
	b = binary.BigEndian.AppendUint64(b, block)
	b = append(b, off)
	return checkpoint.Seal(b, 0)
}

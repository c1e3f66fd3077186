package sourceio

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

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
	ref := rand.NewPCG(1, 2)
	var want []byte
	for len(want) < len(got) {
		want = binary.LittleEndian.AppendUint64(want, ref.Uint64())
	}
	if !bytes.Equal(got, want[:len(got)]) {
		t.Fatalf("bytes differ:\n got % x\nwant % x", got, want[:len(got)])
	}
}

func TestReaderPassesThrough(t *testing.T) {
	c := rand.NewChaCha8([32]byte{})
	if Reader(c) != c {
		t.Fatal("a Source that is an io.Reader must be returned as is")
	}
}

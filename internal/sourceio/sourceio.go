// Package sourceio turns a math/rand/v2 Source into an io.Reader: the one
// adapter behind streamrand.NewReader and the stattest tests that read
// bytes.
package sourceio

import (
	"encoding/binary"
	"io"
	"math/rand/v2"

	"github.com/streamrand/streamrand/internal/bulk"
)

// Reader returns an io.Reader of the 8 bytes of each src.Uint64,
// little-endian, with no byte lost between reads; Read always fills p and
// returns len(p), nil.
//
// src itself is returned only where its Read is known to give exactly
// those bytes: this module's generators (bulk.Ours: *chacha.Source,
// *aesctr.Source, asked of the registry, not imported) and math/rand/v2's
// *rand.ChaCha8. Every other Source gets the adapter, even one that has a
// Read method: a Read may give other bytes than its Uint64s (math/rand's
// v1 *rand.Rand builds its bytes from 7 of every Int63), and nothing in
// the method set says which.
func Reader(src rand.Source) io.Reader {
	if r, ok := src.(*rand.ChaCha8); ok {
		return r
	}
	if r, ok := src.(io.Reader); ok && bulk.Ours(src) {
		return r
	}
	return &reader{src: src}
}

type reader struct {
	src  rand.Source
	tail [8]byte
	n    int // unread bytes at the end of tail
}

func (r *reader) Read(p []byte) (int, error) {
	n := len(p)
	k := copy(p, r.tail[8-r.n:])
	r.n -= k
	p = p[k:]
	for len(p) >= 8 {
		binary.LittleEndian.PutUint64(p, r.src.Uint64())
		p = p[8:]
	}
	if len(p) > 0 {
		binary.LittleEndian.PutUint64(r.tail[:], r.src.Uint64())
		r.n = 8 - copy(p, r.tail[:])
	}
	return n, nil
}

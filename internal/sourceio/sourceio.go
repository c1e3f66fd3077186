// Package sourceio turns a math/rand/v2 Source into an io.Reader: the one
// adapter behind streamrand.NewReader and the stattest tests that read
// bytes.
package sourceio

import (
	"encoding/binary"
	"io"
	"math/rand/v2"
)

// Reader returns src itself when it is an io.Reader (every streamrand
// generator, math/rand/v2's ChaCha8), so its bytes are the ones Uint64 would
// give; otherwise a reader of the 8 bytes of each Uint64, little-endian,
// with no byte lost between reads. Read always fills p and returns len(p),
// nil.
func Reader(src rand.Source) io.Reader {
	if r, ok := src.(io.Reader); ok {
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

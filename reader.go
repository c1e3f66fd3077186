package streamrand

import (
	"encoding/binary"
	"io"
	"math/rand/v2"
)

// NewReader returns an io.Reader of the bytes of src: each Uint64 gives 8
// bytes, little-endian. When src already is an io.Reader (every streamrand
// Generator, math/rand/v2's ChaCha8) its Read is used directly, so the bytes
// are the same as those Uint64 would give. Read always fills p and returns
// len(p), nil.
func NewReader(src rand.Source) io.Reader {
	if r, ok := src.(io.Reader); ok {
		return r
	}
	return &sourceReader{src: src}
}

type sourceReader struct {
	src  rand.Source
	tail [8]byte
	n    int // unread bytes at the end of tail
}

func (r *sourceReader) Read(p []byte) (int, error) {
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

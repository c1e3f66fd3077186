package streamrand

import (
	"io"
	"math/rand/v2"

	"github.com/streamrand/streamrand/internal/sourceio"
)

// NewReader returns an io.Reader of the bytes of src: each Uint64 gives 8
// bytes, little-endian. When src already is an io.Reader (every streamrand
// Generator, math/rand/v2's ChaCha8) its Read is used directly, so the bytes
// are the same as those Uint64 would give. Read always fills p and returns
// len(p), nil. NewReader panics if src is nil.
func NewReader(src rand.Source) io.Reader {
	if src == nil {
		panic("streamrand: NewReader: nil rand.Source")
	}
	return sourceio.Reader(src)
}

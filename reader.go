package streamrand

import (
	"io"
	"math/rand/v2"
	"sync"

	"github.com/streamrand/streamrand/internal/bulk"
	"github.com/streamrand/streamrand/internal/sourceio"
)

// NewReader returns an io.Reader of the bytes of src: each Uint64 gives 8
// bytes, little-endian, with no byte lost between reads. Read always fills
// p and returns len(p), nil. NewReader panics if src is nil.
//
// src's own Read is used only where it is known to give exactly those
// bytes: this module's generators (*chacha.Source, *aesctr.Source, and a
// Locked one of them) and math/rand/v2's *rand.ChaCha8. Any other Source
// is read through its Uint64, even if it has a Read method: math/rand's
// v1 *rand.Rand is a rand.Source by its method set, and its Read builds
// bytes from 7 of every Int63, not the little-endian Uint64s.
//
// The reader of a Locked Generator is safe for concurrent use, like the
// Generator; any other reader is not.
func NewReader(src rand.Source) io.Reader {
	if src == nil {
		panic("streamrand: NewReader: nil rand.Source")
	}
	if l, ok := src.(*locked); ok {
		if readsUint64s(l) {
			return l
		}
		// The adapter keeps the unread bytes of a Uint64 between reads,
		// which its own lock guards.
		return &lockedReader{r: sourceio.Reader(l)}
	}
	return sourceio.Reader(src)
}

// readsUint64s reports whether the Read of l gives the bytes of its
// Uint64s: l wraps one of this module's generators (bulk.Ours), maybe
// Locked again. l.g never changes after Locked.
func readsUint64s(l *locked) bool {
	if g, ok := l.g.(*locked); ok {
		return readsUint64s(g)
	}
	return bulk.Ours(l.g)
}

// lockedReader serialises the Reads of r.
type lockedReader struct {
	mu sync.Mutex
	r  io.Reader
}

func (l *lockedReader) Read(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.r.Read(p)
}

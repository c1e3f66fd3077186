package fill

import (
	"encoding/binary"
	"math/rand/v2"
	"sync"

	"github.com/streamrand/streamrand/internal/bulk"
)

// words reads a keystream 64-bit word at a time straight from its buffer
// (Peek), consuming (Discard) only the words taken, so the stream's position
// always equals that of as many Uint64 calls.
type words struct {
	b bulk.Source
	p []byte // bytes Peek returned
	k int    // bytes of p taken
}

// next returns the next word, as the stream's Uint64 would.
func (w *words) next() uint64 {
	if w.k+8 > len(w.p) {
		w.refill()
	}
	u := binary.LittleEndian.Uint64(w.p[w.k:])
	w.k += 8
	return u
}

// refill consumes the words taken and peeks at the following ones.
func (w *words) refill() {
	w.b.Discard(w.k)
	w.p = w.b.Peek()
	w.k = 0
}

// avail returns the whole words buffered and not yet taken, peeking at more
// first if there are none.
func (w *words) avail() int {
	if w.k+8 > len(w.p) {
		w.refill()
	}
	return (len(w.p) - w.k) >> 3
}

// done consumes the words taken. w must not be used afterwards.
func (w *words) done() { w.b.Discard(w.k) }

// float64 is rand.Rand.Float64 on the next word.
func (w *words) float64() float64 {
	return float64(w.next()<<11>>11) / (1 << 53)
}

// keystream returns src's keystream with its lock held, or nil if src is not
// one of this module's generators (then nothing is locked). A non-nil result
// must be released with unlock.
func keystream(src rand.Source) (bulk.Source, sync.Locker) {
	b, mu := bulk.Of(src)
	if b != nil && mu != nil {
		mu.Lock()
	}
	return b, mu
}

func unlock(mu sync.Locker) {
	if mu != nil {
		mu.Unlock()
	}
}

package dist

import (
	"math/rand/v2"
	"sync"

	"github.com/streamrand/streamrand/internal/bulk"
)

// words hands the samplers their 64-bit words, in the order of src.Uint64
// calls, whatever the Source. Every sampler draws only through next, so a
// Fill (one words for the whole slice) and a loop of Rand (one per call)
// consume the same words and give the same values.
//
// For this module's generators the words are read where the keystream
// buffers them (Peek) and consumed (Discard) when the buffer is used up or
// the call ends, so the stream's position always equals that of as many
// Uint64 calls once done has run. For any other Source p stays empty and
// next calls src.Uint64.
type words struct {
	p   []byte      // buffered bytes from Peek (nil for a plain Source)
	k   int         // bytes of p taken
	n   int         // len(p) - 7: k < n means a whole word is left at k
	b   bulk.Source // nil for a plain Source
	src rand.Source
	mu  sync.Locker // held from open to done (streamrand.Locked)
}

// perCall returns the words of src for one Rand call: each word is one
// src.Uint64 call, so nothing is left to consume afterwards.
func perCall(src rand.Source) words { return words{src: src} }

// open returns the words of src for a Fill, holding src's lock if it has
// one. The caller must call done.
func open(src rand.Source) words {
	b, mu := bulk.Of(src)
	if b == nil {
		return words{src: src}
	}
	if mu != nil {
		mu.Lock()
	}
	return words{b: b, src: src, mu: mu}
}

// done consumes the words taken and releases src's lock. w must not be used
// afterwards.
func (w *words) done() {
	if w.b != nil {
		w.b.Discard(w.k)
		w.p, w.k, w.n = nil, 0, 0
		if w.mu != nil {
			w.mu.Unlock()
		}
	}
}

// next returns the next word, as src.Uint64 would.
func (w *words) next() uint64 {
	if k := w.k; k < w.n {
		w.k = k + 8
		return le64(w.p, k)
	}
	return w.refill()
}

// refill returns the next word when p holds none: from src for a plain
// Source, else from the keystream's buffer after consuming what was taken.
func (w *words) refill() uint64 {
	if w.b == nil {
		return w.src.Uint64()
	}
	w.b.Discard(w.k)
	w.p = w.b.Peek() // at least 8 bytes
	w.k, w.n = 8, len(w.p)-7
	return le64(w.p, 0)
}

// chunk is how many values a Fill that makes them in two passes (the
// deviates, then a function of them) makes at a time: 16 KiB, so the
// second pass reads them from L1.
const chunk = 2048

// open01 returns a uniform value in the open interval (0, 1) from word u:
// (m + 1/2) / 2^52 for m, the high 52 bits of u. m + 1/2 < 2^52 has 53
// significant bits, so every step is exact and the value is the same on
// every machine; the least value is 2^-53, the greatest 1 - 2^-53, and
// 1 - open01(u) is exact too, so log(u) and log(1 - u) are always finite.
func open01(u uint64) float64 {
	return (float64(int64(u>>12)) + 0.5) * 0x1p-52
}

// take returns the next buffered word, or false if none is buffered (then
// the caller calls refill): the inlinable half of next, for the hot loops.
func (w *words) take() (uint64, bool) {
	k := w.k
	if k >= w.n {
		return 0, false
	}
	w.k = k + 8
	return le64(w.p, k), true
}

package dist

import (
	"math/rand/v2"
	"sync"
	"unsafe"

	"github.com/streamrand/streamrand/internal/bulk"
)

// words hands the samplers their 64-bit words, in the order of src.Uint64
// calls, whatever the Source. Every sampler draws only through next (or
// take and refill), so a Fill (one words for the whole slice) and a loop
// of Rand (one per call) consume the same words and give the same values.
//
// For this module's generators a Fill reads its words a chunk at a time
// straight into the caller's slice (chunk), where the values then replace
// them, and draws any further words from where the keystream buffers them
// (Peek), consuming (Discard) only those taken, so the stream's position
// always equals that of as many Uint64 calls once done has run. For any
// other Source p stays empty and next calls src.Uint64.
type words struct {
	p      []byte      // the words at hand: a chunk read into dst, or the keystream's buffer
	k      int         // bytes of p taken
	n      int         // len(p) - 7: k < n means a whole word is left at k
	peeked bool        // p is the keystream's buffer (Peek), whose taken bytes are yet to be Discarded
	gen    uint64      // counts the times p was replaced (see holds)
	b      bulk.Source // nil for a plain Source
	src    rand.Source
	mu     sync.Locker // held from open to done (streamrand.Locked)
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
		w.release()
		if w.mu != nil {
			w.mu.Unlock()
		}
	}
}

// release consumes the keystream's buffered bytes taken, if p is that
// buffer, and leaves no words at hand.
func (w *words) release() {
	if w.peeked {
		w.b.Discard(w.k)
	}
	w.p, w.k, w.n, w.peeked = nil, 0, 0, false
	w.gen++
}

// source consumes the words taken and returns the Source whose Uint64
// calls continue from there: the keystream itself for this module's
// generators (whose lock, if any, w already holds), else src. w has no
// words at hand afterwards; its next draw reads the keystream's buffer.
func (w *words) source() rand.Source {
	if w.b == nil {
		return w.src
	}
	w.release()
	return w.b
}

// chunk returns the part of dst a Fill fills next. For this module's
// generators that is up to chunkWords elements whose memory now holds the
// next words of the stream (consumed from it); the Fill draws value i into
// dst[i] while spent is false, which is safe because every value draws at
// least one word: when value i is written, word i is taken. For a plain
// Source it is all of dst. Laws that may draw no word for a value (a
// degenerate Binomial) must not write through chunk.
func chunk[T float64 | int64](w *words, dst []T) []T {
	if w.b == nil || len(dst) == 0 {
		return dst
	}
	d := dst[:min(len(dst), chunkWords)]
	w.release()
	p := unsafe.Slice((*byte)(unsafe.Pointer(&d[0])), 8*len(d))
	w.b.Read(p)
	w.p, w.n = p, len(p)-7
	return d
}

// holds reports whether the words at hand are still those of generation
// gen (w.gen when a walk's block was made from them): a draw past their
// end replaces them (refill). Their address would not tell: the
// keystream refills its buffer in place, so the buffer's next words may
// start where the last ones did.
func (w *words) holds(gen uint64) bool { return w.gen == gen }

// spent reports whether the words chunk read are all taken, so the Fill
// must ask for the next chunk before writing another value. It is always
// false for a plain Source.
func (w *words) spent() bool { return w.b != nil && !w.peeked && w.k >= w.n }

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
	if w.peeked {
		w.b.Discard(w.k)
	}
	w.p, w.peeked = w.b.Peek(), true // at least 8 bytes
	w.k, w.n = 8, len(w.p)-7
	w.gen++
	return le64(w.p, 0)
}

// chunkWords is how many words a Fill reads into the caller's slice at a
// time: 16 KiB, half of the smallest L1 data cache of the cores we target,
// so the values replace the words while they are in L1, and large enough
// to amortise the keystream's call (as in package fill). A Fill that makes
// its values in two passes (the deviates, then a function of them) makes
// a chunk at a time, so the second pass reads them from L1 too.
const chunkWords = 2048

// open01 returns a uniform value in the open interval (0, 1) from word u:
// (m + 1/2) / 2^52 for m, the high 52 bits of u. m + 1/2 < 2^52 has 53
// significant bits, so every step is exact and the value is the same on
// every machine; the least value is 2^-53, the greatest 1 - 2^-53, and
// 1 - open01(u) is exact too, so log(u) and log(1 - u) are always finite.
//
// The product is converted explicitly so that no caller's sum fuses with
// it (the product is exact, but the rule is kept without exceptions:
// TestNoFusedMultiplyAdd).
func open01(u uint64) float64 {
	return float64((float64(int64(u>>12)) + 0.5) * 0x1p-52)
}

// refresh makes the keystream's buffered words the words at hand, after
// consuming those taken, and reports whether there are any: false for a
// plain Source. The batched samplers call it when fewer words are at hand
// than a batch needs, so that a batch starts where the buffer does and
// spans all of it (at least 8 bytes).
func (w *words) refresh() bool {
	if w.b == nil {
		return false
	}
	if w.peeked {
		w.b.Discard(w.k)
	}
	w.p, w.peeked = w.b.Peek(), true
	w.k, w.n = 0, len(w.p)-7
	w.gen++
	return true
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

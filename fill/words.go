package fill

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"sync"
	"unsafe"

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

// uint64n is rand.Rand's uint64n on the next words.
func (w *words) uint64n(n uint64) uint64 {
	if n&(n-1) == 0 {
		return w.next() & (n - 1)
	}
	hi, lo := bits.Mul64(w.next(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(w.next(), n)
		}
	}
	return hi
}

// chunkWords is how many words a bulk call reads into the caller's slice at
// a time, to convert them in place while they are in L1: 16 KiB, half of
// the smallest L1 data cache of the cores we target, large enough that the
// per-chunk calls are amortised (smaller chunks measured slower,
// docs/performance.md).
const chunkWords = 2048

// bytesOf returns the memory of s as bytes, for the keystream's Read to
// write its words straight into the caller's slice.
func bytesOf[T any](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), len(s)*int(unsafe.Sizeof(s[0])))
}

// raw draws words from a chunk already read into memory (p, of which words
// w to n-1 are not drawn yet) and, once those are used up, from the
// keystream itself: the order of Uint64 calls.
type raw struct {
	p    []byte
	w, n int
	b    bulk.Source
}

func (r *raw) next() uint64 {
	if r.w < r.n {
		r.w++
		return le64(r.p, r.w-1)
	}
	return r.b.Uint64()
}

// float64 is rand.Rand.Float64 on the next word.
func (r *raw) float64() float64 {
	return float64(r.next()<<11>>11) / (1 << 53)
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

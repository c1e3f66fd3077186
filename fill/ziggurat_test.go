package fill

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/bulk"
	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// sequence is a Source giving words, then those of rest; drawn counts the
// words given.
type sequence struct {
	words []uint64
	rest  rand.Source
	drawn int
}

func (s *sequence) Uint64() uint64 {
	s.drawn++
	if len(s.words) > 0 {
		u := s.words[0]
		s.words = s.words[1:]
		return u
	}
	return s.rest.Uint64()
}

// TestZigguratWalk runs asmZiggurat, with each assembly backend, on chunks
// of words built so that a third miss the fast path (wedges of every strip, accepted and rejected,
// and strip 0's tail), so that slow words follow slow words, end a block of
// the kernel and end the chunk (whose extra draws come from the keystream),
// and compares its values and words drawn with rand.Rand's calls on the same
// words.
func TestZigguratWalk(t *testing.T) {
	backendtest.RunAlternatives(t, kernels, testZigguratWalk)
}

func testZigguratWalk(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, exp := range []bool{false, true} {
		for trial := range 3000 {
			n := 16 + r.IntN(600)
			words := make([]uint64, n)
			for w := range words {
				u := r.Uint64()
				if r.IntN(3) == 0 { // make it miss the fast path
					i := uint64(r.IntN(128))
					if r.IntN(20) == 0 {
						i = 0 // the tail
					}
					if exp {
						i = i*2 + uint64(r.IntN(2))
						k := uint64(ke[i])
						u = u&^(1<<40-1) | i<<32 | (k + r.Uint64N(1<<32-k))
					} else {
						k := uint64(kn[i])
						j := k + r.Uint64N(1<<31-k)
						if r.IntN(2) == 0 {
							j = uint64(uint32(-int32(j)))
						}
						u = u&^(1<<39-1) | i<<32 | j
					}
				}
				words[w] = u
			}
			if trial%7 == 0 { // the chunk's last word slow: extra draws from the keystream
				words[n-1] = 1<<32 | 0x7fffffff
			}
			seed := uint64(trial)
			b, _ := bulk.Of(chacha.NewSource(seed))
			d := make([]float64, n)
			for w, u := range words {
				d[w] = math.Float64frombits(u)
			}
			o, w := asmZiggurat(d, bytesOf(d), b, exp)

			twin := &sequence{words: append([]uint64(nil), words...), rest: chacha.NewSource(seed)}
			rr := rand.New(twin)
			for k := range o {
				var want float64
				if exp {
					want = rr.ExpFloat64()
				} else {
					want = rr.NormFloat64()
				}
				if math.Float64bits(d[k]) != math.Float64bits(want) {
					t.Fatalf("exp %v trial %d: value %d is %v, want %v", exp, trial, k, d[k], want)
				}
			}
			// rand.Rand has drawn the words of o values. The walk may
			// have drawn more, rejected wedges that start no value: then
			// the next value from there is rand.Rand's next value, and
			// both end at the same word.
			if twin.drawn > n {
				// Both drew past the chunk: the walk's w stops at n.
				if w != n || b.Uint64() != twin.rest.Uint64() {
					t.Fatalf("exp %v trial %d: keystream position differs after the chunk", exp, trial)
				}
			} else if twin.drawn > w {
				t.Fatalf("exp %v trial %d: drew %d words (n %d, o %d), rand.Rand %d", exp, trial, w, n, o, twin.drawn)
			}
			if twin.drawn < w {
				from := &sequence{words: words[w:], rest: chacha.NewSource(seed), drawn: w}
				next, fresh := rr.NormFloat64, rand.New(from).NormFloat64
				if exp {
					next, fresh = rr.ExpFloat64, rand.New(from).ExpFloat64
				}
				if a, b := next(), fresh(); math.Float64bits(a) != math.Float64bits(b) || twin.drawn != from.drawn {
					t.Fatalf("exp %v trial %d: the walk stopped at word %d, rand.Rand's value %d started at %d: %v at %d, from the walk %v at %d",
						exp, trial, w, o, twin.drawn, a, twin.drawn, b, from.drawn)
				}
			}
			if w < n-15 {
				t.Fatalf("exp %v trial %d: stopped at word %d of %d", exp, trial, w, n)
			}
		}
	}
}

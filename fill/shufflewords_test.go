package fill

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/streamrand/streamrand/internal/bulk"
)

// shuffleWords is a keystream of given words (then zeros) whose Peek
// returns a buffer of a chosen length: 8 bytes up to more than a 1 KiB
// batch, rarely a multiple of 8. It is registered with package bulk, so
// Shuffle and Perm take their bulk path on it; a rand.Source over the same
// words (wordsSource) gives rand.Rand's answer.
type shuffleWords struct {
	w     []uint64
	pos   int // bytes consumed
	peeks func() int
	buf   [2048]byte
}

func init() {
	bulk.Register(func(src rand.Source) (bulk.Source, sync.Locker) {
		if s, ok := src.(*shuffleWords); ok {
			return s, nil
		}
		return nil, nil
	})
}

func (s *shuffleWords) byteAt(p int) byte {
	if p/8 >= len(s.w) {
		return 0
	}
	return byte(s.w[p/8] >> (p % 8 * 8))
}

func (s *shuffleWords) Uint64() uint64 {
	var b [8]byte
	s.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

func (s *shuffleWords) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = s.byteAt(s.pos)
		s.pos++
	}
	return len(p), nil
}

func (s *shuffleWords) Peek() []byte {
	n := s.peeks()
	for i := range n {
		s.buf[i] = s.byteAt(s.pos + i)
	}
	return s.buf[:n]
}

func (s *shuffleWords) Discard(n int) {
	if n < 0 || n > len(s.buf) {
		panic("shuffleWords: bad Discard")
	}
	s.pos += n
}

// wordsSource is the plain rand.Source over the same words.
type wordsSource struct {
	w []uint64
	k int
}

func (s *wordsSource) Uint64() uint64 {
	s.k++
	if s.k > len(s.w) {
		return 0
	}
	return s.w[s.k-1]
}

// inverse returns the inverse of odd x modulo 2^64 (Newton's iteration).
func inverse(x uint64) uint64 {
	y := x // correct to 3 bits
	for range 5 {
		y *= 2 - x*y
	}
	return y
}

// shuffleWordList returns the words that rand.Rand's Shuffle(n) draws when
// each word is, at random, one of: rejected (0, for an m that is not a
// power of two), accepted with lo just below m (the rejection test runs
// and passes), or an ordinary word. It follows the shuffle (which m each
// word meets, redraws included) and counts the two special kinds.
func shuffleWordList(r *rand.Rand, n int) (w []uint64, rejected, slow int) {
	for i := n - 1; i > 0; i-- {
		m := uint64(i) + 1
		for {
			var u uint64
			switch k := r.IntN(8); {
			case k == 0 && m&(m-1) != 0:
				u = 0 // lo = 0 < -m%m
			case k == 1 && m&(m-1) != 0:
				// u*m = m - 2^v (mod 2^64), v the trailing zeros of m:
				// lo >= -m%m (a multiple of 2^v below m) but lo < m.
				v := bits.TrailingZeros64(m)
				u = (m>>v - 1) * inverse(m>>v)
				if _, lo := bits.Mul64(u, m); lo != m-1<<v {
					panic("shuffleWordList: bad inverse")
				}
			default:
				u = r.Uint64()
			}
			w = append(w, u)
			_, lo := bits.Mul64(u, m)
			if m&(m-1) == 0 || lo >= -m%m {
				if lo < m && m&(m-1) != 0 {
					slow++
				}
				break
			}
			rejected++
		}
	}
	return w, rejected, slow
}

// TestShuffleCraftedWords: Shuffle and Perm over words dense in rejections
// and in words that need the rejection test but pass it, with Peek buffers
// of every length from 8 bytes to more than a batch, make the swaps of
// rand.Rand's Shuffle and leave the Source where it would; a swap that
// panics after k calls leaves the Source after the words of those calls.
func TestShuffleCraftedWords(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var rejected, slow int
	for round := range 200 {
		n := []int{2, 3, 5, 9, 130, 257, 1000, 1025, 3000}[round%9]
		w, rej, sl := shuffleWordList(r, n)
		rejected += rej
		slow += sl
		seed := r.Uint64()
		peeks := func() func() int {
			pr := rand.New(rand.NewPCG(seed, 0))
			return func() int {
				switch pr.IntN(4) {
				case 0:
					return 8 + pr.IntN(8)
				case 1:
					return 8 + pr.IntN(64)
				default:
					return 1024 + pr.IntN(17) // a batch and a bit, as after a misaligned read
				}
			}
		}
		// The swaps of the per-call Shuffle, and the position after the
		// words drawn for each.
		type swap struct{ i, j int }
		var want []swap
		var wantPos []int
		ws := &wordsSource{w: w}
		rand.New(ws).Shuffle(n, func(i, j int) {
			want = append(want, swap{i, j})
			wantPos = append(wantPos, 8*ws.k)
		})
		if ws.k != len(w) {
			t.Fatalf("n %d: the per-call Shuffle drew %d words, the list holds %d", n, ws.k, len(w))
		}

		src := &shuffleWords{w: w, peeks: peeks()}
		var got []swap
		Shuffle(src, n, func(i, j int) { got = append(got, swap{i, j}) })
		if !slices.Equal(got, want) {
			t.Fatalf("round %d n %d: Shuffle's swaps differ from rand.Rand's", round, n)
		}
		if src.pos != 8*len(w) {
			t.Fatalf("round %d n %d: Shuffle left the Source at byte %d, want %d", round, n, src.pos, 8*len(w))
		}

		src = &shuffleWords{w: w, peeks: peeks()}
		p := make([]int, n)
		Perm(src, p)
		if q := rand.New(&wordsSource{w: w}).Perm(n); !slices.Equal(p, q) {
			t.Fatalf("round %d n %d: Perm differs from rand.Rand's", round, n)
		}
		if src.pos != 8*len(w) {
			t.Fatalf("round %d n %d: Perm left the Source at byte %d, want %d", round, n, src.pos, 8*len(w))
		}

		// A swap that panics at call k (each k once over the rounds, for
		// the short lists, and a few for the long ones).
		for _, k := range []int{r.IntN(n - 1), r.IntN(n - 1), (round / 9) % (n - 1)} {
			src = &shuffleWords{w: w, peeks: peeks()}
			calls := 0
			func() {
				defer func() {
					if e := recover(); e != nil && e != "stop" {
						panic(e)
					}
				}()
				Shuffle(src, n, func(i, j int) {
					if calls == k {
						panic("stop")
					}
					calls++
				})
			}()
			if src.pos != wantPos[k] {
				t.Fatalf("round %d n %d: after a panic in swap call %d the Source is at byte %d, want %d", round, n, k, src.pos, wantPos[k])
			}
		}
	}
	if inverse(3)*3 != 1 || inverse(0xdeadbeef)*0xdeadbeef != 1 {
		t.Fatal("inverse is wrong")
	}
	// Each kind of word must have been met, or the test shows nothing.
	if rejected < 1000 || slow < 1000 {
		t.Fatalf("only %d rejected words and %d that passed the rejection test", rejected, slow)
	}
	t.Logf("%d rejected words, %d that passed the rejection test", rejected, slow)
}

// TestMultiplyRun: the run stops just before the first i-t whose i-t+1 is a
// power of two, and never exceeds the words given.
func TestMultiplyRun(t *testing.T) {
	for _, i := range []int{1, 2, 3, 4, 5, 7, 8, 9, 1000, 1023, 1024, 1025, 1 << 30, 1<<31 - 1} {
		for _, w := range []int{1, 3, 128, 1<<31 - 1} {
			got := multiplyRun(w, i)
			want := 0
			for want < w && i-want > 0 && bits.OnesCount(uint(i-want+1)) != 1 {
				want++
			}
			if got != want {
				t.Errorf("multiplyRun(%d, %d) = %d, want %d", w, i, got, want)
			}
		}
	}
	if got := multiplyRun(5, int(^uint(0)>>1)); got != 0 {
		t.Errorf("multiplyRun(5, MaxInt) = %d, want 0 (MaxInt+1 is a power of two)", got)
	}
	if got := multiplyRun(5, int(^uint(0)>>1)-1); got != 5 {
		t.Errorf("multiplyRun(5, MaxInt-1) = %d, want 5", got)
	}
}

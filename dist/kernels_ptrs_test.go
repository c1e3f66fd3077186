package dist

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/streamrand/streamrand/internal/bulk"
	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// tryWord returns a word of a PTRS or BTRS try, x if first, else y, a
// third of them crafted where the kernels' arithmetic has its edges: x
// with us near 0 (u near ±1/2: the largest proposals, beyond 2^63 for a
// huge λ), near 0.013 and 0.07 (just below, at, just above the squeeze's
// bound), u near 0; y with v's integer near vrM and near 0 and 2^52.
func tryWord(r *rand.Rand, first bool, vrM int64) uint64 {
	w := r.Uint64()
	if r.IntN(3) != 0 {
		return w
	}
	low := w & (1<<12 - 1) // the bits below the 52 the try reads
	d := int64(r.IntN(9)) - 4
	var m int64
	if first {
		switch r.IntN(5) {
		case 0: // us near 0: m near 0 or 2^52 - 1
			m = int64(r.IntN(4))
			if r.IntN(2) == 0 {
				m = 1<<52 - 1 - m
			}
		case 1:
			m = us0013 + d
		case 2:
			m = us007 + d
		case 3: // u near 0
			m = 1<<51 + d
		default: // the upper half's mirror of us near 0.07
			m = 1<<52 - 1 - (us007 + d)
		}
	} else {
		switch r.IntN(3) {
		case 0:
			m = vrM + d
		case 1:
			m = int64(r.IntN(4))
		default:
			m = 1<<52 - 1 - int64(r.IntN(4))
		}
	}
	m = max(0, min(m, 1<<52-1))
	return uint64(m)<<12 | low
}

func tryWords(r *rand.Rand, n int, vrM int64) []uint64 {
	words := make([]uint64, 2*n)
	for t := range n {
		words[2*t] = tryWord(r, true, vrM)
		words[2*t+1] = tryWord(r, false, vrM)
	}
	return words
}

// tryLaw is the setup of PTRS or BTRS as asmTries reads it, with the Go
// code's steps of a try.
type tryLaw struct {
	name     string
	q        tryParams
	proposal func(u, us float64) (float64, int64, uint8)
	squeeze  func(us float64, my int64) uint8
	valid    func(in uint8, k, mu, my int64) uint8
	passes   func(r, us, v float64) bool
	pmf      func(k int64) float64 // the memo's value for k
	key      memoKey               // its Fill's memo
	fill     func(src rand.Source, dst []int64)
	rand     func(src rand.Source) int64
}

func tryLaws() []tryLaw {
	var laws []tryLaw
	for _, lam := range []float64{30, 100, 1234.5, 1e9, 0x1p62} {
		s := new(ptrs)
		s.init(lam)
		s.vrM = open01Most(s.vr)
		s.setInvAlpha()
		window := memoWindow(math.Sqrt(lam), 1e4) // as a Fill of 10^4 sets it
		setWindow(&s.lo, s.m, window)
		d := Poisson{lam}
		laws = append(laws, tryLaw{fmt.Sprintf("%+v", d),
			tryParams{s.twoA, s.b, s.c, s.a, s.invAlpha, 0.013, s.m, s.vrM, math.MaxInt64, s.lo, int64(window - 1)},
			s.proposal, s.squeeze, s.valid, s.passes,
			func(k int64) float64 { return s.pmf(k, float64(k-s.m)) }, memoKey{1, math.Float64bits(lam), 0}, d.Fill, d.Rand})
	}
	for _, d := range []Binomial{{60, 0.5}, {1000, 0.5}, {1000, 0.7}, {1e6, 0.01}, {1 << 62, 0.3}, {math.MaxInt64, 0.5}} {
		p := min(d.P, 1-d.P)
		s := new(btrs)
		s.init(d.N, p)
		s.vrM = open01Most(s.vr)
		s.setRatio()
		window := memoWindow(s.spq, 1e4)
		setWindow(&s.lo, s.m, window)
		laws = append(laws, tryLaw{fmt.Sprintf("%+v", d),
			tryParams{s.twoA, s.b, s.cj, s.a, s.alpha, 0, s.m, s.vrM, s.n, s.lo, int64(window - 1)},
			s.proposal, s.squeeze,
			func(in uint8, k, _, _ int64) uint8 { return s.valid(in, k) }, s.passes,
			func(k int64) float64 { return s.ratio(k, float64(k-s.m)) }, memoKey{2, uint64(d.N), math.Float64bits(p)}, d.Fill, d.Rand})
	}
	return laws
}

// TestKernelTries compares asmTries with the Go code's steps of a try
// (tryU, proposal, squeeze, valid, passes) bit for bit, for PTRS and BTRS
// over their range of parameters, on crafted words (tryWord), with a memo
// holding p(k) for about half of its window, for every number of tries 0
// to 300, at every byte offset of the words (mod 16): the number of tries
// made (the whole groups of 8 of the first tryBatchLen); every k where
// |t - m| < 2^51 (every k with AVX-512); every state: 1 for the squeeze's,
// else for a valid try with |t - m| < 2^51 whose p(k) is in the memo what
// passes says, else 0; the list of the tries not decided, in order: the
// valid ones whose p(k) is not in the memo, and those with 2^51 <= |t - m|
// < 2^52 not rejected at once (their k may be the kernel's own); and
// nothing written to k and st past the tries made.
func TestKernelTries(t *testing.T) {
	backendtest.RunAlternatives(t, kernels, func(t *testing.T) {
		r := rand.New(rand.NewPCG(41, 42))
		const guard = 0x5A
		var far, decided, listed, passed int
		for _, law := range tryLaws() {
			q := law.q
			memo := make([]float64, q.last+1)
			for i := range memo {
				if k := q.lo + int64(i); k <= q.kmax && r.IntN(2) == 0 {
					memo[i] = law.pmf(k)
				}
			}
			for n := range 301 {
				off := n % 16
				p := bytesAt(tryWords(r, n, q.vrM), off)
				var b tryBatch
				b.memo = memo
				for i := range b.k {
					b.k[i], b.st[i] = guard, guard
				}
				tries, nt := asmTries(&b, p, &q)
				desc := fmt.Sprintf("%s %s, %d tries, offset %d", Backend(), law.name, n, off)
				if want := min(n, tryBatchLen) &^ 7; tries != want {
					t.Fatalf("%s: made %d tries, want %d", desc, tries, want)
				}
				var idx []uint8
				for i := range tries {
					x, y := le64(p, 16*i), le64(p, 16*i+8)
					u, us, mu := tryU(x)
					my := int64(y >> 12)
					v := open01(y)
					j, k, in := law.proposal(u, us)
					tt := float64((q.twoA/us+q.b)*u) + q.c
					exact := math.Abs(tt) < 0x1p51
					if !exact && in == 1 {
						far++
					}
					if (Backend() == "avx512" || exact) && b.k[i] != k {
						t.Fatalf("%s: try %d (x %#x): k = %d, want %d (j %v)", desc, i, x, b.k[i], k, j)
					}
					st := law.squeeze(us, my)
					quick := us < q.quick && v > us
					switch {
					case st == 1:
					case !exact && in == 1 && !quick:
						// k may be the kernel's own: test decides.
						idx = append(idx, uint8(i))
					case exact && law.valid(in, k, mu, my) == 1:
						if m := k - q.lo; uint64(m) < uint64(len(memo)) && memo[m] != 0 {
							st = discFlag(law.passes(memo[m], us, v))
							decided++
							passed += int(st)
						} else {
							idx = append(idx, uint8(i))
						}
					}
					if b.st[i] != st {
						t.Fatalf("%s: try %d (x %#x, y %#x, k %d): state %d, want %d", desc, i, x, y, k, b.st[i], st)
					}
				}
				listed += len(idx)
				if nt != len(idx) {
					t.Fatalf("%s: %d tries left to test %v, want %d %v", desc, nt, b.idx[:nt], len(idx), idx)
				}
				for w, i := range idx {
					if b.idx[w] != i {
						t.Fatalf("%s: tries to test %v, want %v", desc, b.idx[:nt], idx)
					}
				}
				for i := tries; i < tryBatchLen; i++ {
					if b.k[i] != guard || b.st[i] != guard {
						t.Fatalf("%s: wrote try %d", desc, i)
					}
				}
			}
		}
		// The crafted words reach every case.
		if far == 0 || listed == 0 || passed == 0 || passed == decided {
			t.Fatalf("%s: %d tries with 2^51 <= |t - m| < 2^52, %d listed, %d of %d decided by the memo passed: a case is missing",
				Backend(), far, listed, passed, decided)
		}
	})
}

// tryStream is a keystream of tryWords (with a fixed vrM: the crafting
// near the squeeze's bound then suits one law of the list, but every word
// kind occurs for all) whose Peek holds up to 1 KiB, as the generators'
// buffers do, so that Fill's batches are long enough for the kernels.
type tryStream struct {
	pos int
	buf [1024]byte
	vrM int64
}

func init() {
	bulk.Register(func(src rand.Source) (bulk.Source, sync.Locker) {
		if c, ok := src.(*tryStream); ok {
			return c, nil
		}
		return nil, nil
	})
}

func (c *tryStream) bytes(p []byte, pos int) {
	for i := 0; i < len(p); {
		w := (pos + i) / 8
		r := rand.New(rand.NewPCG(uint64(w), 43))
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], tryWord(r, w%2 == 0, c.vrM))
		i += copy(p[i:], b[(pos+i)%8:])
	}
}

func (c *tryStream) Uint64() uint64 {
	var b [8]byte
	c.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

func (c *tryStream) Read(p []byte) (int, error) {
	c.bytes(p, c.pos)
	c.pos += len(p)
	return len(p), nil
}

func (c *tryStream) Peek() []byte {
	n := 1024 - c.pos%1024/8*8 + c.pos%8 // to the next KiB, and varying
	n = max(8, min(n, 1024))
	c.bytes(c.buf[:n], c.pos)
	return c.buf[:n]
}

func (c *tryStream) Discard(n int) { c.pos += n }

// TestKernelTryFills runs the Fill of Poisson and Binomial by PTRS and
// BTRS on every backend, on tryStream's crafted words from random byte
// positions, against Rand calls on the same words: the values and the
// byte position after.
func TestKernelTryFills(t *testing.T) {
	r := rand.New(rand.NewPCG(44, 45))
	rounds := 6
	if testing.Short() {
		rounds = 2
	}
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, law := range tryLaws() {
			for round := range rounds {
				n := r.IntN(3000)
				start := r.IntN(1 << 20)
				src, twin := &tryStream{pos: start, vrM: law.q.vrM}, &tryStream{pos: start, vrM: law.q.vrM}
				got := make([]int64, n)
				law.fill(src, got)
				for k := range got {
					if want := law.rand(twin); want != got[k] {
						t.Fatalf("%s %s round %d len %d start %d: value %d is %d, want %d", Backend(), law.name, round, n, start, k, got[k], want)
					}
				}
				if twin.pos != src.pos {
					t.Fatalf("%s %s round %d len %d start %d: byte position %d, want %d", Backend(), law.name, round, n, start, src.pos, twin.pos)
				}
			}
		}
	})
}

// TestBatchMemoKeyed: a tryBatch taken for another law has an empty memo
// (a memo holds one law's p(k)), memoWindow sizes a Fill's memo, and
// Fills of laws taken in turn, each finding the batch another left (or
// the same law's with a window of another length), equal their Rand
// calls.
func TestBatchMemoKeyed(t *testing.T) {
	b := batchFor(memoKey{1, math.Float64bits(100), 0}, memoLen)
	b.memo[3] = 7
	batches.Put(b)
	b = batchFor(memoKey{1, math.Float64bits(101), 0}, memoLen)
	if b.memo[3] != 0 {
		t.Fatalf("a batch for Poisson(101) holds Poisson(100)'s memo")
	}
	b.memo[5] = 7
	batches.Put(b)
	b = batchFor(memoKey{1, math.Float64bits(1e6), 0}, 4*memoLen)
	if len(b.memo) != 4*memoLen || b.memo[5] != 0 {
		t.Fatalf("a batch for Poisson(1e6) has a memo of %d values, [5] = %v, want %d, 0", len(b.memo), b.memo[5], 4*memoLen)
	}
	batches.Put(b)
	// A Fill asks for a window by the law's spread, up to memoMax, and by
	// its length.
	for _, c := range []struct{ sd, n, want int }{{0, 1e6, memoLen}, {16, 1e6, memoLen}, {17, 1e6, 2 * memoLen},
		{100, 1e6, 4096}, {1000, 1e6, memoMax}, {1e9, 1e6, memoMax}, {1e9, 10, memoLen}, {1e9, 1000, 4096}, {100, 600, 4096}, {100, 500, 2048}} {
		if got := memoWindow(float64(c.sd), c.n); got != c.want {
			t.Fatalf("memoWindow(%d, %d) = %d, want %d", c.sd, c.n, got, c.want)
		}
	}
	laws := []tryLaw{}
	for _, l := range tryLaws() {
		switch l.name {
		case "{Lambda:100}", "{Lambda:1234.5}", "{N:1000 P:0.5}", "{N:1000 P:0.7}", "{N:1000000 P:0.01}":
			laws = append(laws, l)
		}
	}
	if len(laws) != 5 {
		t.Fatalf("found %d of the 5 laws", len(laws))
	}
	for round := range 40 {
		// Each law for four Fills in turn, then the next, twice: the
		// lengths change the window a Fill asks for from one Fill to the
		// next (Poisson(1234.5)'s and Binomial(1e6, 0.01)'s), so that a
		// Fill finds the law's memo longer than it asks for.
		law := laws[round/4%len(laws)]
		src, twin := &tryStream{pos: 8 * round, vrM: law.q.vrM}, &tryStream{pos: 8 * round, vrM: law.q.vrM}
		got := make([]int64, []int{3000, 100, 1000, 40}[round%4])
		law.fill(src, got)
		for k := range got {
			if want := law.rand(twin); want != got[k] {
				t.Fatalf("%s round %d: value %d is %d, want %d", law.name, round, k, got[k], want)
			}
		}
		// The memo the Fill left (where the pool gives it back): p(k) at
		// k - lo for its window's lo, whatever window the Fill asked for.
		b := batches.Get().(*tryBatch)
		if b.key == law.key {
			lo := max(0, law.q.m-int64(len(b.memo)/2))
			filled := 0
			for i, r := range b.memo {
				if r != 0 {
					filled++
					if want := law.pmf(lo + int64(i)); r != want {
						t.Fatalf("%s round %d: memo[%d] of %d (k = %d) is %v, want %v", law.name, round, i, len(b.memo), lo+int64(i), r, want)
					}
				}
			}
			if filled == 0 {
				t.Fatalf("%s round %d: the memo holds nothing", law.name, round)
			}
		}
		batches.Put(b)
	}
}

// TestKernelTake compares asmTake with take's loop: for every nb 0 to
// 200 and len(dst) from nb, states 0 or 1 with acceptance rates from none
// to all, the values stored in order and their number, the tries taken
// (whole groups of 8 of the first min(nb, tryBatchLen)), and nothing
// written at or past dst[tries].
func TestKernelTake(t *testing.T) {
	backendtest.RunAlternatives(t, kernels, func(t *testing.T) {
		r := rand.New(rand.NewPCG(46, 47))
		const guard = -0x5A5A5A5A
		var b tryBatch
		for nb := range 201 {
			for _, rate := range []int{0, 1, 4, 7, 8} { // eighths accepted
				for i := range b.k {
					b.k[i] = int64(r.Uint64())
					b.st[i] = discFlag(r.IntN(8) < rate)
				}
				dst := make([]int64, nb+r.IntN(9))
				for i := range dst {
					dst[i] = guard
				}
				tries, n := asmTake(dst, &b, min(nb, tryBatchLen))
				desc := fmt.Sprintf("%s nb %d len %d rate %d/8", Backend(), nb, len(dst), rate)
				if want := min(nb, tryBatchLen) &^ 7; tries != want {
					t.Fatalf("%s: took %d tries, want %d", desc, tries, want)
				}
				var want []int64
				for i := range tries {
					if b.st[i] == 1 {
						want = append(want, b.k[i])
					}
				}
				if n != len(want) {
					t.Fatalf("%s: stored %d, want %d", desc, n, len(want))
				}
				for i, k := range want {
					if dst[i] != k {
						t.Fatalf("%s: dst[%d] = %d, want %d", desc, i, dst[i], k)
					}
				}
				for i := max(tries, n); i < len(dst); i++ {
					if dst[i] != guard {
						t.Fatalf("%s: wrote dst[%d]", desc, i)
					}
				}
			}
		}
	})
}

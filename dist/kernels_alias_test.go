package dist

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// TestKernelAlias compares Categorical's draw kernels with draw, the Go
// rule, word for word: tables of every weight set and of random sizes up to
// 2^20 columns (odd, prime and powers of two), on random words and on the
// words at each side of column boundaries (⌈j·2^64/n⌉ and the word before
// it, where the high word of u·n changes) and of the threshold within a
// column, for every length 0 to 100 and more, at every byte offset of the
// words and element offset of dst, apart and in place. A kernel converts
// exactly min(len(dst), words)&^(lanes-1) words and writes nothing else.
func TestKernelAlias(t *testing.T) {
	backendtest.RunAlternatives(t, kernels, func(t *testing.T) {
		r := rand.New(rand.NewPCG(41, 42))
		lanes := 8
		if Backend() == "avx2" {
			lanes = 4
		}
		var tables []*Categorical
		for _, w := range aliasWeightSets() {
			c, err := NewCategorical(w)
			if err != nil {
				t.Fatal(err)
			}
			tables = append(tables, c)
		}
		for _, n := range []int{2, 3, 7, 64, 1000, 65521, 1 << 16, 1<<20 - 3, 1 << 20} {
			w := make([]float64, n)
			for i := range w {
				w[i] = r.Float64()
			}
			c, err := NewCategorical(w)
			if err != nil {
				t.Fatal(err)
			}
			tables = append(tables, c)
		}
		lengths := []int{}
		for n := range 101 {
			lengths = append(lengths, n)
		}
		lengths = append(lengths, 255, 1000)
		const guard = 0x5A5A5A5A5A5A5A5A
		for _, c := range tables {
			words := aliasTestWords(r, c, 1000+8)
			for _, n := range lengths {
				for _, off := range offsets(n) {
					// The words at byte offset off, n or n + 3 of them.
					nw := n + 3*(off%2)
					mem := make([]byte, 8*nw+16)
					p := mem[off : off+8*nw]
					for i := range nw {
						w := words[r.IntN(len(words))]
						for k := range 8 {
							p[8*i+k] = byte(w >> (8 * k))
						}
					}
					want := min(n, nw) / lanes * lanes
					out := make([]int64, n+16)
					for i := range out {
						out[i] = guard
					}
					got := asmAlias(out[off:off+n], p, c.tab, c.mask)
					desc := fmt.Sprintf("%s n %d len %d offset %d", Backend(), c.n, n, off)
					if got != want {
						t.Fatalf("%s: set %d, want %d", desc, got, want)
					}
					for i := range out {
						w := int64(guard)
						if i >= off && i < off+got {
							w = int64(c.draw(le64(p, 8*(i-off))))
						}
						if out[i] != w {
							t.Fatalf("%s: element %d is %d, want %d", desc, i-off, out[i], w)
						}
					}
					// In place, the words in dst's memory.
					dst := make([]int64, n)
					in := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(dst))), 8*n)
					copy(in, p)
					keep := append([]byte(nil), in...)
					got = asmAlias(dst, in, c.tab, c.mask)
					if got != n/lanes*lanes {
						t.Fatalf("%s in place: set %d, want %d", desc, got, n/lanes*lanes)
					}
					for i := range got {
						if w := int64(c.draw(le64(keep, 8*i))); dst[i] != w {
							t.Fatalf("%s in place: element %d is %d, want %d", desc, i, dst[i], w)
						}
					}
				}
			}
		}
	})
}

// aliasTestWords returns k words for c: random ones, the extremes, and for
// random columns j the first word of the column, the word before it, and
// the words on each side of where the column's threshold changes the draw
// from j to its alias.
func aliasTestWords(r *rand.Rand, c *Categorical, k int) []uint64 {
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	bn := new(big.Int).SetUint64(c.n)
	ws := []uint64{0, 1, 1<<32 - 1, 1 << 32, 1<<63 - 1, 1 << 63, 1<<64 - 1}
	for len(ws) < k {
		if r.IntN(3) == 0 {
			ws = append(ws, r.Uint64())
			continue
		}
		j := r.Uint64N(c.n)
		u0 := ceilDiv(new(big.Int).Mul(new(big.Int).SetUint64(j), two64), bn).Uint64()
		ws = append(ws, u0, u0-1)
		// The first word of the column whose lo|mask reaches the entry:
		// lo = u·n - j·2^64 >= entry &^ mask.
		t := c.tab[j] &^ c.mask
		need := new(big.Int).Add(new(big.Int).Mul(new(big.Int).SetUint64(j), two64), new(big.Int).SetUint64(t))
		if u := ceilDiv(need, bn); u.Cmp(two64) < 0 {
			ws = append(ws, u.Uint64(), u.Uint64()-1)
		}
	}
	return ws
}

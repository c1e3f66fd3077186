package fill

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/streamrand/streamrand/internal/testkit/backendtest"

	"github.com/streamrand/streamrand/internal/bulk"
)

// crafted is a keystream whose word k is a fixed function of k, built so
// that about half the words miss the ziggurat fast paths (wedges of every
// strip and strip 0's tail, as NormFloat64 or as ExpFloat64 reads them)
// and Uint64N(1<<63+1) rejects about half. It is registered with package
// bulk, so the public fill functions take their bulk path on it: the whole
// chunk loop, the kernels and the portable continuation run on words dense
// in slow paths, including at every chunk's end.
type crafted struct {
	exp bool
	pos int // bytes consumed
	buf [64]byte
}

func init() {
	bulk.Register(func(src rand.Source) (bulk.Source, sync.Locker) {
		if c, ok := src.(*crafted); ok {
			return c, nil
		}
		return nil, nil
	})
}

func (c *crafted) word(idx int) uint64 {
	h := rand.NewPCG(uint64(idx), 99)
	u := h.Uint64()
	v := h.Uint64()
	if v%2 == 0 {
		return u
	}
	i := v >> 8 % 128
	if v>>16%16 == 0 {
		i = 0 // the tail
	}
	if c.exp {
		i = i*2 + v>>24%2
		k := uint64(ke[i])
		return u&^(1<<40-1) | i<<32 | (k + v>>32%(1<<32-k))
	}
	k := uint64(kn[i])
	j := k + v>>32%(1<<31-k)
	if v>>30%2 == 0 {
		j = uint64(uint32(-int32(j)))
	}
	return u&^(1<<39-1) | i<<32 | j
}

func (c *crafted) byteAt(p int) byte {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], c.word(p/8))
	return b[p%8]
}

func (c *crafted) Uint64() uint64 {
	var b [8]byte
	c.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

func (c *crafted) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = c.byteAt(c.pos)
		c.pos++
	}
	return len(p), nil
}

func (c *crafted) Peek() []byte {
	n := 8 + c.pos%3*8 + c.pos%5 // at least 8, of varying length
	for i := range n {
		c.buf[i] = c.byteAt(c.pos + i)
	}
	return c.buf[:n]
}

func (c *crafted) Discard(n int) { c.pos += n }

// TestCraftedWords runs NormFloat64, ExpFloat64 and Uint64N over crafted
// words, on every backend, from random byte offsets, with lengths around
// the chunk size, against rand.Rand's calls on the same words.
func TestCraftedWords(t *testing.T) {
	rounds := 60
	if testing.Short() {
		rounds = 10
	}
	r := rand.New(rand.NewPCG(1, 2))
	backendtest.Run(t, kernels, func(t *testing.T) {
		for _, exp := range []bool{false, true} {
			for round := range rounds {
				n := r.IntN(3 * chunkWords)
				if round%3 == 0 {
					n = chunkWords*(1+r.IntN(2)) + r.IntN(9) - 4
				}
				start := r.IntN(1 << 20)
				src, twin := &crafted{exp: exp, pos: start}, &crafted{exp: exp, pos: start}
				rr := rand.New(twin)
				d := make([]float64, n)
				var call func() float64
				switch {
				case round%4 == 3:
					u := make([]uint64, n)
					Uint64N(src, u, 1<<63+1)
					for i, v := range u {
						d[i] = math.Float64frombits(v)
					}
					call = func() float64 { return math.Float64frombits(rr.Uint64N(1<<63 + 1)) }
				case exp:
					ExpFloat64(src, d)
					call = rr.ExpFloat64
				default:
					NormFloat64(src, d)
					call = rr.NormFloat64
				}
				for i := range d {
					if w := call(); math.Float64bits(d[i]) != math.Float64bits(w) {
						t.Fatalf("exp %v round %d len %d start %d: value %d is %v, want %v", exp, round, n, start, i, d[i], w)
					}
				}
				if src.pos != twin.pos {
					t.Fatalf("exp %v round %d len %d start %d: at byte %d, want %d", exp, round, n, start, src.pos, twin.pos)
				}
			}
		}
	})
}

package fill

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
)

// recording records the words drawn from a Source.
type recording struct {
	rand.Source
	words []uint64
}

func (r *recording) Uint64() uint64 {
	u := r.Source.Uint64()
	r.words = append(r.words, u)
	return u
}

// TestSlowPathsHit classifies each per-call NormFloat64 and ExpFloat64 by
// the first word it drew (fast path, wedge, or the tail of strip 0), makes
// sure every path is taken, counts them, and checks fill against those
// calls.
func TestSlowPathsHit(t *testing.T) {
	const n = 100000
	for _, c := range []struct {
		name  string
		fill  func(src rand.Source, dst []float64)
		call  func(r *rand.Rand) float64
		class func(u uint64) int // 0 fast, 1 wedge, 2 tail
	}{
		{"NormFloat64", NormFloat64, (*rand.Rand).NormFloat64, func(u uint64) int {
			j, i := int32(u), u>>32&0x7F
			switch {
			case absInt32(j) < kn[i]:
				return 0
			case i == 0:
				return 2
			}
			return 1
		}},
		{"ExpFloat64", ExpFloat64, (*rand.Rand).ExpFloat64, func(u uint64) int {
			j, i := uint32(u), uint8(u>>32)
			switch {
			case j < ke[i]:
				return 0
			case i == 0:
				return 2
			}
			return 1
		}},
	} {
		src, twin := chacha.NewSource(11), &recording{Source: chacha.NewSource(11)}
		r := rand.New(twin)
		var count [3]int
		want := make([]float64, n)
		for k := range want {
			first := len(twin.words)
			want[k] = c.call(r)
			cl := c.class(twin.words[first])
			if cl == 0 && len(twin.words) != first+1 {
				t.Fatalf("%s: a fast-path value drew %d words", c.name, len(twin.words)-first)
			}
			count[cl]++
		}
		got := make([]float64, n)
		c.fill(src, got)
		for k := range got {
			if math.Float64bits(got[k]) != math.Float64bits(want[k]) {
				t.Fatalf("%s: value %d is %v, want %v", c.name, k, got[k], want[k])
			}
		}
		t.Logf("%s: %d fast, %d wedge, %d tail, %d words for %d values", c.name, count[0], count[1], count[2], len(twin.words), n)
		if count[1] == 0 || count[2] == 0 {
			t.Errorf("%s: a slow path was not hit: %d wedge, %d tail", c.name, count[1], count[2])
		}
	}
}

// TestFloat64From proves the rewrite of rand.Rand.Float64's conversion on
// edge words and a million random ones.
func TestFloat64From(t *testing.T) {
	words := []uint64{0, 1, 1<<53 - 1, 1 << 53, 1<<53 + 1, 1<<63 - 1, 1 << 63, math.MaxUint64, 0x7ff0000000000000}
	for i := range 64 {
		words = append(words, 1<<i, 1<<i-1, ^uint64(1<<i))
	}
	s := aesctr.NewSource(1)
	for range 1_000_000 {
		u := s.Uint64()
		words = append(words, u, u>>bits.TrailingZeros64(u|1<<63)) // many trailing bits
	}
	for _, u := range words {
		want := float64(u<<11>>11) / (1 << 53)
		if got := float64From(u); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("float64From(%#x) = %v, want %v", u, got, want)
		}
	}
}

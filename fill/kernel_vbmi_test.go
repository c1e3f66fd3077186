package fill

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/chacha"
)

// TestKernelVBMI compares normsVBMI and expsVBMI with normsAVX512 and
// expsAVX512 (which the other tests compare with the portable Go loop),
// value bits and slow masks, on random words and on words crafted for every
// table index with j at and around its bound, in every lane position of the
// 64 a VBMI iteration takes, over lengths that leave 16-word remainders.
func TestKernelVBMI(t *testing.T) {
	if !haveVBMI {
		t.Skip("no AVX-512 VBMI kernels on this machine or build")
	}
	r := rand.New(rand.NewPCG(9, 9))
	var words []uint64
	for range 4096 {
		words = append(words, r.Uint64())
	}
	// Every index with j just below, at and above k[i] (and -k[i] for
	// normals), the high bits of the word random.
	for i := range 256 {
		for _, k := range []uint32{kn[i%128], ke[i]} {
			for _, j := range []uint32{k - 1, k, k + 1, -k, -k + 1, -k - 1, 0, math.MaxUint32, 1 << 31} {
				words = append(words, r.Uint64()&^(1<<40-1)|uint64(i)<<32|uint64(j))
			}
		}
	}
	r.Shuffle(len(words), func(a, b int) { words[a], words[b] = words[b], words[a] })
	for _, n := range []int{64, 128, 192, 256, len(words) &^ 63} {
		for start := 0; start+n <= len(words); start += n + 37 {
			src := words[start : start+n]
			for _, exp := range []bool{false, true} {
				x1, x2 := make([]float64, n), make([]float64, n)
				s1, s2 := make([]uint16, n/16), make([]uint16, n/16)
				if exp {
					expsAVX512(x1, s1, src)
					expsVBMI(x2, s2, src)
				} else {
					normsAVX512(x1, s1, src)
					normsVBMI(x2, s2, src)
				}
				for k := range n {
					if math.Float64bits(x1[k]) != math.Float64bits(x2[k]) || s1[k/16]>>(k%16)&1 != s2[k/16]>>(k%16)&1 {
						t.Fatalf("exp=%v n=%d word %d (%#x): VBMI x=%v slow=%d, AVX512 x=%v slow=%d",
							exp, n, k, src[k], x2[k], s2[k/16]>>(k%16)&1, x1[k], s1[k/16]>>(k%16)&1)
					}
				}
			}
		}
	}
}

// zigMatches fills n values from src with NormFloat64 (or ExpFloat64 if
// exp) and draws them from twin, a copy, per call with rand.Rand; it
// describes the first difference in value or final position, or returns "".
func zigMatches(src, twin rand.Source, n int, exp bool) string {
	d := make([]float64, n)
	r := rand.New(twin)
	call := r.NormFloat64
	if exp {
		ExpFloat64(src, d)
		call = r.ExpFloat64
	} else {
		NormFloat64(src, d)
	}
	for i, v := range d {
		if w := call(); math.Float64bits(v) != math.Float64bits(w) {
			return fmt.Sprintf("value %d is %v, want %v", i, v, w)
		}
	}
	if src.Uint64() != twin.Uint64() {
		return "position differs"
	}
	return ""
}

// TestZigguratVBMIOnOff runs NormFloat64 and ExpFloat64 with the VBMI
// kernels and with normsAVX512/expsAVX512 alone (a CPU without VBMI), on
// crafted words dense in slow paths and on a ChaCha8 stream, at lengths
// around the 64-word groups and the chunk, against rand.Rand's calls.
func TestZigguratVBMIOnOff(t *testing.T) {
	lengths := []int{15, 16, 63, 64, 65, 79, 80, 127, 128, 191, 255, 256, 257, 319, 1000, zigChunkWords - 1, zigChunkWords + 63, 3*zigChunkWords + 17}
	for _, on := range []bool{false, true} {
		restore := setVBMI(on)
		for _, exp := range []bool{false, true} {
			for k, n := range lengths {
				for _, c := range []bool{false, true} {
					var src, twin rand.Source
					if c {
						start := 8*k*977 + k%8
						src, twin = &crafted{exp: exp, pos: start}, &crafted{exp: exp, pos: start}
					} else {
						s, w := chacha.NewSource(uint64(k)), chacha.NewSource(uint64(k))
						s.Read(make([]byte, k%8))
						w.Read(make([]byte, k%8))
						src, twin = s, w
					}
					if err := zigMatches(src, twin, n, exp); err != "" {
						t.Fatalf("vbmi %v exp %v crafted %v len %d: %s", on, exp, c, n, err)
					}
				}
			}
		}
		restore()
	}
}

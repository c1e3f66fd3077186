package stattest

import (
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/chacha"
)

// counterSource returns x, x+step, x+2·step, ...
type counterSource struct{ x, step uint64 }

func (c *counterSource) Uint64() uint64 { c.x += c.step; return c.x }

// lcgLowBytes is the classic misuse of a 32-bit LCG: its bytes are the
// low 8 bits of successive states x' = 1664525x + 1013904223 mod 2^32
// (Numerical Recipes' ranqd1), like `rand() & 0xff` on an old C library.
// The low k bits of a power-of-two LCG have period 2^k: bit 0 alternates
// and the bytes repeat every 256.
type lcgLowBytes struct{ x uint32 }

func (l *lcgLowBytes) Read(p []byte) (int, error) {
	for i := range p {
		l.x = 1664525*l.x + 1013904223
		p[i] = byte(l.x)
	}
	return len(p), nil
}

func (l *lcgLowBytes) Uint64() uint64 {
	var b [8]byte
	l.Read(b[:])
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// stuckBit is a good generator with bit 37 of every Uint64 stuck at 0.
type stuckBit struct{ src rand.Source }

func (s stuckBit) Uint64() uint64 { return s.src.Uint64() &^ (1 << 37) }

// repeating repeats the first 4 KiB (512 values) of a good generator.
type repeating struct {
	v [512]uint64
	i int
}

func newRepeating(src rand.Source) *repeating {
	r := new(repeating)
	for i := range r.v {
		r.v[i] = src.Uint64()
	}
	return r
}

func (r *repeating) Uint64() uint64 {
	x := r.v[r.i%len(r.v)]
	r.i++
	return x
}

// clusteredFloats keeps the top 11 bits of a good Uint64, which Float64
// ignores, and puts in the low 53 bits the smaller of two good 53-bit
// values, so rand.Float64 returns values with density 2(1-x): they cluster
// towards 0.
type clusteredFloats struct{ src rand.Source }

func (c clusteredFloats) Uint64() uint64 {
	const low = 1<<53 - 1
	a, b := c.src.Uint64(), c.src.Uint64()
	return a&^low | min(a&low, b&low)
}

// Each deliberately bad generator must fail the tests designed to catch
// it. The lists name the tests that must Fail (p outside [1e-6, 1-1e-6]);
// other tests may pass or fail.
func TestNegativeControls(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  rand.Source
		fail []string
	}{
		{"counter", &counterSource{step: 1}, []string{
			"byte-frequency", "monobit", "runs", "bit-frequency",
			"serial-correlation-uint64", "ks-uniform+", "equidistribution-2d",
			"equidistribution-3d", "birthday-spacings-hi", "birthday-spacings-lo",
		}},
		// The bytes repeat every 256 and bit 0 alternates: a histogram
		// too flat (p = 1), the low bit of every word constant, floats
		// (low 53 bits) correlated, birthdays in the low bits on a
		// lattice. (Monobit and runs see exactly their expected counts,
		// p = 1; a good generator does that too, about once in 1000
		// samples of this size, so their two-sided p near 1 is no
		// evidence: TwoSided.)
		{"lcg32-low-bytes", &lcgLowBytes{x: 1}, []string{
			"byte-frequency", "bit-frequency",
			"serial-correlation-float64", "poker-4bit", "birthday-spacings-lo",
		}},
		// One bit position of 64 always 0: the pooled bit tests see a
		// bias of 1/128, the byte histogram misses values. (Runs, being
		// conditional on the proportion of ones, does not see it.)
		{"stuck-bit-37", stuckBit{chacha.NewSource8(7)}, []string{
			"bit-frequency", "monobit", "byte-frequency",
		}},
		// Good bytes, period 4 KiB: every histogram count is a multiple
		// of the repetitions, and birthdays repeat.
		{"repeat-4KiB", newRepeating(chacha.NewSource8(7)), []string{
			"byte-frequency", "bit-frequency", "gap", "equidistribution-2d",
			"equidistribution-3d", "birthday-spacings-hi", "birthday-spacings-lo",
		}},
		// Floats with density 2(1-x): too many small values.
		{"clustered-floats", clusteredFloats{chacha.NewSource8(7)}, []string{
			"ks-uniform+", "gap",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := (&Battery{Bytes: 256 << 10}).Run(tc.src)
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range tc.fail {
				s := rep.Summary(name)
				if s == nil {
					t.Errorf("no result %q", name)
					continue
				}
				if s.Verdict != Fail {
					t.Errorf("%s: %s is %s (p = %g), want fail", tc.name, name, s.Verdict, s.Results[0].P)
				}
			}
			if rep.Verdict() != Fail {
				t.Errorf("%s: battery verdict %s, want fail", tc.name, rep.Verdict())
			}
			t.Logf("%s:\n%s", tc.name, describe(rep))
		})
	}
}

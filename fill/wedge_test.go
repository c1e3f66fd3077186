package fill

import (
	"math"
	"testing"

	"github.com/streamrand/streamrand/chacha"
)

// TestBelowExp checks belowExp's premise against this platform's math.Exp
// (its approximation is within expSlack/8 of it over [-8, 0]) and its
// decision against the comparison it replaces, for the float32 values
// around float32(math.Exp(v)), where the decision is closest, and the
// ends of the range.
func TestBelowExp(t *testing.T) {
	s := chacha.NewSource(3)
	vs := []float64{0, math.Copysign(0, -1), -8, -1.0 / 64, -1.0 / 32, -3.0 / 64, -8 + 1.0/64, -0x1p-60}
	n := 1 << 20
	if testing.Short() {
		n = 1 << 16
	}
	for k := range n {
		vs = append(vs, -8*float64(k)/float64(n), -8*float64From(s.Uint64()))
	}
	worst := 0.0
	exact := 0
	for _, v := range vs {
		e := math.Exp(v)
		if d := math.Abs(approxExp(v)/e - 1); d > worst {
			worst = d
		}
		f := float32(e)
		ys := []float32{0, 1, f, float32(approxExp(v) * (1 - expSlack)), float32(approxExp(v) * (1 + expSlack))}
		for _, y := range ys[:] {
			lo, hi := y, y
			for range 3 {
				lo, hi = math.Nextafter32(lo, -1), math.Nextafter32(hi, 2)
				ys = append(ys, lo, hi)
			}
		}
		for _, y := range ys {
			want := y < f
			if got := belowExp(y, v); got != want {
				t.Fatalf("belowExp(%v, %v) = %v, want %v (float32(math.Exp) = %v)", y, v, got, want, f)
			}
			if a := approxExp(v); y >= float32(a*(1-expSlack)) && y < float32(a*(1+expSlack)) {
				exact++
			}
		}
	}
	t.Logf("%d values of v: approxExp within %.3g (2^%.1f) of math.Exp; %d comparisons took math.Exp", len(vs), worst, math.Log2(worst), exact)
	if worst > expSlack/8 {
		t.Errorf("approxExp is %g from math.Exp, more than expSlack/8 = %g", worst, expSlack/8)
	}
	// Out of range, belowExp is the comparison itself.
	for _, v := range []float64{1, -9, math.Inf(-1), math.NaN()} {
		if got, want := belowExp(0.5, v), 0.5 < float32(math.Exp(v)); got != want {
			t.Errorf("belowExp(0.5, %v) = %v, want %v", v, got, want)
		}
	}
}

// TestBelowExpEdges checks belowExp's premise where approxExp is least
// accurate and where its table index changes: for every n in 0..256, the
// float64 values of v nearest -(n±1/2)/32 (|r| largest, and the rounding
// of n flips there) and nearest -n/32, and the ends -8 and 0. For each, the
// float32 bounds belowExp decides from must enclose float32(math.Exp(v)):
// then for every y it answers y < float32(math.Exp(v)) (it answers y < lo
// below lo, false at or above hi, and the comparison itself between).
func TestBelowExpEdges(t *testing.T) {
	near := 2000
	if testing.Short() {
		near = 100
	}
	worst := 0.0
	check := func(v float64) {
		if v < -8 || v > 0 {
			return
		}
		e, a := math.Exp(v), approxExp(v)
		if d := math.Abs(a/e - 1); d > worst {
			worst = d
		}
		lo, f, hi := float32(a*(1-expSlack)), float32(e), float32(a*(1+expSlack))
		if !(lo <= f && f <= hi) {
			t.Fatalf("v = %v: float32(math.Exp) = %v outside [%v, %v]", v, f, lo, hi)
		}
		for _, y := range []float32{lo, math.Nextafter32(lo, 0), f, math.Nextafter32(f, 0), math.Nextafter32(f, 2), hi, math.Nextafter32(hi, 2)} {
			if belowExp(y, v) != (y < f) {
				t.Fatalf("belowExp(%v, %v) != %v", y, v, y < f)
			}
		}
	}
	for n := 0; n <= 256; n++ {
		for _, c := range []float64{-(float64(n) - 0.5) / 32, -(float64(n) + 0.5) / 32, -float64(n) / 32} {
			up, down := c, c
			for range near {
				check(up)
				check(down)
				up, down = math.Nextafter(up, 1), math.Nextafter(down, -9)
			}
		}
	}
	t.Logf("approxExp within 2^%.2f of math.Exp at the edges", math.Log2(worst))
	if worst > expSlack/8 {
		t.Errorf("approxExp is %g from math.Exp, more than expSlack/8", worst)
	}
}

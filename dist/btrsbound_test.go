package dist

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBTRSSurely checks that surely never disagrees with the exact test
// (passes of ratio): on the tries of random words that reach the test, and
// on tries whose v is set at the exact test's boundary and an ulp or a
// few either side (where surely must leave them undecided), for n·p from
// 10 to 2^40 and p from 1/2 down to 1e-9; and that it decides most of the
// random tries at n·p >= 1000.
func TestBTRSSurely(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := []struct {
		n int64
		p float64
	}{
		{20, 0.5}, {60, 0.5}, {61, 0.5}, {300, 0.1}, {1000, 0.5}, {10000, 0.5},
		{1000000, 0.1}, {900000, 1.0 / 9}, {200000, 0.5}, {1 << 40, 0.5},
		{1 << 62, 0.3}, {1 << 62, 1e-9}, {12345678, 0.01}, {100, 0.3},
	}
	for _, c := range cases {
		var s btrs
		s.init(c.n, c.p)
		tested, decided := 0, 0
		for range 20000 {
			x, y := rng.Uint64(), rng.Uint64()
			u, us, mu := tryU(x)
			v := open01(y)
			j, k, in := s.proposal(u, us)
			if mu >= us007 && v <= s.vr || s.valid(in, k) == 0 {
				continue
			}
			tested++
			exact := s.passes(s.ratio(k, j), us, v)
			switch s.surely(k, j, us, v) {
			case surelyAccepted:
				decided++
				require.True(t, exact, "Binomial(%d, %g): k %d us %g v %g surely accepted", c.n, c.p, k, us, v)
			case surelyRejected:
				decided++
				require.False(t, exact, "Binomial(%d, %g): k %d us %g v %g surely rejected", c.n, c.p, k, us, v)
			}
			// The boundary: the v at which the exact test turns.
			r := s.ratio(k, j)
			if r == 0 {
				continue
			}
			us2 := us * us
			vb := float64(r*(s.a+float64(s.b*us2))) / float64(s.alpha*us2)
			if !(vb >= 0x1p-53 && vb < 1) { // v = open01(y) is in [2^-53, 1)
				continue
			}
			for _, vv := range []float64{vb, math.Nextafter(vb, 0), math.Nextafter(vb, 1),
				vb * (1 - 0x1p-45), vb * (1 + 0x1p-45), vb * (1 - 0x1p-35), vb * (1 + 0x1p-35)} {
				if vv < 0x1p-53 || vv >= 1 {
					continue
				}
				exact := s.passes(r, us, vv)
				switch s.surely(k, j, us, vv) {
				case surelyAccepted:
					require.True(t, exact, "Binomial(%d, %g): k %d us %g v %g at the boundary surely accepted", c.n, c.p, k, us, vv)
				case surelyRejected:
					require.False(t, exact, "Binomial(%d, %g): k %d us %g v %g at the boundary surely rejected", c.n, c.p, k, us, vv)
				}
			}
		}
		require.NotZero(t, tested)
		t.Logf("Binomial(%d, %g): %d of %d tests decided", c.n, c.p, decided, tested)
		if float64(c.n)*c.p >= 1000 {
			require.Greater(t, decided, tested*9/10, "Binomial(%d, %g)", c.n, c.p)
		}
	}
}

package dist

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/chacha"
)

// TestFirstPlaceDraw: the sampler a Multinomial Fill keeps for its first
// place gives binomialDraw's values from the same words, and leaves the
// words where it does, over BTRS with and without the flip, at the switch
// and at n = 2^62, on this module's generator (words from a buffer) and
// on a plain Source (one Uint64 a word); where binomialDraw takes
// inversion or draws nothing, it is off.
func TestFirstPlaceDraw(t *testing.T) {
	sources := map[string]func() rand.Source{
		"chacha8": func() rand.Source { return chacha.NewSource(7) },
		"PCG":     func() rand.Source { return rand.NewPCG(7, 8) },
	}
	for _, c := range []struct {
		n  int64
		p  float64
		on bool
	}{
		{1000000, 0.1, true},
		{1000000, 0.9, true},
		{300, 0.1, true}, // n·p = 30: the switch
		{299, 0.1, false},
		{60, 0.5, true},
		{1 << 62, 0.3, true},
		{1 << 62, 1e-15, true},
		{1000, 1, false},
		{0, 0.5, false},
	} {
		var f firstPlace
		f.init(c.n, int64(newPlace(c.p, 1-c.p, 1))) // 1 - c.p exact: binomialDraw's flip

		require.Equal(t, c.on, f.on, "n %d, p %g", c.n, c.p)
		if !f.on {
			continue
		}
		for name, mk := range sources {
			a, b := mk(), mk()
			wa, wb := open(a), open(b)
			for i := range 2000 {
				got, want := f.draw(&wa), binomialDraw(&wb, c.n, c.p)
				require.Equal(t, want, got, "n %d, p %g, %s, value %d", c.n, c.p, name, i)
			}
			wa.done()
			wb.done()
			require.Equal(t, b.Uint64(), a.Uint64(), "n %d, p %g, %s: the source's position", c.n, c.p, name)
		}
	}
}

// TestBTRSOnce: once gives binomialDraw's values (1-p's flipped, as
// Multinomial.Fill asks) and position where binomialDraw takes BTRS, and
// init then drawK's, floats too (and n - k as a float, for n <= 2^53).
func TestBTRSOnce(t *testing.T) {
	for _, c := range []struct {
		n  int64
		p  float64
		ok bool
	}{
		{1000000, 0.1, true},
		{1000000, 0.9, true},
		{300, 0.1, true},
		{300, 0.9, false}, // 1 - 0.9 is 0.09999999999999998: n·p just under 30
		{301, 0.9, true},
		{299, 0.1, false},
		{299, 0.9, false},
		{1 << 53, 0.5, true},
		{1 << 62, 0.5, true},
		{1000, 1, false},
	} {
		p, flip := c.p, c.p > 0.5
		if flip {
			p = 1 - c.p
		}
		ok := c.p < 1 && !(float64(float64(c.n)*p) < binomialSwitch)
		require.Equal(t, c.ok, ok, "n %d, p %g", c.n, c.p)
		if !ok {
			continue
		}
		a, b, d := chacha.NewSource(9), chacha.NewSource(9), chacha.NewSource(9)
		wa, wb, wd := open(a), open(b), open(d)
		var s btrs
		for i := range 500 {
			k, kf, rest := s.once(&wa, c.n, float64(c.n), p, false)
			var sd btrs
			sd.init(c.n, p)
			kd, kfd := sd.drawK(&wd, nil)
			require.Equal(t, kd, k, "n %d, p %g, value %d", c.n, c.p, i)
			require.Equal(t, kfd, kf, "n %d, p %g, value %d", c.n, c.p, i)
			if c.n <= 1<<53 {
				require.Equal(t, float64(k), kf, "n %d, p %g, value %d", c.n, c.p, i)
				require.Equal(t, float64(c.n-k), rest, "n %d, p %g, value %d", c.n, c.p, i)
			}
			if flip {
				k = c.n - k
			}
			require.Equal(t, binomialDraw(&wb, c.n, c.p), k, "n %d, p %g, value %d", c.n, c.p, i)
		}
		wa.done()
		wb.done()
		wd.done()
		next := a.Uint64()
		require.Equal(t, b.Uint64(), next, "n %d, p %g: the source's position", c.n, c.p)
		require.Equal(t, d.Uint64(), next, "n %d, p %g: the source's position", c.n, c.p)
	}
}

// TestChainedProposal: chainedT is the proposal's t to rounding. Over
// random words and the words of the extreme us (u near ±1/2, where t is
// largest) for n·p from 30 to 2^61, its floor is proposal's j but where
// proposal's t lies within 2^-40 of its size of an integer (and then
// within 1 + 2^-40·|t| of it; of random words, almost never), and a once with it gives
// once's values and position here (the seeds' draws meet no such t).
func TestChainedProposal(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, c := range []struct {
		n int64
		p float64
	}{{60, 0.5}, {300, 0.1}, {1000, 0.3}, {1000000, 0.1}, {1000000, 0.5}, {1 << 40, 0.01}, {1 << 62, 0.5}} {
		var s btrs
		s.init(c.n, c.p)
		_, _, spq, _, _, _ := btrsSetup(float64(c.n), c.p)
		c0 := float64(0.01*c.p) - 0.0873
		near := 0
		for i := range 1 << 20 {
			x, crafted := rng.Uint64(), i%4 == 0
			if crafted { // us from 2^-53 up: u near -1/2 and +1/2 in turn
				x = uint64(i>>2) << 12
				if i%8 == 0 {
					x = ^x
				}
			}
			u, us, _ := tryU(x)
			want := float64((s.twoA/us+s.b)*u) + s.cj
			got := chainedT(u, us, spq, c0, s.cj)
			j, _, in := s.proposal(u, us)
			if in == 0 {
				continue
			}
			if math.Floor(got) != j {
				if !crafted {
					near++
				}
				frac := want - math.Round(want)
				require.LessOrEqual(t, math.Abs(frac), 0x1p-40*math.Abs(want)+0x1p-40,
					"n %d, p %g, word %#x: t %v, chained %v", c.n, c.p, x, want, got)
				require.LessOrEqual(t, math.Abs(math.Floor(got)-j), 1+0x1p-40*math.Abs(want), "n %d, p %g, word %#x", c.n, c.p, x)
			}
		}
		require.Less(t, near, 8, "n %d, p %g: proposals of random words that differ", c.n, c.p)

		a, b := chacha.NewSource(11), chacha.NewSource(11)
		wa, wb := open(a), open(b)
		var sa, sb btrs
		for i := range 2000 {
			ka, kfa, ra := sa.once(&wa, c.n, float64(c.n), c.p, true)
			kb, kfb, rb := sb.once(&wb, c.n, float64(c.n), c.p, false)
			require.Equal(t, [3]any{kb, kfb, rb}, [3]any{ka, kfa, ra}, "n %d, p %g, value %d", c.n, c.p, i)
		}
		wa.done()
		wb.done()
		require.Equal(t, b.Uint64(), a.Uint64(), "n %d, p %g: the source's position", c.n, c.p)
	}
}

// binomialDraw returns a Binomial(n, p) variate for n > 0 and 0 < p <= 1,
// drawn as Binomial.Rand draws it (inversion below n·min(p, 1-p) = 30,
// BTRS above, 1-p for p > 1/2), and n, drawing nothing, for p = 1 (a
// Multinomial's last place of positive probability; Rand takes a word).
func binomialDraw(w *words, n int64, p float64) int64 {
	if p >= 1 {
		return n
	}
	if p > 0.5 {
		return binomialDrawFlip(w, n, 1-p, true)
	}
	return binomialDrawFlip(w, n, p, false)
}

// TestBinomialDrawIsRand: binomialDraw, the reference of the tests above
// (and so binomialDrawFlip, a Multinomial's draw), gives Binomial.Rand's
// values from the same words and leaves them where Rand does, by inversion
// and by BTRS, flipped and not.
func TestBinomialDrawIsRand(t *testing.T) {
	for _, c := range []struct {
		n int64
		p float64
	}{{10, 0.3}, {299, 0.1}, {300, 0.1}, {300, 0.9}, {1000, 0.5}, {1 << 40, 0.7}, {1 << 62, 1e-15}} {
		a, b := chacha.NewSource(4), chacha.NewSource(4)
		w := open(a)
		for i := range 3000 {
			require.Equal(t, Binomial{c.n, c.p}.Rand(b), binomialDraw(&w, c.n, c.p), "n %d, p %g, value %d", c.n, c.p, i)
		}
		w.done()
		require.Equal(t, b.Uint64(), a.Uint64(), "n %d, p %g: the source's position", c.n, c.p)
	}
}

package stattest

import (
	"fmt"
	"math/rand/v2"
)

// MaxAutocorrelationLag is the largest lag Autocorrelation takes, in
// values.
const MaxAutocorrelationLag = 1 << 16

// Autocorrelation takes n+max(lags) successive Uint64 values x_i of src
// and, for each lag d, counts how often the bit of x_i differs from the
// bit of x_{i+d}: the autocorrelation test of Menezes, van Oorschot &
// Vanstone, Handbook of Applied Cryptography (1996) §5.4.4 (v), at a lag
// of d whole values, with each of the 64 bit positions and each phase i
// mod d counted apart (a generator that makes its output in blocks of d
// values can relate the same word of consecutive blocks, and only that
// word). For a good generator each of the 64·d counts is binomial with
// success probability 1/2; the statistic is Σ z² over them, z = (c -
// m/2)/√(m/4) for a count of m pairs, chi-square with 64·d degrees of
// freedom (gonum distuv.ChiSquared), one Result per lag, named
// "autocorrelation-lagD".
//
// It sees a generator whose outputs a fixed distance apart are related
// bit by bit: block-based generators whose blocks differ too little from
// one block to the next, such as ChaCha with 3 rounds, whose consecutive
// 64-byte blocks (8 values apart) agree in some bits of some words far
// more often than half the time.
//
// Each lag is from 1 to MaxAutocorrelationLag, at least one is given, and
// n, from 100 to MaxN, must give every phase of every lag at least 100
// pairs.
func Autocorrelation(src rand.Source, n int64, lags ...int) ([]Result, error) {
	if err := checkSource("autocorrelation", src); err != nil {
		return nil, err
	}
	if err := checkN("autocorrelation", n, 100); err != nil {
		return nil, err
	}
	if len(lags) == 0 {
		return nil, fmt.Errorf("stattest: autocorrelation needs at least one lag")
	}
	maxLag := 0
	for _, d := range lags {
		if d < 1 || d > MaxAutocorrelationLag {
			return nil, fmt.Errorf("stattest: autocorrelation lag %d: want 1 to %d", d, MaxAutocorrelationLag)
		}
		maxLag = max(maxLag, d)
	}
	if n/int64(maxLag) < 100 {
		return nil, fmt.Errorf("stattest: autocorrelation of %d values at lag %d: want at least 100 pairs per phase", n, maxLag)
	}
	// The last maxLag values, in a ring; x_{i-d} is at (i-d) & mask.
	ringSize := 1
	for ringSize <= maxLag {
		ringSize *= 2
	}
	mask := int64(ringSize - 1)
	ring := make([]uint64, ringSize)
	for i := range maxLag {
		ring[i] = src.Uint64()
	}
	// counts[k][p] counts the pairs of lag lags[k] whose first value has
	// phase p, i mod lags[k].
	counts := make([][]bitCounter, len(lags))
	for k, d := range lags {
		counts[k] = make([]bitCounter, d)
	}
	// phase[k] is (i - lags[k]) mod lags[k], kept by a wrap rather than a
	// division per value.
	phase := make([]int, len(lags))
	for k, d := range lags {
		phase[k] = (maxLag - d) % d
	}
	for i := int64(maxLag); i < n+int64(maxLag); i++ {
		x := src.Uint64()
		for k, d := range lags {
			counts[k][phase[k]].add(x ^ ring[(i-int64(d))&mask])
			if phase[k]++; phase[k] == d {
				phase[k] = 0
			}
		}
		ring[i&mask] = x
	}
	results := make([]Result, len(lags))
	for k, d := range lags {
		// Two cells per position and phase, ones and zeros, each
		// expecting half the pairs: Pearson's statistic is Σ z², with one
		// degree of freedom per position and phase.
		obs := make([]float64, 0, 128*d)
		exp := make([]float64, 0, 128*d)
		for p := range d {
			pairs := n / int64(d)
			if int64(p) < n%int64(d) {
				pairs++
			}
			half := float64(pairs) / 2
			for _, c := range counts[k][p].total() {
				obs = append(obs, float64(c), float64(pairs-c))
				exp = append(exp, half, half)
			}
		}
		results[k] = chiSquareResult(fmt.Sprintf("autocorrelation-lag%d", d), "values", n, obs, exp, 64*d)
	}
	return results, nil
}

// A bitCounter counts the ones at each of the 64 bit positions of the
// words added to it. Each byte of a word adds its spread (bit k to byte k)
// to one of eight 8-lane counters, which are emptied into the totals
// before a lane can overflow.
type bitCounter struct {
	lanes  [8]uint64 // lanes[b] byte k: ones at bit 8b+k since the last flush
	added  int
	totals [64]int64
}

// spread[v] has bit k of v in byte k.
var spread = func() (t [256]uint64) {
	for v := range t {
		for k := range 8 {
			t[v] |= uint64(v>>k&1) << (8 * k)
		}
	}
	return t
}()

func (c *bitCounter) add(x uint64) {
	for b := range 8 {
		c.lanes[b] += spread[byte(x>>(8*b))]
	}
	if c.added++; c.added == 255 {
		c.flush()
	}
}

func (c *bitCounter) flush() {
	for b := range 8 {
		for k := range 8 {
			c.totals[8*b+k] += int64(c.lanes[b] >> (8 * k) & 0xff)
		}
		c.lanes[b] = 0
	}
	c.added = 0
}

func (c *bitCounter) total() [64]int64 {
	c.flush()
	return c.totals
}

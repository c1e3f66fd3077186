package stattest

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// RandomWalk runs TestU01's swalk_RandomWalk1 (L'Ecuyer & Simard, TestU01
// user's guide, module swalk; the random-walk tests of Vattulainen et al.,
// "A comparative study of some pseudorandom number generators", 1994, and
// Takashima, "Sensitive pseudorandom number generator tests", 1996) over
// walks walks of steps steps each. Each step is +1 for a one bit and -1
// for a zero bit. The bits are the field of `bits` bits at bit position
// shift of successive Uint64s of src, concatenated, lowest bit of each field
// first; walk after walk takes the next steps bits of that stream (a walk
// may span words), and the bits of the last word that no walk needs are
// dropped. A narrow field tests a generator's low or high bits alone.
//
// With S_0 = 0 and S_k the position after k steps (L = steps), five
// statistics of each walk are counted:
//
//	H  the final position S_L
//	M  the maximum of S_0, ..., S_L
//	J  the number of steps k in 1..L that lie above the axis (S_{k-1}+S_k > 0)
//	R  the number of returns to 0: k in 1..L with S_k = 0
//	C  the number of sign changes: k with S_k = 0 and S_{k-1}·S_{k+1} < 0
//
// and each histogram is compared with that statistic's exact law for a
// symmetric simple random walk of L steps (Feller, An Introduction to
// Probability Theory and Its Applications, vol. 1, 3rd ed., ch. III, with
// p(m, x) = P(S_m = x) = C(m, (m+x)/2)/2^m): P(H = x) = p(L, x); P(M = r) =
// p(L, r) + p(L, r+1) (reflection principle, III.7); P(J = 2k) = u(2k)·
// u(L-2k) with u(2j) = p(2j, 0) (discrete arc sine law, III.4); P(R = r) =
// p(L-r, r) (III.7); P(C = r) = 2·p(L-1, 2r+1) (III.5). These are the laws
// TestU01 uses; this package's tests check them against every walk of up
// to 16 steps and against a dynamic program over the walk's state. Values are
// merged into cells of expected count at least 5, left to right (the last
// cell merged down if it falls short), and each Result is Pearson's
// chi-square over its cells with cells-1 degrees of freedom
// (chiSquareResult), N counting walks.
//
// steps is even, from 4 to MaxWalkSteps; walks is from 100 to MaxN. The
// Results are named "random-walk-H", "random-walk-M", "random-walk-J",
// "random-walk-R" and "random-walk-C", in that order, with the field
// appended ("random-walk-H-31:0" for bits 31 to 0) unless it is all 64
// bits.
//
// A walk adds up the bits it reads, and its statistics see excursions from
// and returns to 0, so a bias, and dependence between bits up to L apart,
// shift them: too many or too few returns, a maximum too high or too low.
// This catches linear generators whose bits obey short relations, such as
// xorshift (see the tests for the smallest sizes that do).
func RandomWalk(src rand.Source, walks int64, steps int, bits, shift uint) ([]Result, error) {
	if err := checkSource("random walk", src); err != nil {
		return nil, err
	}
	suffix, err := fieldSuffix("random walk", bits, shift)
	if err != nil {
		return nil, err
	}
	if steps < 4 || steps > MaxWalkSteps || steps%2 != 0 {
		return nil, fmt.Errorf("stattest: random walks take an even number of steps from 4 to %d, not %d", MaxWalkSteps, steps)
	}
	if err := checkN("random walk", walks, 100); err != nil {
		return nil, err
	}
	laws := walkLaws(steps)
	var counts [walkStats][]int64
	for i := range counts {
		counts[i] = make([]int64, len(laws[i]))
	}
	f := newFieldBits(src, bits, shift)
	for range walks {
		h, m, j, r, c := walk(&f, steps)
		counts[0][(h+steps)/2]++
		counts[1][m]++
		counts[2][j/2]++
		counts[3][r]++
		counts[4][c]++
	}
	res := make([]Result, walkStats)
	for i, law := range laws {
		obs, exp := mergeCells(counts[i], law, float64(walks))
		name := "random-walk-" + walkNames[i:i+1] + suffix
		res[i] = chiSquareResult(name, "walks", walks, obs, exp, len(exp)-1)
	}
	return res, nil
}

// MaxWalkSteps is the longest walk RandomWalk takes.
const MaxWalkSteps = 1 << 16

// walkStats is the number of statistics of RandomWalk, walkNames their
// names in order.
const (
	walkStats = 5
	walkNames = "HMJRC"
)

// fieldSuffix checks that the field of `bits` bits at shift fits in a
// uint64 (without wrapping: shift is compared with 64-bits) and returns
// the suffix of a Result's name, "-hi:lo", or "" for all 64 bits.
func fieldSuffix(test string, bits, shift uint) (string, error) {
	if bits < 1 || bits > 64 || shift > 64-bits {
		return "", fmt.Errorf("stattest: %s needs a field of 1 to 64 bits within a uint64, not %d bits at bit %d", test, bits, shift)
	}
	if bits == 64 {
		return "", nil
	}
	return fmt.Sprintf("-%d:%d", shift+bits-1, shift), nil
}

// fieldBits reads the field of `bits` bits at bit position shift of
// successive Uint64s of src as one stream of bits, lowest bit of each
// field first.
type fieldBits struct {
	src         rand.Source
	shift, bits uint
	mask        uint64
	acc         uint64 // the unread bits, next one lowest
	n           uint   // how many
}

func newFieldBits(src rand.Source, bits, shift uint) fieldBits {
	return fieldBits{src: src, shift: shift, bits: bits, mask: math.MaxUint64 >> (64 - bits)}
}

// take returns the next k bits of the stream, 1 <= k <= 64, the first one
// lowest.
func (f *fieldBits) take(k uint) uint64 {
	if f.n >= k {
		v := f.acc & (math.MaxUint64 >> (64 - k))
		f.acc >>= k
		f.n -= k
		return v
	}
	v := f.acc // f.n < k bits
	have := f.n
	for {
		w := f.src.Uint64() >> f.shift & f.mask
		need := k - have
		if need < f.bits {
			v |= (w & (1<<need - 1)) << have
			f.acc, f.n = w>>need, f.bits-need
			return v
		}
		v |= w << have // need >= bits: all of w fits below bit k
		have += f.bits
		if have == k {
			f.acc, f.n = 0, 0
			return v
		}
	}
}

// walkSteps takes the k <= 64 steps of b, lowest bit first, from position
// s with last the sign of the last nonzero position (0 before any), and
// returns the new position and last sign and what the steps add to the
// maximum (as an absolute position, at least m), J, R and C: the
// definitions of RandomWalk, one step at a time.
func walkSteps(b uint64, k, s, last, m int) (s2, last2, m2, dj, dr, dc int) {
	for range k {
		prev := s
		s += int(b&1)*2 - 1
		b >>= 1
		m = max(m, s)
		if prev+s > 0 {
			dj++
		}
		switch {
		case s == 0:
			dr++
		case prev == 0:
			sign := 1
			if s < 0 {
				sign = -1
			}
			if last != 0 && sign != last {
				dc++
			}
			last = sign
		}
	}
	return s, last, m, dj, dr, dc
}

// The tables of walk: for the 8 steps of a byte, lowest bit first, the
// net displacement and the highest position reached relative to the start
// (after 1 to 8 steps); and, near 0, for each starting state (walkState)
// what the byte adds to J, R and C and the sign of the last nonzero
// position after it.
var (
	walkDisp, walkPeak [256]int8
	walkNear           [walkNearStates][256]walkDelta
)

type walkDelta struct{ j, r, c, last int8 }

// walkNearStates counts the states of walkState: positions -8..8, and at
// 0 the three signs of the last nonzero position (-1, none, +1).
const walkNearStates = 17 + 2

// walkState indexes walkNear for a position s in -8..8 and the sign last
// of the last nonzero position, which only matters at 0 (elsewhere it is
// the sign of s).
func walkState(s, last int) int {
	if s != 0 || last == 0 {
		return s + 8
	}
	return 17 + (last+1)/2
}

func init() {
	for b := range 256 {
		s, _, peak, _, _, _ := walkSteps(uint64(b), 8, 0, 0, -8)
		walkDisp[b], walkPeak[b] = int8(s), int8(peak)
		for s0 := -8; s0 <= 8; s0++ {
			for _, last0 := range [3]int{-1, 0, 1} {
				if s0 != 0 && last0 != 0 {
					continue
				}
				start := last0 // the sign of the last nonzero position
				if s0 != 0 {
					start = s0 / max(s0, -s0)
				}
				_, last, _, dj, dr, dc := walkSteps(uint64(b), 8, s0, start, s0)
				walkNear[walkState(s0, last0)][b] = walkDelta{int8(dj), int8(dr), int8(dc), int8(last)}
			}
		}
	}
}

// walk reads one walk of L steps from f and returns its statistics: the
// final position h, the maximum m, the number j of steps above the axis,
// the returns r to 0 and the sign changes c. It takes 8 steps at a time
// from the tables: far from 0 (|S| > 8) no return or sign change can
// happen and every step lies on the side of S; near 0 walkNear holds what
// the byte adds from each state.
func walk(f *fieldBits, L int) (h, m, j, r, c int) {
	s, last := 0, 0 // last: the sign of the last nonzero position
	for left := L; left > 0; {
		k := min(left, 64)
		b := f.take(uint(k))
		left -= k
		for ; k >= 8; k -= 8 {
			x := b & 0xff
			b >>= 8
			switch {
			case s > 8:
				m = max(m, s+int(walkPeak[x]))
				j += 8
			case s >= -8:
				if s != 0 {
					last = 0 // implied by s: walkState ignores it
				}
				d := &walkNear[walkState(s, last)][x]
				m = max(m, s+int(walkPeak[x]))
				j += int(d.j)
				r += int(d.r)
				c += int(d.c)
				last = int(d.last)
			}
			s += int(walkDisp[x])
		}
		if k > 0 {
			if s != 0 {
				last = 1
				if s < 0 {
					last = -1
				}
			}
			var dj, dr, dc int
			s, last, m, dj, dr, dc = walkSteps(b, k, s, last, m)
			j, r, c = j+dj, r+dr, c+dc
		}
	}
	return s, m, j, r, c
}

// walkLaws returns the exact laws of H, M, J, R and C (see RandomWalk) for
// walks of L steps, L even: law[v] is the probability of the statistic's
// v-th value, (H+L)/2, M, J/2, R or C.
func walkLaws(L int) [walkStats][]float64 {
	n := L / 2
	var law [walkStats][]float64
	law[0] = make([]float64, L+1)
	for v := range law[0] {
		law[0][v] = binomHalf(L, v)
	}
	law[1] = make([]float64, L+1)
	for r := range law[1] { // p(L, r) + p(L, r+1): one of them is 0 by parity
		law[1][r] = walkPos(L, r) + walkPos(L, r+1)
	}
	law[2] = make([]float64, n+1)
	for k := range law[2] {
		law[2][k] = binomHalf(2*k, k) * binomHalf(L-2*k, n-k)
	}
	law[3] = make([]float64, n+1)
	for r := range law[3] {
		law[3][r] = walkPos(L-r, r)
	}
	law[4] = make([]float64, n)
	for r := range law[4] {
		law[4][r] = 2 * walkPos(L-1, 2*r+1)
	}
	return law
}

// walkPos returns p(m, x) = P(S_m = x) for a symmetric simple random walk.
func walkPos(m, x int) float64 {
	if x < -m || x > m || (m+x)%2 != 0 {
		return 0
	}
	return binomHalf(m, (m+x)/2)
}

// binomHalf returns C(m, k)/2^m, through the log-gamma function (relative
// error about 1e-12 for m up to 2^16).
func binomHalf(m, k int) float64 {
	if k < 0 || k > m {
		return 0
	}
	lg := func(x int) float64 { v, _ := math.Lgamma(float64(x) + 1); return v }
	return math.Exp(lg(m) - lg(k) - lg(m-k) - float64(m)*math.Ln2)
}

// mergeCells returns the observed and expected counts of the cells of a
// histogram of n draws of a discrete law: values are merged left to right
// into cells of expected count at least 5, and a last cell that falls
// short is merged into the one before it.
func mergeCells(counts []int64, law []float64, n float64) (obs, exp []float64) {
	var o, e float64
	for v, p := range law {
		o += float64(counts[v])
		e += n * p
		if e >= 5 {
			obs, exp = append(obs, o), append(exp, e)
			o, e = 0, 0
		}
	}
	if e > 0 || o > 0 {
		if len(exp) == 0 {
			return []float64{o}, []float64{e}
		}
		obs[len(obs)-1] += o
		exp[len(exp)-1] += e
	}
	return obs, exp
}

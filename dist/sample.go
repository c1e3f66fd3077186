package dist

// Sampling without replacement.
//
// Sample is a partial Fisher-Yates shuffle of the virtual array 0, ...,
// n-1 (R. Durstenfeld, "Algorithm 235: Random permutation", CACM 7(7),
// 1964): step i swaps position i with a uniform position j in [i, n) and
// takes the value that lands at i, so the k values are a uniformly random
// ordered k-tuple of distinct indices, each step one uniform draw (Lemire's
// multiply with rejection: D. Lemire, "Fast random integer generation in
// an interval", ACM TOMACS 29(1), 2019). Only the positions a swap has
// touched differ from the identity, so for k much less than n they are
// kept in a small hash table (at most k entries): O(k) time and memory
// whatever n. Where k is at least n/4 an array of n is no larger and is
// used instead, and for k = n the array is dst itself. The three give the
// same values for the same words.
//
// WeightedSample is successive sampling: the first index drawn with
// probability proportional to its weight, each next one likewise among
// those left, the law of numpy's choice(replace=False, p=w). It uses the
// exponential race of P. S. Efraimidis and P. G. Spirakis, "Weighted
// random sampling with a reservoir", Information Processing Letters 97(5),
// 2006: with E_i independent standard exponentials, the indices in
// increasing order of E_i/w_i are in successive-sampling order (the least
// of independent exponentials of rates w_i is index i with probability
// w_i/Σw, and what is left of the others is again exponential), so the k
// least keys, in order, are the sample. One exponential per positive
// weight (the package's ziggurat: one word, no logarithm, about 99% of the
// time), the k least kept by a selection over a buffer of 2k: O(n + k log
// k) time, O(k) memory. Once k keys are held, most weights are dismissed by
// one product against the k-th least key, their own key not computed (see
// race): the same decisions, with a product in place of a division and the
// key's arithmetic.
//
// The keys are compared exactly however far apart the weights: with w =
// f·2^e, f in [1, 2), the key E/w is (E/f)·2^-e, and an int64 holding the
// bits of the float E/f less e in its exponent field orders the keys as
// the reals E/w (E/f is a correctly rounded quotient; nothing overflows or
// underflows, where E/w would for weights beyond 2^±1000).

import (
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
)

// Sample sets dst to len(dst) distinct indices of [0, n), drawn uniformly
// in random order: every ordered choice of len(dst) distinct indices is
// equally likely, so each index is equally likely in each position. The
// first j values are those a Sample of j would give from the same stream.
//
// It takes O(len(dst)) time and memory whatever n (an array of n only
// where len(dst) >= n/4, none for len(dst) = n), one 64-bit word per value
// but for rare redraws (none for the last value when len(dst) = n). n < 0
// or len(dst) > n is an error, and then src is not used.
func Sample(src rand.Source, dst []int, n int) error {
	k := len(dst)
	if n < 0 {
		return errors.New("dist: Sample: n = " + strconv.Itoa(n) + ", want >= 0")
	}
	if k > n {
		return errors.New("dist: Sample: " + strconv.Itoa(k) + " distinct indices of [0, " + strconv.Itoa(n) + ") asked for, want at most n")
	}
	if k == 0 {
		return nil
	}
	w := open(src)
	defer w.done()
	switch {
	case k == n:
		for i := range dst {
			dst[i] = i
		}
		sampleArray(&w, dst, dst)
	case k >= n/4:
		a := make([]int, n)
		for i := range a {
			a[i] = i
		}
		sampleArray(&w, a, dst)
	default:
		sampleSparse(&w, dst, n)
	}
	return nil
}

// uniformBelow returns a uniform integer in [0, m), m >= 1: the high word of
// x·m, the word x redrawn while the low word is below 2^64 mod m (which is
// below m, so the test is rare and its modulus rarer).
func uniformBelow(w *words, m uint64) uint64 {
	hi, lo := bits.Mul64(w.next(), m)
	if lo < m {
		thresh := -m % m
		for lo < thresh {
			hi, lo = bits.Mul64(w.next(), m)
		}
	}
	return hi
}

// sampleArray runs the steps of Sample on a, which holds the virtual array
// (a permutation of 0, ..., len(a)-1, the identity for Sample), writing
// the values to dst (which may be a itself).
func sampleArray(w *words, a, dst []int) {
	n := uint64(len(a))
	for i := range dst {
		if n-uint64(i) == 1 {
			dst[i] = a[i] // the one position left: no draw
			break
		}
		j := uint64(i) + uniformBelow(w, n-uint64(i))
		a[i], a[j] = a[j], a[i]
		dst[i] = a[i]
	}
}

// sampleSparse runs the steps of Sample over the identity array of n held
// as the positions its swaps have moved, k < n/4 (so every step draws).
func sampleSparse(w *words, dst []int, n int) {
	// A table of 2^lg >= 2k slots, on the stack up to 32.
	var keys [32]uint64
	var vals [32]int
	lg := bits.Len(uint(2*len(dst) - 1))
	m := swapMap{keys: keys[:], vals: vals[:], shift: uint(64 - lg), mask: 1<<lg - 1}
	if 1<<lg > len(keys) {
		m.keys, m.vals = make([]uint64, 1<<lg), make([]int, 1<<lg)
	}
	m.keys, m.vals = m.keys[:1<<lg], m.vals[:1<<lg]
	for i := range dst {
		j := i + int(uniformBelow(w, uint64(n-i)))
		sj := m.slot(j)
		vj := m.value(sj, j)
		if j != i {
			// Position j takes position i's value; position i is never
			// read again (every later j is greater).
			m.set(sj, j, m.value(m.slot(i), i))
		}
		dst[i] = vj
	}
}

// swapMap maps positions to values by open addressing with linear probing
// in a power-of-two table at most half full: keys[s] holds position+1 (0
// for an empty slot), vals[s] its value.
type swapMap struct {
	keys  []uint64
	vals  []int
	shift uint // 64 - log2(len(keys))
	mask  int
}

// slot returns the slot of position p: where it is, or the empty slot
// where it would go.
func (m *swapMap) slot(p int) int {
	s := int((uint64(p) * 0x9e3779b97f4a7c15) >> m.shift) // Fibonacci hashing
	for {
		if k := m.keys[s]; k == 0 || k == uint64(p)+1 {
			return s
		}
		s = (s + 1) & m.mask
	}
}

// value returns the value at position p, whose slot is s.
func (m *swapMap) value(s, p int) int {
	if m.keys[s] == 0 {
		return p
	}
	return m.vals[s]
}

func (m *swapMap) set(s, p, v int) { m.keys[s], m.vals[s] = uint64(p)+1, v }

// WeightedSample sets dst to len(dst) distinct indices of weights, drawn by
// successive sampling: the first with probability proportional to its
// weight, each next likewise among the indices left (the law of numpy's
// choice(replace=False, p=weights)). An index of weight 0 is never drawn.
// The weights need not sum to 1 and may span the whole float64 range.
//
// It takes O(len(weights) + len(dst)·log(len(dst))) time and
// O(len(dst)) memory, and one exponential deviate (one 64-bit word about
// 99% of the time) per positive weight. A negative, NaN or infinite weight,
// or fewer positive weights than len(dst), is an error, and then src is
// not used. len(dst) = 0 draws nothing.
func WeightedSample(src rand.Source, dst []int, weights []float64) error {
	_, positive, err := checkWeights("WeightedSample", weights)
	if err != nil {
		return err
	}
	k := len(dst)
	if positive < k {
		return errors.New("dist: WeightedSample: " + strconv.Itoa(k) + " distinct indices asked for, but " + strconv.Itoa(positive) + " weights are positive")
	}
	if k == 0 {
		return nil
	}
	var small [32]keyed
	buf := small[:]
	if 2*k > len(small) {
		buf = make([]keyed, 2*k)
	}
	w := open(src)
	defer w.done()
	least := race(&w, weights, buf[:2*k], k)
	slices.SortFunc(least, func(a, b keyed) int {
		if keyedLess(a, b) {
			return -1
		}
		return 1 // no two are equal: their indices differ
	})
	for i, b := range least {
		dst[i] = b.idx
	}
	return nil
}

// race draws the key of each positive weight in index order and returns
// the k least, in buf[:k] (in no order); len(buf) = 2k. The keys are kept
// in buf until it is full, then cut back to the k least by selectLeast;
// tau is then the greatest of those, and a later key >= tau (of a later
// index, so greater on a tie) cannot be among the k least.
//
// Most keys are then above tau, and a product shows it without the key:
// with tauF >= tau's value, e > tauF·x·(1 + 2^-50) (rounded products, the
// margin above their error) implies e/x > tauF, so the key, e/x rounded,
// is >= tau. Only the weights that pass, and those whose exponential takes
// the ziggurat's slow path or comes after a refill, have their exact key
// compared: the same decisions as comparing every key. The filter runs
// over the words at hand in w's buffer in a loop with no call, so its
// state stays in registers.
func race(w *words, weights []float64, buf []keyed, k int) []keyed {
	tau, tauF := int64(math.MaxInt64), math.Inf(1)
	nb := 0
	for i := 0; i < len(weights); i++ {
		// The run of weights whose words are at hand (a weight of 0
		// draws none): up to the first that is slow or passes.
		p, o := w.p, w.k
		end := min(len(weights), i+(len(p)-o)/8)
		i, o = skim(weights, p, i, end, o, tauF)
		w.k = o
		if i == len(weights) {
			break
		}
		x := weights[i]
		var u uint64
		if i < end {
			u = le64(p, o-8) // weight i's word, taken by skim
		} else {
			// No word at hand for weight i.
			if x == 0 {
				continue
			}
			u = w.refill()
		}
		e, fast := expFast(u)
		if !fast {
			e = expSlow(w, u)
		}
		if key := raceKey(e, x); key < tau {
			buf[nb] = keyed{key, i}
			nb++
			if nb == len(buf) {
				selectLeast(buf, k)
				nb, tau = k, buf[k-1].key
				tauF = keyFloat(tau)
			}
		}
	}
	if nb > k {
		selectLeast(buf[:nb], k)
	}
	return buf[:k]
}

// skim runs race's filter over weights[i:end], whose words are at hand in
// p from o on (a weight of 0 takes none), and returns the first index
// whose word takes the ziggurat's slow path or whose exponential passes
// the filter (end if none), and the offset after the words taken. It has
// no call, so that its loop keeps everything in registers.
func skim(weights []float64, p []byte, i, end, o int, tauF float64) (int, int) {
	for ; i < end; i++ {
		x := weights[i]
		if x == 0 {
			continue
		}
		e, fast := expFast(le64(p, o))
		o += 8
		if lim := float64(tauF * x); !fast || e <= lim+float64(lim*0x1p-50) {
			break
		}
	}
	return i, o
}

// keyFloat returns the value of a race key if it is a normal float64, else
// a float64 above it: 2^-1022 below the normal range, +Inf above. The key
// less p+1023 in its exponent field is the bits of that value (raceKey).
func keyFloat(key int64) float64 {
	switch {
	case key >= (0x7ff-1023)<<52:
		return math.Inf(1)
	case key < (1-1023)<<52:
		return 0x1p-1022
	}
	return math.Float64frombits(uint64(key + 1023<<52))
}

// keyed is an index and its key in the exponential race.
type keyed struct {
	key int64
	idx int
}

// keyedLess orders by key, then by index.
func keyedLess(a, b keyed) bool { return a.key < b.key || a.key == b.key && a.idx < b.idx }

// raceKey returns an int64 whose order is that of the real e/x, for e >= 0
// and a finite x > 0. With x = f·2^p, f in [1, 2), q = e/f (correctly
// rounded, >= 2^-62 for the ziggurat's positive values, so normal) and
// e/x = q·2^-p: q's bits less p+1023 in the exponent field, an int64
// whose exponent field may run below 0 or above 2047 (|p| <= 1074, so it
// fits). e = 0 is the least key.
func raceKey(e, x float64) int64 {
	b := math.Float64bits(x)
	if b < 1<<52 || e == 0 {
		return raceKeyRare(e, b)
	}
	return raceKeyNormal(e, b)
}

// raceKeyNormal is raceKey for e > 0 and a normal x of bits b: f has x's
// mantissa and exponent 0, and b>>52 is p+1023.
func raceKeyNormal(e float64, b uint64) int64 {
	f := math.Float64frombits(1023<<52 | b&(1<<52-1))
	return int64(math.Float64bits(e/f)) - int64(b>>52)<<52
}

// raceKeyRare is raceKey for e = 0 (the least key) or a subnormal x of bits
// b (its mantissa normalised to bit 52, its exponent field 1 - that
// shift), out of line so that raceKey inlines.
//
//go:noinline
func raceKeyRare(e float64, b uint64) int64 {
	if e == 0 {
		return math.MinInt64
	}
	z := bits.LeadingZeros64(b) - 11
	m := b << uint(z)
	f := math.Float64frombits(1023<<52 | m&(1<<52-1))
	return int64(math.Float64bits(e/f)) - int64(1-z)<<52
}

// selectLeast reorders a so that a[:k] holds its k least entries and
// a[k-1] the greatest of them, 0 < k <= len(a), by Hoare's selection
// (C. A. R. Hoare, "Algorithm 65: Find", CACM 4(7), 1961) with the
// median of three as pivot: O(len(a)) expected. The entries are distinct
// (their indices differ).
func selectLeast(a []keyed, k int) {
	lo, hi := 0, len(a) // the k-th least is in a[lo:hi]
	for hi-lo > 1 {
		x, y, z := a[lo], a[lo+(hi-lo)/2], a[hi-1]
		if keyedLess(y, x) {
			x, y = y, x
		}
		if keyedLess(z, y) {
			y = z
			if keyedLess(y, x) {
				y = x
			}
		}
		p := y
		i, j := lo, hi-1
		for i <= j {
			for keyedLess(a[i], p) {
				i++
			}
			for keyedLess(p, a[j]) {
				j--
			}
			if i <= j {
				a[i], a[j] = a[j], a[i]
				i++
				j--
			}
		}
		// a[lo:j+1] <= p <= a[i:hi], and a[j+1:i] == p (at most one).
		switch {
		case k-1 <= j:
			hi = j + 1
		case k-1 >= i:
			lo = i
		default:
			return
		}
	}
}

package dist

// The categorical law by Walker's alias method in Vose's O(n) construction
// (A. J. Walker, "An efficient method for generating discrete random
// variables with general distributions", ACM Transactions on Mathematical
// Software 3(3), 1977; M. D. Vose, "A linear algorithm for generating
// random numbers with a given distribution", IEEE Transactions on Software
// Engineering 17(9), 1991): n columns of equal mass, column j split
// between its own index and one alias, so a draw is one column and one
// comparison whatever n. numpy's choice(p=w) and gonum's Categorical
// search a cumulative table instead, O(log n) per draw.
//
// Exact masses. The table is built in integers: the total mass is M = n·C
// with C = 2^b per column, b = 64 - bits.Len(n), so 2^63 <= M < 2^64. The
// weights are scaled by a power of two (exact), chosen from the largest
// weight and then from their sum, so weights from 1e-300 to 1e300, or two
// of 1e308 whose float sum is +Inf, need nothing special; summed exactly in
// 64.64 fixed point; and the masses are the differences of the prefix sums
// rounded to M (aliasMasses). So every run of consecutive indices holds
// its exact share of M to within 1.5 units, with no error adding up over
// many weights, and a weight of 0 has mass 0. Vose's pairing then moves
// exact integers: no rounding is left to fix at the end, an index of mass
// 0 is never an alias (only columns of mass >= C give) and its own
// column's threshold is 0, so it is never drawn. A positive weight below
// about 2^-63 of the total may have mass 0: below what one 64-bit word can
// resolve.
//
// One word per draw. Column j = ⌊u·n/2^64⌋, the high word of the 128-bit
// product u·n (bits.Mul64), and the low word lo, uniform within the column
// to 1 part in 2^64/n, is compared with the column's threshold t·2^(64-b):
// lo < t·2^(64-b) keeps j, else the alias. A column holds ⌊2^64/n⌋ or
// ⌈2^64/n⌉ words and its kept words differ from t/C of them by less than
// one, so each index's probability is within 2 words in 2^64 per column
// naming it (at most n·2^-63 in all) of its mass share: as close as one
// word without rejection allows. Each entry packs t (b bits) above the
// alias (64-b bits: alias < n < 2^(64-b)), so the table is one uint64 per
// weight, one load per draw, and no floating point per draw. The
// comparison is lo|mask < entry for mask = 2^(64-b)-1: lo|mask is below
// t·2^(64-b) + alias exactly when lo's high b bits are below t. A full
// column (mass C, whose t would need b+1 bits) is stored as t = 0 with
// itself as alias.

import (
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"unsafe"
)

// Categorical is the categorical distribution over the indices 0, ...,
// n-1 of the weights it was made from: index i with probability
// weights[i]/Σweights. Make one with NewCategorical; it is read-only
// after, so any number of goroutines may draw from it at once (each with
// its own Source). The zero Categorical has no weights: its Rand and Fill
// panic, before drawing.
type Categorical struct {
	tab  []uint64 // column j: threshold<<(64-b) | alias
	n    uint64   // len(tab)
	mask uint64   // 2^(64-b) - 1: the alias bits
}

// NewCategorical returns the categorical distribution of weights: index i
// is drawn with probability weights[i]/Σweights to within n·2^-63 for n
// weights (a draw takes one 64-bit word), and an index of weight 0 is
// never drawn. The weights need not sum to 1 and may span the whole
// float64 range (their sum may overflow: they are scaled first). weights
// is not kept.
//
// It takes O(len(weights)) time and memory, and each draw then takes one
// 64-bit word and O(1) time whatever len(weights). An empty weights, a
// negative, NaN or infinite weight, or weights all 0 are an error.
func NewCategorical(weights []float64) (*Categorical, error) {
	wmax, _, err := checkWeights("NewCategorical", weights)
	if err != nil {
		return nil, err
	}
	if len(weights) == 0 {
		return nil, errors.New("dist: NewCategorical: no weights")
	}
	if wmax == 0 {
		return nil, errors.New("dist: NewCategorical: every weight is 0")
	}
	n := uint64(len(weights))
	sh := uint(bits.Len64(n)) // 64 - b: the alias bits
	b := 64 - sh
	m := aliasMasses(weights, wmax, n<<b)
	c := &Categorical{tab: make([]uint64, n), n: n, mask: 1<<sh - 1}
	c.vose(m, 1<<b, sh)
	return c, nil
}

// checkWeights checks that every weight is finite and >= 0, and returns
// the largest and the number of positive ones. fn names the caller in the
// error.
//
// It works on the bits: with -0 taken as +0, a weight is finite and >= 0
// exactly when its bits are below those of +Inf, and the bits of such
// weights are in their order.
func checkWeights(fn string, weights []float64) (wmax float64, positive int, err error) {
	const inf = 0x7ff << 52
	var most uint64
	for i, w := range weights {
		b := math.Float64bits(w)
		if b == 1<<63 {
			b = 0 // -0
		}
		if b >= inf {
			return 0, 0, errors.New("dist: " + fn + ": weights[" + strconv.Itoa(i) + "] = " + fmtFloat(w) + ", want a finite number >= 0")
		}
		positive += int(discFlag(b != 0))
		most = max(most, b)
	}
	return math.Float64frombits(most), positive, nil
}

// frexp2 returns the integer f < 2^53 and the exponent e with w = f·2^e, for
// a finite w >= 0 (f has bit 52 set unless w is subnormal or 0).
func frexp2(w float64) (f uint64, e int) {
	x := math.Float64bits(w)
	f, e = x&(1<<52-1), int(x>>52)
	if e == 0 {
		return f, -1074
	}
	return f | 1<<52, e - 1075
}

// fixed returns w·2^s in 64.64 fixed point (hi the integer part, lo the
// fraction), the bits below 2^-64 dropped, for a finite w >= 0 with w·2^s <
// 2^64: exact integer shifts, no float rounding.
func fixed(w float64, s int) (hi, lo uint64) {
	f, e := frexp2(w)
	switch t := e + s + 64; { // w·2^s·2^64 = f·2^t
	case t >= 64:
		return f << uint(t-64), 0
	case t >= 0:
		return f >> uint(64-t), f << uint(t)
	default:
		return 0, f >> uint(-t)
	}
}

// fixedSum returns the sum of fixed(w, s) over weights, and false if it
// reaches 2^64.
func fixedSum(weights []float64, s int) (hi, lo uint64, ok bool) {
	var c, carry uint64
	for _, w := range weights {
		h, l := fixed(w, s)
		lo, c = bits.Add64(lo, l, 0)
		hi, c = bits.Add64(hi, h, c)
		carry |= c
	}
	return hi, lo, carry == 0
}

// aliasMasses returns integer masses m_i summing to M (< 2^64) with m_i = 0
// for a weight of 0, and every prefix sum m_0 + ... + m_i within 1.5 units
// of M·(w_0 + ... + w_i)/Σw. wmax is the largest weight, > 0.
//
// The weights are summed exactly (to 2^-64 of a unit, in 64.64 fixed point)
// at the power-of-two scale 2^s that puts the sum S in [2^63, 2^64); A_i,
// the prefix sum rounded to an integer, is within 1/2 of exact, and A_n = A.
// The masses are then the differences of round(A_i·M/A), a 128-bit product
// and division: within 1/2 of A_i·M/A, and M/A < 2. Rounding the prefix
// sums rather than each weight keeps the errors from adding up: a million
// weights each below one unit still get their total.
func aliasMasses(weights []float64, wmax float64, M uint64) []uint64 {
	n := len(weights)
	L := bits.Len64(uint64(n))
	// A first scale puts wmax in [2^(62-L), 2^(63-L)), so the sum is below
	// 2^63 and at least 1; its leading zeros give the final scale, less one
	// where the truncated bits or the rounding would carry the sum to 2^64.
	f, e := frexp2(wmax)
	top := e + bits.Len64(f) - 1 // wmax in [2^top, 2^(top+1))
	s := 62 - L - top
	h0, _, _ := fixedSum(weights, s)
	s += bits.LeadingZeros64(h0)
	var A uint64
	for {
		h, l, ok := fixedSum(weights, s)
		if ok && !(h == math.MaxUint64 && l >= 1<<63) {
			A = h + l>>63
			break
		}
		s--
	}

	m := make([]uint64, n)
	var sh, sl, prev uint64
	for i, w := range weights {
		h, l := fixed(w, s)
		var c uint64
		sl, c = bits.Add64(sl, l, 0)
		sh += h + c
		// Ai <= A, so Ai·M/A <= M < 2^64: Div64's quotient fits.
		ph, pl := bits.Mul64(sh+sl>>63, M)
		q, r := bits.Div64(ph, pl, A)
		if r >= A-r {
			q++ // round half up: Ai < A here, so q < M before
		}
		m[i] = q - prev
		prev = q
	}
	return m
}

// vose sets c's table from the masses m (summing to n·C, spent here): a
// column of mass below C (small) takes the rest of its mass from one of
// mass >= C (large), which is then small or large in turn; every step is
// an exact integer one, so when the small are all placed the large left
// have mass C exactly: full columns.
func (c *Categorical) vose(m []uint64, C uint64, sh uint) {
	n := len(m)
	work := make([]int, n) // the small from the front, the large from the back
	ns, nl := 0, n
	for i, x := range m {
		if x < C {
			work[ns] = i
			ns++
		} else {
			nl--
			work[nl] = i
		}
	}
	for ns > 0 && nl < n {
		ns--
		s, l := work[ns], work[nl]
		c.tab[s] = m[s]<<sh | uint64(l)
		m[l] -= C - m[s]
		if m[l] < C {
			nl++
			work[ns] = l
			ns++
		}
	}
	if ns > 0 {
		panic("dist: internal error: alias table masses do not sum to n columns")
	}
	for _, l := range work[nl:] {
		c.tab[l] = uint64(l) // full: t = 0, alias itself
	}
}

func (c *Categorical) check() {
	if c == nil || c.n == 0 {
		panic("dist: Categorical not made by NewCategorical")
	}
}

// draw returns the index of word u: column hi, kept if lo is below its
// threshold, else its alias (see the top of this file).
func (c *Categorical) draw(u uint64) int {
	hi, lo := bits.Mul64(u, c.n)
	e := c.tab[hi]
	r := e & c.mask
	if lo|c.mask < e {
		r = hi
	}
	return int(r)
}

// Rand returns an index drawn from c: one word of src.
func (c *Categorical) Rand(src rand.Source) int {
	c.check()
	return c.draw(src.Uint64())
}

// Fill sets dst to the values of len(dst) successive Rand(src) calls and
// leaves src where they would: one word per value.
func (c *Categorical) Fill(src rand.Source, dst []int) {
	c.check()
	w := open(src)
	defer w.done()
	if w.b != nil && unsafe.Sizeof(dst[0]) == 8 {
		// This module's generators, where int is 64 bits: the words a
		// chunk at a time straight into dst, each replaced by its value.
		d := unsafe.Slice((*int64)(unsafe.Pointer(unsafe.SliceData(dst))), len(dst))
		for len(d) > 0 {
			ch := chunk(&w, d)
			c.drawChunk(ch, w.p)
			w.k = len(w.p) // every word taken
			d = d[len(ch):]
		}
		return
	}
	c.fillWords(&w, dst)
}

// fillWords sets dst to successive draw values of the words of w: those at
// hand in its buffer read in a loop with no call, then one through next
// (which refills the buffer, or for a plain Source, where the buffer stays
// empty, calls src.Uint64), and so on.
func (c *Categorical) fillWords(w *words, dst []int) {
	for len(dst) > 0 {
		p, o := w.p, w.k
		k := min(len(dst), (len(p)-o)/8)
		if k == 0 {
			dst[0] = c.draw(w.next())
			dst = dst[1:]
			continue
		}
		for i := range dst[:k] {
			dst[i] = c.draw(le64(p, o))
			o += 8
		}
		w.k = o
		dst = dst[k:]
	}
}

// drawChunk replaces each word of d by its value: the kernel in use (a
// group of lanes at a time) and then draw's rule written out. p is d's
// memory as bytes: the words are the keystream's little-endian bytes, read
// with le64 (not as d's native int64s, which differ on big-endian
// machines).
func (c *Categorical) drawChunk(d []int64, p []byte) {
	tab, n, mask := c.tab, c.n, c.mask
	p = p[:8*len(d)]
	for i := asmAlias(d, p, tab, mask); i < len(d); i++ {
		hi, lo := bits.Mul64(le64(p, 8*i), n)
		e := tab[hi]
		r := e & mask
		if lo|mask < e {
			r = hi
		}
		d[i] = int64(r)
	}
}

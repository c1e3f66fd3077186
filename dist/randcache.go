package dist

import (
	"math"
	"math/rand/v2"
	"sync/atomic"
)

// The caches of Rand calls. A Rand call on Poisson or Binomial below a mean
// of 30 walks the CDF from 0, a chain of one rounded product per term that
// is most of the call's time, and one on Poisson above it sets up PTRS and
// computes p(k) for the tries its squeeze leaves (a Stirling remainder, a
// bd0 and an exp). Fill builds that table, or that setup and a memo of
// p(k), once for all its values; a loop of Rand calls on one law gets them
// too, from a small cache per law keyed by the parameters, which a call
// reads without a lock or a write. The values are the same either way:
// the table's draw(x) is the walk's value for open01(x), and the memo
// holds the very p(k) the test would compute.
//
// A call that misses computes as before, and one miss in cacheSampled
// (chosen by the runtime's generator, math/rand/v2's top-level functions,
// so that the Source is not touched) writes to the slot of its parameters: it notes them
// there, or builds their entry if they were noted already. So a loop on
// one law builds its entry once, after a few hundred calls; parameters
// that change from call to call never build (nor allocate); two laws whose
// calls alternate on one slot rebuild only every few hundred calls; and
// the shared writes are rare enough that goroutines on many cores do not
// contend for the slots. (R's rpois and rbinom keep the setup of their
// last parameters for the same reason, and numpy's binomial keeps its in
// the generator's state.)
const (
	cacheSlots   = 16
	cacheSampled = 256
)

// lawCache is one law's cache of entries E, keyed by an int64 n and a
// float64 x (Poisson's Lambda; Binomial's N and min(P, 1-P)).
type lawCache[E any, P cacheEntry[E]] struct {
	slots [cacheSlots]cacheSlot[E]
}

// cacheEntry is what lawCache needs of *E: whether it is the entry of (n,
// x), and to build it for them. An entry is not changed once stored.
type cacheEntry[E any] interface {
	*E
	is(n int64, x float64) bool
	build(n int64, x float64)
}

// cacheSlot holds the entry of one set of parameters, and the key of those
// a miss noted last. Each slot fills a cache line of its own, so that one
// slot's writes do not disturb the readers of another.
type cacheSlot[E any] struct {
	e    atomic.Pointer[E]
	seen atomic.Uint64
	_    [48]byte
}

// cacheKey mixes the parameters' bits; its top bits choose the slot.
func cacheKey(n int64, x float64) uint64 {
	return math.Float64bits(x)*0x9e3779b97f4a7c15 ^ uint64(n)*0xc2b2ae3d27d4eb4f
}

// get returns the entry of (n, x), or nil.
func (c *lawCache[E, P]) get(n int64, x float64) *E {
	if e := c.slots[cacheKey(n, x)>>60].e.Load(); e != nil && P(e).is(n, x) {
		return e
	}
	return nil
}

// miss records a call on (n, x) that found no entry.
func (c *lawCache[E, P]) miss(n int64, x float64) {
	if rand.Uint64()%cacheSampled != 0 {
		return
	}
	key := cacheKey(n, x)
	s := &c.slots[key>>60]
	if s.seen.Load() != key {
		s.seen.Store(key)
		return
	}
	e := new(E)
	P(e).build(n, x)
	s.e.Store(e)
}

// poissonTable is the inversion table of a Poisson below Lambda = 30.
type poissonTable struct {
	lam float64
	t   invTable
}

func (e *poissonTable) is(_ int64, lam float64) bool { return e.lam == lam }
func (e *poissonTable) build(_ int64, lam float64)   { e.lam = lam; e.t.poisson(lam) }

// binomialTable is the inversion table of a Binomial below n·p = 30, p <= 1/2.
type binomialTable struct {
	n int64
	p float64
	t invTable
}

func (e *binomialTable) is(n int64, p float64) bool { return e.n == n && e.p == p }
func (e *binomialTable) build(n int64, p float64)   { e.n, e.p = n, p; e.t.binomial(n, p) }

// ptrsSetup is PTRS's setup for a Poisson from Lambda = 30, with its
// invAlpha set and the p(k) of its memo's window all computed (so that no
// call writes them; full is false, and the memo unused, if one was 0).
type ptrsSetup struct {
	s    ptrs
	memo pmfMemo
	full bool
}

func (e *ptrsSetup) is(_ int64, lam float64) bool { return e.s.lam == lam }

func (e *ptrsSetup) build(_ int64, lam float64) {
	e.s.init(lam)
	e.s.setInvAlpha()
	e.full = true
	for i := range e.memo {
		k := e.s.lo + int64(i)
		e.memo[i] = e.s.pmf(k, float64(k-e.s.m))
		e.full = e.full && e.memo[i] != 0
	}
}

var (
	poissonTables  lawCache[poissonTable, *poissonTable]
	binomialTables lawCache[binomialTable, *binomialTable]
	ptrsSetups     lawCache[ptrsSetup, *ptrsSetup]
)

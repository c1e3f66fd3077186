package dist

import (
	"math"
	"sync/atomic"
)

// The inversion tables of Rand calls. A Rand of Poisson below Lambda = 30,
// or of Binomial below n·min(p, 1-p) = 30, walks the CDF from 0: a chain of
// one rounded product per term that is most of the call's time. Fill
// builds the same CDF once as a table (invTable) and draws from it in a
// few steps; a loop of Rand calls on one law gets that table too, from a
// small cache of tables per law keyed by the parameters, which a call
// reads without a lock or a write. The value is the same either way: the
// table's draw(x) is the walk's value for open01(x).
//
// A call that misses walks, and one miss in invSampled (chosen by the low
// bits of its word, which the value does not use) writes to the slot of
// its parameters: it notes them there, or builds their table if they are
// noted already. So a loop on one law builds its table once, after a few
// hundred calls; parameters that change from call to call never build
// (nor allocate); two laws whose calls alternate on one slot rebuild only
// every few hundred calls; and the shared writes are rare enough that
// goroutines on many cores do not contend for the slots. (R's rpois and
// rbinom keep the setup of their last parameters for the same reason, and
// numpy's binomial keeps its in the generator's state.)
const (
	invSlots   = 16
	invSampled = 256
)

// invCache is one law's cache: Poisson's, keyed by Lambda, or Binomial's,
// keyed by N and min(P, 1-P).
type invCache struct {
	binomial bool
	slots    [invSlots]invSlot
}

// invSlot holds the table of one set of parameters, and the parameters a
// miss noted last. Each slot fills a cache line of its own, so that one
// slot's writes do not disturb the readers of another.
type invSlot struct {
	e    atomic.Pointer[invEntry]
	seen atomic.Uint64
	_    [48]byte
}

// invEntry is a table and its parameters (n is 0 for Poisson). It is not
// changed once stored.
type invEntry struct {
	n int64
	x float64
	t invTable
}

var (
	poissonTables  = invCache{}
	binomialTables = invCache{binomial: true}
)

// invKey mixes the parameters' bits; its top bits choose the slot.
func invKey(n int64, x float64) uint64 {
	return math.Float64bits(x)*0x9e3779b97f4a7c15 ^ uint64(n)*0xc2b2ae3d27d4eb4f
}

// table returns the cached table of (n, x), or nil.
func (c *invCache) table(n int64, x float64) *invTable {
	if e := c.slots[invKey(n, x)>>60].e.Load(); e != nil && e.n == n && e.x == x {
		return &e.t
	}
	return nil
}

// miss records a call on (n, x) that found no table, u being its word.
func (c *invCache) miss(n int64, x float64, u uint64) {
	if u%invSampled != 0 {
		return
	}
	key := invKey(n, x)
	s := &c.slots[key>>60]
	if s.seen.Load() != key {
		s.seen.Store(key)
		return
	}
	e := &invEntry{n: n, x: x}
	if c.binomial {
		e.t.binomial(n, x)
	} else {
		e.t.poisson(x)
	}
	s.e.Store(e)
}

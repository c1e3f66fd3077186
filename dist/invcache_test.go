package dist

import (
	"math/rand/v2"
	"sync"
	"testing"
)

// reset empties c, as at the start of a program (atomically: other tests
// may be calling Rand).
func (c *invCache) reset() {
	for i := range c.slots {
		c.slots[i].e.Store(nil)
		c.slots[i].seen.Store(0)
	}
}

var invCacheLaws = []struct {
	name string
	rand func(src rand.Source) int64
	walk func(u uint64) int64 // the value by the walk, without the cache
	has  func() bool          // whether the cache holds the law's table
}{}

func init() {
	for _, lam := range []float64{0, 1e-300, 1e-6, 0.37, 3, 12.5, 29.999} {
		d := Poisson{Lambda: lam}
		invCacheLaws = append(invCacheLaws, struct {
			name string
			rand func(src rand.Source) int64
			walk func(u uint64) int64
			has  func() bool
		}{
			"Poisson(" + fmtFloat(lam) + ")", d.Rand,
			func(u uint64) int64 { return poissonWalk(open01(u), lam) },
			func() bool { return poissonTables.table(0, lam) != nil },
		})
	}
	for _, b := range []Binomial{{0, 0.3}, {20, 0.3}, {20, 0.7}, {1000, 0.01}, {1 << 62, 1e-18}, {7, 0}, {7, 1}, {59, 0.5}} {
		d := b
		p := min(d.P, 1-d.P)
		invCacheLaws = append(invCacheLaws, struct {
			name string
			rand func(src rand.Source) int64
			walk func(u uint64) int64
			has  func() bool
		}{
			"Binomial(" + fmtFloat(float64(d.N)) + ", " + fmtFloat(d.P) + ")", d.Rand,
			func(u uint64) int64 {
				k := binomialWalk(open01(u), d.N, p)
				if d.P > 0.5 {
					k = d.N - k
				}
				return k
			},
			func() bool { return binomialTables.table(d.N, p) != nil },
		})
	}
}

// TestInvCache checks that the Rand calls of the inversion laws give the
// walk's value for their word whether the cache holds their table or not:
// from an empty cache, a few thousand calls per law (long enough for the
// cache to note the law and build its table), each compared with the walk
// on the word a twin Source gives; and that the table was built, and is
// used by the calls after it.
func TestInvCache(t *testing.T) {
	poissonTables.reset()
	binomialTables.reset()
	for i, law := range invCacheLaws {
		src, twin := rand.NewPCG(uint64(i), 7), rand.NewPCG(uint64(i), 7)
		built := -1
		for call := range 4096 {
			got, want := law.rand(src), law.walk(twin.Uint64())
			if got != want {
				t.Fatalf("%s: call %d gives %d, the walk %d", law.name, call, got, want)
			}
			if built < 0 && law.has() {
				built = call
			}
		}
		if built < 0 || built > 3000 {
			t.Fatalf("%s: the table was built at call %d of 4096", law.name, built)
		}
		if src.Uint64() != twin.Uint64() {
			t.Fatalf("%s: the calls left the Source elsewhere than one word each", law.name)
		}
	}
}

// TestInvCacheConcurrent runs the laws' Rand calls in goroutines at once,
// several on each law and on laws sharing slots, each against the walk on
// its own twin Source (run with -race, it checks the cache's sharing).
func TestInvCacheConcurrent(t *testing.T) {
	poissonTables.reset()
	binomialTables.reset()
	calls := 3000
	if testing.Short() {
		calls = 1000
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4*len(invCacheLaws))
	for g := range 4 * len(invCacheLaws) {
		law := invCacheLaws[g%len(invCacheLaws)]
		wg.Go(func() {
			src, twin := rand.NewPCG(uint64(g), 9), rand.NewPCG(uint64(g), 9)
			for call := range calls {
				if got, want := law.rand(src), law.walk(twin.Uint64()); got != want {
					errs <- law.name + ": a call differs from the walk at call " + fmtFloat(float64(call))
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}

// TestInvCacheAllocs checks that Rand calls allocate only to build a
// table: none on parameters that change from call to call, none on one
// law once its table is built.
func TestInvCacheAllocs(t *testing.T) {
	poissonTables.reset()
	src := rand.NewPCG(1, 2)
	lam := 1.0
	changing := testing.AllocsPerRun(20000, func() {
		lam += 1e-6
		Poisson{Lambda: lam}.Rand(src)
	})
	d := Poisson{Lambda: 4.5}
	for range 5000 {
		d.Rand(src)
	}
	fixed := testing.AllocsPerRun(20000, func() { d.Rand(src) })
	if changing != 0 || fixed != 0 || poissonTables.table(0, 4.5) == nil {
		t.Fatalf("allocations per call: %v with Lambda changing, %v with it fixed (table built: %v)",
			changing, fixed, poissonTables.table(0, 4.5) != nil)
	}
}

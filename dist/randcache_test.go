package dist

import (
	"math/rand/v2"
	"strconv"
	"sync"
	"testing"
)

// reset empties c, as at the start of a program (atomically: other tests
// may be calling Rand).
func (c *lawCache[E, P]) reset() {
	for i := range c.slots {
		c.slots[i].e.Store(nil)
		c.slots[i].seen.Store(0)
	}
}

func resetRandCaches() {
	poissonTables.reset()
	binomialTables.reset()
	ptrsSetups.reset()
}

// cacheLaw is a law whose Rand calls use a cache: its Rand, the value
// computed without the cache, and whether the cache holds its entry.
type cacheLaw struct {
	name string
	rand func(src rand.Source) int64
	ref  func(src rand.Source) int64
	has  func() bool
}

// byWalk is a ref that draws one word and walks.
func byWalk(walk func(u float64) int64) func(src rand.Source) int64 {
	return func(src rand.Source) int64 { return walk(open01(src.Uint64())) }
}

var cacheLaws = func() (laws []cacheLaw) {
	for _, lam := range []float64{0, 1e-300, 1e-6, 0.37, 3, 12.5, 29.999} {
		laws = append(laws, cacheLaw{
			"Poisson(" + fmtFloat(lam) + ")", Poisson{Lambda: lam}.Rand,
			byWalk(func(u float64) int64 { return poissonWalk(u, lam) }),
			func() bool { return poissonTables.get(0, lam) != nil },
		})
	}
	for _, lam := range []float64{30, 100, 2345.5, 1e6, 1e12} {
		laws = append(laws, cacheLaw{
			"Poisson(" + fmtFloat(lam) + ")", Poisson{Lambda: lam}.Rand,
			func(src rand.Source) int64 {
				var s ptrs
				s.init(lam)
				return s.drawSrc(src, nil) // no memo, no cache
			},
			func() bool { return ptrsSetups.get(0, lam) != nil },
		})
	}
	for _, d := range []Binomial{{0, 0.3}, {20, 0.3}, {20, 0.7}, {1000, 0.01}, {1 << 62, 1e-18}, {7, 0}, {7, 1}, {59, 0.5}} {
		p := min(d.P, 1-d.P)
		laws = append(laws, cacheLaw{
			"Binomial(" + strconv.FormatInt(d.N, 10) + ", " + fmtFloat(d.P) + ")", d.Rand,
			byWalk(func(u float64) int64 {
				k := binomialWalk(u, d.N, p)
				if d.P > 0.5 {
					k = d.N - k
				}
				return k
			}),
			func() bool { return binomialTables.get(d.N, p) != nil },
		})
	}
	return laws
}()

// TestRandCache checks that the Rand calls of the cached laws give the
// values of the uncached computation whether the cache holds their entry
// or not: from an empty cache, a few thousand calls per law (long enough
// for the cache to note the law and build its entry, at random), each compared with
// the uncached value from a twin Source; and that the entry was built,
// and is used by the calls after it.
func TestRandCache(t *testing.T) {
	resetRandCaches()
	for i, law := range cacheLaws {
		src, twin := rand.NewPCG(uint64(i), 7), rand.NewPCG(uint64(i), 7)
		built := -1
		for call := 0; call < 4096 || built < 0 && call < 50000; call++ {
			got, want := law.rand(src), law.ref(twin)
			if got != want {
				t.Fatalf("%s: call %d gives %d, uncached %d", law.name, call, got, want)
			}
			if built < 0 && law.has() {
				built = call
			}
		}
		if built < 0 {
			t.Fatalf("%s: no entry built in 50000 calls", law.name)
		}
		if src.Uint64() != twin.Uint64() {
			t.Fatalf("%s: the calls left the Source elsewhere than the uncached ones", law.name)
		}
	}
}

// TestRandCacheConcurrent runs the laws' Rand calls in goroutines at once,
// several on each law and on laws sharing slots, each against the walk on
// its own twin Source (run with -race, it checks the caches' sharing).
func TestRandCacheConcurrent(t *testing.T) {
	resetRandCaches()
	calls := 3000
	if testing.Short() {
		calls = 1000
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4*len(cacheLaws))
	for g := range 4 * len(cacheLaws) {
		law := cacheLaws[g%len(cacheLaws)]
		wg.Go(func() {
			src, twin := rand.NewPCG(uint64(g), 9), rand.NewPCG(uint64(g), 9)
			for call := range calls {
				if got, want := law.rand(src), law.ref(twin); got != want {
					errs <- law.name + ": a call differs from the uncached value at call " + strconv.Itoa(call)
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

// TestRandCacheAllocs checks that Rand calls allocate only to build an
// entry: none on parameters that change from call to call, none on one
// law once its entry is built.
func TestRandCacheAllocs(t *testing.T) {
	resetRandCaches()
	src := rand.NewPCG(1, 2)
	lam := 1.0
	changing := testing.AllocsPerRun(20000, func() {
		lam += 1e-6
		Poisson{Lambda: lam}.Rand(src)
	})
	lam = 100
	changingPTRS := testing.AllocsPerRun(20000, func() {
		lam += 1e-6
		Poisson{Lambda: lam}.Rand(src)
	})
	d, e := Poisson{Lambda: 4.5}, Poisson{Lambda: 450}
	for range 5000 {
		d.Rand(src)
		e.Rand(src)
	}
	fixed := testing.AllocsPerRun(20000, func() { d.Rand(src); e.Rand(src) })
	built := poissonTables.get(0, 4.5) != nil && ptrsSetups.get(0, 450) != nil
	if changing != 0 || changingPTRS != 0 || fixed != 0 || !built {
		t.Fatalf("allocations per call: %v, %v with Lambda changing (below 30, above), %v with it fixed (entries built: %v)",
			changing, changingPTRS, fixed, built)
	}
}

package dist_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
)

// TestFillIsRandLoopManyRejections is TestFillIsRandLoop for the shapes
// where Marsaglia and Tsang's tries miss the squeeze and are rejected most
// often (shapes just above 1, and Beta's and StudentsT's gammas there, and
// the boosted shapes from 0.1 to 1, whose tries are of shape+1, Beta's of
// two such shapes among them), over long
// Fills from this module's generators, whose words a Fill reads in bulk:
// the values and the next word equal those of a loop of Rand on a twin
// Source, for lengths around the chunks' sizes and the least length that
// takes the blocks of tries (128), and lengths whose last few hundred
// values come from the keystream's buffer.
func TestFillIsRandLoopManyRejections(t *testing.T) {
	laws := []floatLaw{
		dist.Gamma{Alpha: 1.0001, Beta: 1},
		dist.Gamma{Alpha: 1.3, Beta: 0.7},
		dist.ChiSquared{K: 2.5},
		dist.Beta{Alpha: 1.0001, Beta: 1.2},
		dist.Beta{Alpha: 1.5, Beta: 30},
		dist.StudentsT{Mu: 0, Sigma: 1, Nu: 2.0002},
		dist.Gamma{Alpha: 0.25, Beta: 1},
		dist.Gamma{Alpha: 0.9999, Beta: 3},
		dist.ChiSquared{K: 1.2},
		dist.Beta{Alpha: 0.1, Beta: 0.35},
		dist.Beta{Alpha: 0.9999, Beta: 0.2},
		dist.Beta{Alpha: 0.99, Beta: 0.98},
	}
	sources := []struct {
		name string
		new  func(seed uint64) rand.Source
	}{
		{"chacha8", func(s uint64) rand.Source { return chacha.NewSource(s) }},
		{"aes128ctr", func(s uint64) rand.Source { return aesctr.NewSource(s) }},
	}
	for _, law := range laws {
		for _, src := range sources {
			for i, n := range []int{63, 64, 65, 127, 128, 129, 256, 1024, 2047, 2048, 2049, 20000} {
				a, b := src.new(uint64(i)), src.new(uint64(i))
				got := make([]float64, n)
				law.Fill(a, got)
				for k := range got {
					if want := law.Rand(b); math.Float64bits(got[k]) != math.Float64bits(want) {
						t.Fatalf("%+v on %s, Fill of %d: value %d is %v, Rand gives %v", law, src.name, n, k, got[k], want)
					}
				}
				if x, y := a.Uint64(), b.Uint64(); x != y {
					t.Fatalf("%+v on %s, Fill of %d: next word %#x, after Rand %#x", law, src.name, n, x, y)
				}
			}
		}
	}
}

// TestRandLoopIsFillCached checks long loops of Rand on the laws whose
// calls take a table or a setup from a cache once they have drawn a few
// hundred values of one law (Poisson and Binomial below a mean of 30,
// Poisson above): several goroutines at once, each on its own law or
// sharing one, and the values and the next word of each loop equal those
// of one Fill on a twin Source.
func TestRandLoopIsFillCached(t *testing.T) {
	laws := []intLaw{
		dist.Poisson{Lambda: 3}, dist.Poisson{Lambda: 0.2}, dist.Poisson{Lambda: 29.5},
		dist.Poisson{Lambda: 100}, dist.Poisson{Lambda: 1e6},
		dist.Binomial{N: 20, P: 0.3}, dist.Binomial{N: 40, P: 0.9}, dist.Binomial{N: 1 << 40, P: 1e-12},
	}
	n := 5000
	errs := make(chan error, 2*len(laws))
	var wg sync.WaitGroup
	for g := range 2 * len(laws) {
		law := laws[g%len(laws)]
		wg.Go(func() {
			a, b := chacha.NewSource(uint64(g)), chacha.NewSource(uint64(g))
			want := make([]int64, n)
			law.Fill(b, want)
			for i := range n {
				if got := law.Rand(a); got != want[i] {
					errs <- fmt.Errorf("%#v: Rand call %d gives %d, Fill %d", law, i, got, want[i])
					return
				}
			}
			if a.Uint64() != b.Uint64() {
				errs <- fmt.Errorf("%#v: the loop of Rand and Fill leave the Source at different words", law)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestStudentsTLongFillIsRandLoop checks StudentsT's Fill over long runs
// from this module's generators, the stream at an odd byte: enough values
// that every rare path of the bulk walk comes up many times (a normal
// word off the ziggurat's fast path for the normal or for the gamma's
// try, accepted by its wedge test or not, a try whose y <= -1, a try the
// squeeze leaves and the exact test rejects or takes, the tail strip):
// the values and the next word equal those of a loop of Rand on a twin
// Source.
func TestStudentsTLongFillIsRandLoop(t *testing.T) {
	n := 200000
	if testing.Short() {
		n = 50000
	}
	type reader interface {
		rand.Source
		Read([]byte) (int, error)
	}
	sources := []struct {
		name string
		new  func(seed uint64) reader
	}{
		{"chacha8", func(s uint64) reader { return chacha.NewSource(s) }},
		{"aes128ctr", func(s uint64) reader { return aesctr.NewSource(s) }},
	}
	for i, law := range []dist.StudentsT{{Mu: 0, Sigma: 1, Nu: 5}, {Mu: -2, Sigma: 3, Nu: 2.0002}, {Mu: 1, Sigma: 0.5, Nu: 30}, {Mu: 0, Sigma: 1, Nu: 1e6}} {
		for _, src := range sources {
			a, b := src.new(uint64(i)), src.new(uint64(i))
			skip := make([]byte, 3+i)
			a.Read(skip)
			b.Read(skip)
			got := make([]float64, n)
			law.Fill(a, got)
			for k := range got {
				if want := law.Rand(b); math.Float64bits(got[k]) != math.Float64bits(want) {
					t.Fatalf("%+v on %s: value %d is %v, Rand gives %v", law, src.name, k, got[k], want)
				}
			}
			if x, y := a.Uint64(), b.Uint64(); x != y {
				t.Fatalf("%+v on %s: next word %#x, after Rand %#x", law, src.name, x, y)
			}
		}
	}
}

// TestFillIsRandLoopBufferCrossing is TestFillIsRandLoop over every 7th
// length from 130 to 3000, for the laws whose Fill walks blocks of tries
// on the keystream's buffered words at its end: a try at a block's end
// that draws past those words makes the keystream refill its buffer, in
// place, and the walk must see that its words were replaced although the
// new ones start at the same address (a walk that took them for the same
// words gave Beta(2,5) a value other than Rand's in a Fill of 2048 on
// aes128ctr). Values and the next word equal a loop of Rand's on a twin
// Source.
func TestFillIsRandLoopBufferCrossing(t *testing.T) {
	laws := []floatLaw{
		dist.Beta{Alpha: 1.0001, Beta: 1.2},
		dist.Beta{Alpha: 2, Beta: 5},
		dist.Gamma{Alpha: 1.0001, Beta: 1},
		dist.StudentsT{Mu: 0, Sigma: 1, Nu: 2.0002},
		dist.Gamma{Alpha: 0.3, Beta: 1},
		dist.Beta{Alpha: 0.2, Beta: 0.8},
	}
	sources := []func(seed uint64) rand.Source{
		func(s uint64) rand.Source { return chacha.NewSource(s) },
		func(s uint64) rand.Source { return aesctr.NewSource(s) },
	}
	for _, law := range laws {
		for si, mk := range sources {
			for n := 130; n < 3000; n += 7 {
				a, b := mk(uint64(n)), mk(uint64(n))
				xs := make([]float64, n)
				law.Fill(a, xs)
				for k, x := range xs {
					if want := law.Rand(b); math.Float64bits(x) != math.Float64bits(want) {
						t.Fatalf("%+v on source %d, Fill of %d: value %d is %v, Rand gives %v", law, si, n, k, x, want)
					}
				}
				if x, y := a.Uint64(), b.Uint64(); x != y {
					t.Fatalf("%+v on source %d, Fill of %d: next word %#x, after Rand %#x", law, si, n, x, y)
				}
			}
		}
	}
}

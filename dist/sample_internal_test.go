package dist

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/chacha"
)

// TestSelectLeast: selectLeast leaves the k least entries in a[:k] with
// the greatest of them at k-1, against a sort, over random, sorted,
// reversed and tied-key arrays of every length to 40 and every k.
func TestSelectLeast(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	cmpKeyed := func(a, b keyed) int {
		if keyedLess(a, b) {
			return -1
		}
		if keyedLess(b, a) {
			return 1
		}
		return 0
	}
	for n := 1; n <= 40; n++ {
		for shape := range 4 {
			a := make([]keyed, n)
			for i := range a {
				switch shape {
				case 0:
					a[i] = keyed{int64(r.Uint64()), i}
				case 1:
					a[i] = keyed{int64(i), i}
				case 2:
					a[i] = keyed{int64(n - i), i}
				case 3:
					a[i] = keyed{int64(r.IntN(3)), r.IntN(1000)*64 + i} // tied keys, distinct indices
				}
			}
			want := slices.Clone(a)
			slices.SortFunc(want, cmpKeyed)
			for k := 1; k <= n; k++ {
				b := slices.Clone(a)
				r.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
				selectLeast(b, k)
				got := slices.Clone(b[:k])
				require.Equal(t, want[k-1], b[k-1], "n=%d shape %d k=%d: the k-th least", n, shape, k)
				slices.SortFunc(got, cmpKeyed)
				require.Equal(t, want[:k], got, "n=%d shape %d k=%d", n, shape, k)
			}
		}
	}
}

// TestRaceKey: raceKey orders e/x as the reals do, against exact
// comparisons of e1·x2 and e2·x1 in big floats' stead: pairs whose
// quotients are far apart (any order of magnitude), and close ones where
// both quotients are floats.
func TestRaceKey(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	xs := []float64{5e-324, 1e-323, 3e-310, 2.2250738585072014e-308, 1e-300, 1e-20, 0.5, 1, 1.5, 3, 1e20, 1e300, math.MaxFloat64}
	for range 20000 {
		e1, e2 := 1e-15+40*r.Float64(), 1e-15+40*r.Float64()
		x1, x2 := xs[r.IntN(len(xs))], xs[r.IntN(len(xs))]
		if r.IntN(2) == 0 {
			x1 = math.Ldexp(1+r.Float64(), r.IntN(2000)-1000)
		}
		// log2 of the quotients, exact enough to order those far apart.
		l1 := math.Log2(e1) - math.Log2(x1)
		l2 := math.Log2(e2) - math.Log2(x2)
		if math.Abs(l1-l2) > 1e-6 {
			require.Equal(t, cmp.Compare(l1, l2), cmp.Compare(raceKey(e1, x1), raceKey(e2, x2)), "%g/%g against %g/%g", e1, x1, e2, x2)
		}
		// The same x: the order of e.
		require.Equal(t, cmp.Compare(e1, e2), cmp.Compare(raceKey(e1, x1), raceKey(e2, x1)), "%g and %g over %g", e1, e2, x1)
		// Normal quotients: the order of the float quotients.
		if q1, q2 := e1/x1, e2/x2; q1 > 1e-300 && q1 < 1e300 && q2 > 1e-300 && q2 < 1e300 && q1 != q2 && x1 >= 1e-300 && x2 >= 1e-300 {
			require.Equal(t, cmp.Compare(q1, q2), cmp.Compare(raceKey(e1, x1), raceKey(e2, x2)), "%g/%g against %g/%g", e1, x1, e2, x2)
		}
	}
	require.Equal(t, int64(math.MinInt64), raceKey(0, 1))
	require.Less(t, raceKey(0, 5e-324), raceKey(1e-20, math.MaxFloat64))
}

// TestSamplePaths: the in-place array, the array of n and the hash of
// swaps give the same values from the same words, for every k of small n
// (the hash colliding and overwriting often) and some of large n.
func TestSamplePaths(t *testing.T) {
	for _, n := range []int{1, 2, 3, 5, 8, 17, 64, 1000} {
		for k := 1; k <= n; k++ {
			if n > 64 && k%97 != 1 {
				continue
			}
			seed := uint64(n*1000 + k)
			words := func() *words { w := open(chacha.NewSource(seed)); return &w }
			arr := make([]int, n)
			for i := range arr {
				arr[i] = i
			}
			viaArray := make([]int, k)
			wa := words()
			sampleArray(wa, arr, viaArray)
			x := wa.next()
			wa.done()
			if k < n {
				viaHash := make([]int, k)
				wh := words()
				sampleSparse(wh, viaHash, n)
				require.Equal(t, viaArray, viaHash, "n=%d k=%d: hash against array", n, k)
				require.Equal(t, x, wh.next(), "n=%d k=%d: words taken", n, k)
				wh.done()
			} else {
				inPlace := make([]int, n)
				for i := range inPlace {
					inPlace[i] = i
				}
				wi := words()
				sampleArray(wi, inPlace, inPlace)
				require.Equal(t, viaArray, inPlace, "n=%d: in place against array", n)
				require.Equal(t, x, wi.next(), "n=%d: words taken in place", n)
				wi.done()
			}
		}
	}
}

// raceRef is race without the filter or the run over the words at hand:
// every positive weight's exact key, the k least by a sort.
func raceRef(w *words, weights []float64, k int) []keyed {
	var all []keyed
	for i, x := range weights {
		if x == 0 {
			continue
		}
		all = append(all, keyed{raceKey(stdExp(w), x), i})
	}
	slices.SortFunc(all, func(a, b keyed) int {
		if keyedLess(a, b) {
			return -1
		}
		return 1
	})
	return all[:k]
}

// TestRaceFilter: race's filter and its run over the words at hand make
// the decisions of comparing every exact key: the same k least (so the
// same sample) and the same words taken, for weights of every range
// (where the filter's bound is +Inf or 2^-1022), zeros, and k from 1 to
// all of them.
func TestRaceFilter(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 300 {
		n := 1 + r.IntN(400)
		ws := make([]float64, n)
		spread := []int{0, 4, 60, 1000, 2000}[trial%5]
		positive := 0
		for i := range ws {
			if r.IntN(7) == 0 {
				continue
			}
			ws[i] = math.Ldexp(1+r.Float64(), r.IntN(spread+1)-spread/2)
			if trial%11 == 0 && i%5 == 0 {
				ws[i] = 5e-324 * float64(1+r.IntN(3))
			}
			positive++
		}
		if positive == 0 {
			continue
		}
		k := 1 + r.IntN(positive)
		if trial%3 == 0 {
			k = min(k, 3)
		}
		var a, b rand.Source = chacha.NewSource(uint64(trial)), chacha.NewSource(uint64(trial))
		if trial%4 == 0 {
			a, b = rand.NewPCG(uint64(trial), 1), rand.NewPCG(uint64(trial), 1)
		}
		wa, wb := open(a), open(b)
		got := slices.Clone(race(&wa, ws, make([]keyed, 2*k), k))
		want := raceRef(&wb, ws, k)
		cmpKeyed := func(x, y keyed) int { return cmp.Compare(x.idx, y.idx) }
		slices.SortFunc(got, cmpKeyed)
		slices.SortFunc(want, cmpKeyed)
		require.Equal(t, want, got, "trial %d: n=%d k=%d spread 2^%d", trial, n, k, spread)
		require.Equal(t, wb.next(), wa.next(), "trial %d: words taken", trial)
		wa.done()
		wb.done()
	}
}

// TestKeyFloat: keyFloat is a race key's value where that is a normal
// float, and above it otherwise.
func TestKeyFloat(t *testing.T) {
	for _, c := range []struct{ e, x float64 }{{1, 1}, {0.5, 3}, {40, 1e-300}, {1e-10, 1e300}, {3, 5e-324}, {1e-15, math.MaxFloat64}} {
		key := raceKey(c.e, c.x)
		v := keyFloat(key)
		if q := c.e / c.x; q >= 0x1p-1022 && q <= math.MaxFloat64 {
			require.Equal(t, q, v, "%g/%g", c.e, c.x)
		} else if q < 0x1p-1022 {
			require.Equal(t, 0x1p-1022, v, "%g/%g", c.e, c.x)
		} else {
			require.True(t, math.IsInf(v, 1), "%g/%g", c.e, c.x)
		}
	}
	require.Equal(t, 0x1p-1022, keyFloat(math.MinInt64))
	require.True(t, math.IsInf(keyFloat(math.MaxInt64-1<<53), 1))
}

package dist_test

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/dist"
)

// A lawCase is one distribution with its parameters, its values as bits
// (float64 bits, or int64 as uint64) so that every type is compared alike.
type lawCase struct {
	name string
	rand func(src rand.Source) uint64
	fill func(src rand.Source, n int) []uint64
}

type floatLaw interface {
	Rand(src rand.Source) float64
	Fill(src rand.Source, dst []float64)
}

type intLaw interface {
	Rand(src rand.Source) int64
	Fill(src rand.Source, dst []int64)
}

func floatCase(d floatLaw) lawCase {
	return lawCase{
		name: fmt.Sprintf("%T%+v", d, d),
		rand: func(src rand.Source) uint64 { return math.Float64bits(d.Rand(src)) },
		fill: func(src rand.Source, n int) []uint64 {
			xs := make([]float64, n)
			d.Fill(src, xs)
			bits := make([]uint64, n)
			for i, x := range xs {
				bits[i] = math.Float64bits(x)
			}
			return bits
		},
	}
}

func intCase(d intLaw) lawCase {
	return lawCase{
		name: fmt.Sprintf("%T%+v", d, d),
		rand: func(src rand.Source) uint64 { return uint64(d.Rand(src)) },
		fill: func(src rand.Source, n int) []uint64 {
			ks := make([]int64, n)
			d.Fill(src, ks)
			bits := make([]uint64, n)
			for i, k := range ks {
				bits[i] = uint64(k)
			}
			return bits
		},
	}
}

// laws is every distribution type over parameters that reach each of its
// methods and branches (fast and slow paths, the algorithm switches), for
// the contract and golden tests.
var laws = []lawCase{
	floatCase(dist.Normal{Mu: 0, Sigma: 1}),
	floatCase(dist.Normal{Mu: -2.5, Sigma: 1e-3}),
	floatCase(dist.LogNormal{Mu: 0, Sigma: 1}),
	floatCase(dist.LogNormal{Mu: 3, Sigma: 0.1}),
	floatCase(dist.Exponential{Rate: 1}),
	floatCase(dist.Exponential{Rate: 1e-3}),
	floatCase(dist.Uniform{Min: 0, Max: 1}),
	floatCase(dist.Uniform{Min: -1e300, Max: 1e300}),
	floatCase(dist.Uniform{Min: 1, Max: 1.0000000000000004}),
	floatCase(dist.Weibull{K: 1.5, Lambda: 2}),
	floatCase(dist.Weibull{K: 0.1, Lambda: 1}),
	floatCase(dist.Gamma{Alpha: 1e-3, Beta: 1}),
	floatCase(dist.Gamma{Alpha: 1e-3, Beta: 3}),
	floatCase(dist.Gamma{Alpha: 0.1, Beta: 2}),
	floatCase(dist.Gamma{Alpha: 0.5, Beta: 1}),
	floatCase(dist.Gamma{Alpha: 1, Beta: 1}),
	floatCase(dist.Gamma{Alpha: 2, Beta: 1}),
	floatCase(dist.Gamma{Alpha: 0.3, Beta: 1}),
	floatCase(dist.Gamma{Alpha: 0.9, Beta: 1e-310}),
	floatCase(dist.Gamma{Alpha: 10, Beta: 1e-3}),
	floatCase(dist.Gamma{Alpha: 3, Beta: 1e-310}),  // Rand's draw, divided by Beta
	floatCase(dist.Gamma{Alpha: 2.5, Beta: 1e308}), // the same: 1/Beta is subnormal
	floatCase(dist.Gamma{Alpha: 1e4, Beta: 1e3}),
	floatCase(dist.Beta{Alpha: 1e-3, Beta: 1e-3}),
	floatCase(dist.Beta{Alpha: 0.5, Beta: 0.5}),
	floatCase(dist.Beta{Alpha: 1, Beta: 1}),
	floatCase(dist.Beta{Alpha: 1, Beta: 2.5}),
	floatCase(dist.Beta{Alpha: 0.3, Beta: 3}),
	floatCase(dist.Beta{Alpha: 0.7, Beta: 0.5}),
	floatCase(dist.Beta{Alpha: 0.3, Beta: 0.9}),
	floatCase(dist.Beta{Alpha: 2, Beta: 5}),
	floatCase(dist.Beta{Alpha: 0.01, Beta: 10}),
	floatCase(dist.Beta{Alpha: 0.2, Beta: 0.8}),
	floatCase(dist.Beta{Alpha: 0.99, Beta: 0.98}), // Jöhnk's: half the tries rejected
	floatCase(dist.Beta{Alpha: 0.5, Beta: 0.1}),
	floatCase(dist.Beta{Alpha: 1, Beta: 0.05}),
	floatCase(dist.ChiSquared{K: 1}),
	floatCase(dist.ChiSquared{K: 3}),
	floatCase(dist.ChiSquared{K: 2}),
	floatCase(dist.ChiSquared{K: 1.2}),
	floatCase(dist.ChiSquared{K: 0.2}),
	floatCase(dist.StudentsT{Mu: 0, Sigma: 1, Nu: 0.2}),
	floatCase(dist.StudentsT{Mu: 1, Sigma: 3, Nu: 2e-3}),
	floatCase(dist.StudentsT{Mu: 0, Sigma: 1, Nu: 1}),
	floatCase(dist.StudentsT{Mu: 0, Sigma: 1, Nu: 1.5}),
	floatCase(dist.StudentsT{Mu: -3, Sigma: 2, Nu: 2}),
	floatCase(dist.StudentsT{Mu: 1, Sigma: 0.02, Nu: 5}),
	floatCase(dist.StudentsT{Mu: 0, Sigma: 1, Nu: 1e6}),
	intCase(dist.Poisson{Lambda: 0}),
	intCase(dist.Poisson{Lambda: 1e-6}),
	intCase(dist.Poisson{Lambda: 3}),
	intCase(dist.Poisson{Lambda: 9.99}),
	intCase(dist.Poisson{Lambda: 10}),
	intCase(dist.Poisson{Lambda: 100}),
	intCase(dist.Poisson{Lambda: 1e4}),
	intCase(dist.Poisson{Lambda: 1e9}),
	intCase(dist.Poisson{Lambda: 0x1p62}),
	intCase(dist.Binomial{N: 0, P: 0.5}),
	intCase(dist.Binomial{N: 10, P: 1}),
	intCase(dist.Binomial{N: 20, P: 0.3}),
	intCase(dist.Binomial{N: 1000, P: 0.5}),
	intCase(dist.Binomial{N: 1000, P: 0.999}),
	intCase(dist.Binomial{N: 1e6, P: 0.3}),
	intCase(dist.Binomial{N: 1 << 62, P: 0.3}),
	intCase(dist.Binomial{N: 1 << 62, P: 1e-15}),
	intCase(dist.Geometric{P: 1}),
	intCase(dist.Geometric{P: 0.5}),
	intCase(dist.Geometric{P: 1e-6}),
	intCase(dist.Geometric{P: 1e-300}),
}

// sources makes each kind of rand.Source a user may pass, seeded: this
// module's generators (the fast path), one behind streamrand.Locked, and
// other Sources (the per-call path), a *rand.Rand among them.
var sources = []struct {
	name string
	new  func(seed uint64) rand.Source
}{
	{"chacha8", func(s uint64) rand.Source { return chacha.NewSource(s) }},
	{"chacha20", func(s uint64) rand.Source { return chacha.NewSource20(s) }},
	{"aes128ctr", func(s uint64) rand.Source { return aesctr.NewSource(s) }},
	{"Locked", func(s uint64) rand.Source { return streamrand.Locked(chacha.NewSource(s)) }},
	{"PCG", func(s uint64) rand.Source { return rand.NewPCG(s, 1) }},
	{"rand.ChaCha8", func(s uint64) rand.Source { return rand.NewChaCha8([32]byte{byte(s)}) }},
	{"*rand.Rand", func(s uint64) rand.Source { return rand.New(aesctr.NewSource(s)) }},
}

// TestFillIsRandLoop: for every law and Source, at every byte offset of
// the stream and over lengths around the keystream's buffer sizes, Fill
// gives the values of a loop of Rand and leaves the Source where the loop
// does (the next Uint64 is the same).
func TestFillIsRandLoop(t *testing.T) {
	lengths := []int{0, 1, 2, 3, 17, 127, 128, 129, 1000, 2049, 5000}
	for _, l := range laws {
		for si, s := range sources {
			for _, n := range lengths {
				off := (n + si) % 8 // every offset, spread over the lengths
				a, b := s.new(uint64(n)), s.new(uint64(n))
				skip(t, a, off)
				skip(t, b, off)
				got := l.fill(a, n)
				want := make([]uint64, n)
				for i := range want {
					want[i] = l.rand(b)
				}
				require.Equal(t, want, got, "%s on %s: Fill(%d) at offset %d", l.name, s.name, n, off)
				require.Equal(t, b.Uint64(), a.Uint64(), "%s on %s: the Source after Fill(%d) at offset %d", l.name, s.name, n, off)
			}
		}
	}
}

// longFillIsRandLoop checks one long Fill of d into xs, from src, against
// a loop of Rand on twin, a Source in the same state: the values bit for
// bit and the Source's next word. The long laws' tests hold the bulk paths
// that the goldens' and TestFillIsRandLoop's shorter Fills may not reach
// often enough (a try a broken path decides wrongly).
func longFillIsRandLoop(t *testing.T, name string, d floatLaw, src, twin rand.Source, xs []float64) {
	t.Helper()
	d.Fill(src, xs)
	for i, x := range xs {
		if want := d.Rand(twin); math.Float64bits(x) != math.Float64bits(want) {
			t.Fatalf("%s %T%+v: value %d of Fill is %v, Rand gives %v", name, d, d, i, x, want)
		}
	}
	if src.Uint64() != twin.Uint64() {
		t.Fatalf("%s %T%+v: Fill left the Source elsewhere than the Rand loop", name, d, d)
	}
}

// skip moves src k bytes into its stream if it can be read (this module's
// generators), else k words.
func skip(t *testing.T, src rand.Source, k int) {
	if r, ok := src.(io.Reader); ok {
		_, err := r.Read(make([]byte, k))
		require.NoError(t, err)
		return
	}
	for range k {
		src.Uint64()
	}
}

// TestMixedCalls runs random sequences of every call a user mixes on one
// generator (Fill and Rand of random laws, Uint64, Read, Seek, SetStream,
// a checkpoint restored into a new generator) twice: once as written, once
// with every Fill replaced by its loop of Rand. Every output and the final
// checkpoint must agree.
func TestMixedCalls(t *testing.T) {
	for _, alg := range []streamrand.Algorithm{streamrand.ChaCha8, streamrand.AES128CTR, streamrand.ChaCha12} {
		for seed := range uint64(20) {
			ops := rand.New(rand.NewPCG(seed, 99))
			a, b := streamrand.New(alg, seed), streamrand.New(alg, seed)
			var outA, outB []uint64
			for range 60 {
				l := laws[ops.IntN(len(laws))]
				switch op := ops.IntN(7); op {
				case 0: // Fill against a loop of Rand
					n := ops.IntN(600)
					outA = append(outA, l.fill(a, n)...)
					for range n {
						outB = append(outB, l.rand(b))
					}
				case 1:
					outA, outB = append(outA, l.rand(a)), append(outB, l.rand(b))
				case 2:
					outA, outB = append(outA, a.Uint64()), append(outB, b.Uint64())
				case 3:
					pa, pb := make([]byte, ops.IntN(70)), make([]byte, 0)
					pb = append(pb, pa...)
					_, _ = a.Read(pa)
					_, _ = b.Read(pb)
					require.Equal(t, pb, pa)
				case 4:
					pos := ops.Int64N(1 << 20)
					_, err := a.Seek(pos, io.SeekStart)
					require.NoError(t, err)
					_, err = b.Seek(pos, io.SeekStart)
					require.NoError(t, err)
				case 5:
					s := ops.Uint64N(4)
					a.SetStream(s)
					b.SetStream(s)
				case 6: // continue from a checkpoint in a new generator
					cp, err := a.MarshalBinary()
					require.NoError(t, err)
					a, err = streamrand.Unmarshal(cp)
					require.NoError(t, err)
				}
			}
			require.Equal(t, outB, outA, "%v seed %d", alg, seed)
			ca, err := a.MarshalBinary()
			require.NoError(t, err)
			cb, err := b.MarshalBinary()
			require.NoError(t, err)
			require.Equal(t, cb, ca, "%v seed %d: final checkpoints", alg, seed)
		}
	}
}

package parallel_test

import (
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/internal/testkit/ref"
	"github.com/streamrand/streamrand/parallel"
)

// The derived keys were computed by an independent implementation: RFC 5869
// HKDF-SHA256 written with Python 3.11's standard hmac and hashlib (checked
// against RFC 5869 test case A.1) and rand_core 0.6's seed_from_u64
// expansion, following Derive's documentation; the HKDF of the Python
// `cryptography` package 48.0.0 (the recipe in docs/format.md, "Units and
// derived keys") gives the same keys.
var deriveVectors = []struct {
	job  parallel.Job
	i    uint64
	want string
}{
	{parallel.Job{Alg: streamrand.ChaCha8, Seed: 42}, 0, "5e6f3b80a3bf19cbe16020b2fe9033e41cdb12685e6c0eb3beaef67f2ed76549"},
	{parallel.Job{Alg: streamrand.ChaCha8, Seed: 42}, 1, "7369d1603fbe14114979eabb4abc8a484f9b77e7311aebb26573e20997da72d2"},
	{parallel.Job{Alg: streamrand.ChaCha20, Seed: 42}, 1<<64 - 1, "c9b87f5395cf2fc1adf3d0237b01b95e56e07d98021d60dbb045c018f3a86a0a"},
	{parallel.Job{Alg: streamrand.AES128CTR, Seed: 7}, 5, "117663a4360a3087ff82d4dab4b86446"},
	{parallel.Job{Alg: streamrand.AES256CTR, Key: ref.Unhex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")}, 3,
		"8d2228483e6d0fce03d5167104a4f8097e328a6a086d2550169086b9c10516d5"},
	// a grandchild: chacha12 seed 1, child 2, its child 9
	{parallel.Job{Alg: streamrand.ChaCha12, Seed: 1}.Derive(2), 9, "873a6782e04557b1ec396b32d1de2567ce0e6457cd40eabb84a788bfc3f22bca"},
}

func TestDeriveVectors(t *testing.T) {
	for _, v := range deriveVectors {
		child := v.job.Derive(v.i)
		require.Equal(t, v.want, hex.EncodeToString(child.Key), "%v seed %d key %x, child %d", v.job.Alg, v.job.Seed, v.job.Key, v.i)
		require.Equal(t, v.job.Alg, child.Alg)
		require.Zero(t, child.Start)
		require.Nil(t, child.Progress)
	}
}

// A child's units draw from streamrand.NewWithKey(Alg, child.Key, 0) after
// SetStream(u); the parent's and other children's streams are different
// bytes.
func TestDeriveStreams(t *testing.T) {
	for _, a := range streamrand.Algorithms() {
		parent := parallel.Job{Alg: a, Seed: 99, Workers: 3, Start: 5, Progress: func(int64, int64) {}}
		first := func(j parallel.Job, unit int64) string {
			out, err := parallel.Map(t.Context(), parallel.Job{Alg: j.Alg, Seed: j.Seed, Key: j.Key}, unit+1,
				func(u int64, g streamrand.Generator) ([32]byte, error) {
					var b [32]byte
					g.Read(b[:])
					return b, nil
				})
			require.NoError(t, err)
			return string(out[unit][:])
		}
		seen := map[string]string{}
		note := func(b, what string) {
			require.NotContains(t, seen, b, "%v: %s starts like %s", a, what, seen[b])
			seen[b] = what
		}
		for u := range int64(3) {
			note(first(parent, u), "parent unit")
			for i := range uint64(3) {
				child := parent.Derive(i)
				require.Equal(t, parent.Workers, child.Workers)
				g, err := streamrand.NewWithKey(a, child.Key, 0)
				require.NoError(t, err)
				g.SetStream(uint64(u))
				var want [32]byte
				g.Read(want[:])
				got := first(child, u)
				require.Equal(t, string(want[:]), got)
				note(got, "child unit")
			}
		}
	}
}

// A Job that cannot run passes its error to its children.
func TestDeriveInvalid(t *testing.T) {
	for _, j := range []parallel.Job{
		{Alg: streamrand.Algorithm(200)},
		{Alg: streamrand.ChaCha8, Key: make([]byte, 16)},
	} {
		child := j.Derive(1).Derive(2)
		require.Nil(t, child.Key)
		_, err := parallel.Map(t.Context(), child, 1, func(int64, streamrand.Generator) (int, error) { return 0, nil })
		require.Error(t, err)
		_, errParent := parallel.Map(t.Context(), j, 1, func(int64, streamrand.Generator) (int, error) { return 0, nil })
		require.EqualError(t, err, errParent.Error())
	}
}

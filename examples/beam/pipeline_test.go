package main

import (
	"context"
	"flag"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/examples/internal/mc"
	"github.com/streamrand/streamrand/parallel"
)

func TestMain(m *testing.M) {
	if os.Getenv("BEAM_EXAMPLE_RUN_MAIN") == "1" {
		main() // the command itself, for the tests that run it as a subprocess
		os.Exit(0)
	}
	flag.Parse()
	beam.Init()
	os.Exit(m.Run())
}

// reference returns the answer of examples/montecarlo for cfg: its chunks
// computed by parallel.Fold on 3 goroutines and added in chunk order with
// mc.Add, the code that examples/montecarlo runs.
func reference(t *testing.T, cfg mc.Config) mc.Result {
	t.Helper()
	job := cfg.Job()
	job.Workers = 3
	total, err := parallel.Fold(t.Context(), job, cfg.Chunks(), cfg.Unit(), mc.Sums{}, mc.Add)
	if err != nil {
		t.Fatal(err)
	}
	return cfg.Result(total)
}

// The pipeline, run on Beam's in-process Prism runner, gives the answer of
// examples/montecarlo to the last bit, for every algorithm, both problems
// and several shardings of the chunk list.
func TestPipelineMatchesMontecarlo(t *testing.T) {
	for _, alg := range streamrand.Algorithms() {
		for _, problem := range []string{"pi", "call"} {
			// 10007 paths: 11 chunks, the last one short. The largest seed
			// checks that the Config reaches the workers intact.
			cfg := mc.Config{Problem: problem, Alg: alg, Seed: math.MaxUint64 - uint64(alg), Paths: 10_007, Chunk: 1000}
			want := reference(t, cfg)
			shardings := []int{1, 4}
			if alg == streamrand.ChaCha8 {
				shardings = append(shardings, 11, 50)
			}
			for _, shards := range shardings {
				output := filepath.Join(t.TempDir(), "result.txt")
				got, err := run(context.Background(), cfg, shards, output)
				if err != nil {
					t.Fatalf("%v %s, %d shards: %v", alg, problem, shards, err)
				}
				if math.Float64bits(got.Estimate) != math.Float64bits(want.Estimate) || got != want {
					t.Errorf("%v %s, %d shards: %+v, examples/montecarlo: %+v", alg, problem, shards, got, want)
				}
			}
		}
	}
}

// A different seed, a different chunk size: a different answer (the
// comparison above is not between two constants).
func TestPipelineFollowsTheConfig(t *testing.T) {
	base := mc.Config{Problem: "call", Alg: streamrand.AES128CTR, Seed: 3, Paths: 5000, Chunk: 500}
	seen := map[mc.Result]string{}
	for name, cfg := range map[string]mc.Config{
		"base":      base,
		"seed 4":    {Problem: "call", Alg: streamrand.AES128CTR, Seed: 4, Paths: 5000, Chunk: 500},
		"chunk 501": {Problem: "call", Alg: streamrand.AES128CTR, Seed: 3, Paths: 5000, Chunk: 501},
	} {
		got, err := run(context.Background(), cfg, 3, filepath.Join(t.TempDir(), "result.txt"))
		if err != nil {
			t.Fatal(err)
		}
		if got != reference(t, cfg) {
			t.Errorf("%s: %+v, want %+v", name, got, reference(t, cfg))
		}
		if other, dup := seen[got]; dup {
			t.Errorf("%s and %s: the same result %+v", name, other, got)
		}
		seen[got] = name
	}
}

// partials returns the partial of every chunk of cfg, in chunk order.
func partials(t *testing.T, cfg mc.Config) []partial {
	t.Helper()
	fn := &chunkFn{Config: cfg}
	if err := fn.Setup(); err != nil {
		t.Fatal(err)
	}
	ps := make([]partial, cfg.Chunks())
	for k := range ps {
		p, err := fn.ProcessElement(int64(k))
		if err != nil {
			t.Fatal(err)
		}
		ps[k] = p
	}
	return ps
}

// Beam may add the partials to accumulators and merge those in any order:
// every order gives the same bits. Adding the float sums in merge order
// would not (checked, so that this test is not vacuous).
func TestGatherIsOrderIndependent(t *testing.T) {
	cfg := mc.Config{Problem: "call", Alg: streamrand.ChaCha20, Seed: 11, Paths: 20_000, Chunk: 100}
	ps := partials(t, cfg)
	want := reference(t, cfg)
	fn := &gatherFn{Config: cfg}
	r := rand.New(streamrand.New(streamrand.ChaCha8, 1))
	naiveDiffers := 0
	for trial := range 200 {
		// Deal the partials, shuffled, into some accumulators, then merge
		// random pairs until one is left.
		accs := make([]gathered, 1+r.IntN(20))
		for _, i := range r.Perm(len(ps)) {
			j := r.IntN(len(accs))
			accs[j] = fn.AddInput(accs[j], ps[i])
		}
		for len(accs) > 1 {
			i, j := r.IntN(len(accs)), r.IntN(len(accs)-1)
			if j >= i {
				j++
			}
			accs[i] = fn.MergeAccumulators(accs[i], accs[j])
			accs = append(accs[:j], accs[j+1:]...)
		}
		got, err := fn.ExtractOutput(accs[0])
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("trial %d: %+v, want %+v", trial, got, want)
		}
		var naive float64
		for _, p := range accs[0].Parts {
			naive += p.S
		}
		if naive/float64(cfg.Paths) != want.Estimate {
			naiveDiffers++
		}
	}
	if naiveDiffers == 0 {
		t.Error("adding in merge order always gave the same bits: this test shows nothing")
	}
	t.Logf("adding the sums in merge order changed the bits in %d of 200 orders", naiveDiffers)
}

// A lost, doubled or foreign chunk is an error, not a wrong answer.
func TestGatherChecksEveryChunk(t *testing.T) {
	cfg := mc.Config{Problem: "pi", Alg: streamrand.AES192CTR, Seed: 2, Paths: 1050, Chunk: 100}
	ps := partials(t, cfg)
	fn := &gatherFn{Config: cfg}
	gather := func(ps []partial) error {
		a := fn.CreateAccumulator()
		for _, p := range ps {
			a = fn.AddInput(a, p)
		}
		_, err := fn.ExtractOutput(a)
		return err
	}
	if err := gather(ps); err != nil {
		t.Fatal(err)
	}
	lost := ps[:len(ps)-1]
	doubled := append(append([]partial{}, ps[:5]...), ps[4:]...)
	swapped := append([]partial{}, ps...)
	swapped[3] = ps[4] // chunk 4 twice, chunk 3 missing: same count
	shortLast := append([]partial{}, ps...)
	shortLast[len(ps)-1].Paths++
	for name, bad := range map[string][]partial{"lost": lost, "doubled": doubled, "swapped": swapped, "miscounted": shortLast} {
		if err := gather(bad); err == nil {
			t.Errorf("%s chunk: no error", name)
		}
	}
	var f chunkFn = chunkFn{Config: cfg}
	if err := f.Setup(); err != nil {
		t.Fatal(err)
	}
	for _, k := range []int64{-1, cfg.Chunks()} {
		if _, err := f.ProcessElement(k); err == nil {
			t.Errorf("chunk %d of %d: no error", k, cfg.Chunks())
		}
	}
}

// The shards cover the chunk list exactly once, in contiguous pieces.
func TestShardRanges(t *testing.T) {
	for _, tc := range []struct {
		n      int64
		shards int
	}{{1, 1}, {1, 5}, {11, 1}, {11, 4}, {11, 11}, {11, 50}, {1000, 1 << 30}, {mc.MaxChunks, 7}} {
		rs := shardRanges(tc.n, tc.shards)
		if int64(len(rs)) != min(tc.n, int64(tc.shards)) {
			t.Errorf("%d chunks, %d shards: %d ranges", tc.n, tc.shards, len(rs))
		}
		next := int64(0)
		for _, r := range rs {
			if r.First != next || r.End <= r.First {
				t.Errorf("%d chunks, %d shards: range %+v after %d", tc.n, tc.shards, r, next)
			}
			next = r.End
		}
		if next != tc.n {
			t.Errorf("%d chunks, %d shards: ranges end at %d", tc.n, tc.shards, next)
		}
	}
}

func TestResultLineRoundTrips(t *testing.T) {
	for _, res := range []mc.Result{
		{Estimate: math.Pi, Stderr: 0.003, Paths: 2},
		{Estimate: math.SmallestNonzeroFloat64, Stderr: math.Inf(1), Paths: math.MaxInt64},
		{Estimate: math.Copysign(0, -1), Stderr: math.Nextafter(1, 2), Paths: 1 << 40},
	} {
		got, err := decodeResult(encodeResult(res))
		if err != nil || math.Float64bits(got.Estimate) != math.Float64bits(res.Estimate) ||
			math.Float64bits(got.Stderr) != math.Float64bits(res.Stderr) || got.Paths != res.Paths {
			t.Errorf("%+v: read back %+v, %v", res, got, err)
		}
	}
	for _, bad := range []string{"", "estimate 1 stderr 2", "pi 3"} {
		if _, err := decodeResult(bad); err == nil || !strings.Contains(err.Error(), "not a result") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

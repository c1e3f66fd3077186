package mc

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/parallel"
)

// The chunks cover the paths exactly once: all full but the last, which
// holds the remainder; no overflow near math.MaxInt64.
func TestChunking(t *testing.T) {
	for _, tc := range []struct{ paths, chunk, chunks int64 }{
		{2, 1, 2},
		{2, 5, 1},
		{10, 5, 2},
		{11, 5, 3},
		{300_001, 8192, 37},
		{math.MaxInt64, math.MaxInt64, 1},
		{math.MaxInt64, math.MaxInt64 / 2, 3},
		{math.MaxInt64, 1 << 40, 1 << 23},
	} {
		c := Config{Problem: "pi", Paths: tc.paths, Chunk: tc.chunk}
		if err := c.Validate(); err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		if got := c.Chunks(); got != tc.chunks {
			t.Errorf("%d paths in chunks of %d: %d chunks, want %d", tc.paths, tc.chunk, got, tc.chunks)
		}
		last := c.Chunks() - 1
		if n := c.ChunkPaths(last); n < 1 || n > tc.chunk || last*tc.chunk+n != tc.paths {
			t.Errorf("%d paths in chunks of %d: last chunk %d has %d paths", tc.paths, tc.chunk, last, n)
		}
		if last > 0 && c.ChunkPaths(last-1) != tc.chunk {
			t.Errorf("%d paths in chunks of %d: chunk %d has %d paths", tc.paths, tc.chunk, last-1, c.ChunkPaths(last-1))
		}
	}
}

func TestValidate(t *testing.T) {
	good := Config{Problem: "call", Alg: streamrand.AES256CTR, Seed: 3, Paths: 2, Chunk: 1}
	if err := good.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		edit func(*Config)
		want string
	}{
		{func(c *Config) { c.Problem = "put" }, `-problem: unknown problem "put"`},
		{func(c *Config) { c.Alg = 99 }, "invalid algorithm Algorithm(99)"},
		{func(c *Config) { c.Paths = 1 }, "-paths must be at least 2, got 1"},
		{func(c *Config) { c.Paths = math.MinInt64 }, "-paths must be at least 2"},
		{func(c *Config) { c.Chunk = 0 }, "-chunk must be at least 1, got 0"},
		{func(c *Config) { c.Paths, c.Chunk = MaxChunks+1, 1 }, "16777217 chunks, more than 16777216"},
	} {
		c := good
		tc.edit(&c)
		err := c.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want an error containing %q", c, err, tc.want)
		}
	}
	c := good
	c.Paths, c.Chunk = MaxChunks, 1
	if err := c.Validate(); err != nil {
		t.Errorf("exactly MaxChunks chunks: %v", err)
	}
}

// Chunk k is a function of (config, k) alone: the same on a fresh
// Generator, on one that computed other chunks before, in any order, and
// through parallel.Map with any number of workers. For "call", whose sums
// are continuous, no two chunks have the same sums (each chunk draws from
// its own stream); "pi" counts points, and two chunks of 1000 points share
// a count by chance more often than not, so it is not checked there.
func TestChunkIsAFunctionOfItsIndex(t *testing.T) {
	for _, alg := range streamrand.Algorithms() {
		for _, problem := range []string{"pi", "call"} {
			cfg := Config{Problem: problem, Alg: alg, Seed: 77, Paths: 10_007, Chunk: 1000}
			unit := cfg.Unit()
			n := cfg.Chunks()
			got := make([]Sums, n)
			reused := streamrand.New(alg, 77)
			for k := n - 1; k >= 0; k-- {
				reused.SetStream(uint64(k))
				got[k], _ = unit(k, reused)
			}
			seen := map[Sums]int64{}
			for k := range n {
				fresh, err := cfg.Job().Generator(k)
				if err != nil {
					t.Fatal(err)
				}
				a, _ := unit(k, fresh)
				if a != got[k] {
					t.Errorf("%v %s chunk %d: fresh %+v, reused backwards %+v", alg, problem, k, a, got[k])
				}
				if j, dup := seen[a]; dup && problem == "call" {
					t.Errorf("%v %s: chunks %d and %d both %+v", alg, problem, j, k, a)
				}
				seen[a] = k
			}
			job := cfg.Job()
			job.Workers = 3
			m, err := parallel.Map(t.Context(), job, n, unit)
			if err != nil || !slices.Equal(m, got) {
				t.Errorf("%v %s: parallel.Map %v (%v), want %v", alg, problem, m, err, got)
			}
		}
	}
}

// Chunk k of "pi" counts, among ChunkPaths(k) points drawn by a rand.Rand
// on stream k of the seed, those inside the quarter disc: the chunking rule
// written out with the public API only.
func TestChunkDrawsFromStreamK(t *testing.T) {
	cfg := Config{Problem: "pi", Alg: streamrand.ChaCha12, Seed: 5, Paths: 2500, Chunk: 1000}
	for k := range cfg.Chunks() {
		g := streamrand.New(cfg.Alg, cfg.Seed)
		g.SetStream(uint64(k))
		r := rand.New(g)
		var in float64
		for range cfg.ChunkPaths(k) {
			x, y := r.Float64(), r.Float64()
			if x*x+y*y < 1 {
				in++
			}
		}
		g.SetStream(uint64(k))
		if got, _ := cfg.Unit()(k, g); got != (Sums{4 * in, 16 * in}) {
			t.Errorf("chunk %d: %+v, want %+v", k, got, Sums{4 * in, 16 * in})
		}
	}
}

func TestUnitOutOfRange(t *testing.T) {
	cfg := Config{Problem: "pi", Paths: 10, Chunk: 5}
	for _, unit := range []func(int64, streamrand.Generator) (Sums, error){cfg.Unit(), cfg.PerCallUnit()} {
		for _, k := range []int64{-1, 2} {
			if _, err := unit(k, streamrand.New(cfg.Alg, 1)); err == nil || err.Error() != fmt.Sprintf("chunk %d of 2", k) {
				t.Errorf("chunk %d of 2: error %v", k, err)
			}
		}
	}
}

// Result is the sample mean and the standard error of the mean with the
// n-1 (Bessel) variance, here for the samples 1, 2, 3, 4 in two chunks
// added with Add: mean 2.5, variance 5/3, standard error sqrt(5/12).
func TestResult(t *testing.T) {
	c := Config{Problem: "pi", Paths: 4, Chunk: 2}
	res := c.Result(Add(Add(Sums{}, Sums{1 + 2, 1 + 4}), Sums{3 + 4, 9 + 16}))
	if res.Estimate != 2.5 || math.Abs(res.Stderr-math.Sqrt(5.0/12)) > 1e-15 || res.Paths != 4 {
		t.Errorf("%+v, want estimate 2.5, stderr %v", res, math.Sqrt(5.0/12))
	}
}

func TestExact(t *testing.T) {
	if v, err := Exact("pi"); v != math.Pi || err != nil {
		t.Errorf("pi: %v, %v", v, err)
	}
	// Hull, Options, Futures and Other Derivatives: S=K=100, r=5%,
	// sigma=20%, T=1 gives a call price of 10.4506.
	if v, err := Exact("call"); math.Abs(v-10.4506) > 5e-5 || err != nil {
		t.Errorf("call: %v, %v", v, err)
	}
	if _, err := Exact("put"); err == nil {
		t.Error("put: no error")
	}
}

func TestFlags(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	config := Flags(fs)
	if err := fs.Parse(nil); err != nil {
		t.Fatal(err)
	}
	c, err := config()
	want := Config{Problem: "pi", Alg: streamrand.ChaCha8, Seed: 1, Paths: 20_000_000, Chunk: 1 << 16}
	if c != want || err != nil {
		t.Errorf("defaults: %+v, %v; want %+v", c, err, want)
	}

	fs = flag.NewFlagSet("x", flag.ContinueOnError)
	config = Flags(fs)
	if err := fs.Parse(strings.Fields("-problem call -alg aes192ctr -seed 9 -paths 100 -chunk 7")); err != nil {
		t.Fatal(err)
	}
	c, err = config()
	want = Config{Problem: "call", Alg: streamrand.AES192CTR, Seed: 9, Paths: 100, Chunk: 7}
	if c != want || err != nil {
		t.Errorf("%+v, %v; want %+v", c, err, want)
	}

	for args, msg := range map[string]string{
		"-alg chacha7": `-alg: streamrand: unknown algorithm "chacha7"`,
		"-paths 1":     "-paths must be at least 2, got 1",
		"-chunk 0":     "-chunk must be at least 1, got 0",
	} {
		fs = flag.NewFlagSet("x", flag.ContinueOnError)
		config = Flags(fs)
		if err := fs.Parse(strings.Fields(args)); err != nil {
			t.Fatal(err)
		}
		if _, err := config(); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%s: %v, want %q", args, err, msg)
		}
	}
}

func TestPrint(t *testing.T) {
	var out bytes.Buffer
	c := Config{Problem: "pi"}
	c.Print(&out, Result{Estimate: 3, Stderr: 0.5, Paths: 10})
	want := "estimate 3.0000000000  stderr 0.5  exact 3.1415926536  (-0.28 stderr)\n" +
		"bits     0x4008000000000000  stderr 0x3fe0000000000000\n"
	if out.String() != want {
		t.Errorf("got\n%swant\n%s", out.String(), want)
	}
}

// Unit draws with package fill; its Sums are exactly those of the
// per-call loop over a rand.Rand on stream k of the same Generator, for
// both problems, including a last chunk shorter than a batch.
func TestFillMatchesPerCall(t *testing.T) {
	for _, problem := range []string{"pi", "call"} {
		cfg := Config{Problem: problem, Alg: streamrand.AES128CTR, Seed: 9, Paths: 2*batch + 1001, Chunk: batch + 3}
		for k := range cfg.Chunks() {
			g, _ := cfg.Job().Generator(k)
			got, _ := cfg.Unit()(k, g)
			g, _ = cfg.Job().Generator(k)
			if want := chunkPerCall(problem, rand.New(g), cfg.ChunkPaths(k)); got != want {
				t.Errorf("%s chunk %d: %+v, want %+v", problem, k, got, want)
			}
		}
	}
}

// PerCallUnit draws chunk k from PCG(seed, k), in any order, whatever its
// Generator.
func TestPerCallUnit(t *testing.T) {
	for _, problem := range []string{"pi", "call"} {
		cfg := Config{Problem: problem, Alg: streamrand.ChaCha8, Seed: 4, Paths: 3000, Chunk: 1000}
		for _, k := range []int64{2, 0, 1} {
			want := chunkPerCall(problem, rand.New(rand.NewPCG(4, uint64(k))), 1000)
			if got, _ := cfg.PerCallUnit()(k, streamrand.New(cfg.Alg, 99)); got != want {
				t.Errorf("%s chunk %d: %+v, want %+v", problem, k, got, want)
			}
		}
	}
}

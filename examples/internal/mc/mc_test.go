package mc

import (
	"bytes"
	"flag"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/streamrand/streamrand"
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
		{func(c *Config) { c.Alg = 6 }, "invalid algorithm Algorithm(6)"},
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
		if _, err := NewWorker(c); err == nil {
			t.Errorf("NewWorker(%+v): no error", c)
		}
	}
	c := good
	c.Paths, c.Chunk = MaxChunks, 1
	if err := c.Validate(); err != nil {
		t.Errorf("exactly MaxChunks chunks: %v", err)
	}
}

// Chunk k is a function of (config, k) alone: the same on a fresh Worker,
// on a Worker that computed other chunks before, in any order.
func TestChunkIsAFunctionOfItsIndex(t *testing.T) {
	for _, alg := range streamrand.Algorithms() {
		for _, problem := range []string{"pi", "call"} {
			cfg := Config{Problem: problem, Alg: alg, Seed: 77, Paths: 10_007, Chunk: 1000}
			fwd, _ := NewWorker(cfg)
			back, _ := NewWorker(cfg)
			n := cfg.Chunks()
			got := make([]Sums, n)
			for k := n - 1; k >= 0; k-- {
				got[k] = back.Chunk(k)
			}
			seen := map[Sums]int64{}
			for k := range n {
				fresh, _ := NewWorker(cfg)
				a, b := fwd.Chunk(k), fresh.Chunk(k)
				if a != got[k] || b != got[k] {
					t.Errorf("%v %s chunk %d: forwards %+v, backwards %+v, fresh %+v", alg, problem, k, a, got[k], b)
				}
				if j, dup := seen[a]; dup {
					t.Errorf("%v %s: chunks %d and %d both %+v", alg, problem, j, k, a)
				}
				seen[a] = k
			}
		}
	}
}

// Chunk k of "pi" counts, among ChunkPaths(k) points drawn by a rand.Rand
// on stream k of the seed, those inside the quarter disc: the chunking rule
// written out with the public API only.
func TestChunkDrawsFromStreamK(t *testing.T) {
	cfg := Config{Problem: "pi", Alg: streamrand.ChaCha12, Seed: 5, Paths: 2500, Chunk: 1000}
	w, _ := NewWorker(cfg)
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
		if got, want := w.Chunk(k), (Sums{4 * in, 16 * in}); got != want {
			t.Errorf("chunk %d: %+v, want %+v", k, got, want)
		}
	}
}

func TestChunkPanicsOutOfRange(t *testing.T) {
	w, _ := NewWorker(Config{Problem: "pi", Paths: 10, Chunk: 5})
	for _, k := range []int64{-1, 2} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Chunk(%d) of 2: no panic", k)
				}
			}()
			w.Chunk(k)
		}()
	}
}

// Combine is the sample mean and the standard error of the mean with the
// n-1 (Bessel) variance, here for the samples 1, 2, 3, 4 in two chunks:
// mean 2.5, variance 5/3, standard error sqrt(5/12).
func TestCombine(t *testing.T) {
	c := Config{Problem: "pi", Paths: 4, Chunk: 2}
	res, err := c.Combine([]Sums{{1 + 2, 1 + 4}, {3 + 4, 9 + 16}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Estimate != 2.5 || math.Abs(res.Stderr-math.Sqrt(5.0/12)) > 1e-15 || res.Paths != 4 {
		t.Errorf("%+v, want estimate 2.5, stderr %v", res, math.Sqrt(5.0/12))
	}
	for _, n := range []int{0, 1, 3} {
		if _, err := c.Combine(make([]Sums, n)); err == nil {
			t.Errorf("%d chunk results for 2 chunks: no error", n)
		}
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

// A Worker draws with package fill; its Sums are exactly those of the
// per-call loop over a rand.Rand on stream k of the same Generator, for
// both problems, including a last chunk shorter than a batch.
func TestFillMatchesPerCall(t *testing.T) {
	for _, problem := range []string{"pi", "call"} {
		cfg := Config{Problem: problem, Alg: streamrand.AES128CTR, Seed: 9, Paths: 2*batch + 1001, Chunk: batch + 3}
		w, _ := NewWorker(cfg)
		for k := range cfg.Chunks() {
			g := streamrand.New(cfg.Alg, cfg.Seed)
			g.SetStream(uint64(k))
			if got, want := w.Chunk(k), chunkPerCall(problem, rand.New(g), cfg.ChunkPaths(k)); got != want {
				t.Errorf("%s chunk %d: %+v, want %+v", problem, k, got, want)
			}
		}
	}
}

// A per-call Worker draws chunk k from PCG(seed, k), in any order.
func TestPerCallWorker(t *testing.T) {
	for _, problem := range []string{"pi", "call"} {
		cfg := Config{Problem: problem, Alg: streamrand.ChaCha8, Seed: 4, Paths: 3000, Chunk: 1000}
		w, _ := NewPerCallWorker(cfg)
		for _, k := range []int64{2, 0, 1} {
			want := chunkPerCall(problem, rand.New(rand.NewPCG(4, uint64(k))), 1000)
			if got := w.Chunk(k); got != want {
				t.Errorf("%s chunk %d: %+v, want %+v", problem, k, got, want)
			}
		}
	}
	if _, err := NewPerCallWorker(Config{Problem: "pi", Paths: 1, Chunk: 1}); err == nil {
		t.Error("NewPerCallWorker accepted an invalid Config")
	}
}

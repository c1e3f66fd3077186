package mc

import (
	"flag"
	"fmt"
	"io"
	"math"

	"github.com/streamrand/streamrand"
)

// Flags defines on fs the flags that describe a Config (-problem, -alg,
// -seed, -paths, -chunk), with the same names, defaults and help in every
// command that uses this package. The function it returns, called after
// fs.Parse, returns the Config they describe or an error naming the bad
// flag.
func Flags(fs *flag.FlagSet) func() (Config, error) {
	problem := fs.String("problem", "pi", "what to estimate: pi or call (a European call option)")
	alg := fs.String("alg", "chacha8", fmt.Sprintf("generator: one of %v", streamrand.Algorithms()))
	seed := fs.Uint64("seed", 1, "seed of the generator")
	paths := fs.Int64("paths", 20_000_000, "number of paths (samples), at least 2")
	chunk := fs.Int64("chunk", 1<<16, "paths per chunk; chunk c uses stream c")
	return func() (Config, error) {
		a, err := streamrand.ParseAlgorithm(*alg)
		if err != nil {
			return Config{}, fmt.Errorf("-alg: %w", err)
		}
		c := Config{Problem: *problem, Alg: a, Seed: *seed, Paths: *paths, Chunk: *chunk}
		return c, c.Validate()
	}
}

// Print writes the lines that report res, the result of a valid Config with
// problem c.Problem: the estimate, its standard error, the exact value and
// the distance to it in standard errors; then the bits of the estimate and
// of the standard error, which are the same however the chunks were spread
// over workers or machines.
func (c Config) Print(out io.Writer, res Result) {
	want, _ := Exact(c.Problem)
	fmt.Fprintf(out, "estimate %.10f  stderr %.2g  exact %.10f  (%+.2f stderr)\n",
		res.Estimate, res.Stderr, want, (res.Estimate-want)/res.Stderr)
	fmt.Fprintf(out, "bits     %#016x  stderr %#016x\n", math.Float64bits(res.Estimate), math.Float64bits(res.Stderr))
}

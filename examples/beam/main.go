// Command beam is examples/montecarlo as an Apache Beam pipeline: the same
// flags, the same chunking, and the same answer to the last bit, on any
// runner and for any sharding of the work.
//
// Chunk k of the paths draws from stream k of one seed (the rule of
// examples/internal/mc, shared with examples/montecarlo), so a worker needs
// nothing but (seed, k) to compute it, wherever and whenever Beam runs it.
// A ParDo computes each chunk's partial sums; a Combine gathers them with
// their chunk indices and adds them in chunk order, so the floating-point
// rounding is the same whatever order Beam merges in.
//
// On this machine, with Beam's in-process Prism runner:
//
//	cd examples/beam && go run . -paths 20000000
//	go run . -problem call -alg aes128ctr -seed 7 -shards 64
//
// On a cluster, add Beam's own flags (-runner flink -endpoint ...,
// -runner dataflow -project ...) and an -output every worker can write; see
// "Beyond one machine" in the README.
//
// This is a module of its own so that the library's go.mod never pulls in
// Beam's dependencies.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/jobopts"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/streamrand/streamrand/examples/internal/mc"
)

// The flags of this command live in flag.CommandLine beside Beam's own
// (-runner, -environment_type, -endpoint, -project, ...), where Beam's
// runners and workers look for them.
var (
	config = mc.Flags(flag.CommandLine)
	shards = flag.Int("shards", 16, "pieces the chunk list is cut into: how Beam may spread the work, never the answer")
	output = flag.String("output", "", "file the pipeline writes its result to, reachable from every worker and from here\n"+
		"(gs://... on Dataflow); by default a temporary file, which only in-process runners can use")
)

// The runners this command accepts (the ones beamx links in, less "dot",
// which draws the graph instead of running it). Beam itself exits the
// process on an unknown runner name.
var (
	inProcessRunners = []string{"", "prism", "PrismRunner", "direct", "DirectRunner"}
	clusterRunners   = []string{"flink", "FlinkRunner", "spark", "SparkRunner", "dataflow", "DataflowRunner",
		"universal", "portable", "PortableRunner"}
)

func main() {
	os.Exit(cli(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// cli runs the command with args and returns its exit status: 0, 1 if the
// pipeline failed, 2 for bad flags. It parses flag.CommandLine, so it can be
// called once per process.
func cli(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	flag.CommandLine.Init("beam", flag.ContinueOnError)
	flag.CommandLine.SetOutput(io.Discard) // errors are reported below, in one line
	if err := flag.CommandLine.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "Usage: beam [flags]  (this command's flags, then Beam's)")
			flag.CommandLine.SetOutput(stdout)
			flag.CommandLine.PrintDefaults()
			return 0
		}
		fmt.Fprintf(stderr, "beam: %v (-help lists the flags)\n", err)
		return 2
	}
	// On a cluster's worker, where Beam starts this binary with -worker,
	// Init runs the worker and does not return.
	beam.Init()

	cfg, err := checkFlags(ctx)
	if err != nil {
		fmt.Fprintln(stderr, "beam:", err)
		return 2
	}
	out := *output
	if out == "" {
		dir, err := os.MkdirTemp("", "streamrand-beam-")
		if err != nil {
			fmt.Fprintln(stderr, "beam:", err)
			return 1
		}
		defer os.RemoveAll(dir)
		out = filepath.Join(dir, "result.txt")
	}

	runner := cmpOr(*runners.Runner, "prism")
	fmt.Fprintf(stdout, "%s, %s seed %d, %d paths in chunks of %d, %d shards, runner %s\n",
		cfg.Problem, cfg.Alg, cfg.Seed, cfg.Paths, cfg.Chunk, *shards, runner)
	start := time.Now()
	res, err := run(ctx, cfg, *shards, out)
	if err != nil {
		fmt.Fprintln(stderr, "beam:", err)
		return 1
	}
	elapsed := time.Since(start)
	cfg.Print(stdout, res)
	fmt.Fprintf(stdout, "wall time %v (%.3g paths/s)\n", elapsed.Round(time.Millisecond), float64(cfg.Paths)/elapsed.Seconds())
	return 0
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// checkFlags returns the Config of the flags, or an error naming the first
// bad one, before Beam gets a chance to exit or panic on it.
func checkFlags(ctx context.Context) (mc.Config, error) {
	if flag.CommandLine.NArg() > 0 {
		return mc.Config{}, fmt.Errorf("unexpected argument %q (flags only)", flag.CommandLine.Arg(0))
	}
	cfg, err := config()
	if err != nil {
		return mc.Config{}, err
	}
	if *shards < 1 {
		return mc.Config{}, fmt.Errorf("-shards must be at least 1, got %d", *shards)
	}
	runner := *runners.Runner
	inProcess := slices.Contains(inProcessRunners, runner)
	if !inProcess && !slices.Contains(clusterRunners, runner) {
		return mc.Config{}, fmt.Errorf("-runner: unknown runner %q (want one of %s)", runner,
			strings.Join(append(inProcessRunners[1:], clusterRunners...), ", "))
	}
	// Flags with which Beam returns before the pipeline has written its
	// result (Dataflow's -dry_run and -template_location submit nothing).
	for _, name := range []string{"async", "dry_run", "template_location"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != f.DefValue {
			return mc.Config{}, fmt.Errorf("-%s: this command waits for the pipeline to read its result", name)
		}
	}
	local := inProcess && *jobopts.Endpoint == "" &&
		(*jobopts.EnvironmentType == "" || strings.EqualFold(*jobopts.EnvironmentType, "loopback"))
	if *output == "" && !local {
		return mc.Config{}, errors.New("-output is required unless the pipeline runs in this process: " +
			"a file every worker and this machine can reach (gs://bucket/result.txt on Dataflow)")
	}
	if *output != "" && strings.TrimSpace(*output) == "" {
		return mc.Config{}, errors.New("-output is blank") // textio would panic
	}
	if *output != "" {
		fs, err := filesystem.New(ctx, *output)
		if err != nil {
			return mc.Config{}, fmt.Errorf("-output %q: no file system here for that scheme (a local path, or gs://...)", *output)
		}
		fs.Close()
	}
	return cfg, nil
}

// run runs the pipeline on the runner the flags name (by default Prism, in
// this process) and returns the result it wrote to output.
func run(ctx context.Context, cfg mc.Config, shards int, output string) (mc.Result, error) {
	if err := beamx.Run(ctx, buildPipeline(cfg, shards, output)); err != nil {
		return mc.Result{}, fmt.Errorf("pipeline failed: %w", err)
	}
	return readResult(ctx, output)
}

package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/examples/internal/mc"
)

func init() {
	// Registered so that remote workers can find the functions by name and
	// call them without reflection.
	register.Function2x0[chunkRange, func(int64)](expandRange)
	register.Emitter1[int64]()
	register.DoFn1x2[int64, partial, error](&chunkFn{})
	register.Combiner3[gathered, partial, mc.Result](&gatherFn{})
	register.Function1x1[mc.Result, string](encodeResult)
}

// chunkRange is one shard of the chunk list: chunks [First, End).
type chunkRange struct{ First, End int64 }

// shardRanges cuts the chunks [0, n) into shards contiguous ranges of
// nearly equal length (fewer if shards > n). How the chunks are sharded
// changes how Beam spreads the work, never the answer.
func shardRanges(n int64, shards int) []chunkRange {
	s := min(int64(shards), n)
	r := make([]chunkRange, s)
	for i := range s {
		// i*n/s without overflow: n <= mc.MaxChunks and s <= n.
		r[i] = chunkRange{i * n / s, (i + 1) * n / s}
	}
	return r
}

// expandRange emits the chunk indices of r.
func expandRange(r chunkRange, emit func(int64)) {
	for k := r.First; k < r.End; k++ {
		emit(k)
	}
}

// partial is what chunk Chunk contributes. Paths is an integer count, which
// adds exactly in any order; the float sums are kept apart, with their
// chunk index, until they can be added in chunk order.
type partial struct {
	Chunk int64
	Paths int64
	S, S2 float64
}

// chunkFn computes one chunk's partial sums, on whichever machine Beam runs
// it: chunk k is unit k of the Config's parallel.Job, computed by the
// function examples/montecarlo gives parallel.Fold (mc.Config.Unit) on the
// Generator parallel gives unit k (stream k of the seed).
type chunkFn struct {
	Config mc.Config // serialised with the pipeline and shipped to the workers

	unit func(int64, streamrand.Generator) (mc.Sums, error)
}

func (f *chunkFn) Setup() error {
	if err := f.Config.Validate(); err != nil {
		return err
	}
	f.unit = f.Config.Unit()
	return nil
}

func (f *chunkFn) ProcessElement(k int64) (partial, error) {
	g, err := f.Config.Job().Generator(k)
	if err != nil {
		return partial{}, err
	}
	s, err := f.unit(k, g)
	if err != nil {
		return partial{}, err
	}
	return partial{Chunk: k, Paths: f.Config.ChunkPaths(k), S: s.S, S2: s.S2}, nil
}

// gathered is the accumulator of gatherFn: the partials seen so far, in
// whatever order they came, and the number of paths they hold.
type gathered struct {
	Paths int64
	Parts []partial
}

// gatherFn combines the partials into the result. Beam may add inputs and
// merge accumulators in any order, on any machine, so it only collects:
// the float sums are added in ExtractOutput, in chunk order, with mc.Add,
// which is exactly what parallel.Fold does in examples/montecarlo. A plain
// float Sum would round differently for each merge order.
type gatherFn struct {
	Config mc.Config
}

func (f *gatherFn) CreateAccumulator() gathered { return gathered{} }

func (f *gatherFn) AddInput(a gathered, p partial) gathered {
	a.Paths += p.Paths
	a.Parts = append(a.Parts, p)
	return a
}

func (f *gatherFn) MergeAccumulators(a, b gathered) gathered {
	a.Paths += b.Paths
	a.Parts = append(a.Parts, b.Parts...)
	return a
}

// ExtractOutput returns an error unless every chunk is there exactly once:
// a lost or doubled chunk must not become a silently wrong answer.
func (f *gatherFn) ExtractOutput(a gathered) (mc.Result, error) {
	n := f.Config.Chunks()
	if a.Paths != f.Config.Paths || int64(len(a.Parts)) != n {
		return mc.Result{}, fmt.Errorf("gathered %d chunks holding %d paths, want %d chunks holding %d",
			len(a.Parts), a.Paths, n, f.Config.Paths)
	}
	parts := slices.Clone(a.Parts)
	slices.SortFunc(parts, func(x, y partial) int { return cmp.Compare(x.Chunk, y.Chunk) })
	var total mc.Sums
	for k, p := range parts {
		if p.Chunk != int64(k) || p.Paths != f.Config.ChunkPaths(int64(k)) {
			return mc.Result{}, fmt.Errorf("chunk %d (%d paths) where chunk %d (%d paths) belongs",
				p.Chunk, p.Paths, k, f.Config.ChunkPaths(int64(k)))
		}
		total = mc.Add(total, mc.Sums{S: p.S, S2: p.S2})
	}
	return f.Config.Result(total), nil
}

// encodeResult writes res as one line that decodeResult reads back
// bit-exactly: the bits of the floats in hexadecimal, and the paths.
func encodeResult(res mc.Result) string {
	return fmt.Sprintf("estimate %016x stderr %016x paths %d",
		math.Float64bits(res.Estimate), math.Float64bits(res.Stderr), res.Paths)
}

func decodeResult(line string) (mc.Result, error) {
	var e, s uint64
	var res mc.Result
	n, err := fmt.Sscanf(line, "estimate %x stderr %x paths %d", &e, &s, &res.Paths)
	if n != 3 || err != nil {
		return mc.Result{}, fmt.Errorf("result file holds %q, not a result (%v)", line, err)
	}
	res.Estimate, res.Stderr = math.Float64frombits(e), math.Float64frombits(s)
	return res, nil
}

// buildPipeline returns the pipeline that simulates cfg (which must be
// valid) with the chunk list cut into shards pieces, and writes the result
// line to output:
//
//	shards -> chunk indices -> reshuffle -> per-chunk partials (ParDo) -> gather (Combine) -> output
func buildPipeline(cfg mc.Config, shards int, output string) *beam.Pipeline {
	p, s := beam.NewPipelineWithRoot()
	ranges := beam.CreateList(s, shardRanges(cfg.Chunks(), shards))
	chunks := beam.ParDo(s, expandRange, ranges)
	// Let the runner spread the chunks of a shard over many workers.
	chunks = beam.Reshuffle(s, chunks)
	parts := beam.ParDo(s, &chunkFn{Config: cfg}, chunks)
	result := beam.Combine(s, &gatherFn{Config: cfg}, parts)
	textio.Write(s, output, beam.ParDo(s, encodeResult, result))
	return p
}

// readResult reads the result line that the pipeline wrote to output,
// through Beam's file systems (a local path, or gs://... on Dataflow).
func readResult(ctx context.Context, output string) (mc.Result, error) {
	fs, err := filesystem.New(ctx, output)
	if err != nil {
		return mc.Result{}, err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, output)
	if err != nil {
		return mc.Result{}, fmt.Errorf("reading the result: %w", err)
	}
	defer r.Close()
	b, err := io.ReadAll(io.LimitReader(r, 1<<10))
	if err != nil {
		return mc.Result{}, fmt.Errorf("reading the result: %w", err)
	}
	line, rest, _ := strings.Cut(string(b), "\n")
	if rest != "" {
		return mc.Result{}, errors.New("result file holds more than one line")
	}
	return decodeResult(line)
}

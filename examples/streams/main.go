// Command streams splits one keyed generator into thousands of independent
// streams for the tasks of a distributed job, and shows that any task can be
// re-run on another machine, from nothing but the job's algorithm and key,
// with the same numbers.
//
// Two ways to hand out randomness:
//
//   - One stream per task: task t uses stream id t (SetStream(t), or
//     NewWithKey(alg, key, t) on another machine). Tasks may draw any
//     amount; streams never overlap.
//   - Slices of one shared stream: task t reads bytes [t*L, (t+1)*L) of a
//     single stream, jumping there with Seek in O(1) without generating
//     what lies before. Concatenated, the slices are that stream exactly.
//
// Run:
//
//	go run ./examples/streams -tasks 10000 -draws 1000
//	go run ./examples/streams -alg aes256ctr -key $(openssl rand -hex 32)
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/examples/internal/command"
)

func main() { command.Main("streams", cli) }

// job is everything a machine needs to reproduce any task: the algorithm
// and the key (or, for a reproducible but not secret job, the seed). It is
// small enough to ship with every task.
type job struct {
	alg  streamrand.Algorithm
	key  []byte // nil: use seed
	seed uint64
}

// source returns a fresh Generator on stream id of the job's key.
func (j job) source(id uint64) streamrand.Generator {
	if j.key == nil {
		g := streamrand.New(j.alg, j.seed)
		g.SetStream(id)
		return g
	}
	g, err := streamrand.NewWithKey(j.alg, j.key, id)
	if err != nil {
		panic(err) // the key length was checked when the job was made
	}
	return g
}

// taskResult is what task t computes from its stream: the mean of its
// uniform draws and the number of draws below 0.001 (a rare event).
type taskResult struct {
	mean float64
	rare int
}

// task runs task t's work on r, which must be positioned at the start of
// stream t.
func task(r *rand.Rand, draws int) taskResult {
	var res taskResult
	for range draws {
		u := r.Float64()
		res.mean += u
		if u < 0.001 {
			res.rare++
		}
	}
	res.mean /= float64(draws)
	return res
}

// runAll runs tasks 0..n-1 on one "machine": workers goroutines, each with
// its own Source, switching it to stream t for task t.
func runAll(j job, n, draws, workers int) []taskResult {
	results := make([]taskResult, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			g := j.source(0)
			r := rand.New(g)
			for t := next.Add(1) - 1; t < int64(n); t = next.Add(1) - 1 {
				g.SetStream(uint64(t))
				results[t] = task(r, draws)
			}
		})
	}
	wg.Wait()
	return results
}

// rerun runs task t alone, as another machine would: a fresh Source made
// from the job description.
func rerun(j job, t uint64, draws int) taskResult {
	return task(rand.New(j.source(t)), draws)
}

// readSlices fills buf with stream id of the job, cut into slices of
// sliceLen bytes read by workers goroutines in any order, each Seeking to
// its slice.
func readSlices(j job, id uint64, buf []byte, sliceLen, workers int) {
	nslices := (len(buf) + sliceLen - 1) / sliceLen
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			g := j.source(id)
			for i := int(next.Add(1) - 1); i < nslices; i = int(next.Add(1) - 1) {
				lo := i * sliceLen
				hi := min(lo+sliceLen, len(buf))
				if _, err := g.Seek(int64(lo), io.SeekStart); err != nil {
					panic(err)
				}
				g.Read(buf[lo:hi])
			}
		})
	}
	wg.Wait()
}

// Bounds of the flags: the results of every task, and each slice, are held
// in memory.
const (
	maxTasks   = 1 << 22
	maxDraws   = 1 << 30
	maxSlice   = 1 << 24
	maxWorkers = 1 << 12
	maxShared  = 1 << 30
)

const usage = `usage: go run ./examples/streams [flags]

Splits one keyed generator into a stream per task, shows that any task
re-run alone on a fresh Source gives the same numbers, and reads slices of
one shared stream in parallel with Seek.

`

func cli(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("streams", flag.ContinueOnError)
	algName := fs.String("alg", "chacha8", fmt.Sprintf("generator: one of %v", streamrand.Algorithms()))
	keyHex := fs.String("key", "", "key in hex (32 bytes for ChaCha, 16/24/32 for AES); default: derived from -seed")
	seed := fs.Uint64("seed", 1, "seed to derive the key from when -key is empty (reproducible, not secret)")
	tasks := fs.Int("tasks", 10_000, "number of tasks (stream ids 0..tasks-1)")
	draws := fs.Int("draws", 1000, "uniform draws per task")
	sliceLen := fs.Int("slice", 4096+3, "bytes per task in the shared-stream part")
	workers := fs.Int("workers", runtime.NumCPU(), "worker goroutines")
	if err := command.Parse(fs, args, usage, out); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	alg, err := streamrand.ParseAlgorithm(*algName)
	if err != nil {
		return err
	}
	if *tasks <= 0 || *draws <= 0 || *sliceLen <= 0 || *workers <= 0 {
		return errors.New("-tasks, -draws, -slice and -workers must be positive")
	}
	if *tasks > maxTasks || *draws > maxDraws || *sliceLen > maxSlice || *workers > maxWorkers {
		return fmt.Errorf("at most -tasks %d, -draws %d, -slice %d, -workers %d", maxTasks, maxDraws, maxSlice, maxWorkers)
	}
	if int64(*tasks)*int64(*sliceLen)/16 > maxShared {
		return fmt.Errorf("-tasks × -slice / 16 (the shared stream read) must be at most %d bytes", maxShared)
	}
	j := job{alg: alg}
	if *keyHex != "" {
		if j.key, err = hex.DecodeString(*keyHex); err != nil {
			return fmt.Errorf("-key: %w", err)
		}
		if len(j.key) != alg.KeySize() {
			return fmt.Errorf("-key: %s takes %d bytes, got %d", alg, alg.KeySize(), len(j.key))
		}
	} else {
		j.seed = *seed
	}

	// Part 1: one stream per task.
	start := time.Now()
	results := runAll(j, *tasks, *draws, *workers)
	elapsed := time.Since(start)
	var sum float64
	var rare int
	for _, r := range results {
		sum += r.mean
		rare += r.rare
	}
	fmt.Fprintf(out, "%s: %d tasks x %d draws on %d workers in %v\n", alg, *tasks, *draws, *workers, elapsed.Round(time.Millisecond))
	fmt.Fprintf(out, "mean of task means %.6f (expected 0.5), rare draws %d (expected about %.0f)\n",
		sum/float64(*tasks), rare, float64(*tasks)*float64(*draws)*0.001)
	for _, t := range []uint64{0, 1, uint64(*tasks) / 2, uint64(*tasks) - 1} {
		again := rerun(j, t, *draws)
		fmt.Fprintf(out, "task %d: mean %.17f rare %d; re-run on a fresh Source: %s\n",
			t, results[t].mean, results[t].rare, same(again == results[t]))
	}

	// Part 2: slices of one shared stream (stream id 1<<40, far from the
	// task streams), read in parallel with Seek and compared with one
	// sequential read.
	const shared = 1 << 40
	buf := make([]byte, *tasks**sliceLen/16) // a 16th of the tasks, to keep it quick
	readSlices(j, shared, buf, *sliceLen, *workers)
	seq := make([]byte, len(buf))
	j.source(shared).Read(seq)
	fmt.Fprintf(out, "shared stream: %d bytes in slices of %d via Seek, sha256 %x; sequential read: %s\n",
		len(buf), *sliceLen, sha256.Sum256(buf), same(bytes.Equal(buf, seq)))

	// Seek is O(1): jump 2^60 bytes into the stream.
	g := j.source(shared)
	start = time.Now()
	pos, err := g.Seek(1<<60, io.SeekStart)
	if err != nil {
		return err
	}
	far := g.Uint64()
	took := time.Since(start)
	g.Seek(1<<60-16, io.SeekStart)
	g.Read(make([]byte, 16))
	fmt.Fprintf(out, "at byte %d: %#016x, in %v; reached from 16 bytes before: %s\n",
		pos, far, took.Round(time.Microsecond), same(g.Uint64() == far))
	return nil
}

func same(ok bool) string {
	if ok {
		return "same"
	}
	return "DIFFERENT"
}

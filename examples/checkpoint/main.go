// Command checkpoint runs a simulation that can be stopped, saved to a file
// and resumed in another process with exactly the result of an
// uninterrupted run.
//
// The simulation moves many 2-D random walkers with Gaussian steps; walker w
// draws from its own Source on stream w of one seed. A checkpoint holds the
// walkers' positions, the running statistics and each Source's
// MarshalBinary state (key, stream id and byte position), so the resumed
// run draws the very numbers the uninterrupted run would have drawn next.
//
//	go run ./examples/checkpoint -steps 100000                   # one go
//	go run ./examples/checkpoint -steps 100000 -stop-after 40000
//	go run ./examples/checkpoint -resume                         # same final lines
//
// The checkpoint goes to streamrand-checkpoint.json in the system's
// temporary directory, or to the file -state names. A resumed run may be
// stopped again (-resume -stop-after N). The checkpoint is written to a
// temporary file and renamed, so a crash while saving leaves the previous
// checkpoint intact.
package main

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/examples/internal/command"
)

func main() { command.Main("checkpoint", cli) }

// sim is the whole state of a simulation: what a checkpoint saves.
type sim struct {
	Alg   string
	Seed  uint64
	Steps int64    // total steps to run
	Done  int64    // steps run so far
	X, Y  []uint64 // walker positions, as float64 bits
	SumD2 float64  // sum over steps of the mean squared distance from the origin
	MaxD2 float64  // largest squared distance seen

	gens []streamrand.Generator
	rngs []*rand.Rand
}

// newSim starts a simulation of walkers walkers at the origin.
func newSim(alg streamrand.Algorithm, seed uint64, walkers int, steps int64) *sim {
	s := &sim{Alg: alg.String(), Seed: seed, Steps: steps}
	s.X, s.Y = make([]uint64, walkers), make([]uint64, walkers)
	for w := range walkers {
		g := streamrand.New(alg, seed)
		g.SetStream(uint64(w))
		s.gens = append(s.gens, g)
		s.rngs = append(s.rngs, rand.New(g))
	}
	return s
}

// advance runs steps until Done reaches until (or Steps).
func (s *sim) advance(until int64) {
	until = min(until, s.Steps)
	for ; s.Done < until; s.Done++ {
		var sum float64
		for w, r := range s.rngs {
			x := math.Float64frombits(s.X[w]) + r.NormFloat64()
			y := math.Float64frombits(s.Y[w]) + r.NormFloat64()
			s.X[w], s.Y[w] = math.Float64bits(x), math.Float64bits(y)
			d2 := x*x + y*y
			sum += d2
			s.MaxD2 = max(s.MaxD2, d2)
		}
		s.SumD2 += sum / float64(len(s.rngs))
	}
}

// report prints the result. The SHA-256 covers the exact bits of every
// position.
func (s *sim) report(out io.Writer) {
	h := sha256.New()
	for w := range s.X {
		binary.Write(h, binary.LittleEndian, [2]uint64{s.X[w], s.Y[w]})
	}
	fmt.Fprintf(out, "%s seed %d: %d walkers, %d steps\n", s.Alg, s.Seed, len(s.X), s.Done)
	fmt.Fprintf(out, "mean squared distance, averaged over steps: %.17g (expected about %d)\n",
		s.SumD2/float64(s.Done), s.Done+1)
	fmt.Fprintf(out, "largest distance: %.17g\n", math.Sqrt(s.MaxD2))
	fmt.Fprintf(out, "positions sha256: %x\n", h.Sum(nil))
}

// file is the checkpoint as saved: floats as their exact bits, generators
// as their MarshalBinary states (base64 in JSON).
type file struct {
	Alg        string   `json:"alg"`
	Seed       uint64   `json:"seed"`
	Steps      int64    `json:"steps"`
	Done       int64    `json:"done"`
	X          []uint64 `json:"x"`
	Y          []uint64 `json:"y"`
	SumD2      uint64   `json:"sum_d2"`
	MaxD2      uint64   `json:"max_d2"`
	Generators [][]byte `json:"generators"`
}

func (s *sim) save(path string) error {
	f := file{Alg: s.Alg, Seed: s.Seed, Steps: s.Steps, Done: s.Done, X: s.X, Y: s.Y,
		SumD2: math.Float64bits(s.SumD2), MaxD2: math.Float64bits(s.MaxD2)}
	for _, g := range s.gens {
		state, err := g.MarshalBinary()
		if err != nil {
			return err
		}
		f.Generators = append(f.Generators, state)
	}
	data, err := json.Marshal(f)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}

func load(path string) (*sim, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f file
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	alg, err := streamrand.ParseAlgorithm(f.Alg)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	n := len(f.Generators)
	if n == 0 || len(f.X) != n || len(f.Y) != n || f.Done < 0 || f.Done > f.Steps {
		return nil, fmt.Errorf("%s: inconsistent checkpoint", path)
	}
	s := &sim{Alg: f.Alg, Seed: f.Seed, Steps: f.Steps, Done: f.Done, X: f.X, Y: f.Y,
		SumD2: math.Float64frombits(f.SumD2), MaxD2: math.Float64frombits(f.MaxD2)}
	for w, state := range f.Generators {
		// streamrand.Unmarshal restores a checkpoint of any algorithm;
		// the file's -alg must agree with what it holds.
		g, err := streamrand.Unmarshal(state)
		if err != nil {
			return nil, fmt.Errorf("%s: walker %d: %w", path, w, err)
		}
		if a, _ := streamrand.AlgorithmOf(g); a != alg {
			return nil, fmt.Errorf("%s: walker %d: a %s generator in a %s simulation", path, w, a, alg)
		}
		s.gens = append(s.gens, g)
		s.rngs = append(s.rngs, rand.New(g))
	}
	return s, nil
}

// maxWalkers bounds -walkers: each walker holds a Source of about 1 KiB.
const maxWalkers = 1 << 20

const usage = `usage: go run ./examples/checkpoint [flags]

Runs a random-walk simulation that can stop, save its state (positions and
every generator's MarshalBinary) to a file, and resume in another process
with exactly the result of an uninterrupted run:

  go run ./examples/checkpoint -stop-after 40000
  go run ./examples/checkpoint -resume

`

func cli(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("checkpoint", flag.ContinueOnError)
	algName := fs.String("alg", "chacha8", fmt.Sprintf("generator: one of %v", streamrand.Algorithms()))
	seed := fs.Uint64("seed", 1, "seed of the generators")
	walkers := fs.Int("walkers", 100, "number of walkers (walker w uses stream w)")
	steps := fs.Int64("steps", 100_000, "total steps")
	stopAfter := fs.Int64("stop-after", 0, "stop after this many steps (counted from the start) and save the state; 0 runs to the end")
	state := fs.String("state", filepath.Join(os.TempDir(), "streamrand-checkpoint.json"), "checkpoint file")
	resume := fs.Bool("resume", false, "continue from the checkpoint file (its -alg, -seed, -walkers and -steps apply)")
	if err := command.Parse(fs, args, usage, out); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *stopAfter < 0 {
		return fmt.Errorf("-stop-after %d: want 0 (run to the end) or a step", *stopAfter)
	}

	var s *sim
	if *resume {
		var err error
		if s, err = load(*state); err != nil {
			return err
		}
		fmt.Fprintf(out, "resumed %s at step %d of %d\n", *state, s.Done, s.Steps)
	} else {
		alg, err := streamrand.ParseAlgorithm(*algName)
		if err != nil {
			return err
		}
		if *walkers <= 0 || *walkers > maxWalkers || *steps <= 0 {
			return fmt.Errorf("-walkers must be from 1 to %d and -steps positive", maxWalkers)
		}
		s = newSim(alg, *seed, *walkers, *steps)
	}

	if *stopAfter > 0 && *stopAfter < s.Steps {
		if *stopAfter <= s.Done {
			return fmt.Errorf("-stop-after %d: already at step %d", *stopAfter, s.Done)
		}
		s.advance(*stopAfter)
		if err := s.save(*state); err != nil {
			return err
		}
		fmt.Fprintf(out, "stopped at step %d of %d; state saved to %s\n", s.Done, s.Steps, *state)
		return nil
	}
	s.advance(s.Steps)
	s.report(out)
	return nil
}

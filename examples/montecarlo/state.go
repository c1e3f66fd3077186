package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"

	"github.com/streamrand/streamrand/examples/internal/mc"
)

// A state is the progress of a run, as -resume saves it: the chunks [0,
// Next) are done and their sums, added in chunk order, are S and S2 (as
// float64 bits, so they come back exactly).
type state struct {
	Run  string // what was computed (run.key): a state resumes only the same run
	Next int64
	S    uint64
	S2   uint64
}

// key names everything that decides the answer: a state saved by another
// run must not be resumed.
func (r run) key() string {
	c := r.cfg
	how := c.Alg.String()
	if r.percall {
		how = "percall-pcg"
	}
	return fmt.Sprintf("montecarlo v1 problem=%s generator=%s seed=%d paths=%d chunk=%d", c.Problem, how, c.Seed, c.Paths, c.Chunk)
}

// loadState returns the state saved in path for the run named key: a state
// at chunk 0 if there is no such file yet, or an error if the file is not
// a state of this run.
func loadState(path, key string) (state, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return state{Run: key}, nil
	}
	if err != nil {
		return state{}, fmt.Errorf("-resume: %w", err)
	}
	var s state
	if err := json.Unmarshal(b, &s); err != nil {
		return state{}, fmt.Errorf("-resume: %s is not a saved run: %v", path, err)
	}
	if s.Run != key {
		return state{}, fmt.Errorf("-resume: %s holds another run (%s), not %s", path, s.Run, key)
	}
	return s, nil
}

// save writes the progress (chunks [0, next) done, with sums acc) to
// r.resume atomically: to a temporary file in the same directory, synced,
// then renamed over it, so the file is always either the old state or the
// new one, whenever the process is killed.
func (r run) save(next int64, acc mc.Sums) error {
	b, err := json.Marshal(state{Run: r.key(), Next: next, S: math.Float64bits(acc.S), S2: math.Float64bits(acc.S2)})
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(r.resume), filepath.Base(r.resume)+".*.tmp")
	if err != nil {
		return fmt.Errorf("-resume: %w", err)
	}
	_, err = f.Write(append(b, '\n'))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), r.resume)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("-resume: saving: %w", err)
	}
	return nil
}

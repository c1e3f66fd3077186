// Package parallel runs numbered work on all cores with the same bits for
// any number of workers.
//
// A Monte Carlo computation is cut into units numbered 0, 1, ..., n-1, and
// unit u always draws its random numbers from stream u of one key, whichever
// goroutine, process or machine computes it:
//
//	job := parallel.Job{Alg: streamrand.ChaCha8, Seed: 42}
//	hits, err := parallel.Fold(ctx, job, 1000,
//		func(u int64, g streamrand.Generator) (int, error) {
//			return countInside(g, 100_000), nil // unit u's numbers come from g
//		},
//		0, func(sum, n int) int { return sum + n })
//
// Map returns the units' results in unit order; Fold combines them in unit
// order, on one goroutine at a time, so even a floating-point sum has the
// same bits for 1 worker or 64. With a Job.Checkpoint, Fold saves its
// progress to a file and, called again after a crash, a kill or a cancel,
// resumes from it to the same bits:
//
//	job.Checkpoint = &parallel.Checkpoint{Path: "pi.state", ID: []byte("pi v1")}
//
// Job.Derive gives independent child keys for nested work.
// Fill spreads one call of a package fill function over goroutines with
// exactly the values of the single-goroutine call.
package parallel

import (
	"crypto/hkdf"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/internal/seedexp"
)

// A Job names the random numbers of a computation. Unit u of a Job draws
// from stream u of the Job's key: the Generator streamrand.New(Alg, Seed)
// (or streamrand.NewWithKey(Alg, Key, 0) when Key is set) after
// SetStream(u), at offset 0. The other fields say how to run it and do not
// change any result.
type Job struct {
	Alg  streamrand.Algorithm
	Seed uint64
	Key  []byte // when set, used instead of Seed: Alg.KeySize() bytes

	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// Start is the first unit to run: Map and Fold run units [Start, n),
	// to resume a computation whose units [0, Start) are done.
	Start int64
	// Progress, if set, is called with the number of units done (those
	// before Start included) and n, from the goroutine that called Map or
	// Fold, at most about 10 times a second and once at the end.
	Progress func(done, total int64)
	// Checkpoint, if set, makes Fold save its progress to a file and
	// resume from it (see Checkpoint); Start must then be 0. Map refuses
	// a Job with a Checkpoint.
	Checkpoint *Checkpoint

	// err is why a Job made by Derive cannot run (its parent could not),
	// while Alg, Seed and Key are still as Derive left them: errAlg, 0
	// and nil.
	err    error
	errAlg streamrand.Algorithm
}

// maxWorkers bounds Workers: each worker is a goroutine, and Fold holds up
// to 4 results per worker.
const maxWorkers = 1 << 20

// workers returns the number of goroutines for units units of work: at
// most one per unit.
func (j Job) workers(units int64) (int, error) {
	w := j.Workers
	switch {
	case w < 0:
		return 0, fmt.Errorf("parallel: Workers is %d, want 0 (GOMAXPROCS) or more", w)
	case w > maxWorkers:
		return 0, fmt.Errorf("parallel: Workers is %d, more than %d goroutines", w, maxWorkers)
	case w == 0:
		w = runtime.GOMAXPROCS(0)
	}
	return int(min(int64(w), max(units, 1))), nil
}

// generator returns the Job's Generator at stream 0, offset 0, or why
// there is none.
func (j Job) generator() (streamrand.Generator, error) {
	if j.err != nil && j.Alg == j.errAlg && j.Seed == 0 && j.Key == nil {
		return nil, j.err
	}
	if !valid(j.Alg) {
		return nil, fmt.Errorf("parallel: invalid algorithm %v", j.Alg)
	}
	if j.Key == nil {
		return streamrand.New(j.Alg, j.Seed), nil
	}
	g, err := streamrand.NewWithKey(j.Alg, j.Key, 0)
	if err != nil {
		return nil, fmt.Errorf("parallel: Job.Key: %w", err)
	}
	return g, nil
}

// Generator returns unit u's Generator: stream u of the Job's key at
// offset 0, the Generator that Map and Fold give f for unit u. It serves a
// unit computed elsewhere (on another machine, by a pipeline) with the
// numbers it would have here.
func (j Job) Generator(u int64) (streamrand.Generator, error) {
	if u < 0 {
		return nil, fmt.Errorf("parallel: negative unit %d", u)
	}
	g, err := j.generator()
	if err != nil {
		return nil, err
	}
	g.SetStream(uint64(u))
	return g, nil
}

func valid(a streamrand.Algorithm) bool { return a.KeySize() > 0 }

// key returns the Job's key: Key, or the expansion of Seed that
// streamrand.New keys Alg with.
func (j Job) key() []byte {
	if j.Key != nil {
		return j.Key
	}
	k := make([]byte, j.Alg.KeySize())
	seedexp.Expand(k, j.Seed)
	return k
}

// deriveInfo begins the HKDF info string of Derive; the algorithm's name
// and the child's index follow it.
const deriveInfo = "streamrand parallel.Derive v1"

// Derive returns the Job whose key is derived from j's key and i: 2^64
// independent children, each with its own 2^64 streams, for nested work
// (unit u of a replicate r draws from stream u of j.Derive(r)). The child
// has j's Alg and Workers, the derived Key, Start 0, no Progress and no
// Checkpoint.
//
// The child's key is HKDF-SHA256 (RFC 5869) of j's key, with an empty salt
// and the info string "streamrand parallel.Derive v1", a zero byte, the
// algorithm's name (Alg.String()), a zero byte and i as 8 big-endian bytes,
// Alg.KeySize() bytes long; j's key is Key when set, else the bytes
// streamrand.New keys Alg with from Seed. docs/format.md shows the same
// derivation in Python. A child's key is unrelated to its parent's and to
// its siblings', so a child and its parent, and two children, share no
// stream. The derivation is fixed within a major version, as every value
// of this module but the keystreams and the seed expansion (see the
// root package's Stability section), and its info string names its version.
//
// If j cannot run (an invalid Alg, a Key of the wrong length), neither can
// the child, which has no Key: Map, Fold and Derive of it report j's
// error until the caller sets its Alg, Seed or Key (it then runs as those
// fields say, as any Job).
func (j Job) Derive(i uint64) Job {
	child := Job{Alg: j.Alg, Workers: j.Workers}
	if _, err := j.generator(); err != nil {
		child.err, child.errAlg = err, j.Alg
		return child
	}
	info := make([]byte, 0, len(deriveInfo)+len(j.Alg.String())+10)
	info = append(info, deriveInfo...)
	info = append(info, 0)
	info = append(info, j.Alg.String()...)
	info = append(info, 0)
	info = binary.BigEndian.AppendUint64(info, i)
	key, err := hkdf.Key(sha256.New, j.key(), nil, string(info), j.Alg.KeySize())
	if err != nil { // only for lengths beyond 255*32 bytes
		child.err, child.errAlg = fmt.Errorf("parallel: Derive: %w", err), j.Alg
		return child
	}
	child.Key = key
	return child
}

// errNegative is returned for a negative number of units.
var errNegative = errors.New("parallel: negative number of units")

package parallel

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/internal/checkpoint"
	"github.com/streamrand/streamrand/internal/keystream"
)

// A UnitError is the error of one unit: the error f returned for it (or
// combine, in Fold), a *PanicError if it panicked, or ErrGoexit.
type UnitError struct {
	Unit int64
	Err  error
}

func (e *UnitError) Error() string { return fmt.Sprintf("parallel: unit %d: %v", e.Unit, e.Err) }
func (e *UnitError) Unwrap() error { return e.Err }

// A PanicError is a panic of f or combine, recovered on the goroutine that
// ran it.
type PanicError struct {
	Value any    // the value passed to panic
	Stack []byte // the goroutine's stack where it panicked
}

func (e *PanicError) Error() string { return fmt.Sprintf("panic: %v", e.Value) }

// Unwrap returns the panic value if it is an error.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// ErrGoexit is the error of a unit whose f or combine (or of a part of
// Fill whose fn) called runtime.Goexit, as t.Fatal, t.FailNow and
// testify's require do when they fail on a goroutine other than the
// test's. The goroutine that ran it has ended; the call returns this error
// (in a *UnitError for Map and Fold) once its other goroutines are done.
var ErrGoexit = errors.New("runtime.Goexit called (t.Fatal, t.FailNow and testify's require call it when they fail)")

// Map runs f for units [j.Start, n) and returns their results in unit
// order: result i is unit j.Start+i's. Unit u's Generator is the Job's
// stream u at offset 0 (see Job); f may use it only until it returns.
//
// If f fails (returns an error, panics or calls runtime.Goexit) for some
// units, Map returns a *UnitError for the lowest of them, whichever worker
// ran it first: units above it are no longer started, units below it
// still run. If ctx is cancelled first, Map returns ctx.Err() once the
// units already running return, also if one of them then fails. No
// goroutine of Map outlives the call. An invalid Job, n < j.Start, or
// more results than memory can hold is an error.
func Map[T any](ctx context.Context, j Job, n int64, f func(unit int64, g streamrand.Generator) (T, error)) ([]T, error) {
	if j.Checkpoint != nil {
		return nil, errors.New("parallel: Map: a Job with a Checkpoint: only Fold saves and resumes")
	}
	w, err := check(j, n)
	if err != nil {
		return nil, err
	}
	// No window: each result has its own slot of out.
	out, err := makeSlice[T](n - j.Start)
	if err != nil {
		return nil, fmt.Errorf("parallel: Map: %d results do not fit in memory: %w", n-j.Start, err)
	}
	r := &runner[T]{f: f, start: j.Start, n: n, window: n - j.Start, ring: out}
	if err := r.run(ctx, j, w); err != nil {
		return nil, err
	}
	return out, nil
}

// Fold runs f for units [j.Start, n) and combines their results in unit
// order, starting from acc: it returns combine(...combine(combine(acc,
// r[Start]), r[Start+1])..., r[n-1]). combine runs on one goroutine at a
// time, in unit order, so the result does not depend on the number of
// workers even where combine rounds (a floating-point sum). Fold holds
// O(Workers) results at a time, not O(n): a worker waits before starting a
// unit more than 4*Workers units ahead of the next one to combine.
//
// With j.Checkpoint set, Fold saves its progress to a file and resumes
// from it (see Checkpoint). To resume by hand, save the accumulator of
// units [0, k) and call Fold with Start k and that accumulator: the result
// is the same as one Fold over [0, n). On an error the accumulator
// returned with it holds the units combined so far: for a *UnitError
// exactly units [Start, Unit). Errors,
// panics, runtime.Goexit and cancellation are as in Map; a failing combine
// fails its unit. Cancelling returns once the units and the combine
// already running return: results still waiting are not combined.
func Fold[T, A any](ctx context.Context, j Job, n int64, f func(unit int64, g streamrand.Generator) (T, error), acc A, combine func(A, T) A) (A, error) {
	if j.Checkpoint != nil {
		return foldCheckpoint(ctx, j, n, f, acc, combine)
	}
	w, err := check(j, n)
	if err != nil {
		return acc, err
	}
	r := &runner[T]{f: f, start: j.Start, n: n, window: n - j.Start}
	if int64(w) <= r.window/4 { // w <= maxWorkers: 4*w does not overflow
		r.window = 4 * int64(w)
	}
	if r.ring, err = makeSlice[T](r.window); err != nil {
		return acc, fmt.Errorf("parallel: Fold: %d results do not fit in memory: %w", r.window, err)
	}
	r.combine = func(v T) { acc = combine(acc, v) }
	err = r.run(ctx, j, w)
	return acc, err
}

// check returns how many workers run units [j.Start, n), or the error of
// a Job that cannot run them.
func check(j Job, n int64) (workers int, err error) {
	if n < 0 {
		return 0, errNegative
	}
	if j.Start < 0 || j.Start > n {
		return 0, fmt.Errorf("parallel: Start %d is not in [0, %d]", j.Start, n)
	}
	if _, err := j.generator(); err != nil {
		return 0, err
	}
	return j.workers(n - j.Start)
}

// maxBytes bounds what makeSlice allocates: the Go heap's address range on
// 64-bit platforms, the runtime's own limit beyond which make panics.
const maxBytes = 1 << 48

// makeSlice returns make([]T, n), or an error if that many values cannot
// be allocated.
func makeSlice[T any](n int64) (s []T, err error) {
	size := int64(unsafe.Sizeof(*new(T)))
	if n > math.MaxInt || n > maxBytes/max(size, 1) {
		return nil, fmt.Errorf("%d values of %d bytes", n, size)
	}
	defer func() {
		// make's own check, lower on 32-bit platforms
		if v := recover(); v != nil {
			s, err = nil, fmt.Errorf("%v", v)
		}
	}()
	return make([]T, n), nil
}

// A runner runs the units [start, n) on worker goroutines. Units are
// started in increasing order; results wait in ring, slot (u-start) mod
// window, until every unit before them is done, and are then handed to
// combine in unit order by one goroutine at a time (with combine nil, ring
// is the output and window covers every unit).
type runner[T any] struct {
	f       func(int64, streamrand.Generator) (T, error)
	combine func(T) // nil for Map
	start   int64
	n       int64
	window  int64
	ring    []T

	done atomic.Int64 // units finished, for Progress

	mu        sync.Mutex
	cond      sync.Cond // signalled when next, end, front or stopped change
	next      int64     // the next unit to start
	end       int64     // units from end on are not started: n, or the lowest failed unit
	front     int64     // every unit below front has been combined
	ready     []bool    // ring slot holds a result
	combining bool      // a goroutine is running combine
	failed    *UnitError
	late      bool            // failed came after ctx was done: the error is ctx.Err()
	stopped   bool            // ctx is done, or the caller's goroutine is unwinding
	ctxDone   <-chan struct{} // ctx.Done(), checked before each unit
}

// run runs the units on workers goroutines (check's count).
func (r *runner[T]) run(ctx context.Context, j Job, workers int) error {
	r.cond.L = &r.mu
	r.ctxDone = ctx.Done()
	r.next, r.end, r.front = r.start, r.n, r.start
	ready, err := makeSlice[bool](r.window)
	if err != nil {
		return fmt.Errorf("parallel: %d results do not fit in memory: %w", r.window, err)
	}
	r.ready = ready

	// Each worker owns one Generator, which it checks against this
	// checkpoint before each unit and restores if f changed its key or
	// algorithm (Seed, UnmarshalBinary), so nothing f does to g reaches
	// another unit.
	g, err := j.generator()
	if err != nil {
		return err
	}
	ck, err := g.MarshalBinary()
	if err != nil {
		return fmt.Errorf("parallel: %w", err)
	}

	stopDone := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		defer close(stopDone)
		r.halt()
	})
	var wg sync.WaitGroup
	// If Progress panics or calls runtime.Goexit (it runs on this
	// goroutine), that goes on up only after every worker has stopped.
	returned := false
	defer func() {
		if !returned {
			r.halt()
			wg.Wait()
			if !stop() {
				<-stopDone
			}
		}
	}()

	for i := range workers {
		wg.Go(func() {
			gen := g
			if i > 0 {
				gen, _ = streamrand.Unmarshal(ck) // ck came from MarshalBinary
			}
			r.work(gen, ck)
		})
	}
	if j.Progress != nil {
		finished := make(chan struct{})
		go func() { wg.Wait(); close(finished) }()
		tick := time.NewTicker(100 * time.Millisecond)
	wait:
		for {
			select {
			case <-finished:
				break wait
			case <-tick.C:
				j.Progress(r.start+r.done.Load(), r.n)
			}
		}
		tick.Stop()
		j.Progress(r.start+r.done.Load(), r.n)
	} else {
		wg.Wait()
	}
	returned = true
	if !stop() {
		<-stopDone // ctx was cancelled: let the AfterFunc return
	}

	switch {
	case r.front == r.n:
		return nil
	case r.failed != nil && r.front == r.failed.Unit && !r.late:
		return r.failed
	case ctx.Err() != nil:
		return ctx.Err()
	}
	panic(fmt.Sprintf("parallel: units [%d, %d) stopped at %d with no error", r.start, r.n, r.front))
}

// halt stops the workers: they start no more units and combine no more
// results.
func (r *runner[T]) halt() {
	r.mu.Lock()
	r.stopped = true
	r.cond.Broadcast()
	r.mu.Unlock()
}

// work runs units on g until none is left, the run failed below the next
// unit, or ctx is done. If f or combine calls runtime.Goexit, the unit's
// failure is recorded and the goroutine ends with r.mu not held.
func (r *runner[T]) work(g streamrand.Generator, ck []byte) {
	var buf []byte // g's checkpoint before each unit
	r.mu.Lock()
	for {
		for !r.stopped && r.next < r.end && r.next-r.front >= r.window {
			r.cond.Wait()
		}
		if r.stopped || r.next >= r.end || r.cancelled() {
			r.mu.Unlock()
			return
		}
		u := r.next
		r.next++
		r.mu.Unlock()
		v, err := r.call(u, g, ck, &buf)
		r.mu.Lock()
		if err != nil {
			r.fail(u, err)
			continue
		}
		r.done.Add(1)
		i := (u - r.start) % r.window
		r.ring[i], r.ready[i] = v, true
		r.drain()
	}
}

// cancelled reports whether ctx is done. The AfterFunc sets stopped soon
// after, but from another goroutine, which a busy or emulated machine may
// run late: a worker that looks at the channel itself starts no unit in
// between. (A receive that cannot block on a channel is a cheap check.)
func (r *runner[T]) cancelled() bool {
	select {
	case <-r.ctxDone:
		return true
	default:
		return false
	}
}

// call runs f for unit u on g, set to stream u of the identity of ck
// (*buf is scratch space). A panic is returned as a *PanicError. If f
// calls runtime.Goexit, which cannot be stopped, unit u fails with
// ErrGoexit before the goroutine ends.
func (r *runner[T]) call(u int64, g streamrand.Generator, ck []byte, buf *[]byte) (v T, err error) {
	returned := false
	defer func() {
		if returned {
			return
		}
		if p := recover(); p != nil {
			err = &PanicError{Value: p, Stack: debug.Stack()}
			return
		}
		r.mu.Lock()
		r.fail(u, ErrGoexit)
		r.mu.Unlock()
	}()
	*buf, err = g.AppendBinary((*buf)[:0])
	if err != nil || !checkpoint.SameIdentity(*buf, ck, keystream.PositionSize) {
		err = g.UnmarshalBinary(ck)
	}
	if err == nil {
		g.SetStream(uint64(u))
		v, err = r.f(u, g)
	}
	returned = true
	return v, err
}

// fail records that unit u failed with err; r.mu is held.
func (r *runner[T]) fail(u int64, err error) {
	if r.failed == nil || u < r.failed.Unit {
		r.failed = &UnitError{Unit: u, Err: err}
		r.late = r.stopped || r.cancelled()
	}
	r.end = min(r.end, u)
	r.cond.Broadcast()
}

// drain advances front over the ready results, handing each to combine,
// unless another goroutine is already doing so (it will see these too).
// Once ctx is done it combines no more. r.mu is held, and released while
// combine runs.
func (r *runner[T]) drain() {
	if r.combining {
		return
	}
	r.combining = true
	for r.front < r.end {
		u := r.front
		i := (u - r.start) % r.window
		if !r.ready[i] || r.combine != nil && (r.stopped || r.cancelled()) {
			break
		}
		r.ready[i] = false
		r.front++
		if r.combine == nil {
			continue
		}
		v := r.ring[i]
		var zero T
		r.ring[i] = zero
		r.cond.Broadcast() // a slot is free
		r.mu.Unlock()
		err := r.combineOne(u, v)
		r.mu.Lock()
		if err != nil {
			r.front-- // unit u is not combined
			r.fail(u, err)
			break
		}
	}
	r.combining = false
}

// combineOne hands unit u's result v to combine. A panic is returned as a
// *PanicError. If combine calls runtime.Goexit, unit u fails with
// ErrGoexit, uncombined, before the goroutine ends.
func (r *runner[T]) combineOne(u int64, v T) (err error) {
	returned := false
	defer func() {
		if returned {
			return
		}
		if p := recover(); p != nil {
			err = &PanicError{Value: p, Stack: debug.Stack()}
			return
		}
		r.mu.Lock()
		r.front--
		r.fail(u, ErrGoexit)
		r.combining = false
		r.mu.Unlock()
	}()
	r.combine(v)
	returned = true
	return nil
}

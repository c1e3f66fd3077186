package parallel

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"sync"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/internal/bulk"
)

// minChunk is the fewest values Fill gives a goroutine: below it, starting
// and joining the goroutine costs more than the values it would draw.
var minChunk = 1 << 14

// Fill sets dst to exactly what fn(g, dst) gives on one goroutine, and
// leaves g at the same position, using up to workers goroutines (0 means
// runtime.GOMAXPROCS(0)). fn must compute value i from word i (the 8 bytes
// of the stream at 8*i from where it starts) alone, as fill.Float64,
// Uint64, Int64, Int, Uint, Uint32, Int32 and Float32 do; Fill then gives
// each goroutine a part of dst and a copy of g moved to where that part's
// words start. (A function that draws one word per value but then moves
// values around, a fill and a sort, gives other values under Fill, and
// Fill cannot see it.)
//
// g must be one of this module's generators (*chacha.Source,
// *aesctr.Source), or streamrand.Locked around one, whose lock Fill holds
// for the whole call (fn then gets the Generator inside): Fill copies g
// through its checkpoint, which holds the keystream and nothing of a
// Generator of another type, so another type is an error.
//
// Fill returns an error, and leaves g where it was, when a part drew
// otherwise (fn is fill.IntN, NormFloat64 or another function that may
// draw more than one word per value, or fewer), when fn panics or calls
// runtime.Goexit (fn runs on goroutines of Fill's, never the caller's), or
// when g cannot be moved by Seek that far; dst then holds unspecified
// values. Without an error the values are exact: each part drew exactly
// its own words. (fill.IntN with a small bound, which rejects a word with
// a probability near n/2^64, passes this check nearly always, and is then
// exact too.)
func Fill[T any](g streamrand.Generator, dst []T, fn func(src rand.Source, dst []T), workers int) error {
	if g == nil {
		return errors.New("parallel: Fill: nil Generator")
	}
	if workers < 0 || workers > maxWorkers {
		return fmt.Errorf("parallel: Fill: workers is %d, want 0 (GOMAXPROCS) to %d", workers, maxWorkers)
	}
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	src, held, err := own(g)
	defer unlock(held)
	if err != nil {
		return fmt.Errorf("parallel: Fill: %w", err)
	}
	pos, err := src.Seek(0, io.SeekCurrent)
	if err != nil {
		return fmt.Errorf("parallel: Fill: %w", err)
	}
	n := int64(len(dst))
	if n > (math.MaxInt64-pos)/8 {
		return fmt.Errorf("parallel: Fill: %d values from position %d end beyond the largest position Seek takes", n, pos)
	}
	parts := max(min(int64(workers), n/int64(minChunk)), 1)
	if parts == 1 {
		// One part: fn on src itself, and back to pos if it drew otherwise.
		if err := fillParts(1, func(int64) error { return fillPart(src, pos, dst, fn) }); err != nil {
			_, serr := src.Seek(pos, io.SeekStart)
			return fmt.Errorf("parallel: Fill: %w", errors.Join(err, serr))
		}
		return nil
	}
	ck, err := src.MarshalBinary()
	if err != nil {
		return fmt.Errorf("parallel: Fill: %w", err)
	}
	err = fillParts(parts, func(k int64) error {
		// part k is values [lo, hi): sizes n/parts, the first n%parts
		// of them one more, with no product that could overflow
		q, rem := n/parts, n%parts
		lo, hi := k*q+min(k, rem), (k+1)*q+min(k+1, rem)
		c, err := streamrand.Unmarshal(ck)
		if err == nil {
			_, err = c.Seek(pos+8*lo, io.SeekStart)
		}
		if err == nil {
			err = fillPart(c, pos+8*lo, dst[lo:hi], fn)
		}
		if err != nil {
			err = fmt.Errorf("values [%d, %d): %w", lo, hi, err)
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("parallel: Fill: %w", err)
	}
	_, err = src.Seek(pos+8*n, io.SeekStart)
	return err
}

// own returns the generator g is, or wraps with streamrand.Locked (maybe
// more than once), and the locks of the wrappers, which it has locked (the
// caller unlocks them, also after an error); or an error if g is not one of
// this module's generators.
func own(g streamrand.Generator) (src streamrand.Generator, held []sync.Locker, err error) {
	var s rand.Source = g
	for {
		inner, mu := bulk.Unwrap(s)
		if inner == nil {
			break
		}
		mu.Lock()
		held = append(held, mu)
		s = inner
	}
	src, ok := s.(streamrand.Generator)
	if !ok || !bulk.Ours(s) {
		return nil, held, fmt.Errorf("g is a %T, not one of this module's generators (*chacha.Source, *aesctr.Source), under streamrand.Locked or not: Fill copies g through its checkpoint, which holds nothing of another type", s)
	}
	return src, held, nil
}

// unlock unlocks what own locked, innermost first.
func unlock(held []sync.Locker) {
	for i := len(held) - 1; i >= 0; i-- {
		held[i].Unlock()
	}
}

// fillParts runs part(0), ..., part(parts-1) on goroutines of their own and
// returns their errors. A part that calls runtime.Goexit fails with
// ErrGoexit.
func fillParts(parts int64, part func(k int64) error) error {
	errs := make([]error, parts)
	var wg sync.WaitGroup
	for k := range parts {
		wg.Go(func() {
			errs[k] = ErrGoexit // unless part returns
			errs[k] = part(k)
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// fillPart runs fn(g, dst) for g at position pos and checks that it drew
// one word per value.
func fillPart[T any](g streamrand.Generator, pos int64, dst []T, fn func(rand.Source, []T)) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &PanicError{Value: v, Stack: debug.Stack()}
		}
	}()
	fn(g, dst)
	end, err := g.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	if want := pos + 8*int64(len(dst)); end != want {
		return fmt.Errorf("fn drew %d bytes for %d values, not 8 per value: Fill takes only functions that draw one word per value (fill.IntN and NormFloat64 do not)",
			end-pos, len(dst))
	}
	return nil
}

package parallel

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/streamrand/streamrand"
)

// minChunk is the fewest values Fill gives a goroutine: below it, starting
// and joining the goroutine costs more than the values it would draw.
var minChunk = 1 << 14

// Fill sets dst to exactly what fn(g, dst) gives on one goroutine, and
// leaves g at the same position, using up to workers goroutines (0 means
// runtime.GOMAXPROCS(0)). fn must draw one word (8 bytes of the stream) per
// value, as fill.Float64, Uint64, Int64, Int, Uint, Uint32, Int32 and
// Float32 do; Fill then gives each goroutine a part of dst and a copy of g
// moved to where that part's words start.
//
// Fill returns an error, and leaves g where it was, when a part drew
// otherwise (fn is fill.IntN, NormFloat64 or another function that may
// draw more than one word per value, or fewer), when fn panics, or when g
// cannot be copied through its checkpoint (streamrand.Unmarshal) or moved
// by Seek; dst then holds unspecified values. Without an error the values
// are exact: each part drew exactly its own words. (fill.IntN with a small
// bound, which rejects a word with a probability near n/2^64, passes this
// check nearly always, and is then exact too.) g may be a Locked Generator;
// Fill does not hold its lock between its own calls of g's methods.
func Fill[T any](g streamrand.Generator, dst []T, fn func(src rand.Source, dst []T), workers int) error {
	if g == nil {
		return errors.New("parallel: Fill: nil Generator")
	}
	if workers < 0 {
		return fmt.Errorf("parallel: Fill: workers is %d, want 0 (GOMAXPROCS) or more", workers)
	}
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	pos, err := g.Seek(0, io.SeekCurrent)
	if err != nil {
		return fmt.Errorf("parallel: Fill: %w", err)
	}
	n := int64(len(dst))
	if n > (math.MaxInt64-pos)/8 {
		return fmt.Errorf("parallel: Fill: %d values from position %d end beyond the largest position Seek takes", n, pos)
	}
	parts := min(int64(workers), n/int64(minChunk))
	if parts <= 1 {
		// One part: fn on g itself, and back to pos if it drew otherwise.
		if err := fillPart(g, pos, dst, fn); err != nil {
			_, serr := g.Seek(pos, io.SeekStart)
			return fmt.Errorf("parallel: Fill: %w", errors.Join(err, serr))
		}
		return nil
	}
	ck, err := g.MarshalBinary()
	if err != nil {
		return fmt.Errorf("parallel: Fill: %w", err)
	}
	errs := make([]error, parts)
	var wg sync.WaitGroup
	for k := range parts {
		lo, hi := n*k/parts, n*(k+1)/parts
		part := func() {
			c, err := streamrand.Unmarshal(ck)
			if err == nil {
				_, err = c.Seek(pos+8*lo, io.SeekStart)
			}
			if err == nil {
				err = fillPart(c, pos+8*lo, dst[lo:hi], fn)
			}
			if err != nil {
				errs[k] = fmt.Errorf("values [%d, %d): %w", lo, hi, err)
			}
		}
		if k == parts-1 {
			part() // the last part on this goroutine
		} else {
			wg.Go(part)
		}
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("parallel: Fill: %w", err)
	}
	_, err = g.Seek(pos+8*n, io.SeekStart)
	return err
}

// fillPart runs fn(g, dst) for g at position pos and checks that it drew
// one word per value.
func fillPart[T any](g streamrand.Generator, pos int64, dst []T, fn func(rand.Source, []T)) (err error) {
	defer recoverInto(&err)
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

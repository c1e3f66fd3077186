package bulk

import (
	"math/rand/v2"
	"sync"
)

// unwrap is the root package's: it returns the Source inside a Locked one
// and that wrapper's lock, or nil.
var unwrap func(src rand.Source) (rand.Source, sync.Locker)

// RegisterUnwrap sets the function Unwrap calls. It must only be called
// from an init function (the root package's, for Locked).
func RegisterUnwrap(f func(src rand.Source) (rand.Source, sync.Locker)) { unwrap = f }

// Unwrap returns the Source that src wraps with a lock (streamrand.Locked)
// and that lock, or a nil Source if src is no such wrapper. Who holds the
// lock may use the inner Source alone, through any of its methods, and
// copy it: package parallel's Fill does, for the whole of its call.
func Unwrap(src rand.Source) (rand.Source, sync.Locker) {
	if unwrap == nil {
		return nil, nil
	}
	return unwrap(src)
}

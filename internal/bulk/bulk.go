// Package bulk is the one answer to "is this Source one of this module's
// generators?", for the layers that must not import the generator packages:
// package fill reaches the keystream through it, and internal/sourceio and
// the root's NewReader ask it whether a Source's Read gives the bytes of its
// Uint64s (Ours). No public API is added to the generators for it.
//
// Each generator package registers, at init, a lookup that returns the
// generator's keystream as a Source when given one of its own Sources; the
// root package registers one for its Locked wrapper that also returns the
// mutex to hold for the whole bulk call, and a second one (Unwrap) that
// gives package parallel's Fill the Generator inside a Locked one.
package bulk

import (
	"math/rand/v2"
	"sync"
)

// Source is a keystream whose Read gives the little-endian bytes of its
// successive Uint64 values: reading 8*n bytes consumes exactly what n
// Uint64 calls would.
type Source interface {
	Uint64() uint64
	Read(p []byte) (int, error)
	// Peek returns the unread bytes the Source already holds, refilling
	// its buffer first if fewer than 8 are left: at least 8 bytes. They
	// are not consumed; Discard(n) consumes the first n of them.
	Peek() []byte
	// Discard consumes n bytes; n is at most len(Peek()).
	Discard(n int)
}

// A Lookup returns src's keystream, and the lock to hold while using it
// (nil if none), or a nil Source if src is not of its kind.
type Lookup func(src rand.Source) (Source, sync.Locker)

var lookups []Lookup

// Register adds a lookup. It must only be called from init functions.
func Register(f Lookup) { lookups = append(lookups, f) }

// Of returns src's keystream and the lock to hold while using it, or a nil
// Source if src is not one of this module's generators.
func Of(src rand.Source) (Source, sync.Locker) {
	for _, f := range lookups {
		if b, mu := f(src); b != nil {
			return b, mu
		}
	}
	return nil, nil
}

// Ours reports whether src is one of this module's generators itself (not
// a Locked one, which needs its lock): Of knows it and returns no lock. Its
// Read then gives the little-endian bytes of its Uint64s.
func Ours(src rand.Source) bool {
	b, mu := Of(src)
	return b != nil && mu == nil
}

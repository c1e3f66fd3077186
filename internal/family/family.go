// Package family holds, once, what the Source of every generator package (a
// cipher family: chacha, aesctr) shares beyond the keystream layer: the
// wrappers whose errors name the family, the checkpoint (internal/checkpoint's
// framing around the kernel's name and key and the keystream's position)
// and the registration that lets package fill reach the keystream
// (internal/bulk). It knows no algorithm: the kernel names itself.
//
// A family package keeps what is its own: the kernel (key schedule, block
// function, Family/Name/Key/SetIdentity), its constructors and Seed, and
// the exported methods of its Source with their documentation, each one
// line that calls the keystream or a function here.
package family

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/streamrand/streamrand/internal/bulk"
	"github.com/streamrand/streamrand/internal/checkpoint"
	"github.com/streamrand/streamrand/internal/keystream"
)

// Kernel is the constraint on a family's kernel type K: *K is the
// keystream.Kernel of one key, and it names that key for checkpoints.
// The methods other than SetIdentity read only K's type, or its fields as
// a constructor or SetIdentity left them.
type Kernel[K any] interface {
	*K
	keystream.Kernel
	// Family is the name of the package, which prefixes its errors
	// ("chacha"). It does not depend on the kernel's state.
	Family() string
	// Name is the algorithm name the checkpoints of this kernel carry
	// ("chacha8", "aes128ctr").
	Name() string
	// Key returns the raw key the checkpoints carry. The caller does
	// not keep or modify it.
	Key() []byte
	// SetIdentity keys the kernel for the algorithm name and raw key of
	// a checkpoint. It returns an error wrapping checkpoint.ErrAlgorithm
	// for a name outside the family, or checkpoint.ErrFormat for a key
	// that does not fit the name, without a package prefix.
	SetIdentity(name string, key []byte) error
}

// The functions below work on a family's Source: a keystream.Stream ks and
// the kernel k beside it in one struct, by value (keystream.Init), so that
// a copy of the Source is an independent generator. The Source holds the
// two fields itself, not a struct of this package: its Uint64 then
// reaches the keystream through one field, and the inliner's budget holds
// both it and the keystream's Uint64 (one more field costs too much).

// ReadAt is the keystream's ReadAt with the family's error prefix.
func ReadAt[K any, P Kernel[K]](ks *keystream.Stream, k P, p []byte, off int64) (int, error) {
	n, err := ks.ReadAt(p, off)
	if err != nil {
		err = fmt.Errorf("%s: %w", k.Family(), err)
	}
	return n, err
}

// Seek is the keystream's Seek with the family's error prefix.
func Seek[K any, P Kernel[K]](ks *keystream.Stream, k P, offset int64, whence int) (int64, error) {
	pos, err := ks.Seek(offset, whence)
	if err != nil {
		err = fmt.Errorf("%s: %w", k.Family(), err)
	}
	return pos, err
}

// AppendBinary appends the checkpoint of the Source (the kernel's name and
// key, the keystream's position) to b. It returns an error for a zero
// Source, whose keystream is not ready.
func AppendBinary[K any, P Kernel[K]](b []byte, ks *keystream.Stream, k P) ([]byte, error) {
	if !ks.Ready() {
		return b, errors.New(k.Family() + ": a zero Source has no state (create it with a constructor or UnmarshalBinary)")
	}
	start := len(b)
	b = checkpoint.AppendHeader(b, k.Name(), k.Key())
	b = ks.AppendPosition(b)
	return checkpoint.Seal(b, start), nil
}

// MarshalBinary returns the checkpoint of the Source, as AppendBinary.
func MarshalBinary[K any, P Kernel[K]](ks *keystream.Stream, k P) ([]byte, error) {
	return AppendBinary(make([]byte, 0, 96), ks, k)
}

// UnmarshalBinary restores a checkpoint of any algorithm of the family
// into the Source. It checks, in this order, the framing
// (checkpoint.Open), the name and key (SetIdentity) and the position
// (keystream.CheckPosition); on error the Source is unchanged and the
// error, prefixed "<family>: UnmarshalBinary: ", wraps one of checkpoint's
// errors.
func UnmarshalBinary[K any, P Kernel[K]](ks *keystream.Stream, k P, data []byte) error {
	var next K
	name, key, pos, err := checkpoint.Open(data, keystream.PositionSize)
	if err == nil {
		err = P(&next).SetIdentity(name, key)
	}
	if err == nil {
		err = keystream.CheckPosition(pos, P(&next).BlockSize())
	}
	if err != nil {
		return fmt.Errorf("%s: UnmarshalBinary: %w", k.Family(), err)
	}
	*k = next
	keystream.Restore(ks, k, pos)
	return nil
}

// Register lets package fill reach the keystream of a family's *S, which
// stream returns. Call it from an init function.
func Register[S any](stream func(*S) *keystream.Stream) {
	bulk.Register(func(src rand.Source) (bulk.Source, sync.Locker) {
		// A nil *S takes fill's per-call path, which panics only if a
		// value is owed, as rand.New(src) does.
		if s, ok := any(src).(*S); ok && s != nil {
			return stream(s), nil
		}
		return nil, nil
	})
}

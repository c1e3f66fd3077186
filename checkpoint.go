package streamrand

import (
	"errors"
	"fmt"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/checkpoint"
)

// The errors of restoring a checkpoint, from Unmarshal and from the
// UnmarshalBinary method of every Generator, matched with errors.Is (the
// returned errors wrap them with more detail). They are the very values the
// chacha and aesctr packages return.
var (
	// ErrFormat: the data is not a checkpoint of this module (wrong
	// magic, length or field), or a field is out of range (a key length
	// that does not fit the algorithm, an offset beyond the block).
	ErrFormat = checkpoint.ErrFormat
	// ErrVersion: a checkpoint of a format version this code does not
	// know.
	ErrVersion = checkpoint.ErrVersion
	// ErrChecksum: the checksum does not match: the data was corrupted.
	ErrChecksum = checkpoint.ErrChecksum
	// ErrAlgorithm: a valid checkpoint of an algorithm the receiver cannot
	// run (an AES state given to a chacha Source, or a name that no
	// package knows).
	ErrAlgorithm = checkpoint.ErrAlgorithm
)

// Unmarshal restores a checkpoint written by the MarshalBinary or
// AppendBinary method of any Generator, whatever its algorithm, and returns
// a Generator that resumes that exact stream: a *chacha.Source or an
// *aesctr.Source. A checkpoint of a Locked Generator restores unlocked.
// Invalid data returns an error that matches ErrFormat, ErrVersion,
// ErrChecksum or ErrAlgorithm under errors.Is.
func Unmarshal(data []byte) (Generator, error) {
	c := new(chacha.Source)
	cerr := c.UnmarshalBinary(data)
	if cerr == nil {
		return c, nil
	}
	a := new(aesctr.Source)
	aerr := a.UnmarshalBinary(data)
	switch {
	case aerr == nil:
		return a, nil
	case errors.Is(aerr, ErrAlgorithm) && errors.Is(cerr, ErrAlgorithm):
		// Well framed, of an algorithm no package runs.
		return nil, fmt.Errorf("streamrand: Unmarshal: %w: %q", ErrAlgorithm, checkpoint.Name(data))
	case errors.Is(aerr, ErrAlgorithm):
		// A chacha checkpoint: chacha's error says what is wrong.
		return nil, fmt.Errorf("streamrand: Unmarshal: %w", cerr)
	case errors.Is(cerr, ErrAlgorithm):
		return nil, fmt.Errorf("streamrand: Unmarshal: %w", aerr)
	}
	// Neither package got as far as the algorithm name: the framing is
	// wrong (both say the same), and naming either package would
	// mislead. The packages wrap the framing error without detail.
	return nil, fmt.Errorf("streamrand: Unmarshal: %w", errors.Unwrap(cerr))
}

// AlgorithmOf returns the Algorithm g runs, looking through Locked, and
// true; or false if g is not a generator of this module or has no
// algorithm yet (a zero chacha.Source or aesctr.Source).
func AlgorithmOf(g Generator) (Algorithm, bool) {
	switch g := g.(type) {
	case *chacha.Source:
		if g == nil {
			break
		}
		switch g.Rounds() {
		case 8:
			return ChaCha8, true
		case 12:
			return ChaCha12, true
		case 20:
			return ChaCha20, true
		}
	case *aesctr.Source:
		if g == nil {
			break
		}
		switch g.KeySize() {
		case 16:
			return AES128CTR, true
		case 24:
			return AES192CTR, true
		case 32:
			return AES256CTR, true
		}
	case *locked:
		if g == nil {
			break
		}
		g.mu.Lock()
		defer g.mu.Unlock()
		return AlgorithmOf(g.g)
	}
	return 0, false
}

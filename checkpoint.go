package streamrand

import (
	"fmt"

	"github.com/streamrand/streamrand/internal/checkpoint"
	"github.com/streamrand/streamrand/internal/keystream"
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
	// The framing first: its errors belong to no family, so they name none.
	name, _, _, err := checkpoint.Open(data, keystream.PositionSize)
	if err != nil {
		return nil, fmt.Errorf("streamrand: Unmarshal: %w", err)
	}
	// Then the checkpoint's own algorithm name picks the family, whose
	// UnmarshalBinary judges the key and the position.
	for _, row := range algorithms {
		if row.name == name {
			g, err := row.family.restore(data)
			if err != nil {
				return nil, fmt.Errorf("streamrand: Unmarshal: %w", err)
			}
			return g, nil
		}
	}
	return nil, fmt.Errorf("streamrand: Unmarshal: %w: %q", ErrAlgorithm, name)
}

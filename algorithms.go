package streamrand

import (
	"fmt"
	"strings"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/algtable"
)

// An Algorithm names a generator.
type Algorithm uint8

// The algorithms, in the order Algorithms returns them.
const (
	ChaCha8 Algorithm = iota
	ChaCha12
	ChaCha20
	AES128CTR
	AES192CTR
	AES256CTR
	numAlgorithms
)

// algorithms is the one description of the algorithms: String,
// ParseAlgorithm, KeySize, New, NewWithKey, Unmarshal and AlgorithmOf read
// it, and the command and the tests read its facts through
// internal/algtable. A row's name is also the name its family's packages
// write in the checkpoints of that algorithm, which Unmarshal dispatches on.
var algorithms = [numAlgorithms]algorithm{
	ChaCha8:   {"chacha8", &chachaFamily, 8, chacha.KeySize, seeded(chacha.NewSource), "math/rand/v2 ChaCha8"},
	ChaCha12:  {"chacha12", &chachaFamily, 12, chacha.KeySize, seeded(chacha.NewSource12), "math/rand/v2 ChaCha8"},
	ChaCha20:  {"chacha20", &chachaFamily, 20, chacha.KeySize, seeded(chacha.NewSource20), "x/crypto chacha20"},
	AES128CTR: {"aes128ctr", &aesFamily, 16, 16, seeded(aesctr.NewSource), "crypto/cipher CTR AES-128"},
	AES192CTR: {"aes192ctr", &aesFamily, 24, 24, seeded(aesctr.NewSource192), "crypto/cipher CTR AES-192"},
	AES256CTR: {"aes256ctr", &aesFamily, 32, 32, seeded(aesctr.NewSource256), "crypto/cipher CTR AES-256"},
}

// An algorithm is a row of the table.
type algorithm struct {
	name    string
	family  *family
	param   int // what tells the family's algorithms apart: rounds (ChaCha) or key size in bytes (AES)
	keySize int
	seeded  func(seed uint64) Generator
	peer    string // its peer in internal/peers, which the benchmarks and the bench command measure it against
}

// A family is a generator package: one Source type runs all its algorithms,
// told apart by a parameter, and restores a checkpoint of any of them.
type family struct {
	facts   algtable.Family                                               // the package's name and Backend
	withKey func(key []byte, param int, stream uint64) (Generator, error) // key of the row's keySize
	restore func(data []byte) (Generator, error)                          // a checkpoint of one of the family's names
	param   func(g Generator) (int, bool)                                 // g's parameter, if g is a non-nil Source of the family
}

var chachaFamily = family{
	facts: algtable.Family{Name: "chacha", Backend: chacha.Backend},
	withKey: func(key []byte, rounds int, stream uint64) (Generator, error) {
		return generator(chacha.NewWithKey([chacha.KeySize]byte(key), rounds, stream))
	},
	restore: unmarshal[chacha.Source],
	param:   paramOf((*chacha.Source).Rounds),
}

var aesFamily = family{
	facts: algtable.Family{Name: "aesctr", Backend: aesctr.Backend},
	withKey: func(key []byte, _ int, stream uint64) (Generator, error) {
		return generator(aesctr.NewWithKey(key, stream))
	},
	restore: unmarshal[aesctr.Source],
	param:   paramOf((*aesctr.Source).KeySize),
}

// The command and the tests read the table's facts through
// internal/algtable.
func init() {
	rows := make([]algtable.Row, len(algorithms))
	for a := range algorithms {
		row := &algorithms[a]
		rows[a] = algtable.Row{Name: row.name, Family: &row.family.facts, Param: row.param, Peer: row.peer}
	}
	algtable.Publish(rows)
}

// seeded adapts a package's constructor from a seed to the table.
func seeded[S Generator](f func(uint64) S) func(uint64) Generator {
	return func(seed uint64) Generator { return f(seed) }
}

// generator adapts a package's constructor from a key: on error the
// Generator is nil, not an interface holding a nil pointer.
func generator[S Generator](s S, err error) (Generator, error) {
	if err != nil {
		return nil, err
	}
	return s, nil
}

// A sourcePtr is a generator package's *Source.
type sourcePtr[S any] interface {
	*S
	Generator
}

// unmarshal restores a new *S from data with its UnmarshalBinary.
func unmarshal[S any, P sourcePtr[S]](data []byte) (Generator, error) {
	s := P(new(S))
	return generator(s, s.UnmarshalBinary(data))
}

// paramOf returns a family's parameter reader over get, a method of its
// Source.
func paramOf[S any, P sourcePtr[S]](get func(P) int) func(Generator) (int, bool) {
	return func(g Generator) (int, bool) {
		s, ok := g.(P)
		if !ok || s == nil {
			return 0, false
		}
		return get(s), true
	}
}

// String returns the algorithm's name: "chacha8", "chacha12", "chacha20",
// "aes128ctr", "aes192ctr" or "aes256ctr".
func (a Algorithm) String() string {
	if a < numAlgorithms {
		return algorithms[a].name
	}
	return fmt.Sprintf("Algorithm(%d)", uint8(a))
}

// ParseAlgorithm returns the Algorithm named name, as String returns it in
// any letter case: "chacha8", "ChaCha8" (the constant's name) and "CHACHA8"
// all name ChaCha8.
func ParseAlgorithm(name string) (Algorithm, error) {
	names := make([]string, numAlgorithms)
	for a, row := range algorithms {
		// The names are ASCII: with equal byte lengths, EqualFold matches
		// only ASCII letters in another case (a non-ASCII rune that folds
		// to an ASCII one, such as U+017F for 's', is longer).
		if len(name) == len(row.name) && strings.EqualFold(name, row.name) {
			return Algorithm(a), nil
		}
		names[a] = row.name
	}
	return 0, fmt.Errorf("streamrand: unknown algorithm %q (want one of %v)", name, names)
}

// Algorithms returns every Algorithm.
func Algorithms() []Algorithm {
	as := make([]Algorithm, numAlgorithms)
	for i := range as {
		as[i] = Algorithm(i)
	}
	return as
}

// KeySize returns the key length in bytes the algorithm takes, or 0 if a
// is not a valid Algorithm.
func (a Algorithm) KeySize() int {
	if a < numAlgorithms {
		return algorithms[a].keySize
	}
	return 0
}

// New returns a Generator of algorithm a keyed from seed (rand_core's
// seed_from_u64 expansion; AES-192 and AES-256 take the first 24 or 32 bytes
// of it), stream 0: chacha.NewSource, NewSource12, NewSource20 or
// aesctr.NewSource, NewSource192, NewSource256.
// It panics if a is not a valid Algorithm.
func New(a Algorithm, seed uint64) Generator {
	if a >= numAlgorithms {
		panic(fmt.Sprintf("streamrand: New: invalid algorithm %d", uint8(a)))
	}
	return algorithms[a].seeded(seed)
}

// NewWithKey returns a Generator of algorithm a with the given key (32
// bytes for ChaCha, 16, 24 or 32 for AES-128, AES-192, AES-256) and stream
// id.
func NewWithKey(a Algorithm, key []byte, stream uint64) (Generator, error) {
	if a >= numAlgorithms {
		return nil, fmt.Errorf("streamrand: invalid algorithm %d", uint8(a))
	}
	row := &algorithms[a]
	if len(key) != row.keySize {
		return nil, fmt.Errorf("streamrand: %s takes a key of %d bytes, not %d", a, row.keySize, len(key))
	}
	return row.family.withKey(key, row.param, stream)
}

// AlgorithmOf returns the Algorithm g runs, looking through Locked, and
// true; or false if g is not a generator of this module or has no
// algorithm yet (a zero chacha.Source or aesctr.Source).
func AlgorithmOf(g Generator) (Algorithm, bool) {
	if l, ok := g.(*locked); ok && l != nil {
		l.mu.Lock()
		defer l.mu.Unlock()
		return AlgorithmOf(l.g)
	}
	for a, row := range algorithms {
		if p, ok := row.family.param(g); ok && p == row.param {
			return Algorithm(a), true
		}
	}
	return 0, false
}

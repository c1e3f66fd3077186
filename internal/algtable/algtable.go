// Package algtable lets the command and the tests read the facts of the
// root package's table of algorithms, which is unexported: per algorithm
// its name, its family (the generator package that runs it) and parameter,
// and the peer the benchmarks measure it against; per family its name and
// Backend.
//
// The root package publishes its table here at init, so the table stays
// the one description of the algorithms and imports still run one way:
// this package imports nothing of the module. Rows is empty in a program
// that does not link the root package.
package algtable

import "slices"

// A Family is a generator package: one Source type runs all its
// algorithms.
type Family struct {
	// Name is the package's name: the prefix of its errors
	// ("chacha: ...") and the name of its kernel registry
	// (internal/impl.Lookup).
	Name string
	// Backend is the package's Backend: the kernel it runs on this CPU.
	Backend func() string
}

// A Row is an algorithm: the row of streamrand.Algorithm(i) is Rows()[i].
type Row struct {
	Name   string  // Algorithm.String, and the name its checkpoints carry
	Family *Family // shared by the rows of one family
	// Param tells the family's algorithms apart: the round count
	// (ChaCha) or the key size in bytes (AES).
	Param int
	// Peer is the name of the algorithm's peer in internal/peers: the
	// usual Go way to get the same kind of bytes, which the benchmarks and
	// the bench command measure it against.
	Peer string
}

var rows []Row

// Publish records the table. The root package calls it once, from init.
func Publish(r []Row) {
	if rows != nil {
		panic("algtable: published twice")
	}
	rows = r
}

// Rows returns the table, indexed by streamrand.Algorithm. The caller does
// not modify it.
func Rows() []Row { return rows }

// Families returns the families of the table, each once, in the order of
// their first rows.
func Families() []*Family {
	var fs []*Family
	for _, r := range rows {
		if !slices.Contains(fs, r.Family) {
			fs = append(fs, r.Family)
		}
	}
	return fs
}

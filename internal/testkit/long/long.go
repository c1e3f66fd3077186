// Package long gates the long tests: statistical sweeps over thousands of
// seeds, batteries at several MiB, fills of millions of values. They run
// when the environment variable STREAMRAND_LONG is 1 (as .ci/run sets it),
// so that go test ./... stays quick while CI keeps every assertion.
package long

import (
	"os"
	"testing"
)

// Env is the environment variable that enables the long tests.
const Env = "STREAMRAND_LONG"

// Enabled reports whether the long tests run: STREAMRAND_LONG=1 and not
// -short.
func Enabled() bool { return os.Getenv(Env) == "1" && !testing.Short() }

// Skip skips tb unless the long tests run, saying how to run it.
func Skip(tb testing.TB) {
	tb.Helper()
	if !Enabled() {
		tb.Skip("long test: set " + Env + "=1 to run it (.ci/run does)")
	}
}

// Package impl is the registry of a package's kernel alternatives, after
// the idea of Go's crypto/internal/impl, and the tier rules that decide
// which of them this CPU runs (Tiers). chacha, aesctr, fill and dist
// each register, at init, every alternative Tiers gives them on this
// architecture (a name and the package-level bool that enables it, which
// Register sets from the CPU's features) and read Backend from here, and
// their tests run each alternative the CPU has in turn
// (internal/testkit/backendtest).
//
// Each alternative is complete on its own: with every other alternative
// disabled it still runs, and disabling one never disables another. The
// dispatch in the package checks its bools at the call, in the order of
// Tiers (the preferred first), so the first one enabled is the one that
// runs; with none enabled the package runs its portable Go code, "generic".
package impl

import (
	"fmt"
	"runtime"
	"slices"

	"github.com/streamrand/streamrand/internal/cpu"
)

// Registry holds one package's alternatives, in the order of Tiers.
type Registry struct {
	pkg  string
	rows []Tier                 // Tiers' rows for pkg on this architecture
	has  func(cpu.Feature) bool // cpu.Has
	core cpu.Core               // cpu.ThisCore
	alts []alternative
}

type alternative struct {
	Tier
	available bool  // the CPU can run it
	chosen    bool  // it runs and is not passed over on this core (*on at registration)
	on        *bool // the package's dispatch bool
}

// Generic names the portable code that runs when no alternative is enabled.
const Generic = "generic"

var registries = map[string]*Registry{}

// New returns the empty registry of the package pkg, one of Packages.
func New(pkg string) *Registry {
	if !slices.ContainsFunc(Packages, func(p Package) bool { return p.Pkg == pkg }) {
		panic("impl: " + pkg + " has no tier rules")
	}
	if registries[pkg] != nil {
		panic("impl: " + pkg + " has a registry already")
	}
	r := &Registry{pkg: pkg, rows: rows(pkg, runtime.GOARCH), has: cpu.Has, core: cpu.ThisCore()}
	registries[pkg] = r
	return r
}

// Lookup returns the registry of the package pkg, or nil if that package is
// not linked in (for tests that check another package's kernels).
func Lookup(pkg string) *Registry { return registries[pkg] }

// Register records the alternative name, the next of the package's rows of
// Tiers on this architecture, and sets *on to whether this CPU has every
// feature that row needs (cpu.Has, which honours GODEBUG=cpu.<switch>=off)
// and is not of a core the row passes it over on (cpu.ThisCore). Each is
// registered once, at init, in the order of Tiers; it panics otherwise.
func (r *Registry) Register(name string, on *bool) {
	i := len(r.alts)
	if i == len(r.rows) || r.rows[i].Name != name {
		want := "none"
		if i < len(r.rows) {
			want = r.rows[i].Name
		}
		panic(fmt.Sprintf("impl: %s registers %s, but its next tier on %s is %s", r.pkg, name, runtime.GOARCH, want))
	}
	t := r.rows[i]
	*on = t.chosen(r.has, r.core)
	r.alts = append(r.alts, alternative{t, t.runs(r.has), *on, on})
}

// Pkg is the name of the registry's package.
func (r *Registry) Pkg() string { return r.pkg }

// Registered reports whether the package registered its tiers (none in a
// build without assembly, or on an architecture without tiers).
func (r *Registry) Registered() bool { return len(r.alts) > 0 }

// Check reports an error unless every row of Tiers for the package on this
// architecture was registered, or none was (a build without assembly).
func (r *Registry) Check() error {
	if n := len(r.alts); n != 0 && n != len(r.rows) {
		return fmt.Errorf("impl: %s registered %d of its %d tiers on %s", r.pkg, n, len(r.rows), runtime.GOARCH)
	}
	return nil
}

// Backend names the alternative in use: the first one enabled, or
// "generic".
func (r *Registry) Backend() string {
	for _, a := range r.alts {
		if *a.on {
			return a.Name
		}
	}
	return Generic
}

// Chosen names the alternative chosen at init: the first that runs on this
// CPU and is not passed over on its core, or "generic". Backend is Chosen
// unless a test has selected another.
func (r *Registry) Chosen() string {
	for _, a := range r.alts {
		if a.chosen {
			return a.Name
		}
	}
	return Generic
}

// Available lists the alternatives this CPU can run, in order of
// preference, followed by "generic". It includes those passed over on
// this CPU's core, which the tests and benchmarks run all the same.
func (r *Registry) Available() []string {
	var names []string
	for _, a := range r.alts {
		if a.available {
			names = append(names, a.Name)
		}
	}
	return append(names, Generic)
}

// Has reports whether name is an alternative this CPU can run.
func (r *Registry) Has(name string) bool {
	i := r.find(name)
	return i >= 0 && r.alts[i].available
}

// Select enables only the alternative name ("generic": none), which must be
// one of Available, and returns a function that restores the previous
// state. For tests only: the bools are not synchronised.
func (r *Registry) Select(name string) (restore func()) {
	if name != Generic && !r.Has(name) {
		panic(r.pkg + ": kernel " + name + " is not available")
	}
	prev := make([]bool, len(r.alts))
	for i, a := range r.alts {
		prev[i] = *a.on
		*a.on = a.Name == name
	}
	return func() {
		for i, a := range r.alts {
			*a.on = prev[i]
		}
	}
}

func (r *Registry) find(name string) int {
	return slices.IndexFunc(r.alts, func(a alternative) bool { return a.Name == name })
}

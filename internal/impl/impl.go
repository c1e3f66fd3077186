// Package impl is the registry of a package's kernel alternatives, after
// the idea of Go's crypto/internal/impl: chacha, aesctr and fill each
// register, at init, every alternative they have (a name and the
// package-level bool that enables it) and read Backend from here, and their
// tests run each alternative the CPU has in turn (internal/backendtest).
//
// Each alternative is complete on its own: with every other alternative
// disabled it still runs, and disabling one never disables another. The
// dispatch in the package checks its bools at the call, in the order the
// alternatives were registered (the preferred first), so the first one
// enabled is the one that runs; with none enabled the package runs its
// portable Go code, "generic".
package impl

// Registry holds one package's alternatives, in order of preference.
type Registry struct {
	pkg  string
	alts []alternative
}

type alternative struct {
	name      string
	available bool  // the CPU can run it (*on at registration)
	on        *bool // the package's dispatch bool
}

// Generic names the portable code that runs when no alternative is enabled.
const Generic = "generic"

// New returns an empty registry for the package named pkg (used in panic
// messages).
func New(pkg string) *Registry { return &Registry{pkg: pkg} }

// Register records the alternative name, after those registered before it
// in order of preference, enabled by *on. *on must already say whether this
// CPU can run it (computed from golang.org/x/sys/cpu, which honours
// GODEBUG=cpu.<feature>=off); Register is called once per alternative, at
// init.
func (r *Registry) Register(name string, on *bool) {
	if name == Generic || r.find(name) >= 0 {
		panic(r.pkg + ": kernel " + name + " registered twice")
	}
	r.alts = append(r.alts, alternative{name, *on, on})
}

// Backend names the alternative in use: the first one enabled, or
// "generic".
func (r *Registry) Backend() string {
	for _, a := range r.alts {
		if *a.on {
			return a.name
		}
	}
	return Generic
}

// Available lists the alternatives this CPU can run, in order of
// preference, followed by "generic".
func (r *Registry) Available() []string {
	var names []string
	for _, a := range r.alts {
		if a.available {
			names = append(names, a.name)
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
		*a.on = a.name == name
	}
	return func() {
		for i, a := range r.alts {
			*a.on = prev[i]
		}
	}
}

func (r *Registry) find(name string) int {
	for i, a := range r.alts {
		if a.name == name {
			return i
		}
	}
	return -1
}

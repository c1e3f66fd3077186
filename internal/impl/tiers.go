package impl

import (
	"slices"

	"github.com/streamrand/streamrand/internal/cpu"
)

// A Tier is one row of the tier rules: a kernel alternative of a package on
// one architecture, every CPU feature it needs, and the cores it is passed
// over on.
type Tier struct {
	Pkg    string // "chacha", "aesctr", "fill" or "dist"
	GOARCH string // "amd64" or "arm64"
	Name   string // the backend name (Backend)
	Rule
}

// A Rule says where a tier is chosen: on a CPU with every feature it needs,
// unless the CPU is of a core in NotOn. A tier is passed over on a core
// where it runs but was measured no faster than the next tier (a tier wins
// only where it is measured faster on every microarchitecture that can be
// run or modelled); the tests still run it there.
type Rule struct {
	Needs []cpu.Feature // every feature it needs
	NotOn []cpu.Core    // the cores it is passed over on
}

func needs(f ...cpu.Feature) Rule { return Rule{Needs: f} }

// notOn returns r passed over on the cores c.
func (r Rule) notOn(c ...cpu.Core) Rule {
	r.NotOn = c
	return r
}

// Tiers are the tier rules, the one table that decides which kernel runs:
// each package registers its alternatives from it at init (Register; the
// package's alternatives on an architecture are its rows for that
// architecture, preferred first), CI's expected backends are computed from
// it (internal/cmd/tiers), and docs/backends.md's tables are checked against
// it (tiers_test.go). An architecture without rows, or a build without
// assembly (-tags purego), runs the portable code, "generic".
var Tiers = []Tier{
	// chacha: 16 blocks per ZMM pass (two passes interleaved), 8 per YMM,
	// 4 per XMM; on arm64 8 blocks, 7 in NEON registers.
	{"chacha", "amd64", "avx512", needs(cpu.AVX512)},
	{"chacha", "amd64", "avx2", needs(cpu.AVX2)},
	{"chacha", "amd64", "sse", needs(cpu.SSSE3)},
	{"chacha", "arm64", "neon", needs(cpu.ASIMD)},

	// aesctr: VAES on ZMM registers (EVEX forms, byte shuffles of AVX-512
	// BW), VAES on YMM registers (VEX forms), AES-NI on XMM registers (with
	// SSSE3's PSHUFB); on arm64 AESE/AESMC. AMD's family 25 (Zen 4) executes
	// a ZMM operation as two YMM halves, and vaes512 is no faster there than
	// vaes256 (docs/backends.md has the figures).
	{"aesctr", "amd64", "vaes512", needs(cpu.AESNI, cpu.SSSE3, cpu.AVX2, cpu.VAES, cpu.AVX512, cpu.AVX512BW).notOn(cpu.AMDFamily25)},
	{"aesctr", "amd64", "vaes256", needs(cpu.AESNI, cpu.SSSE3, cpu.AVX2, cpu.VAES)},
	{"aesctr", "amd64", "aesni", needs(cpu.AESNI, cpu.SSSE3)},
	{"aesctr", "arm64", "arm64", needs(cpu.ARM64AES)},

	// fill: the AVX-512 conversions with the ziggurats' tables looked up
	// by byte permutes (VBMI, BW), the same by dword permutes, and AVX2's;
	// compactAVX512 and compactAVX2 use POPCNT, compactAVX512 BMI2 too.
	{"fill", "amd64", "avx512vbmi", needs(cpu.AVX512, cpu.AVX512DQ, cpu.AVX512VL, cpu.POPCNT, cpu.BMI2, cpu.AVX512VBMI, cpu.AVX512BW)},
	{"fill", "amd64", "avx512", needs(cpu.AVX512, cpu.AVX512DQ, cpu.AVX512VL, cpu.POPCNT, cpu.BMI2)},
	{"fill", "amd64", "avx2", needs(cpu.AVX2, cpu.POPCNT)},

	// dist: the one-word fast paths of its ziggurats and Uniform, 8 words
	// per ZMM register (VCVTQQ2PD and the byte opmask instructions are
	// DQ's), 4 per YMM; the compactions count with POPCNT.
	{"dist", "amd64", "avx512", needs(cpu.AVX512, cpu.AVX512DQ, cpu.POPCNT)},
	{"dist", "amd64", "avx2", needs(cpu.AVX2, cpu.POPCNT)},
}

// A Package is a package with kernels, and the environment variable that
// names the backend CI expects of it.
type Package struct{ Pkg, Env string }

// Packages are the packages of Tiers, in the order CI and the docs list
// them.
var Packages = []Package{
	{"chacha", "STREAMRAND_CHACHA_BACKEND"},
	{"aesctr", "STREAMRAND_AES_BACKEND"},
	{"fill", "STREAMRAND_FILL_BACKEND"},
	{"dist", "STREAMRAND_DIST_BACKEND"},
}

// GODEBUGs are the GODEBUG values docs/backends.md tabulates, in its order,
// for an amd64 CPU with every feature (Models' "Ice Lake-SP"). CI runs the tests
// under each but the first (unset) and the last (all portable code, which
// CI runs with -tags purego).
var GODEBUGs = []string{
	"",
	"cpu.avx512vbmi=off",
	"cpu.avx512=off",
	"cpu.avx512vaes=off",
	"cpu.avx512=off,cpu.avx512vaes=off",
	"cpu.avx2=off",
	"cpu.avx512=off,cpu.avx2=off",
	"cpu.aes=off",
	"cpu.avx512=off,cpu.avx2=off,cpu.ssse3=off",
}

// A Model is a kind of CPU that docs/backends.md's first table names: its
// flags in /proc/cpuinfo, of those that Tiers reads.
type Model struct {
	Name string
	CPU  cpu.CPU
}

// Models are the rows of docs/backends.md's first table, in its order.
var Models = []Model{
	{"Ice Lake-SP", cpu.CPU{GOARCH: "amd64", Flags: everyFeature, Core: intel}},
	{"Zen 4", cpu.CPU{GOARCH: "amd64", Flags: everyFeature, Core: cpu.AMDFamily25}},
	{"Skylake-SP", cpu.CPU{GOARCH: "amd64", Flags: cpu.FlagSet("ssse3 popcnt bmi2 aes avx2 avx512f avx512bw avx512dq avx512vl"), Core: intel}},
	{"Zen 3", cpu.CPU{GOARCH: "amd64", Flags: cpu.FlagSet("ssse3 popcnt bmi2 aes avx2 vaes"), Core: cpu.AMDFamily25}},
	{"Haswell", cpu.CPU{GOARCH: "amd64", Flags: cpu.FlagSet("ssse3 popcnt bmi2 aes avx2"), Core: intel}},
	{"Westmere", cpu.CPU{GOARCH: "amd64", Flags: cpu.FlagSet("ssse3 popcnt aes"), Core: intel}},
	{"arm64", cpu.CPU{GOARCH: "arm64", Flags: cpu.FlagSet("asimd aes")}},
	{"other", cpu.CPU{GOARCH: "riscv64"}},
}

// everyFeature is the /proc/cpuinfo flags Tiers reads, all of them: Intel's
// servers from Ice Lake-SP on and AMD's Zen 4 have them.
var everyFeature = cpu.FlagSet("ssse3 popcnt bmi2 aes avx2 vaes avx512f avx512bw avx512dq avx512vl avx512vbmi")

// intel is the Core of Intel's amd64 processors of Models.
var intel = cpu.Core{Vendor: "GenuineIntel", Family: 6}

// LookupModel returns the model named name.
func LookupModel(name string) (Model, bool) {
	i := slices.IndexFunc(Models, func(m Model) bool { return m.Name == name })
	if i < 0 {
		return Model{}, false
	}
	return Models[i], true
}

// Expect returns the backend that package pkg selects on c, by the rows of
// Tiers: its first alternative for c.GOARCH whose needs c has, or "generic".
// It is what a build with assembly selects on that CPU under that GODEBUG.
func Expect(pkg string, c cpu.CPU) string {
	for _, t := range rows(pkg, c.GOARCH) {
		if t.chosen(c.Has, c.Core) {
			return t.Name
		}
	}
	return Generic
}

// rows returns the rows of Tiers for pkg on goarch, in order.
func rows(pkg, goarch string) []Tier {
	var ts []Tier
	for _, t := range Tiers {
		if t.Pkg == pkg && t.GOARCH == goarch {
			ts = append(ts, t)
		}
	}
	return ts
}

// runs reports whether a CPU with the features has is one t may run on.
func (t Tier) runs(has func(cpu.Feature) bool) bool {
	for _, f := range t.Needs {
		if !has(f) {
			return false
		}
	}
	return true
}

// chosen reports whether t is chosen, where it comes first, on a CPU with
// the features has, of the core: it runs there and is not passed over.
func (t Tier) chosen(has func(cpu.Feature) bool, core cpu.Core) bool {
	return t.runs(has) && !slices.Contains(t.NotOn, core)
}

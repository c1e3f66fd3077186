// Package cpu is the one place that reads the CPU's features, for the
// kernels of chacha, aesctr and fill (after the standard library's
// crypto/internal/fips140deps/cpu): each Feature is a named predicate, "this
// CPU runs these instructions and GODEBUG has not switched them off", and
// nothing else imports golang.org/x/sys/cpu or executes CPUID.
//
// A Feature is answered two ways: Has, for this process (x/sys/cpu's
// detection, which honours GODEBUG=cpu.<switch>=off, and CPUID for VAES);
// and CPU.Has, for a CPU described by its /proc/cpuinfo flags and a GODEBUG
// value, which is how CI and the tests predict the backends of a machine
// without trusting the detection they check (internal/impl's Tiers).
package cpu

import (
	"os"
	"strings"

	"golang.org/x/sys/cpu"
)

// A Feature is a CPU predicate that some kernel needs.
type Feature uint8

// The features, one spelling each. Where one is part of another (an AVX-512
// extension of AVX-512 itself), it includes it, so that each is true only
// where its instructions may run.
const (
	// amd64
	SSSE3      Feature = iota // SSSE3
	POPCNT                    // POPCNT
	BMI2                      // BMI2
	AESNI                     // AES-NI
	AVX2                      // AVX2, with the OS saving YMM state
	VAES                      // the VAES instructions; their VEX forms need AVX2 as well, their EVEX forms AVX512
	AVX512                    // AVX-512 Foundation, with the OS saving ZMM and opmask state
	AVX512BW                  // AVX512 and its BW extension
	AVX512DQ                  // AVX512 and its DQ extension
	AVX512VL                  // AVX512 and its VL extension
	AVX512VBMI                // AVX512 and its VBMI extension
	// arm64
	ASIMD    // Advanced SIMD (NEON)
	ARM64AES // the AES instructions (AESE, AESMC)

	numFeatures
)

// A feature's description, the same for the detection and for a described
// CPU.
type feature struct {
	name   string   // as the docs write it
	goarch string   // the architecture it belongs to
	flag   string   // the flag of /proc/cpuinfo that says the CPU has it
	off    []string // the GODEBUG switches of x/sys/cpu that turn it off (cpu.X=off)
	in     Feature  // the feature it is part of, or none (itself)
	has    bool     // detected in this process, GODEBUG applied
}

// features is indexed by Feature. The switches are x/sys/cpu's: its avx512
// switch clears X86.HasAVX512 but not X86.HasAVX512F, and avx512f the
// reverse, so AVX512 has both; avx512vaes is its only switch for VAES
// (vaesOn). /proc/cpuinfo has no flag of its own for AVX512: avx512f.
var features = [numFeatures]feature{
	SSSE3:      {"SSSE3", "amd64", "ssse3", []string{"ssse3"}, SSSE3, cpu.X86.HasSSSE3},
	POPCNT:     {"POPCNT", "amd64", "popcnt", []string{"popcnt"}, POPCNT, cpu.X86.HasPOPCNT},
	BMI2:       {"BMI2", "amd64", "bmi2", []string{"bmi2"}, BMI2, cpu.X86.HasBMI2},
	AESNI:      {"AES-NI", "amd64", "aes", []string{"aes"}, AESNI, cpu.X86.HasAES},
	AVX2:       {"AVX2", "amd64", "avx2", []string{"avx2"}, AVX2, cpu.X86.HasAVX2},
	VAES:       {"VAES", "amd64", "vaes", []string{"avx512vaes"}, VAES, vaesCPUID() && !SwitchedOff(os.Getenv("GODEBUG"), "avx512vaes")},
	AVX512:     {"AVX-512", "amd64", "avx512f", []string{"avx512", "avx512f"}, AVX512, cpu.X86.HasAVX512 && cpu.X86.HasAVX512F},
	AVX512BW:   {"AVX-512 BW", "amd64", "avx512bw", []string{"avx512bw"}, AVX512, cpu.X86.HasAVX512BW},
	AVX512DQ:   {"AVX-512 DQ", "amd64", "avx512dq", []string{"avx512dq"}, AVX512, cpu.X86.HasAVX512DQ},
	AVX512VL:   {"AVX-512 VL", "amd64", "avx512vl", []string{"avx512vl"}, AVX512, cpu.X86.HasAVX512VL},
	AVX512VBMI: {"AVX-512 VBMI", "amd64", "avx512vbmi", []string{"avx512vbmi"}, AVX512, cpu.X86.HasAVX512VBMI},
	ASIMD:      {"ASIMD", "arm64", "asimd", []string{"asimd"}, ASIMD, cpu.ARM64.HasASIMD},
	ARM64AES:   {"AES", "arm64", "aes", []string{"aes"}, ARM64AES, cpu.ARM64.HasAES},
}

// Features lists every feature, in the order of the constants.
func Features() []Feature {
	fs := make([]Feature, numFeatures)
	for i := range fs {
		fs[i] = Feature(i)
	}
	return fs
}

// String names f as the docs do ("AVX2", "AVX-512 BW").
func (f Feature) String() string { return features[f].name }

// GOARCH is the architecture whose CPUs may have f.
func (f Feature) GOARCH() string { return features[f].goarch }

// Flag is the /proc/cpuinfo flag that says a CPU has f (with the features
// f is part of).
func (f Feature) Flag() string { return features[f].flag }

// Switches are the names X whose GODEBUG=cpu.X=off turns f off (with those
// of the features f is part of).
func (f Feature) Switches() []string {
	s := features[f].off
	if in := features[f].in; in != f {
		s = append(in.Switches(), s...)
	}
	return s
}

// Has reports whether this process may run f's instructions: the CPU has
// them, the OS saves the registers they use, and GODEBUG has not switched
// them off.
func Has(f Feature) bool {
	if in := features[f].in; in != f && !Has(in) {
		return false
	}
	return features[f].has
}

// A CPU is a processor described rather than detected: the flags that
// /proc/cpuinfo lists for it (its "flags" line on amd64, "Features" on
// arm64), its Core, and the GODEBUG value a program would run with.
type CPU struct {
	GOARCH  string
	Flags   map[string]bool
	GODEBUG string
	Core    Core // its vendor_id and cpu family (ParseCore)
}

// Has reports whether a program on c may run f's instructions: c is of f's
// architecture, lists f's flag (and those of the features f is part of),
// and c.GODEBUG switches none of them off.
func (c CPU) Has(f Feature) bool {
	if in := features[f].in; in != f && !c.Has(in) {
		return false
	}
	if c.GOARCH != f.GOARCH() || !c.Flags[f.Flag()] {
		return false
	}
	for _, s := range features[f].off {
		if SwitchedOff(c.GODEBUG, s) {
			return false
		}
	}
	return true
}

// FlagSet returns the set of the space-separated flags in s.
func FlagSet(s string) map[string]bool {
	set := map[string]bool{}
	for _, f := range strings.Fields(s) {
		set[f] = true
	}
	return set
}

// ParseCPUInfo returns the flags of the first processor in text, the
// contents of Linux's /proc/cpuinfo, for a CPU of architecture goarch: its
// "flags" line on amd64, its "Features" line on arm64. ok is false if it has
// no such line (another architecture's /proc/cpuinfo, as qemu-user shows
// the host's).
func ParseCPUInfo(text, goarch string) (flags map[string]bool, ok bool) {
	want := map[string]string{"amd64": "flags", "arm64": "Features"}[goarch]
	for line := range strings.Lines(text) {
		key, value, found := strings.Cut(line, ":")
		if found && want != "" && strings.TrimSpace(key) == want {
			return FlagSet(value), true
		}
	}
	return nil, false
}

// SwitchedOff reports whether the GODEBUG value godebug turns off x/sys/cpu's
// feature switch name: whether its last setting of cpu.name or cpu.all is
// "off". It reads godebug as x/sys/cpu's processOptions does (comma-separated
// fields, other fields and values ignored).
func SwitchedOff(godebug, name string) bool {
	off := false
	for field := range strings.SplitSeq(godebug, ",") {
		key, value, ok := strings.Cut(field, "=")
		if !ok || (key != "cpu."+name && key != "cpu.all") {
			continue
		}
		switch value {
		case "off":
			off = true
		case "on":
			off = false
		}
	}
	return off
}

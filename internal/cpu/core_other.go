//go:build !amd64 || !gc || purego

package cpu

// cpuidCore is the zero Core: no CPUID here (another architecture, or a
// build without assembly, which runs no kernel a Core could pass over).
func cpuidCore() Core { return Core{} }

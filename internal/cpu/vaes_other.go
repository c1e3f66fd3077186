//go:build !amd64 || !gc || purego

package cpu

// vaesCPUID is false: no CPUID here (another architecture, or a build
// without assembly, which has no kernel that uses VAES).
func vaesCPUID() bool { return false }

// haveCPUID: vaesCPUID reads nothing.
const haveCPUID = false

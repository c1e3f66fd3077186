//go:build gc && !purego

package cpu

// vaesCPUID reports whether CPUID says the CPU has VAES
// (CPUID.(EAX=7,ECX=0):ECX[9]). x/sys/cpu reads that bit only where AVX-512
// is usable (X86.HasAVX512VAES), but the VEX forms of VAES need only AVX2:
// AMD Zen 3 and Intel Alder Lake have VAES without AVX-512.
func vaesCPUID() bool {
	if maxLeaf, _, _, _ := cpuid(0, 0); maxLeaf < 7 {
		return false
	}
	_, _, ecx7, _ := cpuid(7, 0)
	return ecx7&(1<<9) != 0
}

// haveCPUID: vaesCPUID reads CPUID.
const haveCPUID = true

// cpuid executes CPUID with the given EAX and ECX. Implemented in
// cpuid_amd64.s.
func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

//go:build gc && !purego

package cpu

// cpuidCore reads this CPU's Core: the vendor string of CPUID leaf 0 (EBX,
// EDX, ECX) and the family of leaf 1's EAX, bits 8-11, plus bits 20-27
// where those are 15 (Intel's SDM, "CPUID—CPU Identification", and AMD's
// APM volume 3, which compute the family the same way).
func cpuidCore() Core {
	maxLeaf, b, c, d := cpuid(0, 0)
	vendor := string([]byte{
		byte(b), byte(b >> 8), byte(b >> 16), byte(b >> 24),
		byte(d), byte(d >> 8), byte(d >> 16), byte(d >> 24),
		byte(c), byte(c >> 8), byte(c >> 16), byte(c >> 24),
	})
	if maxLeaf < 1 {
		return Core{Vendor: vendor}
	}
	eax, _, _, _ := cpuid(1, 0)
	family := int(eax>>8) & 0xf
	if family == 0xf {
		family += int(eax>>20) & 0xff
	}
	return Core{vendor, family}
}

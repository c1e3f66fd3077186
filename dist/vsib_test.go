package dist

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// avx2GatherIndex4 matches an AVX2 gather (VEX encoded: no mask register
// K) whose VSIB index register is X4 or Y4, in the Go assembler's syntax.
var avx2GatherIndex4 = regexp.MustCompile(`^\s*V\w*GATHER\w*\s+[XY]\d+,\s*[^,]*\([XY]4\*[1248]\),`)

// TestGatherIndexNotRegister4 checks that no AVX2 gather of the generated
// kernels takes its indices from X4 or Y4. qemu-x86_64 7.2, which CI runs
// the AVX2 tier under (-cpu Haswell), decodes that VSIB index (register
// number 4, VEX.X clear) as "no index", as a plain SIB byte would, so
// every lane reads the entry at index 0, while real CPUs use the register:
// such a kernel agrees with the Go code on hardware and not under CI's
// emulator. avo's register allocator picks the registers, so any change
// to a kernel with gathers can move an index to Y4; scalar loads (as the
// exp and log kernels use) avoid the question.
func TestGatherIndexNotRegister4(t *testing.T) {
	for line, bad := range map[string]bool{
		"\tVGATHERQPD   Y6, (SI)(Y4*8), Y3":      true,
		"\tVPGATHERQQ Y7, 8(CX)(X4*8), Y6":       true,
		"\tVGATHERQPD   Y6, 1024(SI)(Y14*8), Y3": false,
		"\tVGATHERQPD   Y6, (SI)(Y3*8), Y4":      false,
		"\tVGATHERQPD (R9)(Z4*8), K7, Z6":        false, // AVX-512: EVEX
		"\tVPGATHERQQ 16(CX)(Y4*8), K1, Y6":      false,
	} {
		if avx2GatherIndex4.MatchString(line) != bad {
			t.Fatalf("the pattern misreads %q", line)
		}
	}
	src, err := os.ReadFile("dist_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(src), "\n") {
		if avx2GatherIndex4.MatchString(line) {
			t.Errorf("dist_amd64.s:%d: an AVX2 gather indexed by register 4, which qemu 7.2 reads as no index: %s", i+1, strings.TrimSpace(line))
		}
	}
}

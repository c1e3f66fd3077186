package aesctr

import (
	"testing"

	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// TestBackendSelected fails when the kernel chosen at init is not the one
// CI expects on this machine (STREAMRAND_AES_BACKEND), so a fast path that is silently
// disabled cannot pass.
func TestBackendSelected(t *testing.T) {
	backendtest.CheckSelected(t, kernels, "STREAMRAND_AES_BACKEND")
}

// TestBackendUnderGODEBUG (defect D4): GODEBUG=cpu.avx512vaes=off turns
// the VAES kernels off on a CPU with AVX-512 and on one without (AMD Zen 3,
// here qemu's model with AVX2 and VAES, where it once left vaes256 on), with
// cpu.avx512=off or not: each setting selects at init, in a second process,
// the backend the tier rules give for the CPU.
func TestBackendUnderGODEBUG(t *testing.T) {
	var children []backendtest.Child
	for _, c := range []func() (backendtest.Child, bool){backendtest.ThisMachine, backendtest.QemuZen3} {
		if c, ok := c(); ok {
			children = append(children, c)
		}
	}
	backendtest.CheckGODEBUG(t, kernels, "STREAMRAND_AES_BACKEND", children,
		"", "cpu.avx512vaes=off", "cpu.avx512=off,cpu.avx512vaes=off")
}

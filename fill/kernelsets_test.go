package fill

import (
	"strings"
	"testing"
)

// kernelSet is a choice of conversion kernels a test can switch to.
type kernelSet struct {
	name string
	simd bool // not the portable path
}

// kernelSets returns the kernel sets this machine and build can run: the
// AVX-512 ones, the AVX2 ones, then the portable path, "generic".
func kernelSets() []kernelSet {
	var ks []kernelSet
	if haveAVX512 {
		ks = append(ks, kernelSet{"avx512", true})
	}
	if haveAVX2 {
		ks = append(ks, kernelSet{"avx2", true})
	}
	return append(ks, kernelSet{"generic", false})
}

// simdSets returns kernelSets without the portable path.
func simdSets() []kernelSet {
	ks := kernelSets()
	return ks[:len(ks)-1]
}

// use selects k's kernels (useAVX512 and useAVX2) and returns a function
// that restores the previous choice.
func (k kernelSet) use() (restore func()) {
	r1 := setAVX512(k.name == "avx512")
	r2 := setAVX2(k.name == "avx2")
	return func() { r2(); r1() }
}

// TestKernelSets checks that each kernel set the tests switch to is the
// backend it names, so that no test compares a backend with itself.
func TestKernelSets(t *testing.T) {
	for _, ks := range kernelSets() {
		restore := ks.use()
		if b := Backend(); !strings.HasPrefix(b, ks.name) {
			t.Errorf("kernel set %s runs backend %s", ks.name, b)
		}
		restore()
	}
}

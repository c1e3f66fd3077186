package fill

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

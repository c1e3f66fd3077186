//go:build !gc || purego || !(amd64 || arm64)

package chacha

// Backend names the kernel in use: "generic", the portable Go kernel.
func Backend() string { return "generic" }

func blocks(dst []byte, key *[8]uint32, counter, stream uint64, rounds int) {
	blocksGeneric(dst, key, counter, stream, rounds)
}

// blocksFloat64 reports false: no kernel here has a float64 form.
func blocksFloat64(dst []byte, key *[8]uint32, counter, stream uint64, rounds int) bool {
	return false
}

// backends lists the kernels this machine can run, widest first; the last is
// "generic". Tests run each in turn with setBackend.
func backends() []string { return []string{"generic"} }

// setBackend makes name the kernel in use (one of backends()) and returns a
// function that restores the previous choice. For tests only.
func setBackend(name string) (restore func()) {
	if name != "generic" {
		panic("chacha: unknown backend " + name)
	}
	return func() {}
}

//go:build !gc || purego || !(amd64 || arm64)

package aesctr

// Backend names the kernel in use: "generic", the portable path over
// crypto/aes.
func Backend() string { return "generic" }

func (k *kernel) fill(dst []byte, counter, stream uint64) { k.fillGeneric(dst, counter, stream) }

// backends lists the kernels this machine can run, widest first; the last is
// "generic". Tests run each in turn with setBackend.
func backends() []string { return []string{"generic"} }

// setBackend makes name the kernel in use (one of backends()) and returns a
// function that restores the previous choice. For tests only.
func setBackend(name string) (restore func()) {
	if name != "generic" {
		panic("aesctr: unknown backend " + name)
	}
	return func() {}
}

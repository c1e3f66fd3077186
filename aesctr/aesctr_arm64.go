//go:build !purego

package aesctr

import "golang.org/x/sys/cpu"

// The kernel is generated; from any host: GOARCH=arm64 go generate ./aesctr/
// (the generator itself runs on the host, hence the cleared GOOS/GOARCH).
//
//go:generate env GOOS= GOARCH= go run aesctr_arm64_gen.go -out aesctr_arm64.s

// useARM64 selects the AESE/AESMC kernel. It is set at init from the CPU's
// AES extension (which GODEBUG=cpu.aes=off clears) and changed only by
// setBackend in tests.
var useARM64 = cpu.ARM64.HasAES

// ctrBlocks8Arm64 writes the AES-CTR keystream blocks
// AES(BE64(stream) || BE64(counter+i)) for i = 0 .. len(dst)/16-1 into dst,
// eight blocks at a time; a last partial group of eight is not written. The
// counter+i must not wrap past 2^64 within the call (the 64-bit add does not
// carry into the stream half). rk holds nr+1 round keys in memory order.
// Requires the AES extension. Implemented in aesctr_arm64.s.
//
//go:noescape
func ctrBlocks8Arm64(nr int, rk *[15 * 16]byte, dst []byte, counter, stream uint64)

// Backend names the kernel in use: "arm64" (AESE/AESMC, eight blocks
// interleaved) when the CPU has the AES extension, else "generic".
func Backend() string {
	if useARM64 {
		return "arm64"
	}
	return "generic"
}

func (k *kernel) fill(dst []byte, counter, stream uint64) {
	n := uint64(len(dst) / BlockSize)
	// The slow path: no AES extension, or the low 64 bits of the counter
	// block wrap inside this call (counter+n-1 overflows), which the kernel
	// does not carry into the stream half. The wrap happens once in 2^64
	// blocks, and Seek cannot reach it.
	if !useARM64 || n == 0 || counter+(n-1) < counter {
		k.fillGeneric(dst, counter, stream)
		return
	}
	m := len(dst) &^ (8*BlockSize - 1)
	ctrBlocks8Arm64(k.rounds, &k.rk, dst[:m], counter, stream)
	if m < len(dst) {
		// Not reached for whole 1024-byte batches; no carry here, since
		// counter+n-1 does not wrap.
		k.fillGeneric(dst[m:], counter+uint64(m/BlockSize), stream)
	}
}

// backends lists the kernels this machine can run, widest first; the last is
// "generic". Tests run each in turn with setBackend.
func backends() []string {
	if cpu.ARM64.HasAES {
		return []string{"arm64", "generic"}
	}
	return []string{"generic"}
}

// setBackend makes name the kernel in use (one of backends()) and returns a
// function that restores the previous choice. For tests only.
func setBackend(name string) (restore func()) {
	prev := useARM64
	switch {
	case name == "arm64" && cpu.ARM64.HasAES:
		useARM64 = true
	case name == "generic":
		useARM64 = false
	default:
		panic("aesctr: unknown backend " + name)
	}
	return func() { useARM64 = prev }
}

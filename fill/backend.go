package fill

// Backend names the conversion code in use: "avx512" (AVX-512 kernels for
// Float64, Uint32, Float32, IntN and Uint64N, and the ziggurat fast paths of
// NormFloat64 and ExpFloat64) or "generic" (portable Go only: build tag purego, another
// architecture, or GODEBUG=cpu.avx512=off). The values are the same either
// way.
func Backend() string {
	if useAVX512 {
		return "avx512"
	}
	return "generic"
}

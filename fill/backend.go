package fill

import "github.com/streamrand/streamrand/internal/impl"

// kernels holds the assembly kernels of this build, registered at init by
// fill_amd64.go (none with purego or elsewhere), each enabled where the CPU
// has what internal/impl's tier rules say it needs.
var kernels = impl.New("fill")

// Backend names the conversion code in use:
//
//   - "avx512vbmi": the "avx512" kernels, with the ziggurat fast paths of
//     NormFloat64 and ExpFloat64 looking their tables up by byte permutes;
//   - "avx512": AVX-512 kernels for Float64, Uint32, Float32, IntN and
//     Uint64N, and the ziggurat fast paths by dword permutes;
//   - "avx2": AVX2 kernels for Float64, Uint32, Float32, IntN and Uint64N,
//     and the ziggurat fast paths (gathers);
//   - "generic": portable Go only.
//
// docs/backends.md says which CPUs and GODEBUG settings select which. The
// values are the same whichever is in use.
func Backend() string { return kernels.Backend() }

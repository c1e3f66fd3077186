package fill

import "github.com/streamrand/streamrand/internal/impl"

// kernels holds the assembly kernels of this build, registered at init by
// fill_amd64.go (none with purego or elsewhere).
var kernels = impl.New("fill")

// Backend names the conversion code in use:
//
//   - "avx512vbmi": the "avx512" kernels, with the ziggurat fast paths of
//     NormFloat64 and ExpFloat64 looking their tables up by byte permutes
//     (AVX-512 VBMI and BW; GODEBUG=cpu.avx512vbmi=off gives "avx512");
//   - "avx512": AVX-512 kernels for Float64, Uint32, Float32, IntN and
//     Uint64N, and the ziggurat fast paths by dword permutes (F, DQ, VL,
//     with POPCNT and BMI2);
//   - "avx2": AVX2 kernels (with POPCNT) for Float64, Uint32, Float32, IntN
//     and Uint64N, and the ziggurat fast paths (gathers), on amd64 CPUs
//     without those AVX-512 features, or with GODEBUG=cpu.avx512=off;
//   - "generic": portable Go only (build tag purego, another architecture,
//     or GODEBUG=cpu.avx512=off,cpu.avx2=off).
//
// The values are the same whichever is in use.
func Backend() string { return kernels.Backend() }

package dist

import "github.com/streamrand/streamrand/internal/impl"

// kernels holds the assembly kernels of this build, registered at init by
// kernels_amd64.go (none with purego or elsewhere), each enabled where the
// CPU has what internal/impl's tier rules say it needs.
var kernels = impl.New("dist")

// Backend names the code that Fill's bulk steps run on: the ziggurats'
// one-word fast paths (Normal, LogNormal, Exponential, Weibull, and the
// laws built on them), Uniform, the exp and log of LogNormal and Weibull,
// Marsaglia-Tsang's first try for the gamma family, Geometric's
// conversion, and the tries of Poisson and Binomial from mean 30 up:
//
//   - "avx512": AVX-512 kernels, 8 words per ZMM register;
//   - "avx2": AVX2 kernels, 4 words per YMM register;
//   - "generic": portable Go only.
//
// docs/backends.md says which CPUs and GODEBUG settings select which. The
// values are the same whichever is in use, and on every platform.
func Backend() string { return kernels.Backend() }

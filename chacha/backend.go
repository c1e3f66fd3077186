package chacha

import (
	"github.com/streamrand/streamrand/internal/impl"
	"github.com/streamrand/streamrand/internal/keystream"
)

// kernels holds the assembly kernels of this build, registered at init by
// chacha_amd64.go and chacha_arm64.go (none with purego or elsewhere), each
// enabled where the CPU has what internal/impl's tier rules say it needs.
var kernels = impl.New("chacha")

// Backend names the kernel in use: on amd64 "avx512" (16 blocks at a time),
// "avx2" (8) or "sse" (4); on arm64 "neon" (8 blocks at a time: 7 in the
// Advanced SIMD registers, 1 in general-purpose registers); or "generic"
// (the portable Go kernel). docs/backends.md says which CPUs and GODEBUG
// settings select which.
func Backend() string { return kernels.Backend() }

// The sizes of dst that the assembly kernels take: batch bytes (the
// keystream layer's batch, the smallest call) and bigBatch bytes (for long
// reads: one call per KiB would cost the fastest kernels a few per cent).
const (
	batch    = keystream.BatchSize
	bigBatch = 4 * batch
)

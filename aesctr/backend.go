package aesctr

import (
	"github.com/streamrand/streamrand/internal/impl"
	"github.com/streamrand/streamrand/internal/keystream"
)

// kernels holds the assembly kernels of this build, registered at init by
// aesctr_amd64.go and aesctr_arm64.go (none with purego or elsewhere), each
// enabled where the CPU has what internal/impl's tier rules say it needs.
var kernels = impl.New("aesctr")

// Backend names the kernel in use: on amd64 "vaes512" (VAES on 512-bit
// registers), "vaes256" (VAES on 256-bit registers) or "aesni" (AES-NI on
// 128-bit registers); on arm64 "arm64" (AESE/AESMC, eight blocks
// interleaved); or "generic" (the portable path over crypto/aes).
// docs/backends.md says which CPUs and GODEBUG settings select which.
func Backend() string { return kernels.Backend() }

// The sizes of dst that the assembly kernels take: batch bytes (the
// keystream layer's batch, the smallest call) and bigBatch bytes (for long
// reads: one call per KiB would cost the fastest kernels a few per cent).
const (
	batch          = keystream.BatchSize
	batchBlocks    = batch / BlockSize
	bigBatch       = 4 * batch
	bigBatchBlocks = bigBatch / BlockSize
	maxCounter     = 1<<64 - 1
)

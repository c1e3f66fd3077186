package chacha

import "github.com/streamrand/streamrand/internal/keystream"

// The sizes of dst that the assembly kernels take: batch bytes (the
// keystream layer's batch, the smallest call) and bigBatch bytes (for long
// reads: one call per KiB would cost the fastest kernels a few per cent).
const (
	batch    = keystream.BatchSize
	bigBatch = 4 * batch
)

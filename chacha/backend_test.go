package chacha

import (
	"testing"

	"github.com/streamrand/streamrand/internal/testkit/backendtest"
)

// TestBackendSelected fails when the kernel chosen at init is not the one
// CI expects on this machine (STREAMRAND_CHACHA_BACKEND), so a fast path that is silently
// disabled cannot pass.
func TestBackendSelected(t *testing.T) {
	backendtest.CheckSelected(t, kernels, "STREAMRAND_CHACHA_BACKEND")
}

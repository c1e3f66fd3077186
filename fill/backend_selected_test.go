package fill_test

import (
	"os"
	"testing"

	"github.com/streamrand/streamrand/fill"
)

// TestBackendSelected fails when the kernels chosen at init are not those
// CI expects from the CPU's flags (STREAMRAND_FILL_BACKEND), so a fast path
// that is silently off cannot pass.
func TestBackendSelected(t *testing.T) {
	t.Logf("backend: %s", fill.Backend())
	if want := os.Getenv("STREAMRAND_FILL_BACKEND"); want != "" && fill.Backend() != want {
		t.Fatalf("fill.Backend() = %q, want %q (STREAMRAND_FILL_BACKEND)", fill.Backend(), want)
	}
	if b := fill.Backend(); b != "avx512vbmi" && b != "avx512" && b != "avx2" && b != "generic" {
		t.Fatalf("Backend() = %q, not a documented name", b)
	}
}

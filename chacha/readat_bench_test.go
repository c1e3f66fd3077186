package chacha_test

import (
	"fmt"
	"testing"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/testkit/benchutil"
)

// BenchmarkReadAtParallel fills one 64 MiB buffer from one Source with
// ReadAt from one goroutine and from GOMAXPROCS goroutines (benchutil).
func BenchmarkReadAtParallel(b *testing.B) {
	for _, rounds := range []int{8, 20} {
		s, _ := chacha.NewWithKey([chacha.KeySize]byte{1}, rounds, 0)
		benchutil.ReadAtParallel(b, fmt.Sprintf("ChaCha%d", rounds), s)
	}
}

package aesctr_test

import (
	"fmt"
	"testing"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/internal/testkit/benchutil"
)

// BenchmarkReadAtParallel fills one 64 MiB buffer from one Source with
// ReadAt from one goroutine and from GOMAXPROCS goroutines (benchutil).
func BenchmarkReadAtParallel(b *testing.B) {
	for _, keyLen := range []int{16, 32} {
		s, _ := aesctr.NewWithKey(make([]byte, keyLen), 0)
		benchutil.ReadAtParallel(b, fmt.Sprintf("AES-%d", keyLen*8), s)
	}
}

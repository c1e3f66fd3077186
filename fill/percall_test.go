package fill

import (
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nesting is a Source that records, at each Uint64, the most frames of
// package math/rand/v2 on its caller's stack: one more when a *rand.Rand's
// method reaches it through another *rand.Rand wrapped around the first
// (rand.New(rand.New(src)): an indirect call per word more).
type nesting struct {
	rand.PCG
	most int
}

func (s *nesting) Uint64() uint64 {
	pc := make([]uintptr, 64)
	frames := runtime.CallersFrames(pc[:runtime.Callers(2, pc)])
	n := 0
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, "math/rand/v2.") {
			n++
		}
		if !more {
			break
		}
	}
	s.most = max(s.most, n)
	return s.PCG.Uint64()
}

// Every row called with a *rand.Rand r reaches r's Source through as many
// math/rand/v2 frames as a loop calling r's method does, or fewer: it calls r's own
// methods, not those of a *rand.Rand wrapped around r. TestEqualPerCall's
// kind rand.Rand-chacha8 checks the values and the position left.
func TestRandRandNotWrapped(t *testing.T) {
	for _, f := range fns() {
		src, loop := &nesting{PCG: *rand.NewPCG(1, 2)}, &nesting{PCG: *rand.NewPCG(1, 2)}
		f.bulk(rand.New(src), 300)
		f.call(rand.New(loop), 300)
		require.Positive(t, loop.most, "%s", f.name)
		assert.LessOrEqual(t, src.most, loop.most, "%s: math/rand/v2 frames above the Source, fill's against a loop's", f.name)
	}
}

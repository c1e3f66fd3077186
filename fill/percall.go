package fill

import "math/rand/v2"

// perCall returns the *rand.Rand whose methods the per-call path calls: src
// itself when it is one, else rand.New(src). rand.Rand is a rand.Source too,
// and every method of rand.New(r) draws with r.Uint64, so calling r's own
// methods gives the same values and leaves r in the same place, without a
// second indirect call per word through the wrapper.
func perCall(src rand.Source) *rand.Rand {
	if r, ok := src.(*rand.Rand); ok {
		return r
	}
	return rand.New(src)
}

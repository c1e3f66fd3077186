package fill_test

import (
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
)

// TestNilSourceEmpty: a call that owes no values makes no Uint64 call per
// call, so with a nil *chacha.Source or *aesctr.Source (alone or Locked)
// it must not panic either, as rand.New(src) makes none; with values owed it
// panics, as the first per-call Uint64 does.
func TestNilSourceEmpty(t *testing.T) {
	for name, src := range map[string]rand.Source{
		"chacha":        (*chacha.Source)(nil),
		"aesctr":        (*aesctr.Source)(nil),
		"locked-chacha": streamrand.Locked((*chacha.Source)(nil)),
	} {
		for _, f := range fns() {
			func() {
				defer func() {
					if e := recover(); e != nil {
						t.Errorf("%s %s with no values owed panicked: %v", name, f.name, e)
					}
				}()
				f.bulk(src, 0)
				if f.name == "Perm" || f.name == "Shuffle" {
					f.bulk(src, 1) // Perm(1) and Shuffle(1) draw nothing
				}
			}()
			func() {
				defer func() {
					if recover() == nil {
						t.Errorf("%s %s of 3 values did not panic", name, f.name)
					}
				}()
				f.bulk(src, 3)
			}()
		}
	}
}

package stattest

import (
	"fmt"
	"io"
	"math/rand/v2"
)

// checkSource returns an error if src is nil: a test cannot draw from it.
func checkSource(name string, src rand.Source) error {
	if src == nil {
		return fmt.Errorf("stattest: %s of a nil rand.Source", name)
	}
	return nil
}

// checkReader returns an error if r is nil: a test cannot read from it.
func checkReader(name string, r io.Reader) error {
	if r == nil {
		return fmt.Errorf("stattest: %s of a nil io.Reader", name)
	}
	return nil
}

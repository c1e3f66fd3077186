package dist

import (
	"math"
	"math/rand/v2"
)

// TEMPORARY: stdNormal and stdExp are replaced by exact ziggurats.

// stdNormal returns a standard normal deviate.
func stdNormal(w *words) float64 {
	for {
		u := 2*open01(w.next()) - 1
		v := 2*open01(w.next()) - 1
		s := u*u + v*v
		if s < 1 {
			return u * math.Sqrt(-2*log(s)/s)
		}
	}
}

// stdExp returns an exponential deviate of rate 1.
func stdExp(w *words) float64 { return -log(open01(w.next())) }

var _ = rand.New

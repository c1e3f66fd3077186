package dist

import (
	"math"
	"strconv"
)

// The parameter checks run before any word is drawn, so a panic leaves src
// where it was. Each panics with a message naming the type, the field and
// its value, as rand.IntN(0) panics: "dist: Gamma.Alpha = -1, want > 0".
//
// Rand runs them on every call, so each is a comparison that inlines (v-v
// is 0 for every finite v and NaN for NaN and ±Inf), and the message is
// built out of line, only for a bad value.

// bad panics for field of the distribution typ holding v.
func bad(typ, field, v, want string) {
	panic("dist: " + typ + "." + field + " = " + v + ", want " + want)
}

func fmtFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// positive checks that v is finite and > 0.
func positive(typ, field string, v float64) {
	if !(v > 0 && v-v == 0) {
		notPositive(typ, field, v)
	}
}

func notPositive(typ, field string, v float64) {
	finite(typ, field, v)
	bad(typ, field, fmtFloat(v), "> 0")
}

// finite checks that v is neither NaN nor ±Inf.
func finite(typ, field string, v float64) {
	if v-v != 0 {
		notFinite(typ, field, v)
	}
}

func notFinite(typ, field string, v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		bad(typ, field, fmtFloat(v), "a finite number")
	}
}

// probability checks that 0 <= p <= 1, or 0 < p <= 1 if open.
func probability(typ, field string, p float64, open bool) {
	if !(p <= 1 && (p > 0 || !open && p == 0)) {
		notProbability(typ, field, p, open)
	}
}

func notProbability(typ, field string, p float64, open bool) {
	if open {
		bad(typ, field, fmtFloat(p), "in (0, 1]")
	}
	bad(typ, field, fmtFloat(p), "in [0, 1]")
}

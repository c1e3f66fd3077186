package stattest_test

import (
	"strings"
	"testing"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/stattest"
)

// The behaviours fixed in issue 11, through the public API only.

// A bad size is an error with the package prefix, never a panic
// (KolmogorovSmirnov(src, -1) used to panic in makeslice).
func TestPublicBadSizes(t *testing.T) {
	src := chacha.NewSource(1)
	for name, run := range map[string]func() error{
		"KolmogorovSmirnov(-1)": func() error { _, _, err := stattest.KolmogorovSmirnov(src, -1); return err },
		"Monobit(0)":            func() error { _, err := stattest.Monobit(src, 0); return err },
		"Gap(-5)":               func() error { _, err := stattest.Gap(src, -5, 0, 0.5); return err },
		"Battery{Bytes: -1}": func() error {
			_, err := (&stattest.Battery{Bytes: -1}).Run(src)
			return err
		},
	} {
		err := run()
		if err == nil || !strings.HasPrefix(err.Error(), "stattest: ") {
			t.Errorf("%s: error %v, want one starting %q", name, err, "stattest: ")
		}
	}
}

// A perfectly balanced sample is no evidence against a generator: Monobit's
// p is exactly 1 and the verdict is Pass (it used to be Fail).
func TestPublicBalancedMonobitPasses(t *testing.T) {
	res, err := stattest.Monobit(strings.NewReader("\x0f\xf0\x33\xcc"), 32)
	if err != nil || res.P != 1 || res.Verdict() != stattest.Pass {
		t.Fatalf("Monobit of 16 ones in 32 bits: %+v, %v; want p = 1 and Pass", res, err)
	}
}

// The battery's birthday-spacing results go by their documented names.
func TestPublicBirthdayNames(t *testing.T) {
	rep, err := (&stattest.Battery{Bytes: stattest.MinBytes}).Run(chacha.NewSource(7))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"birthday-spacings-hi", "birthday-spacings-lo"} {
		if rep.Summary(name) == nil {
			t.Errorf("Summary(%q) = nil", name)
		}
	}
}

package stattest_test

import (
	"fmt"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/stattest"
)

// xorshift64 is a user's own rand.Source: Marsaglia's xorshift64 (13, 7,
// 17), linear over GF(2), which the battery's matrix rank and linear
// complexity tests see.
type xorshift64 uint64

func (x *xorshift64) Uint64() uint64 {
	*x ^= *x << 13
	*x ^= *x >> 7
	*x ^= *x << 17
	return uint64(*x)
}

// A Battery runs the default tests over any math/rand/v2 Source, here with
// the smallest amount of data per test so that it takes a moment: ChaCha8
// passes and xorshift64 fails: the tests that see linear structure over
// GF(2) catch it. Report.Verdict is the worst verdict of the tests;
// Summaries holds each test's verdict and Results (statistic, p-value).
func ExampleBattery() {
	b := stattest.Battery{Bytes: stattest.MinBytes}
	report, err := b.Run(chacha.NewSource(1))
	if err != nil {
		panic(err)
	}
	fmt.Println("chacha8:", report.Verdict())

	x := xorshift64(1)
	report, err = b.Run(&x)
	if err != nil {
		panic(err)
	}
	fmt.Println("xorshift64:", report.Verdict())
	for _, s := range report.Summaries {
		if s.Verdict == stattest.Fail {
			fmt.Println("  failed:", s.Name)
		}
	}
	// Output:
	// chacha8: pass
	// xorshift64: fail
	//   failed: matrix-rank-64x64
	//   failed: linear-complexity-hi
	//   failed: linear-complexity-lo
	//   failed: hamming-indep-lo
}

// Each test also runs alone: Monobit (NIST SP 800-22 §2.1) counts the ones
// in a million bits of an io.Reader, here a ChaCha8 Source.
func ExampleMonobit() {
	res, err := stattest.Monobit(chacha.NewSource(1), 1<<20)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Name, res.N, res.Unit, res.Verdict())
	// Output: monobit 1048576 bits pass
}

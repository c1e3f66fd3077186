package main

import (
	"bytes"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/streamrand/streamrand"
)

// The estimate must be bit-identical for any number of workers and any
// GOMAXPROCS, and close to the true value.
func TestWorkersDoNotChangeTheAnswer(t *testing.T) {
	for _, problem := range []string{"pi", "call"} {
		for _, alg := range []streamrand.Algorithm{streamrand.ChaCha8, streamrand.ChaCha20, streamrand.AES128CTR, streamrand.AES256CTR} {
			// 300001 paths: 37 chunks, the last one short.
			cfg := config{problem: problem, alg: alg, seed: 2024, paths: 300_001, chunk: 8192}
			t.Run(problem+"/"+alg.String(), func(t *testing.T) {
				want, err := run(cfg, 1)
				if err != nil {
					t.Fatal(err)
				}
				for _, workers := range []int{2, 7} {
					got, err := run(cfg, workers)
					if err != nil {
						t.Fatal(err)
					}
					if math.Float64bits(got.estimate) != math.Float64bits(want.estimate) || got != want {
						t.Errorf("%d workers: %+v, 1 worker: %+v", workers, got, want)
					}
				}
				prev := runtime.GOMAXPROCS(1)
				got, err := run(cfg, 7)
				runtime.GOMAXPROCS(prev)
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Errorf("GOMAXPROCS=1, 7 workers: %+v, want %+v", got, want)
				}

				// A sane estimate: within 5 standard errors of the true value,
				// with a standard error of the expected size.
				exact := exact(problem)
				if d := math.Abs(want.estimate - exact); d > 5*want.stderr {
					t.Errorf("estimate %v, exact %v: off by %.1f standard errors", want.estimate, exact, d/want.stderr)
				}
				if want.stderr <= 0 || want.stderr > 0.05 {
					t.Errorf("standard error %v", want.stderr)
				}
			})
		}
	}
}

func TestSeedMatters(t *testing.T) {
	cfg := config{problem: "pi", alg: streamrand.ChaCha8, seed: 1, paths: 100_000, chunk: 4096}
	a, _ := run(cfg, 2)
	cfg.seed = 2
	b, _ := run(cfg, 2)
	if a == b {
		t.Errorf("seeds 1 and 2 gave the same result %+v", a)
	}
}

func TestBadInput(t *testing.T) {
	if _, err := run(config{problem: "pi", paths: 10, chunk: 0}, 1); err == nil {
		t.Error("chunk 0: no error")
	}
	if _, err := run(config{problem: "nope", paths: 10, chunk: 1}, 1); err == nil {
		t.Error("unknown problem: no error")
	}
	if err := cli([]string{"-alg", "rc4"}, new(bytes.Buffer)); err == nil {
		t.Error("unknown algorithm: no error")
	}
}

// The command prints the estimate and a scaling table in which every
// worker count reproduces the same bits.
func TestCLI(t *testing.T) {
	var out bytes.Buffer
	err := cli([]string{"-paths", "200000", "-chunk", "10000", "-workers", "3", "-alg", "aes128ctr", "-seed", "5"}, &out)
	if err != nil {
		t.Fatal(err)
	}
	s := out.String()
	t.Log("\n" + s)
	for _, want := range []string{"pi, aes128ctr seed 5, 200000 paths in chunks of 10000, 3 workers", "estimate 3.1", "paths/s", "same bits"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	rows := strings.Count(s, " yes\n")
	if rows != runtime.NumCPU() || strings.Contains(s, " NO\n") {
		t.Errorf("scaling table: %d rows with the same bits, want %d", rows, runtime.NumCPU())
	}
}

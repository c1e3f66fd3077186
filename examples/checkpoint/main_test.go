package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/examples/internal/commandtest"
)

// The test binary started by commandtest.Command is the command itself,
// so tests see real processes, exit statuses and output.
func TestMain(m *testing.M) { commandtest.TestMain(m, main) }

// -h and -help print the usage to stdout and exit 0; a bad flag is one
// line on stderr and exit status 2.
func TestHelp(t *testing.T) { commandtest.CheckHelp(t, "checkpoint", "seed") }

func runCLI(t *testing.T, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	if err := cli(args, &out); err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return out.String()
}

// report returns the report: the lines from the one naming the algorithm.
func report(t *testing.T, out string) string {
	t.Helper()
	i := strings.Index(out, " seed ")
	if i < 0 {
		t.Fatalf("no report in output:\n%s", out)
	}
	return out[strings.LastIndex(out[:i], "\n")+1:]
}

func TestResumeEqualsUninterrupted(t *testing.T) {
	for _, alg := range []string{"chacha8", "chacha12", "chacha20", "aes128ctr", "aes192ctr", "aes256ctr"} {
		t.Run(alg, func(t *testing.T) {
			common := []string{"-alg", alg, "-seed", "77", "-walkers", "13", "-steps", "3001"}
			want := report(t, runCLI(t, common...))

			state := filepath.Join(t.TempDir(), "sim.ckpt")
			out := runCLI(t, append(common, "-state", state, "-stop-after", "1000")...)
			if !strings.Contains(out, "stopped at step 1000 of 3001") || strings.Contains(out, "positions sha256") {
				t.Fatalf("first phase:\n%s", out)
			}
			// Flags other than -state and -stop-after come from the file.
			out = runCLI(t, "-resume", "-state", state, "-stop-after", "2222", "-alg", "aes128ctr", "-seed", "1")
			if !strings.Contains(out, "resumed") || !strings.Contains(out, "stopped at step 2222 of 3001") {
				t.Fatalf("second phase:\n%s", out)
			}
			got := report(t, runCLI(t, "-resume", "-state", state))
			if got != want {
				t.Errorf("resumed run:\n%s\nuninterrupted run:\n%s", got, want)
			}
		})
	}
}

// The saved generator states matter: a run that restarted its generators
// from the seed instead would not match.
func TestDifferentSeedDiffers(t *testing.T) {
	a := report(t, runCLI(t, "-seed", "1", "-walkers", "5", "-steps", "500"))
	b := report(t, runCLI(t, "-seed", "2", "-walkers", "5", "-steps", "500"))
	if a == b {
		t.Errorf("seeds 1 and 2 give the same report:\n%s", a)
	}
	// Stop, then restart from scratch (not from the state): different.
	state := filepath.Join(t.TempDir(), "sim.ckpt")
	runCLI(t, "-seed", "1", "-walkers", "5", "-steps", "500", "-stop-after", "250", "-state", state)
	s, err := load(state)
	if err != nil {
		t.Fatal(err)
	}
	fresh := newSim(mustParse(t, s.Alg), s.Seed, len(s.X), s.Steps)
	for w := range s.gens {
		s.gens[w] = fresh.gens[w] // drop the restored position
		s.rngs[w] = fresh.rngs[w]
	}
	s.advance(s.Steps)
	var out bytes.Buffer
	s.report(&out)
	if out.String() == a {
		t.Error("restarting the generators from position 0 gave the uninterrupted result")
	}
}

func TestCorruptCheckpoint(t *testing.T) {
	state := filepath.Join(t.TempDir(), "sim.ckpt")
	runCLI(t, "-walkers", "3", "-steps", "100", "-stop-after", "50", "-state", state)
	data, err := os.ReadFile(state)
	if err != nil {
		t.Fatal(err)
	}
	var f file
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	f.Generators[1][30] ^= 1 // a bit of the key of walker 1
	data, _ = json.Marshal(f)
	if err := os.WriteFile(state, data, 0o600); err != nil {
		t.Fatal(err)
	}
	err = cli([]string{"-resume", "-state", state}, new(bytes.Buffer))
	if err == nil || !strings.Contains(err.Error(), "walker 1") || !strings.Contains(err.Error(), "checksum") {
		t.Errorf("corrupted state: error %v", err)
	}
	if err := cli([]string{"-resume", "-state", filepath.Join(t.TempDir(), "missing")}, new(bytes.Buffer)); err == nil {
		t.Error("missing checkpoint: no error")
	}
}

// Three separate processes: stop, resume and stop again, resume to the end.
func TestSeparateProcesses(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "sim.ckpt")
	run := func(args ...string) string {
		t.Helper()
		out, err := commandtest.Command(args...).CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	common := []string{"-alg", "aes256ctr", "-seed", "5", "-walkers", "20", "-steps", "2000"}
	want := report(t, run(common...))
	run(append(common, "-stop-after", "600", "-state", state)...)
	run("-resume", "-state", state, "-stop-after", "1500")
	got := report(t, run("-resume", "-state", state))
	if got != want {
		t.Errorf("three processes:\n%s\none process:\n%s", got, want)
	}
	if !strings.Contains(want, "aes256ctr seed 5: 20 walkers, 2000 steps") {
		t.Errorf("report:\n%s", want)
	}
}

func mustParse(t *testing.T, name string) streamrand.Algorithm {
	t.Helper()
	a, err := streamrand.ParseAlgorithm(name)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// A checkpoint whose generators are of another algorithm than its -alg
// says, or whose state is corrupted, is refused with an error.
func TestLoadRejectsMismatch(t *testing.T) {
	state := filepath.Join(t.TempDir(), "sim.ckpt")
	runCLI(t, "-alg", "chacha12", "-walkers", "3", "-steps", "100", "-stop-after", "10", "-state", state)
	data, err := os.ReadFile(state)
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]any
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	f["alg"] = "chacha20"
	bad, _ := json.Marshal(f)
	os.WriteFile(state, bad, 0o600)
	if err := cli([]string{"-resume", "-state", state}, io.Discard); err == nil ||
		!strings.Contains(err.Error(), "a chacha12 generator in a chacha20 simulation") {
		t.Errorf("mismatched algorithm: %v", err)
	}
	f["alg"] = "chacha12"
	gens := f["generators"].([]any)
	gens[1] = "AAAA" // base64 of three zero bytes: no checkpoint
	bad, _ = json.Marshal(f)
	os.WriteFile(state, bad, 0o600)
	if err := cli([]string{"-resume", "-state", state}, io.Discard); !errors.Is(err, streamrand.ErrFormat) {
		t.Errorf("corrupted generator: %v, want ErrFormat", err)
	}
	for _, args := range [][]string{{"-walkers", "0"}, {"-walkers", "2000000"}, {"-stop-after", "-1"}, {"extra"}} {
		if err := cli(args, io.Discard); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}

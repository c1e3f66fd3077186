package main

import (
	"bytes"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/streamrand/streamrand/examples/internal/commandtest"
)

// The test binary started by commandtest.Command is the command itself,
// so tests see real processes, exit statuses and output.
func TestMain(m *testing.M) { commandtest.TestMain(m, main) }

// -h and -help print the usage to stdout and exit 0; a bad flag is one
// line on stderr and exit status 2.
func TestHelp(t *testing.T) { commandtest.CheckHelp(t, "reader", "seed") }

func runCLI(t *testing.T, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	if err := cli(append(args, "-payload", "100000"), &out); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

var uuidRE = regexp.MustCompile(`^uuid: [0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// body drops the first line, which names the source.
func body(s string) []string { return strings.Split(s, "\n")[1:] }

func TestSameSeedSameOutput(t *testing.T) {
	for _, alg := range []string{"chacha8", "chacha20", "aes128ctr", "aes256ctr"} {
		a := runCLI(t, "-alg", alg, "-seed", "42")
		b := runCLI(t, "-alg", alg, "-seed", "42")
		if a != b {
			t.Errorf("%s seed 42 twice:\n%s\n%s", alg, a, b)
		}
		c := runCLI(t, "-alg", alg, "-seed", "43")
		// Every generated line differs, not just the first.
		for i, la := range body(a) {
			if lc := body(c)[i]; la == lc && la != "" {
				t.Errorf("%s seeds 42 and 43 give the same line %q", alg, la)
			}
		}
		if !strings.Contains(a, "verifies: true") {
			t.Errorf("%s: the signature does not verify:\n%s", alg, a)
		}
		for _, line := range body(a)[:3] {
			if !uuidRE.MatchString(line) {
				t.Errorf("%s: not a version-4 UUID line: %q", alg, line)
			}
		}
	}
}

// The first UUID of ChaCha8 seed 42 is the first 16 bytes of that stream,
// the little-endian Uint64s 0xae90bfb5395d5ba1 and 0xf3453fc625799188 (see
// chacha's ExampleNewSource_uint64, checked against an independent
// implementation), with the version nibble set to 4 (90 -> 40) and the
// variant bits to 10 (88 stays 88).
func TestKnownFirstUUID(t *testing.T) {
	a := runCLI(t, "-alg", "chacha8", "-seed", "42")
	if got, want := body(a)[0], "uuid: a15b5d39-b5bf-40ae-8891-7925c63f45f3"; got != want {
		t.Errorf("first line %q, want %q", got, want)
	}
}

func TestSecureDiffers(t *testing.T) {
	a := runCLI(t, "-secure")
	b := runCLI(t, "-secure")
	if a == b {
		t.Errorf("crypto/rand.Reader gave the same output twice:\n%s", a)
	}
	if !strings.HasPrefix(a, "source: crypto/rand.Reader\n") || !strings.Contains(a, "verifies: true") {
		t.Errorf("output:\n%s", a)
	}
}

// Flags out of range are errors, not a panic or an out-of-memory crash.
func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-payload", "-1"}, {"-payload", "100000000000"}, {"-uuids", "-2"}, {"-uuids", "100000000"}, {"extra"}, {"-alg", "rc4"},
	} {
		if err := cli(args, io.Discard); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}

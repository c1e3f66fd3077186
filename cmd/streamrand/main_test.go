package main

import (
	"bytes"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/streamrand/streamrand"
)

// When the test binary is started with STREAMRAND_RUN_MAIN=1 it is the
// command itself, so TestExitStatus sees real exit codes and stderr.
func TestMain(m *testing.M) {
	if os.Getenv("STREAMRAND_RUN_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// runMain runs the command line args and returns its exit status and
// output.
func runMain(args ...string) (status int, stdout, stderr string) {
	var o, e bytes.Buffer
	status = run(args, strings.NewReader(""), &o, &e)
	return status, o.String(), e.String()
}

// Bad command lines: exit status 2 and one line on stderr naming the
// command once ("streamrand test: ...", never "streamrand: test:
// streamrand: ..."), nothing on stdout.
func TestBadCommandLines(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // in the error line
	}{
		{[]string{"stream", "-alg", "chacha8", "-seed", "1", "-n", "-5"}, "-n -5: not a size (want 0 or more)"},
		{[]string{"stream", "-alg", "chacha8", "-seed", "1", "-n", "-1"}, "-n -1"},
		{[]string{"stream", "-alg", "chacha8", "-seed", "1", "-n", "1X"}, "-n 1X: not a size (want a whole number of bytes (65536, 1_000_000, 1e6, 1.5M), with an optional unit: K, M, G or KiB, MiB, GiB for powers of 1024, KB, MB, GB for powers of 1000)"},
		{[]string{"stream", "-alg", "chacha8", "-seed", "1", "-n", "1.5e0"}, "-n 1.5e0: not a whole number of bytes"},
		{[]string{"stream", "-alg", "chacha8", "-seed", "1", "-n", "1.3K"}, "-n 1.3K: not a whole number of bytes"},
		{[]string{"stream", "-alg", "chacha8", "-seed", "1", "-n", "1__000"}, "-n 1__000: not a size"},
		{[]string{"stream", "-alg", "chacha8", "-seed", "1", "-n", "1e19"}, "-n 1e19: too large (at most 4611686018427387904 bytes)"},
		{[]string{"stream", "-alg", "chacha8", "-seed", "1", "-n", "9223372036854775808"}, "-n 9223372036854775808: too large"},
		{[]string{"stream", "-alg", "chacha8", "-seed", "1", "-offset", "99999999999GB"}, "-offset 99999999999GB: too large"},
		{[]string{"stream", "-alg", "chacha8", "-seed", "1", "-n"}, "-n needs a value"},
		{[]string{"stream", "-alg", "chacha8", "-seed", "1", "-offset", "-3"}, "-offset -3"},
		{[]string{"stream", "-alg", "chacha8", "-seed", "x"}, "-seed x: not a whole number of 0 or more"},
		{[]string{"stream", "-alg", "chacha8", "-seed", "1", "-stream", "99999999999999999999"}, "-stream 99999999999999999999: out of range"},
		{[]string{"stream", "-alg", "chacha8", "-seed", "1", "junk"}, `unexpected argument "junk"`},
		{[]string{"stream", "-alg", "rc4", "-seed", "1"}, `-alg: unknown algorithm "rc4"`},
		{[]string{"stream", "-seed", "1"}, "-alg is required"},
		{[]string{"stream", "-alg", "chacha8", "-seed", "2", "-key", "00"}, "give one of -seed and -key, not both"},
		{[]string{"stream", "-alg", "chacha8", "-key", "zz"}, "-key: encoding/hex"},
		{[]string{"stream", "-alg", "chacha20", "-key", "00112233"}, "-key: chacha20 takes a key of 32 bytes, not 4"},
		{[]string{"stream", "-nope"}, "streamrand stream: unknown flag -nope (streamrand stream -h lists the flags)\n"},
		{[]string{"test", "--nope=1"}, "streamrand test: unknown flag -nope (streamrand test -h lists the flags)\n"},
		{[]string{"test", "-in", "-", "-workers", "4"}, "-in runs the tests one after another, on one reader: leave out -workers"},
		{[]string{"bench", "junk"}, `unexpected argument "junk"`},
		{[]string{"bench", "-size", "100000000000"}, "-size 100000000000: want 1 byte to 256 MiB"},
		{[]string{"bench", "-size", "257M"}, "-size 257M: want 1 byte to 256 MiB"},
		{[]string{"bench", "-size", "0"}, "-size 0"},
		{[]string{"bench", "-size", "300MB"}, "-size 300MB: want 1 byte to 256 MiB"},
		{[]string{"bench", "-size", "2TB"}, "-size 2TB: not a size"},
		{[]string{"bench", "-time", "3"}, "-time 3: not a duration (want a number and a unit: 200ms, 2s)"},
		{[]string{"bench", "-runs", "many"}, "-runs many: not a whole number"},
		{[]string{"bench", "-runs", "0"}, "-runs 0"},
		{[]string{"bench", "-runs", "99999999"}, "-runs 99999999"},
		{[]string{"bench", "-time", "-1s"}, "-time -1s"},
		{[]string{"bench", "-time", "1000h"}, "-time 1000h0m0s"},
		{[]string{"test", "-alg", "nope"}, `-alg: unknown algorithm "nope"`},
		{[]string{"test", "-bytes", "1K"}, "-bytes 1K: want 64 KiB to 1 GiB"},
		{[]string{"test", "-bytes", "4611686018427387904"}, "-bytes 4611686018427387904: want 64 KiB to 1 GiB"},
		{[]string{"test", "-bytes", "2G"}, "-bytes 2G: want 64 KiB to 1 GiB"},
		{[]string{"test", "-bytes", "1T"}, "-bytes 1T: not a size"},
		{[]string{"test", "-bytes", "1Z"}, "streamrand test: -bytes 1Z: not a size (want a whole number of bytes"},
		{[]string{"test", "-bytes", "64000"}, "-bytes 64000: want 64 KiB to 1 GiB"},
		{[]string{"test", "-bytes", "64KB"}, "-bytes 64KB: want 64 KiB to 1 GiB"},
		{[]string{"test", "-bytes", "99999999999G"}, "-bytes 99999999999G: too large"},
		{[]string{"test", "-repeat", "1e3"}, "-repeat 1e3: not a whole number"},
		{[]string{"test", "-repeat", "0"}, "-repeat 0: want 1 to 10000"},
		{[]string{"test", "-repeat", "100000"}, "-repeat 100000"},
		{[]string{"test", "extra"}, `unexpected argument "extra"`},
		// Decimal only: no Go base prefixes, which would make 010 eight.
		{[]string{"stream", "-alg", "chacha8", "-seed", "0x10"}, "-seed 0x10: not a whole number of 0 or more"},
		{[]string{"stream", "-alg", "chacha8", "-seed", "1", "-stream", "0b1"}, "-stream 0b1: not a whole number of 0 or more"},
		{[]string{"stream", "-alg", "chacha8", "-seed", "1__0"}, "-seed 1__0: not a whole number of 0 or more"},
		{[]string{"test", "-repeat", "0o7"}, "-repeat 0o7: not a whole number"},
		{[]string{"test", "-workers", "-1_"}, "-workers -1_: not a whole number"},
		{[]string{"bench", "-runs", "0x3"}, "-runs 0x3: not a whole number"},
		{[]string{"help", "test", "extra"}, "want one command, not 2 arguments (help CMD)"},
	} {
		status, stdout, stderr := runMain(tc.args...)
		cmd := tc.args[0]
		if status != 2 {
			t.Errorf("%q: exit status %d, want 2", tc.args, status)
		}
		if stdout != "" {
			t.Errorf("%q: stdout %q, want nothing", tc.args, stdout)
		}
		if strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "streamrand "+cmd+": ") ||
			!strings.Contains(stderr, tc.want) {
			t.Errorf("%q: stderr %q, want one line \"streamrand %s: ...%s...\"", tc.args, stderr, cmd, tc.want)
		}
		if strings.Count(strings.Replace(stderr, "(streamrand "+cmd+" -h", "", 1), "streamrand") != 1 {
			t.Errorf("%q: stderr %q names streamrand more than once", tc.args, stderr)
		}
		for _, internal := range []string{"strconv", "invalid value", "parse error", "invalid syntax"} {
			if strings.Contains(stderr, internal) {
				t.Errorf("%q: stderr %q has the flag parser's words (%q)", tc.args, stderr, internal)
			}
		}
	}
}

// -n 0 writes nothing; -n N exactly N bytes of the stream; the default
// is endless (checked by reading a little from a real process).
func TestStream(t *testing.T) {
	status, stdout, stderr := runMain("stream", "-alg", "aes128ctr", "-seed", "4", "-stream", "2", "-offset", "5", "-n", "3000")
	if status != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", status, stderr)
	}
	g := streamrand.New(streamrand.AES128CTR, 4)
	g.SetStream(2)
	g.Seek(5, io.SeekStart)
	want := make([]byte, 3000)
	g.Read(want)
	if stdout != string(want) {
		t.Errorf("stream -n 3000: %d bytes, not the keystream", len(stdout))
	}
	key := "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
	status, stdout, _ = runMain("stream", "-alg", "chacha20", "-key", key, "-n", "0")
	if status != 0 || stdout != "" {
		t.Errorf("-n 0: exit %d, %d bytes", status, len(stdout))
	}
	// Without -seed or -key, the seed is 1, as in streamrand test.
	status, stdout, _ = runMain("stream", "-alg", "chacha8", "-n", "1.5K")
	want = make([]byte, 1536)
	streamrand.New(streamrand.ChaCha8, 1).Read(want)
	if status != 0 || stdout != string(want) {
		t.Errorf("stream without -seed -n 1.5K: exit %d, %d bytes, not seed 1's first 1536", status, len(stdout))
	}
	// Sizes take suffixes: -offset 1K -n 2K is bytes 1024 to 3071.
	status, stdout, _ = runMain("stream", "-alg", "chacha12", "-seed", "9", "-offset", "1K", "-n", "2k")
	want = make([]byte, 3<<10)
	streamrand.New(streamrand.ChaCha12, 9).Read(want)
	if status != 0 || stdout != string(want[1<<10:]) {
		t.Errorf("-offset 1K -n 2k: exit %d, %d bytes, not bytes 1024 to 3071 of the stream", status, len(stdout))
	}
	status, stdout, _ = runMain("stream", "-alg", "chacha20", "-key", key, "-n", "100")
	k, _ := hex.DecodeString(key)
	h, _ := streamrand.NewWithKey(streamrand.ChaCha20, k, 0)
	want = make([]byte, 100)
	h.Read(want)
	if status != 0 || stdout != string(want) {
		t.Errorf("-key: exit %d, output differs", status)
	}

	// Endless by default: a real process, read 3 MiB then stop.
	cmd := exec.Command(os.Args[0], "stream", "-alg", "chacha8", "-seed", "1")
	cmd.Env = append(os.Environ(), "STREAMRAND_RUN_MAIN=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 3<<20)
	if _, err := io.ReadFull(out, got); err != nil {
		t.Errorf("endless stream: %v", err)
	}
	cmd.Process.Kill()
	cmd.Wait()
	want = make([]byte, len(got))
	streamrand.New(streamrand.ChaCha8, 1).Read(want)
	if !bytes.Equal(got, want) {
		t.Error("endless stream: not the keystream")
	}
}

// TestDecimalFlags: -seed, -stream, -repeat, -workers and -runs read
// their values in decimal, as sizes do, leading zeros and underscores
// included: -seed 010 is seed 10 (Go's base prefixes would make it 8).
func TestDecimalFlags(t *testing.T) {
	stream := func(args ...string) string {
		status, stdout, stderr := runMain(append([]string{"stream", "-alg", "chacha8", "-n", "16"}, args...)...)
		if status != 0 {
			t.Fatalf("%q: exit %d, %s", args, status, stderr)
		}
		return stdout
	}
	want := make([]byte, 16)
	streamrand.New(streamrand.ChaCha8, 10).Read(want)
	for _, seed := range []string{"10", "010", "0_010", "1_0"} {
		if got := stream("-seed", seed); got != string(want) {
			t.Errorf("-seed %s: not seed 10's keystream", seed)
		}
	}
	if stream("-seed", "1", "-stream", "010") != stream("-seed", "1", "-stream", "10") {
		t.Error("-stream 010 is not stream 10")
	}
	cfg, err := parseTestFlags([]string{"-repeat", "010", "-workers", "+03"}, io.Discard)
	if err != nil || cfg.repeat != 10 || cfg.workers != 3 {
		t.Errorf("-repeat 010 -workers +03: %+v, %v; want 10 and 3", cfg, err)
	}
	// Algorithm names are case-insensitive, all too.
	cfg, err = parseTestFlags([]string{"-alg", "ALL"}, io.Discard)
	if err != nil || len(cfg.algs) != len(streamrand.Algorithms()) {
		t.Errorf("-alg ALL: %v algorithms, %v; want all of them", cfg.algs, err)
	}
}

// failWriter fails every write, as stdout does on a full disk.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestHelpWriteFails: help that cannot be written is an error (exit 1, a
// line on stderr), not a silent success.
func TestHelpWriteFails(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"help"}, {"help", "stream"}, {"stream", "-h"}, {"test", "-h"}, {"bench", "-h"}} {
		var e bytes.Buffer
		status := run(args, strings.NewReader(""), failWriter{}, &e)
		if status != 1 || !strings.Contains(e.String(), "no space left on device") || strings.Count(e.String(), "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q; want 1 and the write's error", args, status, e.String())
		}
	}
}

// The real binary: exit status and a one-line error, no stack trace, for
// errors and for help.
func TestExitStatus(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		stderr string // prefix of stderr
		stdout string // in stdout
	}{
		{[]string{"bench", "-size", "100000000000"}, 2, "streamrand bench: -size", ""},
		{[]string{"test", "-bytes", "4611686018427387904"}, 2, "streamrand test: -bytes", ""},
		{[]string{"stream", "-n", "-5", "-alg", "chacha8", "-seed", "1"}, 2, "streamrand stream: -n -5", ""},
		{[]string{"frobnicate"}, 2, `streamrand: unknown command "frobnicate" (streamrand -h lists the commands)` + "\n", ""},
		{[]string{"-nope"}, 2, "streamrand: unknown flag -nope (streamrand -h lists the commands)\n", ""},
		{[]string{"--version"}, 2, "streamrand: unknown flag --version (streamrand -h lists the commands)\n", ""},
		{[]string{"stream", "-nope", "-alg", "chacha8"}, 2, "streamrand stream: unknown flag -nope (streamrand stream -h lists the flags)\n", ""},
		{[]string{"bench", "-n", "1"}, 2, "streamrand bench: unknown flag -n (streamrand bench -h lists the flags)\n", ""},
		{[]string{"stream", "-alg", "chacha8", "-seed", "1", "-n", "1.5e0"}, 2, "streamrand stream: -n 1.5e0: not a whole number of bytes (1.5e0 is 1.5 bytes; write 1)\n", ""},
		{[]string{"stream", "-alg", "chacha8", "-seed", "1", "-n", "1e30"}, 2, "streamrand stream: -n 1e30: too large", ""},
		{[]string{}, 2, "streamrand measures", ""},
		{[]string{"-h"}, 0, "", "\n  stream   "},
		{[]string{"test", "-h"}, 0, "", "usage: streamrand test"},
		{[]string{"stream", "-help"}, 0, "", "-offset"},
		{[]string{"bench", "-h"}, 0, "", "-runs"},
		{[]string{"help"}, 0, "", "\n  bench    "},
		{[]string{"help", "test"}, 0, "", "usage: streamrand test"},
	} {
		cmd := exec.Command(os.Args[0], tc.args...)
		cmd.Env = append(os.Environ(), "STREAMRAND_RUN_MAIN=1")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		status := 0
		if e, ok := err.(*exec.ExitError); ok {
			status = e.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		errOut := withoutRuntimeWarnings(stderr.String())
		if status != tc.status || !strings.HasPrefix(errOut, tc.stderr) || !strings.Contains(stdout.String(), tc.stdout) ||
			tc.status == 2 && stdout.Len() > 0 || tc.status == 0 && errOut != "" {
			t.Errorf("%q: exit %d, stderr %q, stdout %q; want exit %d, stderr %q..., stdout with %q",
				tc.args, status, stderr.String(), stdout.String(), tc.status, tc.stderr, tc.stdout)
		}
		if strings.Contains(errOut, "goroutine ") || strings.Contains(errOut, "panic") {
			t.Errorf("%q: a stack trace:\n%s", tc.args, stderr.String())
		}
		if tc.status == 2 && len(tc.args) > 0 && strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: stderr is not one line:\n%s", tc.args, stderr.String())
		}
	}
}

// streamrand -h lists each command on one line of at most 80 columns, with
// its help, and says how sizes are written; so does the help of each
// command with a size flag, naming those flags.
func TestTopHelp(t *testing.T) {
	status, stdout, stderr := runMain("-h")
	if status != 0 || stderr != "" {
		t.Fatalf("-h: exit %d, stderr %q", status, stderr)
	}
	for _, c := range commands {
		re := regexp.MustCompile(`(?m)^  ` + c.name + ` +(\S.*)$`)
		m := re.FindAllStringSubmatch(stdout, -1)
		if len(m) != 1 || m[0][1] != c.help {
			t.Errorf("-h: want one line \"  %s  %s\":\n%s", c.name, c.help, stdout)
		}
	}
	for _, l := range strings.Split(stdout, "\n") {
		if len(l) > 80 {
			t.Errorf("-h: line of %d columns: %q", len(l), l)
		}
	}
	for _, tc := range []struct{ args, sizes string }{
		{"-h", "A size (-size, -n, -offset, -bytes) is"},
		{"stream -h", "A size (-n, -offset) is"},
		{"bench -h", "A size (-size) is"},
		{"test -h", "A size (-bytes) is"},
	} {
		_, stdout, _ := runMain(strings.Fields(tc.args)...)
		want := tc.sizes + " a whole number of bytes (65536,"
		text := strings.Join(strings.Fields(stdout), " ")
		if !strings.Contains(text, want) || !strings.Contains(text, "K, M, G or KiB, MiB, GiB for powers of 1024, KB, MB, GB for powers of 1000.") {
			t.Errorf("%s: does not say how sizes are written (%q ...):\n%s", tc.args, want, stdout)
		}
	}
	_, help, _ := runMain("help")
	if help != stdout {
		t.Error("help and -h differ")
	}
}

// Every command's -h exits 0 and shows each flag's default at most once.
func TestHelp(t *testing.T) {
	for _, cmd := range []string{"bench", "stream", "test"} {
		status, stdout, stderr := runMain(cmd, "-h")
		if status != 0 || stderr != "" || !strings.HasPrefix(stdout, "usage: streamrand "+cmd) {
			t.Errorf("%s -h: exit %d, stderr %q, stdout %q", cmd, status, stderr, stdout)
		}
		// The flags' blocks: a line "  -name ..." and its indented usage.
		_, flags, _ := strings.Cut(stdout, "\n  -")
		for _, block := range strings.Split(flags, "\n  -") {
			if n := strings.Count(block, "default"); n > 1 {
				t.Errorf("%s -h: -%s names its default %d times", cmd, block, n)
			}
		}
	}
	_, stdout, _ := runMain("stream", "-h")
	if !regexp.MustCompile(`(?m)^  -n N\n.*without -n, endless\n`).MatchString(stdout) {
		t.Errorf("stream -h: -n does not say that it is endless without it:\n%s", stdout)
	}
}

// withoutRuntimeWarnings drops the Go runtime's own "GODEBUG: ..." lines
// from a child's stderr (GODEBUG=cpu.avx512=off, a setting docs/backends.md
// names, makes the runtime print "GODEBUG: unknown cpu feature"): they are
// not the command's output.
func withoutRuntimeWarnings(stderr string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(stderr, "\n") {
		if !strings.HasPrefix(l, "GODEBUG: ") {
			b.WriteString(l)
		}
	}
	return b.String()
}

package main

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/stattest"
)

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{{"65536", 65536}, {"64K", 64 << 10}, {"16m", 16 << 20}, {"2G", 2 << 30}} {
		got, err := parseSize(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "K", "-1", "1T", "99999999999G"} {
		if _, err := parseSize(bad); err == nil {
			t.Errorf("parseSize(%q): no error", bad)
		}
	}
	if s := formatSize(8 << 20); s != "8 MiB" {
		t.Errorf("formatSize(8 MiB) = %q", s)
	}
	if s := sizeFlag(stattest.DeepBytes); s != "1G" {
		t.Errorf("sizeFlag(1 GiB) = %q", s)
	}
}

// One row per result of the battery (the same battery run directly gives
// the names), and the totals.
func TestRunTest(t *testing.T) {
	var out bytes.Buffer
	err := runTest([]string{"-alg", "chacha8", "-seed", "3", "-bytes", "64K", "-q"}, nil, &out, io.Discard)
	require.NoError(t, err, "chacha8")
	rep, err := (&stattest.Battery{Bytes: 64 << 10}).Run(streamrand.New(streamrand.ChaCha8, 3))
	require.NoError(t, err)
	require.Equal(t, len(rep.Summaries), strings.Count(out.String(), "\nchacha8 "), "result rows:\n%s", out.String())
	for _, s := range rep.Summaries {
		require.Regexp(t, `\nchacha8 +`+regexp.QuoteMeta(s.Name)+` `, out.String())
	}
	require.True(t, strings.HasPrefix(out.String(), "ALGORITHM "), out.String())
	require.Contains(t, out.String(), " weak, 0 failed\n")
}

// -alg runs the battery's runs on -workers goroutines, run i on stream i
// of the seed: the report is byte-identical for any number of workers, and
// each row is what the test gives on its own stream.
func TestTestWorkers(t *testing.T) {
	args := []string{"-alg", "aes128ctr", "-seed", "5", "-bytes", "64K", "-repeat", "2", "-q"}
	var want bytes.Buffer
	require.NoError(t, runTest(append(args, "-workers", "1"), nil, &want, io.Discard))
	for _, w := range []string{"2", "3", "64"} {
		var got bytes.Buffer
		require.NoError(t, runTest(append(args, "-workers", w), nil, &got, io.Discard))
		require.Equal(t, want.String(), got.String(), "-workers %s", w)
	}
	// the runs, one by one on their streams, make the same report
	tests := stattest.Tests()
	var runs [][]stattest.Result
	for i := range 2 * len(tests) {
		g := streamrand.New(streamrand.AES128CTR, 5)
		g.SetStream(uint64(i))
		res, err := tests[i%len(tests)].Run(g, g, 64<<10)
		require.NoError(t, err)
		runs = append(runs, res)
	}
	rep := stattest.NewReport(64<<10, 2, runs)
	for _, s := range rep.Summaries {
		r := s.Results[0]
		if len(s.Second) > 0 {
			r = worst(s.Second)
		}
		row := regexp.MustCompile(`(?m)^aes128ctr +` + regexp.QuoteMeta(s.Name) + ` .*$`).FindString(want.String())
		require.NotEmpty(t, row, "no row for %s", s.Name)
		require.Regexp(t, ` `+regexp.QuoteMeta(fmt.Sprintf("%.6g", r.Statistic))+` +`+regexp.QuoteMeta(fmt.Sprintf("%.6g", r.P))+` +`+s.Verdict.String()+`$`, row)
	}
	_, err := parseTestFlags([]string{"-workers", "0"}, io.Discard)
	require.ErrorContains(t, err, "-workers 0: want 1 or more")
}

// counter is a bad generator: the little-endian uint64s 0, 1, 2, ...
type counter struct{ i uint64 }

func (c *counter) Read(p []byte) (int, error) {
	var b [8]byte
	for n := 0; n < len(p); {
		binary.LittleEndian.PutUint64(b[:], c.i/8)
		b := b[c.i%8:]
		k := copy(p[n:], b)
		n += k
		c.i += uint64(k)
	}
	return len(p), nil
}

// -in runs the battery over any bytes: math/rand/v2's ChaCha8 passes, from
// stdin and from a file; a counter fails.
func TestTestInput(t *testing.T) {
	var out bytes.Buffer
	err := runTest([]string{"-in", "-", "-bytes", "64K", "-q"}, rand.NewChaCha8([32]byte{7}), &out, io.Discard)
	require.NoError(t, err, "math/rand/v2 ChaCha8 on stdin:\n%s", out.String())
	require.True(t, strings.HasPrefix(out.String(), "INPUT "), out.String())
	rows := strings.Count(out.String(), "\nstdin ")
	require.Greater(t, rows, 10, out.String())

	// A file: the same, labelled with its name. The battery takes about
	// tests × bytes; eight times that is more than it reads.
	data := make([]byte, 8*len(stattest.Tests())*64<<10)
	rand.NewChaCha8([32]byte{8}).Read(data)
	path := filepath.Join(t.TempDir(), "chacha8.bin")
	require.NoError(t, os.WriteFile(path, data, 0o600))
	out.Reset()
	err = runTest([]string{"-in", path, "-bytes", "64K", "-q"}, nil, &out, io.Discard)
	require.NoError(t, err, "%s:\n%s", path, out.String())
	require.Equal(t, rows, strings.Count(out.String(), "\n"+path+" "), out.String())

	// The low bits of a counter are anything but random.
	out.Reset()
	err = runTest([]string{"-in", "-", "-bytes", "64K", "-q"}, &counter{}, &out, io.Discard)
	require.Error(t, err, "a counter passed:\n%s", out.String())
	require.Contains(t, err.Error(), "failed: stdin/")
	require.Regexp(t, `, [1-9][0-9]* failed\n$`, out.String())
}

// An input shorter than the battery needs is an error that says how much
// it needs.
func TestTestInputTooShort(t *testing.T) {
	path := filepath.Join(t.TempDir(), "short.bin")
	require.NoError(t, os.WriteFile(path, make([]byte, 1000), 0o600))
	status, stdout, stderr := runMain("test", "-in", path, "-bytes", "64K", "-q")
	require.Equal(t, 1, status)
	require.Empty(t, stdout)
	tests := len(stattest.Tests())
	want := "streamrand test: " + path + ": the input ended after 1000 bytes; the battery needs about " +
		formatSize(int64(tests)*64<<10) + " (" + strconv.Itoa(tests) + " tests × 64 KiB × 1 repetition(s)): " +
		"this input is too short for any -bytes: the least, -bytes 64K, needs about " + formatSize(int64(tests)*64<<10) + "\n"
	require.Equal(t, want, stderr)

	// The real binary, with the file on stdin.
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	cmd := exec.Command(os.Args[0], "test", "-in", "-", "-bytes", "64K")
	cmd.Env = append(os.Environ(), "STREAMRAND_RUN_MAIN=1")
	cmd.Stdin = f
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	err = cmd.Run()
	exit, ok := err.(*exec.ExitError)
	require.True(t, ok, "%v", err)
	require.Equal(t, 1, exit.ExitCode())
	lines := strings.Split(strings.TrimSuffix(withoutRuntimeWarnings(errOut.String()), "\n"), "\n")
	last := lines[len(lines)-1]
	require.Contains(t, last, "streamrand test: stdin: the input ended after 1000 bytes; the battery needs about ")
	for _, l := range lines[:len(lines)-1] { // the progress lines before it
		require.NotContains(t, l, "streamrand")
	}
}

// An input too short for -bytes says which -bytes it is enough for, and
// the battery at that -bytes reads no more than the input holds: 3000000
// bytes make 3000000/26 = 115384 bytes per test, less readSlack (1024),
// 111 KiB in whole KiB. With -repeat 2 it would be 55K, below the least
// -bytes (64K).
func TestTestInputEnoughFor(t *testing.T) {
	require.Len(t, stattest.Tests(), 26, "the figures below are for 26 tests")
	path := filepath.Join(t.TempDir(), "in.bin")
	data := make([]byte, 3000000)
	streamrand.New(streamrand.ChaCha8, 3).Read(data)
	require.NoError(t, os.WriteFile(path, data, 0o600))

	status, _, stderr := runMain("test", "-in", path, "-bytes", "128K", "-q")
	require.Equal(t, 1, status)
	require.Equal(t, "streamrand test: "+path+": the input ended after 3000000 bytes; the battery needs about 3328 KiB "+
		"(26 tests × 128 KiB × 1 repetition(s)): this input is enough for -bytes 111K\n", stderr)
	status, _, stderr = runMain("test", "-in", path, "-bytes", "111K", "-q")
	require.Equal(t, 0, status, stderr)
	require.Empty(t, stderr)

	status, _, stderr = runMain("test", "-in", path, "-bytes", "128K", "-repeat", "2", "-q")
	require.Equal(t, 1, status)
	require.Equal(t, "streamrand test: "+path+": the input ended after 3000000 bytes; the battery needs about 6656 KiB "+
		"(26 tests × 128 KiB × 2 repetition(s)): this input is too short for any -bytes: the least, -bytes 64K -repeat 2, "+
		"needs about 3328 KiB\n", stderr)

	require.Equal(t, int64(111<<10), bytesFor(3000000, 26))
	require.Equal(t, int64(0), bytesFor(3000000, 52)) // 56 KiB, below stattest.MinBytes
	require.Equal(t, int64(stattest.MaxBytes), bytesFor(1<<62, 26))
}

// A pipe between two processes, as a user runs it:
// streamrand stream -alg chacha8 -seed 1 | streamrand test -in -.
func TestTestInputPipe(t *testing.T) {
	gen := exec.Command(os.Args[0], "stream", "-alg", "chacha8", "-seed", "1")
	gen.Env = append(os.Environ(), "STREAMRAND_RUN_MAIN=1")
	test := exec.Command(os.Args[0], "test", "-in", "-", "-bytes", "64K", "-q")
	test.Env = gen.Env
	pipe, err := gen.StdoutPipe()
	require.NoError(t, err)
	test.Stdin = pipe
	var stdout, stderr bytes.Buffer
	test.Stdout, test.Stderr = &stdout, &stderr
	require.NoError(t, gen.Start())
	defer func() {
		gen.Process.Kill()
		gen.Wait()
	}()
	require.NoError(t, test.Run(), "stderr %s\nstdout:\n%s", stderr.String(), stdout.String())
	require.Regexp(t, `\nstdin +monobit `, stdout.String())
	require.Contains(t, stdout.String(), " 0 failed\n")
}

// -deep is -bytes DeepBytes; -in leaves out -alg and -seed.
func TestTestFlags(t *testing.T) {
	cfg, err := parseTestFlags([]string{"-deep", "-alg", "aes128ctr"}, io.Discard)
	require.NoError(t, err)
	require.Equal(t, int64(stattest.DeepBytes), cfg.bytes)
	require.Equal(t, []streamrand.Algorithm{streamrand.AES128CTR}, cfg.algs)
	cfg, err = parseTestFlags([]string{"-in", "x.bin", "-repeat", "3"}, io.Discard)
	require.NoError(t, err)
	require.Equal(t, "x.bin", cfg.in)
	require.Equal(t, int64(8<<20), cfg.bytes)
	require.Empty(t, cfg.algs)

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-in", "x.bin", "-alg", "chacha8"}, "-in tests the bytes it reads: leave out -alg and -seed"},
		{[]string{"-in", "x.bin", "-seed", "2"}, "leave out -alg and -seed"},
		{[]string{"-in", ""}, "-in: want a file name"},
		{[]string{"-deep", "-bytes", "64K"}, "-deep sets -bytes 1G: give one of them"},
	} {
		_, err := parseTestFlags(tc.args, io.Discard)
		require.ErrorContains(t, err, tc.want, "%q", tc.args)
		require.ErrorAs(t, err, new(usageError))
	}

	// -h documents both.
	var help bytes.Buffer
	require.ErrorIs(t, runTest([]string{"-h"}, nil, &help, io.Discard), flag.ErrHelp)
	for _, want := range []string{"-in FILE|-", "-deep", "MT19937", "a few minutes per generator", "| streamrand test -in -"} {
		require.Contains(t, help.String(), want)
	}
}

// Bytes piped into test without -in - are not read, and test says so in
// one line on stderr; a file given as stdin too. With -in -, from
// /dev/null or with no stdin, no such line.
func TestTestSaysStdinIsNotRead(t *testing.T) {
	args := []string{"-alg", "chacha8", "-bytes", "64K", "-q"}
	const note = "streamrand test: stdin is not read without -in - (testing the generators of -alg)\n"

	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	go func() { w.Write(make([]byte, 1000)); w.Close() }()
	var out, errOut bytes.Buffer
	require.NoError(t, runTest(args, r, &out, &errOut))
	require.Equal(t, note, errOut.String())

	path := filepath.Join(t.TempDir(), "data")
	require.NoError(t, os.WriteFile(path, make([]byte, 1000), 0o600))
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	errOut.Reset()
	require.NoError(t, runTest(args, f, &out, &errOut))
	require.Equal(t, note, errOut.String())

	devNull, err := os.Open(os.DevNull)
	require.NoError(t, err)
	defer devNull.Close()
	for _, stdin := range []io.Reader{devNull, nil} {
		errOut.Reset()
		require.NoError(t, runTest(args, stdin, &out, &errOut))
		require.Empty(t, errOut.String())
	}
}

// The command as a user runs it: bytes piped into "streamrand test"
// without -in - give the one-line note on stderr, and the built-in
// generators are tested (exit 0).
func TestTestPipedWithoutIn(t *testing.T) {
	cmd := exec.Command(os.Args[0], "test", "-alg", "chacha8", "-bytes", "64K", "-q")
	cmd.Env = append(os.Environ(), "STREAMRAND_RUN_MAIN=1")
	cmd.Stdin = bytes.NewReader(make([]byte, 100000)) // exec feeds it through a pipe
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "stderr %s", stderr.String())
	require.Equal(t, "streamrand test: stdin is not read without -in - (testing the generators of -alg)\n", stderr.String())
	require.Contains(t, stdout.String(), "\nchacha8 ")
	require.Regexp(t, `\n38 results: \d+ passed, \d+ weak, 0 failed\n$`, stdout.String())
}

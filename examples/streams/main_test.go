package main

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"encoding/hex"
	"io"
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
func TestHelp(t *testing.T) { commandtest.CheckHelp(t, "streams", "seed") }

func jobs() []job {
	var js []job
	for _, a := range streamrand.Algorithms() {
		js = append(js, job{alg: a, seed: 99})
		key := make([]byte, a.KeySize())
		for i := range key {
			key[i] = byte(3*i + 1)
		}
		js = append(js, job{alg: a, key: key})
	}
	return js
}

func name(j job) string {
	if j.key == nil {
		return j.alg.String() + "/seed"
	}
	return j.alg.String() + "/key"
}

// Every task gives the same result whatever the number of workers, and
// again when re-run alone on a fresh Source; different tasks differ.
func TestTasksReproduce(t *testing.T) {
	const n, draws = 300, 50
	for _, j := range jobs() {
		t.Run(name(j), func(t *testing.T) {
			one := runAll(j, n, draws, 1)
			three := runAll(j, n, draws, 3)
			seen := map[taskResult]int{}
			for i := range one {
				if one[i] != three[i] {
					t.Errorf("task %d: 1 worker %+v, 3 workers %+v", i, one[i], three[i])
				}
				if again := rerun(j, uint64(i), draws); again != one[i] {
					t.Errorf("task %d: re-run %+v, first run %+v", i, again, one[i])
				}
				if k, dup := seen[one[i]]; dup {
					t.Errorf("tasks %d and %d give the same result %+v", k, i, one[i])
				}
				seen[one[i]] = i
			}
		})
	}
}

// Slices read with Seek, in parallel and in any order, are the stream.
func TestSlicesAreTheStream(t *testing.T) {
	for _, j := range jobs() {
		want := make([]byte, 20_000)
		j.source(12345).Read(want)
		for _, slice := range []int{3, 8, 64, 1000, 1024, 4099, 30_000} {
			got := make([]byte, len(want))
			readSlices(j, 12345, got, slice, 3)
			if !bytes.Equal(got, want) {
				t.Errorf("%s, slices of %d: differ from a sequential read", name(j), slice)
			}
		}
	}
}

// An independent check of a far Seek: AES-CTR stream s at byte 16*i is
// crypto/cipher's CTR keystream from the counter block BE64(s) || BE64(i).
func TestFarSeekAgainstCryptoCipher(t *testing.T) {
	key, _ := hex.DecodeString("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
	j := job{alg: streamrand.AES256CTR, key: key}
	g := j.source(1 << 40)
	if _, err := g.Seek(1<<60, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 100)
	g.Read(got)

	block, _ := aes.NewCipher(key)
	iv := make([]byte, 16)
	binary.BigEndian.PutUint64(iv[:8], 1<<40)
	binary.BigEndian.PutUint64(iv[8:], 1<<56)
	want := make([]byte, 100)
	cipher.NewCTR(block, iv).XORKeyStream(want, want)
	if !bytes.Equal(got, want) {
		t.Errorf("byte 2^60 of stream 2^40:\n got %x\nwant %x", got, want)
	}
}

func TestCLI(t *testing.T) {
	for _, args := range [][]string{
		{"-tasks", "500", "-draws", "200"},
		{"-tasks", "400", "-draws", "100", "-alg", "aes256ctr", "-workers", "5",
			"-key", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"},
	} {
		var out bytes.Buffer
		if err := cli(args, &out); err != nil {
			t.Fatal(err)
		}
		s := out.String()
		if n := strings.Count(s, ": same"); n != 6 || strings.Contains(s, "DIFFERENT") {
			t.Errorf("%v: %d checks say same, want 6:\n%s", args, n, s)
		}
	}
	for _, args := range [][]string{
		{"-alg", "aes128ctr", "-key", "0011"},
		{"-key", "zz"},
		{"-tasks", "0"},
	} {
		if err := cli(args, new(bytes.Buffer)); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

// Flags out of range are errors, not a panic or an out-of-memory crash.
func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-tasks", "0"}, {"-tasks", "100000000"}, {"-slice", "-1"}, {"-slice", "100000000"},
		{"-tasks", "4000000", "-slice", "16000000"}, {"-workers", "1000000"}, {"extra"}, {"-alg", "rc4"},
	} {
		if err := cli(args, io.Discard); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}

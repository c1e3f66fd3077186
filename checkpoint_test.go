package streamrand_test

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/algtable"
	"github.com/streamrand/streamrand/internal/testkit/gentest"
)

// This file checks checkpoints: MarshalBinary, UnmarshalBinary and
// Unmarshal over every algorithm, bad input and the errors it matches,
// checkpoints written by older code, and a fuzz target.

// checkpoint builds a checkpoint in the documented format (version 1):
// "streamrand:", version, name (length-prefixed), key (length-prefixed),
// stream id, block, offset in the block, CRC-32 (IEEE) of the rest; all
// integers big-endian.
func checkpoint(version byte, name string, key []byte, id, block uint64, off byte) []byte {
	b := append([]byte("streamrand:"), version, byte(len(name)))
	b = append(b, name...)
	b = append(b, byte(len(key)))
	b = append(b, key...)
	b = binary.BigEndian.AppendUint64(b, id)
	b = binary.BigEndian.AppendUint64(b, block)
	b = append(b, off)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

// TestUnmarshalBadInput gives streamrand.Unmarshal and the UnmarshalBinary
// of every algorithm each class of bad input, and matches the exported
// errors with errors.Is. A rejected checkpoint leaves the receiver as it
// was.
func TestUnmarshalBadInput(t *testing.T) {
	key32, key16 := bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 16)
	good := checkpoint(1, "chacha12", key32, 3, 4, 5)
	flipped := bytes.Clone(good)
	flipped[len(flipped)-10] ^= 0x40 // a bit of the block counter
	truncated := good[:len(good)-1]
	cases := []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, streamrand.ErrFormat},
		{"short", []byte("streamrand:"), streamrand.ErrFormat},
		{"truncated", truncated, streamrand.ErrFormat},
		{"extended", append(bytes.Clone(good), 0), streamrand.ErrFormat},
		{"bad magic", append([]byte("streamrant:"), good[11:]...), streamrand.ErrFormat},
		{"version 2", checkpoint(2, "chacha12", key32, 3, 4, 5), streamrand.ErrVersion},
		{"version 0", checkpoint(0, "chacha12", key32, 3, 4, 5), streamrand.ErrVersion},
		{"checksum", flipped, streamrand.ErrChecksum},
		{"checksum field", append(bytes.Clone(good[:len(good)-4]), 0, 0, 0, 0), streamrand.ErrChecksum},
		{"unknown algorithm", checkpoint(1, "chacha7", key32, 3, 4, 5), streamrand.ErrAlgorithm},
		{"empty algorithm", checkpoint(1, "", key32, 3, 4, 5), streamrand.ErrAlgorithm},
		{"chacha key of 16 bytes", checkpoint(1, "chacha8", key16, 3, 4, 5), streamrand.ErrFormat},
		{"aes128 key of 32 bytes", checkpoint(1, "aes128ctr", key32, 3, 4, 5), streamrand.ErrFormat},
		{"chacha offset 64", checkpoint(1, "chacha20", key32, 3, 4, 64), streamrand.ErrFormat},
		{"aes offset 16", checkpoint(1, "aes128ctr", key16, 3, 4, 16), streamrand.ErrFormat},
	}
	for _, tc := range cases {
		g, err := streamrand.Unmarshal(tc.data)
		require.ErrorIs(t, err, tc.want, "Unmarshal: %s", tc.name)
		require.Nil(t, g, tc.name)
		for _, a := range streamrand.Algorithms() {
			g := streamrand.New(a, 9)
			g.Seek(77, io.SeekStart)
			err := g.UnmarshalBinary(tc.data)
			want := tc.want
			if tc.want == streamrand.ErrFormat && tc.name != "truncated" && tc.name != "extended" &&
				tc.name != "bad magic" && tc.name != "empty" && tc.name != "short" && familyOf(checkpointName(tc.data)) != familyOf(a.String()) {
				// A checkpoint of the other family: its key or offset is
				// never looked at.
				want = streamrand.ErrAlgorithm
			}
			require.ErrorIs(t, err, want, "%s.UnmarshalBinary: %s", a, tc.name)
			for _, other := range []error{streamrand.ErrFormat, streamrand.ErrVersion, streamrand.ErrChecksum, streamrand.ErrAlgorithm} {
				if other != want {
					require.NotErrorIs(t, err, other, "%s.UnmarshalBinary: %s", a, tc.name)
				}
			}
			ref := streamrand.New(a, 9)
			ref.Seek(77, io.SeekStart)
			require.Equal(t, ref.Uint64(), g.Uint64(), "%s changed by a rejected checkpoint (%s)", a, tc.name)
		}
	}
	// The well-formed one restores through both.
	g, err := streamrand.Unmarshal(good)
	require.NoError(t, err)
	a, _ := streamrand.AlgorithmOf(g)
	require.Equal(t, streamrand.ChaCha12, a)
	require.Equal(t, uint64(3), g.Stream())
	pos, err := g.Seek(0, io.SeekCurrent)
	require.NoError(t, err)
	require.Equal(t, int64(4*64+5), pos)
	b := make([]byte, 100)
	g.Read(b)
	require.Equal(t, refStream(streamrand.ChaCha12, key32, 3, 4*64+5, 100), b)
	// AES checkpoints are refused by chacha Sources and the reverse.
	aes := checkpoint(1, "aes256ctr", key32, 0, 0, 0)
	require.ErrorIs(t, new(chacha.Source).UnmarshalBinary(aes), streamrand.ErrAlgorithm)
	require.ErrorIs(t, new(aesctr.Source).UnmarshalBinary(good), streamrand.ErrAlgorithm)
}

// TestUnmarshalEveryAlgorithm: a checkpoint of every algorithm, of a bare
// and of a Locked Generator, restores through Unmarshal to that algorithm,
// unlocked, at the exact stream and position; the algorithm field it
// dispatches on is the algorithm's String.
func TestUnmarshalEveryAlgorithm(t *testing.T) {
	for _, a := range streamrand.Algorithms() {
		for _, lock := range []bool{false, true} {
			key := bytes.Repeat([]byte{byte(a) + 1}, a.KeySize())
			g, err := streamrand.NewWithKey(a, key, 1<<40+uint64(a))
			require.NoError(t, err)
			if lock {
				g = streamrand.Locked(g)
			}
			pos := int64(1<<36 + 77*int64(a) + 3)
			_, err = g.Seek(pos, io.SeekStart)
			require.NoError(t, err)
			data, err := g.MarshalBinary()
			require.NoError(t, err)
			require.Equal(t, a.String(), string(data[13:13+int(data[12])]), "%s: algorithm field", a)

			h, err := streamrand.Unmarshal(data)
			require.NoError(t, err, "%s locked=%v", a, lock)
			got, ok := streamrand.AlgorithmOf(h)
			require.True(t, ok && got == a, "%s locked=%v: AlgorithmOf = %v, %v", a, lock, got, ok)
			require.Equal(t, reflect.TypeOf(streamrand.New(a, 0)), reflect.TypeOf(h), "%s: restored as %T", a, h)
			require.Equal(t, g.Stream(), h.Stream())
			want, b := make([]byte, 1000), make([]byte, 1000)
			g.Read(want)
			h.Read(b)
			require.Equal(t, want, b, "%s locked=%v", a, lock)
			require.Equal(t, refStream(a, key, 1<<40+uint64(a), pos, len(b)), b, "%s locked=%v", a, lock)
			require.Equal(t, g.Uint64(), h.Uint64(), "%s locked=%v", a, lock)
		}
	}
}

// TestUnmarshalAlgorithmField: Unmarshal reads the checkpoint's algorithm
// field. A well-framed name no algorithm has (in checkpoints the name is
// exact: no other letter case) is ErrAlgorithm; a corrupted name or name
// length, whose checksum no longer matches, is ErrChecksum or ErrFormat,
// never taken for another algorithm.
func TestUnmarshalAlgorithmField(t *testing.T) {
	for _, a := range streamrand.Algorithms() {
		key := bytes.Repeat([]byte{9}, a.KeySize())
		for _, name := range []string{"CHACHA8", strings.ToUpper(a.String()), a.String() + "x", "aes512ctr", "chacha", "\x00"} {
			_, err := streamrand.Unmarshal(checkpoint(1, name, key, 3, 4, 5))
			require.ErrorIs(t, err, streamrand.ErrAlgorithm, "%q", name)
			require.EqualError(t, err, fmt.Sprintf("streamrand: Unmarshal: state is for another algorithm: %q", name))
		}
		good := checkpoint(1, a.String(), key, 3, 4, 5)
		_, err := streamrand.Unmarshal(good)
		require.NoError(t, err, "%s", a)
		// Byte 12 is the name's length, then the name.
		for i := 12; i < 13+len(a.String()); i++ {
			for bit := range 8 {
				bad := bytes.Clone(good)
				bad[i] ^= 1 << bit
				g, err := streamrand.Unmarshal(bad)
				require.Nil(t, g)
				if i > 12 {
					require.ErrorIs(t, err, streamrand.ErrChecksum, "%s: byte %d bit %d", a, i, bit)
				} else {
					require.True(t, errors.Is(err, streamrand.ErrFormat) || errors.Is(err, streamrand.ErrChecksum),
						"%s: name length, bit %d: %v", a, bit, err)
				}
				require.NotErrorIs(t, err, streamrand.ErrAlgorithm, "%s: byte %d bit %d", a, i, bit)
			}
		}
	}
}

// familyOf returns the family of the algorithm named name, as the
// algorithm table says, or "" if no algorithm has that name.
func familyOf(name string) string {
	for _, row := range algtable.Rows() {
		if row.Name == name {
			return row.Family.Name
		}
	}
	return ""
}

// checkpointName returns the algorithm name a checkpoint carries (byte 12
// is its length, the name follows).
func checkpointName(data []byte) string { return string(data[13 : 13+int(data[12])]) }

// checkpointFile holds the golden checkpoints: those the chacha and
// aesctr packages' tests pinned byte for byte, and one of every algorithm
// after New(a, 1000+a), SetStream(5+a), Seek(12345+a), all written by the
// code as of November 2026 (commit 54c9fde, the format version 1 every
// later version must read).
const checkpointFile = "testdata/checkpoints.txt"

// A goldenCheckpoint is a line of checkpointFile.
type goldenCheckpoint struct {
	alg         streamrand.Algorithm
	key, calls  string // as the file's header describes them
	state, next string // hex
}

// name names the line's subtest: algorithm_key_calls.
func (g *goldenCheckpoint) name() string { return g.alg.String() + "_" + g.key + "_" + g.calls }

// replay makes the line's Generator and its calls, and returns it with its
// key, stream id and position.
func (g *goldenCheckpoint) replay(t *testing.T) (made streamrand.Generator, key []byte, id uint64, pos int64) {
	kind, arg, _ := strings.Cut(g.key, "=")
	switch kind {
	case "seed":
		seed, err := strconv.ParseUint(arg, 10, 64)
		require.NoError(t, err, g.key)
		made, key = streamrand.New(g.alg, seed), refSeedKey(seed, g.alg.KeySize())
	case "key":
		b, err := hex.DecodeString(arg)
		require.NoError(t, err, g.key)
		require.Len(t, b, 1, g.key)
		key = bytes.Repeat(b, g.alg.KeySize())
		made, err = streamrand.NewWithKey(g.alg, key, 0)
		require.NoError(t, err)
	default:
		t.Fatalf("key %q is neither seed=N nor key=XX", g.key)
	}
	for _, call := range strings.Split(g.calls, ",") {
		op, arg, _ := strings.Cut(call, "=")
		n, err := strconv.ParseUint(arg, 10, 64)
		require.True(t, err == nil || op == "uint64", "call %q", call)
		switch op {
		case "stream":
			made.SetStream(n)
			id, pos = n, 0
		case "seek":
			_, err := made.Seek(int64(n), io.SeekStart)
			require.NoError(t, err)
			pos = int64(n)
		case "uint64":
			made.Uint64()
			pos += 8
		case "read":
			made.Read(make([]byte, n))
			pos += int64(n)
		default:
			t.Fatalf("call %q is none of stream=N, seek=N, uint64, read=N", call)
		}
	}
	return made, key, id, pos
}

// readCheckpoints returns the lines of checkpointFile.
func readCheckpoints(t *testing.T) []goldenCheckpoint {
	data, err := os.ReadFile(checkpointFile)
	require.NoError(t, err)
	var gs []goldenCheckpoint
	for line := range strings.Lines(string(data)) {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		require.Len(t, f, 5, "%s: line %q", checkpointFile, line)
		a, err := streamrand.ParseAlgorithm(f[0])
		require.NoError(t, err, "%s: line %q", checkpointFile, line)
		gs = append(gs, goldenCheckpoint{a, f[1], f[2], f[3], f[4]})
	}
	return gs
}

// writeCheckpoints rewrites checkpointFile with gs, keeping its header.
func writeCheckpoints(t *testing.T, gs []goldenCheckpoint) {
	data, err := os.ReadFile(checkpointFile)
	require.NoError(t, err)
	var b strings.Builder
	for line := range strings.Lines(string(data)) {
		if strings.HasPrefix(line, "#") {
			b.WriteString(line)
		}
	}
	for _, g := range gs {
		fmt.Fprintf(&b, "%s %s %s %s %s\n", g.alg, g.key, g.calls, g.state, g.next)
	}
	require.NoError(t, os.WriteFile(checkpointFile, []byte(b.String()), 0o644))
}

// TestGoldenCheckpoints: each checkpoint of checkpointFile restores, into a
// zero Source of its package, to the same stream, and the same calls today
// write the same bytes (gentest.Golden); streamrand.Unmarshal, which is
// told no algorithm, restores it to the right algorithm, stream and
// position, whose bytes the reference recomputes from the key, and it
// marshals back to the same bytes. Every algorithm has one. -update
// rewrites the lines run from the current code.
func TestGoldenCheckpoints(t *testing.T) {
	golden := readCheckpoints(t)
	for _, a := range streamrand.Algorithms() {
		if !slices.ContainsFunc(golden, func(g goldenCheckpoint) bool { return g.alg == a }) {
			if !*update {
				t.Fatalf("%s: no checkpoint of %s (go test -run TestGoldenCheckpoints -update . adds one)", checkpointFile, a)
			}
			golden = append(golden, goldenCheckpoint{a, "seed=1000", "stream=5,seek=12345", "", ""})
		}
	}
	for i := range golden {
		g := &golden[i]
		t.Run(g.name(), func(t *testing.T) {
			made, key, id, pos := g.replay(t)
			if *update {
				state, err := made.MarshalBinary()
				require.NoError(t, err)
				g.state, g.next = hex.EncodeToString(state), hex.EncodeToString(next(made, 16))
				return
			}
			state, err := hex.DecodeString(g.state)
			require.NoError(t, err)
			want, err := hex.DecodeString(g.next)
			require.NoError(t, err)
			gentest.Golden(t, zeroOf(g.alg), made, state, want)

			h, err := streamrand.Unmarshal(state)
			require.NoError(t, err)
			got, ok := streamrand.AlgorithmOf(h)
			require.True(t, ok && got == g.alg, "AlgorithmOf = %v %v", got, ok)
			require.Equal(t, id, h.Stream())
			p, err := h.Seek(0, io.SeekCurrent)
			require.NoError(t, err)
			require.Equal(t, pos, p)
			b := next(h, 500)
			require.Equal(t, refStream(g.alg, key, id, pos, len(b)), b)
			require.Equal(t, want, b[:len(want)])
			h.Seek(pos, io.SeekStart)
			again, err := h.MarshalBinary()
			require.NoError(t, err)
			require.Equal(t, state, again)
		})
	}
	if *update {
		writeCheckpoints(t, golden)
	}
}

// TestUnmarshalErrors: each class of bad input to UnmarshalBinary returns
// the documented error, matched with errors.Is and prefixed with the
// package's name, and leaves the Source unchanged (gentest.UnmarshalErrors),
// for every algorithm against a checkpoint of every algorithm of another
// family.
func TestUnmarshalErrors(t *testing.T) {
	for _, a := range streamrand.Algorithms() {
		g := streamrand.New(a, 3)
		g.SetStream(5)
		g.Seek(1000, io.SeekStart)
		good, err := g.MarshalBinary()
		require.NoError(t, err)
		for _, b := range streamrand.Algorithms() {
			if familyOf(b.String()) == familyOf(a.String()) {
				continue
			}
			other, err := streamrand.New(b, 3).MarshalBinary()
			require.NoError(t, err)
			t.Run(a.String()+"/"+b.String(), func(t *testing.T) {
				gentest.UnmarshalErrors(t, streamrand.New(a, 9), good, other, familyOf(a.String())+": UnmarshalBinary")
			})
		}
	}
}

// TestUnmarshalNamesNoWrongFamily: an error of Unmarshal never blames a
// package the checkpoint is not for: a dispatch that tried one family after
// another would report chacha's error for a corrupted or truncated AES
// checkpoint ("chacha: UnmarshalBinary: state checksum mismatch"). Errors
// of the framing, which no package reached, name none.
func TestUnmarshalNamesNoWrongFamily(t *testing.T) {
	key32, key16 := bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 16)
	aes := checkpoint(1, "aes128ctr", key16, 3, 4, 5)
	cha := checkpoint(1, "chacha8", key32, 3, 4, 5)
	flip := func(b []byte, i int) []byte { b = bytes.Clone(b); b[i] ^= 1; return b }
	cases := []struct {
		name   string
		data   []byte
		want   error
		banned []string // words the message must not contain
	}{
		{"aes checksum", flip(aes, len(aes)-1), streamrand.ErrChecksum, []string{"chacha", "aesctr"}},
		{"aes truncated", aes[:len(aes)-1], streamrand.ErrFormat, []string{"chacha", "aesctr"}},
		{"aes version 2", checkpoint(2, "aes128ctr", key16, 3, 4, 5), streamrand.ErrVersion, []string{"chacha", "aesctr"}},
		{"chacha checksum", flip(cha, len(cha)-1), streamrand.ErrChecksum, []string{"chacha", "aesctr"}},
		{"junk", []byte("not a checkpoint at all, but long enough to be framed"), streamrand.ErrFormat, []string{"chacha", "aesctr"}},
		{"empty", nil, streamrand.ErrFormat, []string{"chacha", "aesctr"}},
		{"aes key of 32 bytes", checkpoint(1, "aes128ctr", key32, 3, 4, 5), streamrand.ErrFormat, []string{"chacha"}},
		{"chacha offset 64", checkpoint(1, "chacha8", key32, 3, 4, 64), streamrand.ErrFormat, []string{"aesctr"}},
		{"unknown algorithm", checkpoint(1, "chacha7", key32, 3, 4, 5), streamrand.ErrAlgorithm, []string{"chacha:", "aesctr"}},
	}
	for _, tc := range cases {
		g, err := streamrand.Unmarshal(tc.data)
		require.Nil(t, g, tc.name)
		require.ErrorIs(t, err, tc.want, tc.name)
		for _, w := range tc.banned {
			require.False(t, strings.Contains(err.Error(), w), "%s: %q names %s", tc.name, err, w)
		}
		require.True(t, strings.HasPrefix(err.Error(), "streamrand: Unmarshal: "), "%s: %q", tc.name, err)
	}
	_, err := streamrand.Unmarshal(checkpoint(1, "chacha7", key32, 3, 4, 5))
	require.EqualError(t, err, `streamrand: Unmarshal: state is for another algorithm: "chacha7"`)
}

// TestCrossAlgorithmUnmarshal: a state of one family does not load into the
// other, and the target is unchanged.
func TestCrossAlgorithmUnmarshal(t *testing.T) {
	for _, a := range streamrand.Algorithms() {
		for _, b := range streamrand.Algorithms() {
			src := streamrand.New(a, 1)
			src.Seek(100, io.SeekStart)
			data, err := src.MarshalBinary()
			require.NoError(t, err)
			dst := streamrand.New(b, 2)
			err = dst.UnmarshalBinary(data)
			same := familyOf(a.String()) == familyOf(b.String())
			if same {
				require.NoError(t, err)
				require.Equal(t, src.Uint64(), dst.Uint64())
				continue
			}
			require.Error(t, err, "%s into %s", a, b)
			require.Equal(t, streamrand.New(b, 2).Uint64(), dst.Uint64(), "%s into %s: target changed", a, b)
		}
	}
}

// FuzzUnmarshalBinary feeds arbitrary states to every algorithm's
// UnmarshalBinary: it must never panic; a rejected state leaves the
// generator unchanged; an accepted one marshals back to the same bytes.
func FuzzUnmarshalBinary(f *testing.F) {
	for _, a := range streamrand.Algorithms() {
		g := streamrand.New(a, 3)
		g.Seek(1234, io.SeekStart)
		data, _ := g.MarshalBinary()
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		accepted := 0
		for _, a := range streamrand.Algorithms() {
			g := streamrand.New(a, 1)
			if err := g.UnmarshalBinary(data); err != nil {
				require.Equal(t, streamrand.New(a, 1).Uint64(), g.Uint64(), "%s changed by a rejected state", a)
				continue
			}
			accepted++
			again, err := g.MarshalBinary()
			require.NoError(t, err)
			require.Equal(t, data, again)
			g.Uint64()
		}
		// Unmarshal accepts what some algorithm's UnmarshalBinary accepts
		// (each algorithm of a family accepts the states of all the
		// family's algorithms), and restores the same state.
		g, err := streamrand.Unmarshal(data)
		if accepted == 0 {
			require.Error(t, err)
			require.Nil(t, g)
			return
		}
		require.NoError(t, err)
		a, _ := streamrand.AlgorithmOf(g)
		family := 0
		for _, b := range streamrand.Algorithms() {
			if familyOf(b.String()) == familyOf(a.String()) {
				family++
			}
		}
		require.Equal(t, family, accepted)
		again, err := g.MarshalBinary()
		require.NoError(t, err)
		require.Equal(t, data, again)
		_, ok := streamrand.AlgorithmOf(g)
		require.True(t, ok)
	})
}

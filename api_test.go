package streamrand_test

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	mrand "math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/chacha20"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
)

// The ChaCha reference of reference_test.go equals RFC 8439's ChaCha20
// (golang.org/x/crypto/chacha20: 32-bit counter, nonce = 4 zero bytes and
// the stream id little-endian) wherever the counter stays below 2^32.
func TestReferenceChaChaMatchesXCrypto(t *testing.T) {
	rng := mrand.New(mrand.NewPCG(1, 1))
	for range 20 {
		key := make([]byte, 32)
		for i := range key {
			key[i] = byte(rng.Uint32())
		}
		id := rng.Uint64()
		block := rng.Uint64N(1<<32 - 4)
		var nonce [12]byte
		binary.LittleEndian.PutUint64(nonce[4:], id)
		c, err := chacha20.NewUnauthenticatedCipher(key, nonce[:])
		require.NoError(t, err)
		c.SetCounter(uint32(block))
		want := make([]byte, 200)
		c.XORKeyStream(want, want)
		require.Equal(t, want[5:], refStream(streamrand.ChaCha20, key, id, int64(block*64+5), 195))
	}
}

// New(a, seed) is the keystream keyed with the first KeySize bytes of
// rand_core's seed_from_u64 expansion, stream 0, position 0, for every
// algorithm (AES-192 and AES-256 included).
func TestNewSeedsLikeRandCore(t *testing.T) {
	for _, a := range streamrand.Algorithms() {
		for _, seed := range []uint64{0, 1, 42, 1<<64 - 1} {
			got := make([]byte, 3000)
			streamrand.New(a, seed).Read(got)
			require.Equal(t, refStream(a, refSeedKey(seed, a.KeySize()), 0, 0, len(got)), got, "%s seed %d", a, seed)
		}
	}
}

// model is what a Generator must be: a key, a stream id and a byte
// position, whose bytes refStream computes.
type model struct {
	a   streamrand.Algorithm
	key []byte
	id  uint64
	pos int64
}

func (m *model) next(n int) []byte {
	b := refStream(m.a, m.key, m.id, m.pos, n)
	m.pos += int64(n)
	return b
}

// TestRandomOperations mixes every method of the public API in random order
// on every algorithm, on bare Generators and through Locked, and compares
// each result with the reference model: Read of random lengths, Uint64,
// ReadAt (which must not move the position), Seed, Seek (start and current,
// near 2^32 ChaCha blocks and far into AES streams), SetStream, and
// checkpoints restored by UnmarshalBinary into another Generator of the
// family and by streamrand.Unmarshal.
func TestRandomOperations(t *testing.T) {
	ops := 3000
	if testing.Short() {
		ops = 600
	}
	for _, a := range streamrand.Algorithms() {
		for _, lock := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/locked=%v", a, lock), func(t *testing.T) {
				rng := mrand.New(mrand.NewPCG(uint64(a), 7))
				key := make([]byte, a.KeySize())
				for i := range key {
					key[i] = byte(rng.Uint32())
				}
				m := &model{a: a, key: key, id: rng.Uint64()}
				g, err := streamrand.NewWithKey(a, key, m.id)
				require.NoError(t, err)
				wrap := func(g streamrand.Generator) streamrand.Generator {
					if lock {
						return streamrand.Locked(g)
					}
					return g
				}
				g = wrap(g)
				for op := range ops {
					what := ""
					switch k := rng.IntN(100); {
					case k < 30:
						n := rng.IntN(300)
						if rng.IntN(10) == 0 {
							n = rng.IntN(5000)
						}
						what = fmt.Sprintf("Read(%d) at %d", n, m.pos)
						b := make([]byte, n)
						got, err := g.Read(b)
						require.NoError(t, err, what)
						require.Equal(t, n, got, what)
						require.Equal(t, m.next(n), b, what)
					case k < 55:
						what = fmt.Sprintf("Uint64 at %d", m.pos)
						require.Equal(t, binary.LittleEndian.Uint64(m.next(8)), g.Uint64(), what)
					case k < 67:
						to := randomOffset(rng, m.pos)
						what = fmt.Sprintf("Seek to %d from %d", to, m.pos)
						var pos int64
						if rng.IntN(2) == 0 {
							pos, err = g.Seek(to, io.SeekStart)
						} else {
							pos, err = g.Seek(to-m.pos, io.SeekCurrent)
						}
						require.NoError(t, err, what)
						require.Equal(t, to, pos, what)
						m.pos = to
					case k < 77:
						off := randomOffset(rng, m.pos)
						n := rng.IntN(3000)
						what = fmt.Sprintf("ReadAt(%d, %d) at %d", n, off, m.pos)
						b := make([]byte, n)
						got, err := g.ReadAt(b, off)
						require.NoError(t, err, what)
						require.Equal(t, n, got, what)
						require.Equal(t, refStream(a, m.key, m.id, off, n), b, what)
						if rng.IntN(10) == 0 {
							_, err := g.ReadAt(b, -1-rng.Int64N(1000))
							require.Error(t, err, "ReadAt at a negative offset")
						}
					case k < 81:
						seed := rng.Uint64()
						what = fmt.Sprintf("Seed(%d)", seed)
						g.Seed(seed)
						m.key, m.id, m.pos = refSeedKey(seed, a.KeySize()), 0, 0
					case k < 87:
						id := rng.Uint64()
						if rng.IntN(3) == 0 {
							id = rng.Uint64N(4)
						}
						what = fmt.Sprintf("SetStream(%d)", id)
						g.SetStream(id)
						m.id, m.pos = id, 0
						require.Equal(t, id, g.Stream(), what)
					case k < 94:
						what = "MarshalBinary, UnmarshalBinary into a Generator of the family"
						data, err := g.MarshalBinary()
						require.NoError(t, err, what)
						other := sameFamily(a, rng)
						h := streamrand.New(other, rng.Uint64())
						require.NoError(t, h.UnmarshalBinary(data), what)
						got, ok := streamrand.AlgorithmOf(h)
						require.True(t, ok && got == a, "%s: AlgorithmOf = %v, %v", what, got, ok)
						g = wrap(h)
					default:
						what = "AppendBinary, streamrand.Unmarshal"
						data, err := g.AppendBinary([]byte("prefix"))
						require.NoError(t, err, what)
						h, err := streamrand.Unmarshal(data[len("prefix"):])
						require.NoError(t, err, what)
						got, ok := streamrand.AlgorithmOf(h)
						require.True(t, ok && got == a, "%s: AlgorithmOf = %v, %v", what, got, ok)
						g = wrap(h)
					}
					pos, err := g.Seek(0, io.SeekCurrent)
					require.NoError(t, err)
					require.Equal(t, m.pos, pos, "op %d, after %s", op, what)
					require.Equal(t, m.id, g.Stream(), "op %d, after %s", op, what)
				}
			})
		}
	}
}

// randomOffset returns a byte position to Seek or ReadAt to: near the
// start, around ChaCha block 2^32, anywhere below 2^62 (far into AES
// streams), or near the current position pos.
func randomOffset(rng *mrand.Rand, pos int64) int64 {
	switch rng.IntN(4) {
	case 0:
		return rng.Int64N(1 << 16)
	case 1:
		return 1<<38 - 4096 + rng.Int64N(8192)
	case 2:
		return rng.Int64N(1 << 62)
	}
	return max(pos+rng.Int64N(2000)-1000, 0)
}

// sameFamily returns a random algorithm of a's family (ChaCha or AES).
func sameFamily(a streamrand.Algorithm, rng *mrand.Rand) streamrand.Algorithm {
	if a <= streamrand.ChaCha20 {
		return streamrand.Algorithm(rng.IntN(3))
	}
	return streamrand.AES128CTR + streamrand.Algorithm(rng.IntN(3))
}

func TestAlgorithmOf(t *testing.T) {
	for _, a := range streamrand.Algorithms() {
		g := streamrand.New(a, 1)
		got, ok := streamrand.AlgorithmOf(g)
		require.True(t, ok)
		require.Equal(t, a, got)
		got, ok = streamrand.AlgorithmOf(streamrand.Locked(g))
		require.True(t, ok)
		require.Equal(t, a, got)
		got, ok = streamrand.AlgorithmOf(streamrand.Locked(streamrand.Locked(g)))
		require.True(t, ok && got == a, "Locked twice: %v %v", got, ok)
	}
	// A Locked Generator follows an UnmarshalBinary to another algorithm
	// of the family.
	l := streamrand.Locked(streamrand.New(streamrand.ChaCha8, 1))
	data, _ := streamrand.New(streamrand.ChaCha20, 1).MarshalBinary()
	require.NoError(t, l.UnmarshalBinary(data))
	got, ok := streamrand.AlgorithmOf(l)
	require.True(t, ok && got == streamrand.ChaCha20, "%v %v", got, ok)

	// Zero Sources, nil pointers and foreign Generators have none.
	for _, g := range []streamrand.Generator{new(chacha.Source), new(aesctr.Source), (*chacha.Source)(nil), (*aesctr.Source)(nil), nil, wrapper{streamrand.New(streamrand.ChaCha8, 1)}} {
		_, ok := streamrand.AlgorithmOf(g)
		require.False(t, ok, "%T", g)
	}
}

// wrapper is a Generator of another package.
type wrapper struct{ streamrand.Generator }

func TestKeySize(t *testing.T) {
	want := map[streamrand.Algorithm]int{
		streamrand.ChaCha8: 32, streamrand.ChaCha12: 32, streamrand.ChaCha20: 32,
		streamrand.AES128CTR: 16, streamrand.AES192CTR: 24, streamrand.AES256CTR: 32,
	}
	for _, a := range streamrand.Algorithms() {
		require.Equal(t, want[a], a.KeySize(), "%s", a)
	}
	for _, a := range []streamrand.Algorithm{6, 7, 255} {
		require.Zero(t, a.KeySize(), "%s", a)
	}
}

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
				tc.name != "bad magic" && tc.name != "empty" && tc.name != "short" && !sameFamilyName(a, tc.name) {
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
			_, isChaCha := h.(*chacha.Source)
			_, isAES := h.(*aesctr.Source)
			require.True(t, isChaCha == (a <= streamrand.ChaCha20) && isAES == !isChaCha, "%s: restored as %T", a, h)
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

// sameFamilyName reports whether the case name tc (from
// TestUnmarshalBadInput) names a checkpoint of a's family.
func sameFamilyName(a streamrand.Algorithm, tc string) bool {
	isAES := bytes.Contains([]byte(tc), []byte("aes"))
	return isAES == (a >= streamrand.AES128CTR)
}

// Checkpoints written by the code as of November 2026 (commit 54c9fde, the
// format version 1 every later version must read): New(a, 1000+a) after
// SetStream(5+a) and Seek(12345+a). The chacha and aesctr packages pin
// their own old checkpoints byte for byte (TestGoldenCheckpoints there);
// these check the root's side: streamrand.Unmarshal, which is told no
// algorithm, restores each of the six (AES-192 included) to the right
// algorithm and the exact stream, whose bytes the reference recomputes
// from the seed expansion.
var goldenCheckpoints = map[streamrand.Algorithm]string{
	streamrand.ChaCha8:   "73747265616d72616e643a010763686163686138203033631b79705a920b58ad20df411f9a619b064ba85ef26fef17bc46f8e0644b000000000000000500000000000000c0398331968d",
	streamrand.ChaCha12:  "73747265616d72616e643a0108636861636861313220981f897a4ffca39bcb5e315c60e828867b2fa1b8bbdb2fb8f6d0bec83d609ea3000000000000000600000000000000c03a8f6abbce",
	streamrand.ChaCha20:  "73747265616d72616e643a0108636861636861323020d5e091e9a19c0d7efcb34310031e7d1cc0c1fc1156b350ec45c396cef54d46e4000000000000000700000000000000c03bc1766f1d",
	streamrand.AES128CTR: "73747265616d72616e643a0109616573313238637472108efafc28f25e26dd265cdfee496b5825000000000000000800000000000003030c3c7e773a",
	streamrand.AES192CTR: "73747265616d72616e643a01096165733139326374721866c7fe5bd9bbc6e79337b6302d71779a48cb156b70c2fb48000000000000000900000000000003030dea321a7b",
	streamrand.AES256CTR: "73747265616d72616e643a010961657332353663747220f1c7acd9b45f27d410cc1d057b171c1f6f59b7c71a12582485f82462a14dec62000000000000000a00000000000003030e112a8de9",
}

func TestGoldenCheckpoints(t *testing.T) {
	for _, a := range streamrand.Algorithms() {
		data, err := hex.DecodeString(goldenCheckpoints[a])
		require.NoError(t, err)
		g, err := streamrand.Unmarshal(data)
		require.NoError(t, err, "%s", a)
		got, ok := streamrand.AlgorithmOf(g)
		require.True(t, ok && got == a, "%s: AlgorithmOf = %v %v", a, got, ok)
		id, pos := 5+uint64(a), 12345+int64(a)
		require.Equal(t, id, g.Stream())
		p, err := g.Seek(0, io.SeekCurrent)
		require.NoError(t, err)
		require.Equal(t, pos, p)
		b := make([]byte, 500)
		g.Read(b)
		require.Equal(t, refStream(a, refSeedKey(1000+uint64(a), a.KeySize()), id, pos, len(b)), b, "%s", a)
		// And they marshal back to the same bytes.
		g.Seek(pos, io.SeekStart)
		again, err := g.MarshalBinary()
		require.NoError(t, err)
		require.Equal(t, data, again, "%s", a)
	}
}

// emptyThenError returns (0, nil) up to limit times, then an error: a
// reader that never makes progress. (The limit keeps a regression from
// spinning forever: it then panics with errSpun instead of
// io.ErrNoProgress.)
type emptyThenError struct{ calls, limit int }

var errSpun = errors.New("read called too often")

func (r *emptyThenError) Read(p []byte) (int, error) {
	if r.calls++; r.calls > r.limit {
		return 0, errSpun
	}
	return 0, nil
}

// chunks returns its chunks one per Read, each with its error.
type chunks struct {
	data [][]byte
	errs []error
}

func (c *chunks) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	n := copy(p, c.data[0])
	err := c.errs[0]
	c.data, c.errs = c.data[1:], c.errs[1:]
	return n, err
}

// panicErr calls f and returns the error it panics with (nil if none).
func panicErr(t *testing.T, f func()) (err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(error)
			require.True(t, ok, "panic with %T %v, want an error", r, r)
			err = e
		}
	}()
	f()
	return nil
}

func TestNewSourceKeepsBytesDeliveredWithAnError(t *testing.T) {
	boom := errors.New("boom")
	r := &chunks{
		data: [][]byte{{1, 2, 3}, {4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}},
		errs: []error{boom, nil},
	}
	src := streamrand.NewSource(r)
	err := panicErr(t, func() { src.Uint64() })
	require.ErrorIs(t, err, boom)
	// A recovered caller tries again: bytes 1, 2, 3 come first.
	require.Equal(t, uint64(0x0807060504030201), src.Uint64())
	require.Equal(t, uint64(0x100f0e0d0c0b0a09), src.Uint64())

	// Enough bytes with an error: the bytes first, then the error.
	r = &chunks{data: [][]byte{{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17}}, errs: []error{boom}}
	src = streamrand.NewSource(r)
	require.Equal(t, uint64(0x0807060504030201), src.Uint64())
	require.Equal(t, uint64(0x100f0e0d0c0b0a09), src.Uint64())
	require.ErrorIs(t, panicErr(t, func() { src.Uint64() }), boom)
	// The error was reported; the next call reads again, now to the end,
	// and byte 17 is still first.
	err = panicErr(t, func() { src.Uint64() })
	require.ErrorIs(t, err, io.EOF)
	require.ErrorContains(t, err, "reader ended")
}

func TestNewSourceGivesUpOnNoProgress(t *testing.T) {
	r := &emptyThenError{limit: 1000}
	err := panicErr(t, func() { streamrand.NewSource(r).Uint64() })
	require.ErrorIs(t, err, io.ErrNoProgress)
	require.Equal(t, 100, r.calls, "reads before giving up (bufio's limit)")

	// Empty reads between progress are fine.
	var data [][]byte
	var errs []error
	for i := range 16 {
		for range 99 {
			data, errs = append(data, nil), append(errs, nil)
		}
		data, errs = append(data, []byte{byte(i)}), append(errs, nil)
	}
	src := streamrand.NewSource(&chunks{data: data, errs: errs})
	require.Equal(t, uint64(0x0706050403020100), src.Uint64())
	require.Equal(t, uint64(0x0f0e0d0c0b0a0908), src.Uint64())
}

// A reader that claims more bytes than it was given: a clear error, not
// an index out of range.
type liar struct{}

func (liar) Read(p []byte) (int, error) { return len(p) + 1, nil }

func TestNewSourceBadReader(t *testing.T) {
	err := panicErr(t, func() { streamrand.NewSource(liar{}).Uint64() })
	require.ErrorContains(t, err, "streamrand: NewSource: reader returned")
}

package aesctr_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"encoding/hex"
	"io"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/internal/seedexp"
	"github.com/streamrand/streamrand/internal/testkit/gentest"
)

// cipherRef returns n bytes of stream id stream from byte pos for key: the
// keystream of crypto/cipher's CTR over crypto/aes from the counter block
// BE64(stream) || BE64(pos/16), the independent reference.
func cipherRef(key []byte, stream uint64, pos int64, n int) []byte {
	b, err := aes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	iv := make([]byte, 16)
	binary.BigEndian.PutUint64(iv, stream)
	binary.BigEndian.PutUint64(iv[8:], uint64(pos/16))
	out := make([]byte, int(pos%16)+n)
	cipher.NewCTR(b, iv).XORKeyStream(out, out)
	return out[pos%16:]
}

func testCase(keyLen int) gentest.Case {
	mk := map[int]func(uint64) *aesctr.Source{16: aesctr.NewSource128, 24: aesctr.NewSource192, 32: aesctr.NewSource256}[keyLen]
	return gentest.Case{
		New:  func(seed uint64) gentest.Generator { return mk(seed) },
		Zero: func() gentest.Generator { return new(aesctr.Source) },
		RefFor: func(seed uint64) gentest.Ref {
			key := make([]byte, keyLen)
			seedexp.Expand(key, seed)
			return func(stream uint64, pos int64, n int) []byte { return cipherRef(key, stream, pos, n) }
		},
	}
}

func TestMix(t *testing.T) {
	steps := 3000
	if testing.Short() {
		steps = 500
	}
	forEachBackend(t, func(t *testing.T) {
		for _, n := range []int{16, 24, 32} {
			gentest.Mix(t, testCase(n), uint64(n), steps)
		}
	})
}

func TestReadAt(t *testing.T) {
	forEachBackend(t, func(t *testing.T) { gentest.ReadAt(t, testCase(16), aesctr.BlockSize) })
}

func TestReadAtParallel(t *testing.T) {
	forEachBackend(t, func(t *testing.T) { gentest.ReadAtParallel(t, testCase(16)) })
}

func TestCopies(t *testing.T) {
	forEachBackend(t, func(t *testing.T) {
		gentest.Copies(t, testCase(24), func(g gentest.Generator) gentest.Generator {
			c := *g.(*aesctr.Source)
			return &c
		})
	})
}

// TestSeededConstructors: NewSource128/192/256 key AES with the first
// 16/24/32 bytes of rand_core's seed_from_u64 expansion (for 42 that is
// a48fa17b...e4df20f2, the key rand_chacha 0.3.1 prints for
// ChaCha20Rng::seed_from_u64(42)); NewSource is NewSource128.
func TestSeededConstructors(t *testing.T) {
	key42, _ := hex.DecodeString("a48fa17b58323d0aeab8a1cc690114b82b8cc87518b4f7548d446ea1e4df20f2")
	for _, tc := range []struct {
		mk     func(uint64) *aesctr.Source
		keyLen int
	}{{aesctr.NewSource, 16}, {aesctr.NewSource128, 16}, {aesctr.NewSource192, 24}, {aesctr.NewSource256, 32}} {
		s := tc.mk(42)
		require.Equal(t, tc.keyLen, s.KeySize())
		got := make([]byte, 3000)
		s.Read(got)
		require.Equal(t, cipherRef(key42[:tc.keyLen], 0, 0, 3000), got)
	}
}

// TestSeed: Seed gives exactly the constructor's Source, keeps the key
// length and does not allocate on the assembly backends.
func TestSeed(t *testing.T) {
	forEachBackend(t, func(t *testing.T) {
		for _, mk := range []func(uint64) *aesctr.Source{aesctr.NewSource128, aesctr.NewSource192, aesctr.NewSource256} {
			s := mk(1)
			s.SetStream(7)
			s.Read(make([]byte, 1500))
			s.Seed(42)
			want, _ := mk(42).MarshalBinary()
			got, _ := s.MarshalBinary()
			require.Equal(t, want, got)
			a, b := make([]byte, 3000), make([]byte, 3000)
			s.Read(a)
			mk(42).Read(b)
			require.Equal(t, b, a)
			if aesctr.Backend() != "generic" {
				require.Zero(t, testing.AllocsPerRun(100, func() { s.Seed(3) }), "Seed allocates on %s", aesctr.Backend())
			}
		}
	})
	require.PanicsWithValue(t, "aesctr: Seed of a zero Source, which has no key length (create it with NewSource128/192/256, NewWithKey or UnmarshalBinary)",
		func() { new(aesctr.Source).Seed(1) })
}

func TestZeroSource(t *testing.T) {
	var s aesctr.Source
	_, err := s.MarshalBinary()
	require.ErrorContains(t, err, "zero Source")
	b, err := s.AppendBinary([]byte("keep"))
	require.Error(t, err)
	require.Equal(t, []byte("keep"), b)
	require.Equal(t, 0, s.KeySize())
	require.Panics(t, func() { s.Uint64() })
	require.Panics(t, func() { s.ReadAt(make([]byte, 1), 0) })
	// Every method that needs a state panics with the same clear message
	// (Stream used to return 0, a stream id the zero Source does not have).
	const msg = "streamrand: use of a zero Source (create it with a constructor or UnmarshalBinary)"
	require.PanicsWithValue(t, msg, func() { s.Stream() })
	require.PanicsWithValue(t, msg, func() { s.Read(make([]byte, 1)) })
	require.PanicsWithValue(t, msg, func() { s.Seek(0, io.SeekCurrent) })
	require.PanicsWithValue(t, msg, func() { s.SetStream(1) })
}

// TestNewSecureValidatesFirst: a bad length is an error before anything is
// allocated (it used to panic in makeslice for a negative length).
func TestNewSecureValidatesFirst(t *testing.T) {
	for _, n := range []int{-1, math.MinInt, 0, 15, math.MaxInt} {
		_, err := aesctr.NewSecure(n)
		require.ErrorContains(t, err, "aesctr: invalid key length")
	}
}

// Checkpoints written by the code before the keystream layer was split
// from the generators (commit 54c9fde): the bytes of MarshalBinary after
// the calls shown, and the 16 bytes that Read returned next. Printed by a
// throwaway test at that commit; they must restore to the same stream
// forever.
var goldenCheckpoints = []gentest.Golden{
	{Made: "aesctr.NewSource(42)", Calls: "SetStream(5); Seek(1000); Uint64()", New: mk["aesctr.NewSource(42)"], Replay: gentest.ReplayShort,
		State: "73747265616d72616e643a010961657331323863747210a48fa17b58323d0aeab8a1cc690114b80000000000000005000000000000003f000c8cbe4a",
		Next:  "78220a5a3c2a8fc063cf68906afec81a"},
	{Made: "aesctr.NewWithKey(24 bytes 0x18, 0)", Calls: "SetStream(5); Seek(1000); Uint64()", New: mk["aesctr.NewWithKey(24 bytes 0x18, 0)"], Replay: gentest.ReplayShort,
		State: "73747265616d72616e643a0109616573313932637472181818181818181818181818181818181818181818181818180000000000000005000000000000003f00bbf5b7b4",
		Next:  "f9c49db4ae536a07e68adeb8401d1fc2"},
	{Made: "aesctr.NewWithKey(32 bytes 0x20, 0)", Calls: "SetStream(5); Seek(1000); Uint64()", New: mk["aesctr.NewWithKey(32 bytes 0x20, 0)"], Replay: gentest.ReplayShort,
		State: "73747265616d72616e643a01096165733235366374722020202020202020202020202020202020202020202020202020202020202020200000000000000005000000000000003f0045a70a28",
		Next:  "6c4c8250c78b6c858f945238baca3708"},
	{Made: "aesctr.NewSource(42)", Calls: "SetStream(1<<40 + 3); Seek(1<<33 + 3); Read 5 bytes", New: mk["aesctr.NewSource(42)"], Replay: gentest.ReplayLong,
		State: "73747265616d72616e643a010961657331323863747210a48fa17b58323d0aeab8a1cc690114b800000100000000030000000020000000082fad98ef",
		Next:  "3bf73a77b7077dd82099a814937106ef"},
	{Made: "aesctr.NewWithKey(24 bytes 0x18, 0)", Calls: "SetStream(1<<40 + 3); Seek(1<<33 + 3); Read 5 bytes", New: mk["aesctr.NewWithKey(24 bytes 0x18, 0)"], Replay: gentest.ReplayLong,
		State: "73747265616d72616e643a010961657331393263747218181818181818181818181818181818181818181818181818000001000000000300000000200000000898d49111",
		Next:  "6bc2bd1f06521a0a848a35ce1c4e79db"},
	{Made: "aesctr.NewWithKey(32 bytes 0x20, 0)", Calls: "SetStream(1<<40 + 3); Seek(1<<33 + 3); Read 5 bytes", New: mk["aesctr.NewWithKey(32 bytes 0x20, 0)"], Replay: gentest.ReplayLong,
		State: "73747265616d72616e643a0109616573323536637472202020202020202020202020202020202020202020202020202020202020202020000001000000000300000000200000000866862c8d",
		Next:  "0aef087c9d18cc29cc1ca83f46a236a5"},
}

// TestGoldenCheckpoints: old checkpoints restore to the same stream, and the
// same calls today write the same bytes.
func TestGoldenCheckpoints(t *testing.T) { gentest.Goldens(t, testCase(16), goldenCheckpoints) }

// TestUnmarshalErrors: each class of bad input returns the documented
// error, matched with errors.Is, and leaves the Source unchanged.
func TestUnmarshalErrors(t *testing.T) {
	good, _ := hex.DecodeString(goldenCheckpoints[0].State)
	cha, _ := hex.DecodeString("73747265616d72616e643a01076368616368613820a48fa17b58323d0aeab8a1cc690114b82b8cc87518b4f7548d446ea1e4df20f20000000000000005000000000000000f302fb4a4cb")
	gentest.UnmarshalErrors(t, aesctr.NewSource256(9), good, cha, "aesctr: UnmarshalBinary")
}

var mk = map[string]func() gentest.Generator{
	"aesctr.NewSource(42)": func() gentest.Generator { return aesctr.NewSource(42) },
	"aesctr.NewWithKey(24 bytes 0x18, 0)": func() gentest.Generator {
		s, _ := aesctr.NewWithKey(bytes.Repeat([]byte{0x18}, 24), 0)
		return s
	},
	"aesctr.NewWithKey(32 bytes 0x20, 0)": func() gentest.Generator {
		s, _ := aesctr.NewWithKey(bytes.Repeat([]byte{0x20}, 32), 0)
		return s
	},
}

// TestNoAllocs: the methods a hot loop calls allocate nothing, on every
// backend. (AES on the assembly backends once allocated a cipher per
// batch.)
func TestNoAllocs(t *testing.T) {
	forEachBackend(t, func(t *testing.T) { gentest.NoAllocs(t, testCase(16)) })
}

package chacha_test

import (
	"encoding/hex"
	"io"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/chacha20"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/seedexp"
	"github.com/streamrand/streamrand/internal/testkit/gentest"
)

func seedKey(seed uint64) [chacha.KeySize]byte {
	var key [chacha.KeySize]byte
	seedexp.Expand(key[:], seed)
	return key
}

func testCase(rounds int) gentest.Case {
	mk := map[int]func(uint64) *chacha.Source{8: chacha.NewSource8, 12: chacha.NewSource12, 20: chacha.NewSource20}[rounds]
	return gentest.Case{
		New:  func(seed uint64) gentest.Generator { return mk(seed) },
		Zero: func() gentest.Generator { return new(chacha.Source) },
		RefFor: func(seed uint64) gentest.Ref {
			key := seedKey(seed)
			return func(stream uint64, pos int64, n int) []byte {
				return chacha.Reference(key, rounds, stream, pos, n)
			}
		},
	}
}

// TestReferenceIsRFC8439: the portable kernel that the other tests use as
// reference agrees with golang.org/x/crypto/chacha20 (RFC 8439: nonce = 4
// zero bytes || LE64(stream), 32-bit counter) wherever the two are defined.
func TestReferenceIsRFC8439(t *testing.T) {
	key := seedKey(5)
	for _, stream := range []uint64{0, 1, 1<<40 + 7} {
		for _, pos := range []int64{0, 1, 64, 1000, 1<<32*64 - 5000} {
			nonce := make([]byte, 12)
			for i := 0; i < 8; i++ {
				nonce[4+i] = byte(stream >> (8 * i))
			}
			c, err := chacha20.NewUnauthenticatedCipher(key[:], nonce)
			require.NoError(t, err)
			c.SetCounter(uint32(pos / 64))
			want := make([]byte, int(pos%64)+3000)
			c.XORKeyStream(want, want)
			require.Equal(t, want[pos%64:], chacha.Reference(key, 20, stream, pos, 3000), "stream %d pos %d", stream, pos)
		}
	}
}

func TestMix(t *testing.T) {
	steps := 3000
	if testing.Short() {
		steps = 500
	}
	forEachBackend(t, func(t *testing.T) {
		for _, r := range []int{8, 12, 20} {
			gentest.Mix(t, testCase(r), uint64(r), steps)
		}
	})
}

func TestReadAt(t *testing.T) {
	forEachBackend(t, func(t *testing.T) { gentest.ReadAt(t, testCase(8), chacha.BlockSize) })
}

func TestReadAtParallel(t *testing.T) {
	forEachBackend(t, func(t *testing.T) { gentest.ReadAtParallel(t, testCase(20)) })
}

func TestCopies(t *testing.T) {
	forEachBackend(t, func(t *testing.T) {
		gentest.Copies(t, testCase(12), func(g gentest.Generator) gentest.Generator {
			c := *g.(*chacha.Source)
			return &c
		})
	})
}

// TestSeed: Seed gives exactly the constructor's Source, keeps the round
// count and does not allocate.
func TestSeed(t *testing.T) {
	forEachBackend(t, func(t *testing.T) {
		for _, mk := range []func(uint64) *chacha.Source{chacha.NewSource8, chacha.NewSource12, chacha.NewSource20} {
			s := mk(1)
			s.SetStream(7)
			s.Read(make([]byte, 1500))
			s.Seed(42)
			want, _ := mk(42).MarshalBinary()
			got, _ := s.MarshalBinary()
			require.Equal(t, want, got)
			require.Equal(t, uint64(0), s.Stream())
			a, b := make([]byte, 3000), make([]byte, 3000)
			s.Read(a)
			mk(42).Read(b)
			require.Equal(t, b, a)
			require.Zero(t, testing.AllocsPerRun(100, func() { s.Seed(3) }), "Seed allocates")
		}
	})
	require.PanicsWithValue(t, "chacha: Seed of a zero Source, which has no round count (create it with NewSource8/12/20, NewWithKey or UnmarshalBinary)",
		func() { new(chacha.Source).Seed(1) })
}

func TestZeroSource(t *testing.T) {
	var s chacha.Source
	_, err := s.MarshalBinary()
	require.ErrorContains(t, err, "zero Source")
	b, err := s.AppendBinary([]byte("keep"))
	require.Error(t, err)
	require.Equal(t, []byte("keep"), b)
	require.Equal(t, 0, s.Rounds())
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

// Checkpoints written by the code before the keystream layer was split
// from the generators (commit 54c9fde): the bytes of MarshalBinary after
// the calls shown, and the 16 bytes that Read returned next. Printed by a
// throwaway test at that commit; they must restore to the same stream
// forever.
var goldenCheckpoints = []gentest.Golden{
	{Made: "chacha.NewSource8(42)", Calls: "SetStream(5); Seek(1000); Uint64()", New: mk["chacha.NewSource8(42)"], Replay: gentest.ReplayShort,
		State: "73747265616d72616e643a01076368616368613820a48fa17b58323d0aeab8a1cc690114b82b8cc87518b4f7548d446ea1e4df20f20000000000000005000000000000000f302fb4a4cb",
		Next:  "2754b7cf66f964ea99e58815eb1575b6"},
	{Made: "chacha.NewSource12(7)", Calls: "SetStream(5); Seek(1000); Uint64()", New: mk["chacha.NewSource12(7)"], Replay: gentest.ReplayShort,
		State: "73747265616d72616e643a0108636861636861313220c80c403bd0206c0937a63b6ff24f251e3cbb2f1bb384565a9aa066150d1b203f0000000000000005000000000000000f30f5d88fb4",
		Next:  "320ff1a203dfc24bdcfde0d74df73523"},
	{Made: "chacha.NewSource20(1)", Calls: "SetStream(5); Seek(1000); Uint64()", New: mk["chacha.NewSource20(1)"], Replay: gentest.ReplayShort,
		State: "73747265616d72616e643a0108636861636861323020ead81d725d26104e899c3bf842ce782ebad303da9997d2c2120256ac7366fb1b0000000000000005000000000000000f30b991d34e",
		Next:  "9666d6986e7f3e364effe43f29d74c7d"},
	{Made: "chacha.NewSource8(42)", Calls: "SetStream(1<<40 + 3); Seek(1<<33 + 3); Read 5 bytes", New: mk["chacha.NewSource8(42)"], Replay: gentest.ReplayLong,
		State: "73747265616d72616e643a01076368616368613820a48fa17b58323d0aeab8a1cc690114b82b8cc87518b4f7548d446ea1e4df20f2000001000000000300000000080000000804bbe0f4",
		Next:  "e00555c2aafea7dd229e4bafac39947f"},
	{Made: "chacha.NewSource12(7)", Calls: "SetStream(1<<40 + 3); Seek(1<<33 + 3); Read 5 bytes", New: mk["chacha.NewSource12(7)"], Replay: gentest.ReplayLong,
		State: "73747265616d72616e643a0108636861636861313220c80c403bd0206c0937a63b6ff24f251e3cbb2f1bb384565a9aa066150d1b203f0000010000000003000000000800000008ded7cb8b",
		Next:  "da6a2de5705eb80c9d448ed67d601a8e"},
	{Made: "chacha.NewSource20(1)", Calls: "SetStream(1<<40 + 3); Seek(1<<33 + 3); Read 5 bytes", New: mk["chacha.NewSource20(1)"], Replay: gentest.ReplayLong,
		State: "73747265616d72616e643a0108636861636861323020ead81d725d26104e899c3bf842ce782ebad303da9997d2c2120256ac7366fb1b0000010000000003000000000800000008929e9771",
		Next:  "4319fadba819aeda03ac54abc3911437"},
}

// TestGoldenCheckpoints: old checkpoints restore to the same stream, and the
// same calls today write the same bytes.
func TestGoldenCheckpoints(t *testing.T) { gentest.Goldens(t, testCase(20), goldenCheckpoints) }

// TestUnmarshalErrors: each class of bad input returns the documented
// error, matched with errors.Is, and leaves the Source unchanged.
func TestUnmarshalErrors(t *testing.T) {
	good, _ := hex.DecodeString(goldenCheckpoints[0].State)
	aes, _ := hex.DecodeString("73747265616d72616e643a010961657331323863747210a48fa17b58323d0aeab8a1cc690114b80000000000000005000000000000003f000c8cbe4a")
	gentest.UnmarshalErrors(t, chacha.NewSource20(9), good, aes, "chacha: UnmarshalBinary")
}

var mk = map[string]func() gentest.Generator{
	"chacha.NewSource8(42)": func() gentest.Generator { return chacha.NewSource8(42) },
	"chacha.NewSource12(7)": func() gentest.Generator { return chacha.NewSource12(7) },
	"chacha.NewSource20(1)": func() gentest.Generator { return chacha.NewSource20(1) },
}

// TestNoAllocs: the methods a hot loop calls allocate nothing, on every
// backend. (AES on the assembly backends once allocated a cipher per
// batch.)
func TestNoAllocs(t *testing.T) {
	forEachBackend(t, func(t *testing.T) { gentest.NoAllocs(t, testCase(8)) })
}

package streamrand

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/chacha20"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/seedexp"
)

// seedKey returns the first n bytes of rand_core's seed_from_u64(seed)
// expansion (internal/seedexp, which the generator packages use; the
// external tests check it against a copy written from the definition).
func seedKey(seed uint64, n int) []byte {
	key := make([]byte, n)
	seedexp.Expand(key, seed)
	return key
}

// TestGoldenPeers recomputes the golden streams with independent
// implementations: crypto/cipher CTR over crypto/aes for AES, and
// golang.org/x/crypto/chacha20 (RFC 8439, 32-bit counter, which equals the
// DJB layout for stream 0 below 2^32 blocks) for ChaCha20.
func TestGoldenPeers(t *testing.T) {
	for _, a := range []Algorithm{ChaCha20, AES128CTR, AES192CTR, AES256CTR} {
		want := make([]byte, 1<<20)
		key := seedKey(1, a.KeySize())
		if a == ChaCha20 {
			c, err := chacha20.NewUnauthenticatedCipher(key, make([]byte, 12))
			require.NoError(t, err)
			c.XORKeyStream(want, want)
		} else {
			b, err := aes.NewCipher(key)
			require.NoError(t, err)
			cipher.NewCTR(b, make([]byte, 16)).XORKeyStream(want, want)
		}
		got := make([]byte, 1<<20)
		New(a, 1).Read(got)
		require.True(t, bytes.Equal(want, got), "%s differs from its peer", a)
	}
}

// TestGolden pins every algorithm forever: the SHA-256 of the first MiB of
// New(a, 1). The ChaCha and AES-128 streams are checked against published
// vectors in their packages; this catches any later change of the bytes.
func TestGolden(t *testing.T) {
	golden := map[Algorithm]string{
		ChaCha8:   "591e63e649579d9a81b73d6868645714da413a9fe13f6b8d5181e26a5f3dfe89",
		ChaCha12:  "b5f336c56482de0025d8e0f790cbe663a845c861984923f887079b1d42521610",
		ChaCha20:  "e1f3ea3dc699d9fa8831135d9c87c07014c13728cf7b6c82e1fcc3443fe3c8fb",
		AES128CTR: "94456dc49da9d4062f4248f56b4cf8cf0a9c5d02122ceb6c266ee8765001535e",
		AES192CTR: "d0d1d329787fe5867f46a9f7b2ca7b1dcfdf052429f81b42a4c587b442e7ccb9",
		AES256CTR: "f80b6ce9e466e265aedcd138a1c71055e68ee2aba1c64859d0f65e8b38d06ba6",
	}
	for _, a := range Algorithms() {
		b := make([]byte, 1<<20)
		New(a, 1).Read(b)
		sum := sha256.Sum256(b)
		require.Equal(t, golden[a], hex.EncodeToString(sum[:]), "%s", a)
	}
}

func TestAlgorithmNames(t *testing.T) {
	require.Len(t, Algorithms(), 6)
	for _, a := range Algorithms() {
		b, err := ParseAlgorithm(a.String())
		require.NoError(t, err)
		require.Equal(t, a, b)
	}
	require.Equal(t, "aes192ctr", AES192CTR.String())
	_, err := ParseAlgorithm("chacha7")
	require.ErrorContains(t, err, `streamrand: unknown algorithm "chacha7"`)
	require.EqualError(t, err, `streamrand: unknown algorithm "chacha7" (want one of [chacha8 chacha12 chacha20 aes128ctr aes192ctr aes256ctr])`)
	require.Equal(t, "Algorithm(99)", Algorithm(99).String())
	require.Panics(t, func() { New(Algorithm(99), 1) })
}

// TestParseAlgorithmAnyCase: ParseAlgorithm takes a name in any ASCII
// letter case, the constants' Go names included, and nothing else.
func TestParseAlgorithmAnyCase(t *testing.T) {
	goNames := map[string]Algorithm{
		"ChaCha8": ChaCha8, "ChaCha12": ChaCha12, "ChaCha20": ChaCha20,
		"AES128CTR": AES128CTR, "AES192CTR": AES192CTR, "AES256CTR": AES256CTR,
	}
	require.Len(t, goNames, len(Algorithms()))
	for name, want := range goNames {
		got, err := ParseAlgorithm(name)
		require.NoError(t, err, name)
		require.Equal(t, want, got, name)
	}
	for _, a := range Algorithms() {
		name := a.String()
		// Every one of the 2^k casings of the name's k letters.
		var letters []int
		for i := 0; i < len(name); i++ {
			if name[i] >= 'a' && name[i] <= 'z' {
				letters = append(letters, i)
			}
		}
		for mask := range 1 << len(letters) {
			b := []byte(name)
			for j, i := range letters {
				if mask>>j&1 == 1 {
					b[i] -= 'a' - 'A'
				}
			}
			got, err := ParseAlgorithm(string(b))
			require.NoError(t, err, "%q", b)
			require.Equal(t, a, got, "%q", b)
		}
		// The case of the name changes, never its letters.
		for _, bad := range []string{" " + name, name + " ", name[1:], name + "0", name[:len(name)-1] + "x"} {
			_, err := ParseAlgorithm(bad)
			require.ErrorContains(t, err, "streamrand: unknown algorithm", "%q", bad)
		}
	}
	for _, bad := range []string{"", "aes128", "chacha", "aeſ128ctr", "chacha８", "AES-128-CTR"} {
		_, err := ParseAlgorithm(bad)
		require.ErrorContains(t, err, fmt.Sprintf("streamrand: unknown algorithm %q", bad))
	}
}

func TestNewMatchesPackages(t *testing.T) {
	same := func(a, b Generator) {
		t.Helper()
		x, y := make([]byte, 3000), make([]byte, 3000)
		a.Read(x)
		b.Read(y)
		require.Equal(t, x, y)
	}
	same(New(ChaCha8, 5), chacha.NewSource8(5))
	same(New(ChaCha12, 5), chacha.NewSource12(5))
	same(New(ChaCha20, 5), chacha.NewSource20(5))
	same(New(AES128CTR, 5), aesctr.NewSource(5))
	same(New(AES128CTR, 5), aesctr.NewSource128(5))
	same(New(AES192CTR, 5), aesctr.NewSource192(5))
	same(New(AES256CTR, 5), aesctr.NewSource256(5))
	// AES-192/256 seeds take the first 24/32 bytes of the same expansion as
	// ChaCha's 32-byte key.
	a192, _ := aesctr.NewWithKey(seedKey(5, 24), 0)
	a256, _ := aesctr.NewWithKey(seedKey(5, 32), 0)
	same(New(AES192CTR, 5), a192)
	same(New(AES256CTR, 5), a256)
}

func TestNewWithKey(t *testing.T) {
	for _, a := range Algorithms() {
		key := bytes.Repeat([]byte{7}, a.KeySize())
		g, err := NewWithKey(a, key, 9)
		require.NoError(t, err)
		require.Equal(t, uint64(9), g.Stream())
		_, err = NewWithKey(a, key[1:], 0)
		require.ErrorContains(t, err, "streamrand: "+a.String()+" takes a key of")
	}
	g, _ := NewWithKey(ChaCha12, bytes.Repeat([]byte{7}, 32), 9)
	require.Equal(t, 12, g.(*chacha.Source).Rounds())
	_, err := NewWithKey(Algorithm(6), nil, 0)
	require.ErrorContains(t, err, "streamrand: invalid algorithm")
}

// TestCrossAlgorithmUnmarshal: a state of one family does not load into the
// other, and the target is unchanged.
func TestCrossAlgorithmUnmarshal(t *testing.T) {
	for _, a := range Algorithms() {
		for _, b := range Algorithms() {
			src := New(a, 1)
			src.Seek(100, io.SeekStart)
			data, err := src.MarshalBinary()
			require.NoError(t, err)
			dst := New(b, 2)
			err = dst.UnmarshalBinary(data)
			sameFamily := (a <= ChaCha20) == (b <= ChaCha20)
			if sameFamily {
				require.NoError(t, err)
				require.Equal(t, src.Uint64(), dst.Uint64())
				continue
			}
			require.Error(t, err, "%s into %s", a, b)
			require.Equal(t, New(b, 2).Uint64(), dst.Uint64(), "%s into %s: target changed", a, b)
		}
	}
}

// TestUint64IsLittleEndianRead: Uint64 and Read share one position and
// Uint64 is the next 8 bytes, little-endian.
func TestUint64IsLittleEndianRead(t *testing.T) {
	for _, a := range Algorithms() {
		g, r := New(a, 3), New(a, 3)
		var b [8]byte
		for i := 0; i < 1000; i++ {
			if i%7 == 3 {
				var odd [3]byte
				g.Read(odd[:])
				r.Read(odd[:])
			}
			r.Read(b[:])
			require.Equal(t, binary.LittleEndian.Uint64(b[:]), g.Uint64())
		}
	}
}

// TestGeneratorMethods runs the contract of Seek and SetStream through the
// interface for every algorithm.
func TestGeneratorMethods(t *testing.T) {
	for _, a := range Algorithms() {
		g := New(a, 11)
		all := make([]byte, 10000)
		g.Read(all)
		for _, pos := range []int64{0, 1, 63, 64, 65, 1023, 1024, 1025, 5000} {
			n, err := g.Seek(pos, io.SeekStart)
			require.NoError(t, err)
			require.Equal(t, pos, n)
			b := make([]byte, 3000)
			g.Read(b)
			require.Equal(t, all[pos:pos+3000], b, "%s at %d", a, pos)
		}
		g.SetStream(1)
		b := make([]byte, 100)
		g.Read(b)
		require.NotEqual(t, all[:100], b, "%s: stream 1 equals stream 0", a)
		g.SetStream(0)
		g.Read(b)
		require.Equal(t, all[:100], b, "%s: SetStream must rewind", a)
		for _, whence := range []int{io.SeekEnd, 3} {
			_, err := g.Seek(0, whence)
			require.Error(t, err)
		}
		_, err := g.Seek(-1, io.SeekStart)
		require.Error(t, err)
	}
}

func TestNoAllocs(t *testing.T) {
	buf := make([]byte, 5000)
	for _, a := range Algorithms() {
		g := New(a, 1)
		require.Zero(t, testing.AllocsPerRun(50, func() { g.Uint64() }), "%s Uint64", a)
		require.Zero(t, testing.AllocsPerRun(50, func() { g.Read(buf) }), "%s Read", a)
		require.Zero(t, testing.AllocsPerRun(50, func() { g.ReadAt(buf, 12345) }), "%s ReadAt", a)
		l := Locked(g)
		require.Zero(t, testing.AllocsPerRun(50, func() { l.Uint64(); l.Read(buf); l.ReadAt(buf, 99) }), "%s Locked", a)
		// Seed allocates nothing but on the portable AES path, whose
		// cipher is crypto/aes's (issue 12: "the portable AES path may
		// allocate its cipher").
		if a >= AES128CTR && aesctr.Backend() == "generic" {
			continue
		}
		require.Zero(t, testing.AllocsPerRun(50, func() { g.Seed(7) }), "%s Seed", a)
		require.Zero(t, testing.AllocsPerRun(50, func() { l.Seed(7) }), "%s Locked Seed", a)
	}
}

// TestReadAtConcurrent fills one buffer from many goroutines with ReadAt
// on one Generator (bare: only ReadAt runs; Locked: while another goroutine
// keeps moving the position) and compares it with one Read from the start.
// Run it with -race.
func TestReadAtConcurrent(t *testing.T) {
	const size, parts = 1 << 20, 16
	for _, a := range Algorithms() {
		for _, lock := range []bool{false, true} {
			g := New(a, 5)
			g.SetStream(9)
			g.Seek(333, io.SeekStart)
			want := make([]byte, size)
			ref := New(a, 5)
			ref.SetStream(9)
			ref.Read(want)
			if lock {
				g = Locked(g)
			}
			got := make([]byte, size)
			var wg sync.WaitGroup
			stop := make(chan struct{})
			moved := make(chan int)
			if lock {
				go func() { // moves the position all along
					n := 0
					for {
						select {
						case <-stop:
							moved <- n
							return
						default:
							g.Uint64()
							n++
						}
					}
				}()
			}
			for i := range parts {
				wg.Go(func() {
					lo := i * size / parts
					hi := (i + 1) * size / parts
					// Unequal pieces, to cross batch boundaries at odd
					// offsets.
					for lo < hi {
						n := min(hi-lo, 1000+7*i)
						k, err := g.ReadAt(got[lo:lo+n], int64(lo))
						if err != nil || k != n {
							t.Errorf("ReadAt = %d, %v", k, err)
							return
						}
						lo += n
					}
				})
			}
			wg.Wait()
			n := 0
			if lock {
				close(stop)
				n = <-moved
			}
			require.True(t, bytes.Equal(want, got), "%s (locked %v): ReadAt from %d goroutines differs from Read", a, lock, parts)
			pos, err := g.Seek(0, io.SeekCurrent)
			require.NoError(t, err)
			require.Equal(t, int64(333+8*n), pos, "%s (locked %v): the position moved", a, lock)
		}
	}
}

type failReader struct{ err error }

func (r failReader) Read(p []byte) (int, error) { return 0, r.err }

func TestNewSource(t *testing.T) {
	// Over a generator's bytes, NewSource gives the same numbers as Uint64.
	src := NewSource(New(ChaCha8, 4))
	g := New(ChaCha8, 4)
	for i := 0; i < 1000; i++ {
		require.Equal(t, g.Uint64(), src.Uint64())
	}
	// Over a reader that returns a few bytes at a time.
	src = NewSource(io.MultiReader(bytes.NewReader([]byte{1, 2, 3}), bytes.NewReader([]byte{4, 5, 6, 7, 8, 9})))
	require.Equal(t, uint64(0x0807060504030201), src.Uint64())

	// A failing reader: panic with its error wrapped.
	boom := errors.New("boom")
	func() {
		defer func() {
			r := recover()
			require.NotNil(t, r)
			err, ok := r.(error)
			require.True(t, ok)
			require.ErrorIs(t, err, boom)
		}()
		NewSource(failReader{boom}).Uint64()
	}()
	// A reader that ends.
	func() {
		defer func() {
			err, _ := recover().(error)
			require.ErrorIs(t, err, io.EOF)
			require.ErrorContains(t, err, "reader ended")
		}()
		s := NewSource(bytes.NewReader(make([]byte, 12)))
		s.Uint64()
		s.Uint64()
	}()
	// Over crypto/rand.Reader it works.
	s := NewSource(rand.Reader)
	require.NotEqual(t, s.Uint64(), s.Uint64())
	_ = mrand.New(s).IntN(10)
}

type countingSource struct {
	pcg   *mrand.PCG
	calls int
}

func (c *countingSource) Uint64() uint64 { c.calls++; return c.pcg.Uint64() }

func TestNewReader(t *testing.T) {
	// A Source that is not a Reader: any length, 8 little-endian bytes per
	// Uint64, no bytes lost between calls.
	cs := &countingSource{pcg: mrand.NewPCG(1, 2)}
	r := NewReader(cs)
	var got []byte
	for n := 0; n < 40; n++ {
		b := make([]byte, n)
		k, err := r.Read(b)
		require.NoError(t, err)
		require.Equal(t, n, k)
		got = append(got, b...)
	}
	ref := mrand.NewPCG(1, 2)
	var want []byte
	for len(want) < len(got) {
		want = binary.LittleEndian.AppendUint64(want, ref.Uint64())
	}
	require.Equal(t, want[:len(got)], got)
	require.Equal(t, (len(got)+7)/8, cs.calls)

	// A Source that is a Reader: its Read is used directly.
	g := New(AES128CTR, 1)
	require.Same(t, g, NewReader(g))
}

// TestLocked shares one stream among goroutines that mix Uint64 and Read:
// every byte of the stream is handed out exactly once, each call gets a
// contiguous piece of it, and the position is the total.
func TestLocked(t *testing.T) {
	const workers, rounds = 4, 1000
	l := Locked(New(ChaCha8, 1))
	var wg sync.WaitGroup
	pieces := make([][][]byte, workers)
	for i := range pieces {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range rounds {
				pieces[i] = append(pieces[i], binary.LittleEndian.AppendUint64(nil, l.Uint64()))
				b := make([]byte, 8+j%150)
				l.Read(b)
				pieces[i] = append(pieces[i], b)
			}
		}()
	}
	wg.Wait()
	total := 0
	for _, ps := range pieces {
		for _, p := range ps {
			total += len(p)
		}
	}
	pos, err := l.Seek(0, io.SeekCurrent)
	require.NoError(t, err)
	require.Equal(t, int64(total), pos)

	// Find every piece in the stream by its first 8 bytes (unique in a
	// good keystream of this length) and mark the bytes it covers.
	stream := make([]byte, total+8)
	New(ChaCha8, 1).Read(stream)
	at := make(map[uint64]int, total)
	for i := 0; i < total; i++ {
		at[binary.LittleEndian.Uint64(stream[i:])] = i
	}
	covered := make([]bool, total)
	for _, ps := range pieces {
		for _, p := range ps {
			off, ok := at[binary.LittleEndian.Uint64(p)]
			require.True(t, ok, "a piece of %d bytes is not in the stream", len(p))
			require.Equal(t, stream[off:off+len(p)], p)
			for k := off; k < off+len(p); k++ {
				require.False(t, covered[k], "byte %d handed out twice", k)
				covered[k] = true
			}
		}
	}
	for k, c := range covered {
		require.True(t, c, "byte %d never handed out", k)
	}

	data, err := l.MarshalBinary()
	require.NoError(t, err)
	fresh := New(ChaCha8, 1)
	require.NoError(t, fresh.UnmarshalBinary(data))
	require.Equal(t, fresh.Uint64(), l.Uint64(), "MarshalBinary through Locked")
	l.SetStream(3)
	require.Equal(t, uint64(3), l.Stream())
	more, err := l.AppendBinary([]byte{1})
	require.NoError(t, err)
	require.NoError(t, l.UnmarshalBinary(more[1:]))
	require.Equal(t, uint64(3), l.Stream())
}

// FuzzUnmarshalBinary feeds arbitrary states to every algorithm's
// UnmarshalBinary: it must never panic; a rejected state leaves the
// generator unchanged; an accepted one marshals back to the same bytes.
func FuzzUnmarshalBinary(f *testing.F) {
	for _, a := range Algorithms() {
		g := New(a, 3)
		g.Seek(1234, io.SeekStart)
		data, _ := g.MarshalBinary()
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		accepted := 0
		for _, a := range Algorithms() {
			g := New(a, 1)
			if err := g.UnmarshalBinary(data); err != nil {
				require.Equal(t, New(a, 1).Uint64(), g.Uint64(), "%s changed by a rejected state", a)
				continue
			}
			accepted++
			again, err := g.MarshalBinary()
			require.NoError(t, err)
			require.Equal(t, data, again)
			g.Uint64()
		}
		// Unmarshal accepts what some algorithm's UnmarshalBinary accepts
		// (each family accepts all three of its algorithms' states), and
		// restores the same state.
		g, err := Unmarshal(data)
		if accepted == 0 {
			require.Error(t, err)
			require.Nil(t, g)
			return
		}
		require.NoError(t, err)
		require.Equal(t, 3, accepted)
		again, err := g.MarshalBinary()
		require.NoError(t, err)
		require.Equal(t, data, again)
		_, ok := AlgorithmOf(g)
		require.True(t, ok)
	})
}

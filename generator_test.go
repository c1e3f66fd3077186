package streamrand_test

import (
	"encoding/binary"
	"io"
	"reflect"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/algtable"
)

// This file checks the Generator contract one method at a time: Uint64 and
// Read share one position, Seek and SetStream, no allocations, and copies
// by value. api_test.go mixes the methods in random orders.

// TestUint64IsLittleEndianRead: Uint64 and Read share one position and
// Uint64 is the next 8 bytes, little-endian.
func TestUint64IsLittleEndianRead(t *testing.T) {
	for _, a := range streamrand.Algorithms() {
		g, r := streamrand.New(a, 3), streamrand.New(a, 3)
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
	for _, a := range streamrand.Algorithms() {
		g := streamrand.New(a, 11)
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
	for _, a := range streamrand.Algorithms() {
		g := streamrand.New(a, 1)
		require.Zero(t, testing.AllocsPerRun(50, func() { g.Uint64() }), "%s Uint64", a)
		require.Zero(t, testing.AllocsPerRun(50, func() { g.Read(buf) }), "%s Read", a)
		require.Zero(t, testing.AllocsPerRun(50, func() { g.ReadAt(buf, 12345) }), "%s ReadAt", a)
		l := streamrand.Locked(g)
		require.Zero(t, testing.AllocsPerRun(50, func() { l.Uint64(); l.Read(buf); l.ReadAt(buf, 99) }), "%s Locked", a)
		// Seed allocates nothing but on the portable AES path, whose
		// cipher is crypto/aes's (issue 12: "the portable AES path may
		// allocate its cipher").
		if f := algtable.Rows()[a].Family; seedAllocatesOnGeneric[f.Name] && f.Backend() == "generic" {
			continue
		}
		require.Zero(t, testing.AllocsPerRun(50, func() { g.Seed(7) }), "%s Seed", a)
		require.Zero(t, testing.AllocsPerRun(50, func() { l.Seed(7) }), "%s Locked Seed", a)
	}
}

// seedAllocatesOnGeneric holds the families whose Seed may allocate on
// their portable path: aesctr, whose portable path keys crypto/aes.
var seedAllocatesOnGeneric = map[string]bool{"aesctr": true}

// next returns the next n bytes of g.
func next(g io.Reader, n int) []byte {
	b := make([]byte, n)
	g.Read(b)
	return b
}

// skipped returns n bytes of the stream of mk(seed) after skip bytes.
func skipped[S any, P interface {
	*S
	io.Reader
}](mk func(uint64) P, seed uint64, skip, n int) []byte {
	g := mk(seed)
	next(g, skip)
	return next(g, n)
}

// user holds Sources the way a program might: far into a struct, behind
// other fields of odd sizes.
type user struct {
	pad [5001]byte
	c   chacha.Source
	odd byte
	a   aesctr.Source
}

// TestCopiesEveryRoute: a Source reaches its kernel by an offset from its
// keystream, never a pointer, so every way Go copies a value gives an
// independent generator at the same state, whatever is done to the original
// afterwards: whole arrays, append growing a slice, a Source deep inside a
// user struct, reflect.Copy, maps, channels, interfaces. Run under -race it
// also checks that ReadAt on one Source runs beside Read, Seek and Seed on
// its copies.
func TestCopiesEveryRoute(t *testing.T) {
	const n = 3000 // several batches
	var arr [3]chacha.Source
	for i := range arr {
		arr[i] = *chacha.NewSource12(uint64(i))
		next(&arr[i], 100)
	}
	arr2 := arr
	arr[0].Seed(99)
	arr[1].SetStream(4)
	require.NoError(t, arr[2].UnmarshalBinary(mustMarshal(t, chacha.NewSource20(1))))
	for i := range arr2 {
		require.Equal(t, skipped(chacha.NewSource12, uint64(i), 100, n), next(&arr2[i], n),
			"array element %d differs after the original changed", i)
	}

	var sl []aesctr.Source // append moves the elements as it grows
	for i := range 40 {
		sl = append(sl, *aesctr.NewSource192(uint64(i)))
		sl[i].Uint64()
	}
	for i := range sl {
		require.Equal(t, skipped(aesctr.NewSource192, uint64(i), 8, n), next(&sl[i], n),
			"slice element %d differs after append moved it", i)
	}

	u := new(user)
	u.c, u.a = *chacha.NewSource20(7), *aesctr.NewSource256(8)
	u.c.Uint64()
	u2 := *u
	u.c.Seed(1)
	require.NoError(t, u.a.UnmarshalBinary(mustMarshal(t, aesctr.NewSource128(3))))
	require.Equal(t, skipped(chacha.NewSource20, 7, 8, n), next(&u2.c, n), "chacha.Source inside a copied struct")
	require.Equal(t, skipped(aesctr.NewSource256, 8, 0, n), next(&u2.a, n), "aesctr.Source inside a copied struct")

	dst := make([]chacha.Source, 2)
	src := []chacha.Source{*chacha.NewSource8(3), *chacha.NewSource8(4)}
	reflect.Copy(reflect.ValueOf(dst), reflect.ValueOf(src))
	src[0].Seed(9)
	require.Equal(t, skipped(chacha.NewSource8, 3, 0, n), next(&dst[0], n), "reflect.Copy")

	m := map[int]aesctr.Source{1: *aesctr.NewSource128(11)}
	ch := make(chan aesctr.Source, 1)
	ch <- m[1]
	var iface any = <-ch
	c := iface.(aesctr.Source)
	require.Equal(t, skipped(aesctr.NewSource128, 11, 0, n), next(&c, n), "map, channel, interface")

	// ReadAt on g from several goroutines while its copies move.
	g := chacha.NewSource8(5)
	want := make([]byte, 1<<16)
	g.ReadAt(want, 11)
	var wg sync.WaitGroup
	got := make([][]byte, 4)
	for i := range got {
		cp := *g
		wg.Go(func() {
			for j := range 50 {
				next(&cp, 100+j)
				cp.Seek(int64(j*777), io.SeekStart)
				cp.Seed(uint64(i))
			}
		})
		wg.Go(func() {
			b := make([]byte, len(want))
			for lo := 0; lo < len(b); lo += 3001 {
				g.ReadAt(b[lo:min(lo+3001, len(b))], int64(11+lo))
			}
			got[i] = b
		})
	}
	wg.Wait()
	for i := range got {
		require.Equal(t, want, got[i], "ReadAt of goroutine %d differs while copies move", i)
	}
}

func mustMarshal(t *testing.T, g interface{ MarshalBinary() ([]byte, error) }) []byte {
	t.Helper()
	b, err := g.MarshalBinary()
	require.NoError(t, err)
	return b
}

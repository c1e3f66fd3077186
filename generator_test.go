package streamrand_test

import (
	"encoding/binary"
	"io"
	"math"
	"reflect"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/algtable"
	"github.com/streamrand/streamrand/internal/impl"
	"github.com/streamrand/streamrand/internal/testkit/backendtest"
	"github.com/streamrand/streamrand/internal/testkit/gentest"
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
	require.NoError(t, u.a.UnmarshalBinary(mustMarshal(t, aesctr.NewSource(3))))
	require.Equal(t, skipped(chacha.NewSource20, 7, 8, n), next(&u2.c, n), "chacha.Source inside a copied struct")
	require.Equal(t, skipped(aesctr.NewSource256, 8, 0, n), next(&u2.a, n), "aesctr.Source inside a copied struct")

	dst := make([]chacha.Source, 2)
	src := []chacha.Source{*chacha.NewSource(3), *chacha.NewSource(4)}
	reflect.Copy(reflect.ValueOf(dst), reflect.ValueOf(src))
	src[0].Seed(9)
	require.Equal(t, skipped(chacha.NewSource, 3, 0, n), next(&dst[0], n), "reflect.Copy")

	m := map[int]aesctr.Source{1: *aesctr.NewSource(11)}
	ch := make(chan aesctr.Source, 1)
	ch <- m[1]
	var iface any = <-ch
	c := iface.(aesctr.Source)
	require.Equal(t, skipped(aesctr.NewSource, 11, 0, n), next(&c, n), "map, channel, interface")

	// ReadAt on g from several goroutines while its copies move.
	g := chacha.NewSource(5)
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

// The tests below run package gentest's checks of the Generator contract
// once over streamrand.Algorithms(), each algorithm on every kernel of its
// package (eachKernel), against the references of reference_test.go.

// gentest's Generator is streamrand.Generator, method for method.
var (
	_ gentest.Generator    = streamrand.Generator(nil)
	_ streamrand.Generator = gentest.Generator(nil)
)

// zeroOf returns a zero Source of a's package: of the type New returns.
func zeroOf(a streamrand.Algorithm) streamrand.Generator {
	return reflect.New(reflect.TypeOf(streamrand.New(a, 0)).Elem()).Interface().(streamrand.Generator)
}

// copyOf returns a pointer to a copy of the Source g points to, made as a
// program copies a Source by value.
func copyOf(g gentest.Generator) gentest.Generator {
	v := reflect.ValueOf(g).Elem()
	c := reflect.New(v.Type())
	c.Elem().Set(v)
	return c.Interface().(gentest.Generator)
}

// generatorCase describes algorithm a to package gentest.
func generatorCase(a streamrand.Algorithm) gentest.Case {
	return gentest.Case{
		New:  func(seed uint64) gentest.Generator { return streamrand.New(a, seed) },
		Zero: func() gentest.Generator { return zeroOf(a) },
		RefFor: func(seed uint64) gentest.Ref {
			key := refSeedKey(seed, a.KeySize())
			return func(stream uint64, pos int64, n int) []byte { return refStream(a, key, stream, pos, n) }
		},
	}
}

// eachKernel runs f as a subtest per algorithm, and in it once per kernel
// of the algorithm's package that this machine runs, the portable one
// included (backendtest.Run on the package's registry).
func eachKernel(t *testing.T, f func(t *testing.T, a streamrand.Algorithm)) {
	for _, a := range streamrand.Algorithms() {
		t.Run(a.String(), func(t *testing.T) {
			backendtest.Run(t, impl.Lookup(algtable.Rows()[a].Family.Name), func(t *testing.T) { f(t, a) })
		})
	}
}

// TestMix: random calls of every method against the reference.
func TestMix(t *testing.T) {
	steps := 3000
	if testing.Short() {
		steps = 500
	}
	eachKernel(t, func(t *testing.T, a streamrand.Algorithm) {
		gentest.Mix(t, generatorCase(a), uint64(algtable.Rows()[a].Param), steps)
	})
}

// TestReadAt: ReadAt against Seek+Read, around batches, block 2^32 and
// the int64 limit.
func TestReadAt(t *testing.T) {
	eachKernel(t, func(t *testing.T, a streamrand.Algorithm) {
		gentest.ReadAt(t, generatorCase(a), int64(refBlockSize(a)))
	})
}

// TestCopies: a copy of a Source is independent of the original.
func TestCopies(t *testing.T) {
	eachKernel(t, func(t *testing.T, a streamrand.Algorithm) {
		gentest.Copies(t, generatorCase(a), copyOf)
	})
}

// TestNoAllocsEveryKernel: the methods a hot loop calls allocate nothing,
// on every kernel. (AES on the assembly backends once allocated a cipher
// per batch.)
func TestNoAllocsEveryKernel(t *testing.T) {
	eachKernel(t, func(t *testing.T, a streamrand.Algorithm) { gentest.NoAllocs(t, generatorCase(a)) })
}

// TestSeed: Seed gives exactly the constructor's Source, keeping the
// algorithm, and allocates nothing, on every kernel (but the portable AES
// path, whose cipher is crypto/aes's).
func TestSeed(t *testing.T) {
	eachKernel(t, func(t *testing.T, a streamrand.Algorithm) {
		gentest.Seed(t, generatorCase(a))
		if f := algtable.Rows()[a].Family; seedAllocatesOnGeneric[f.Name] && f.Backend() == "generic" {
			return
		}
		s := streamrand.New(a, 1)
		require.Zero(t, testing.AllocsPerRun(100, func() { s.Seed(3) }), "Seed allocates")
	})
}

// TestZeroSource: a zero Source of every package returns errors from
// MarshalBinary and AppendBinary, and the methods that need a state panic
// with one clear message (Stream used to return 0, a stream id the zero
// Source does not have).
func TestZeroSource(t *testing.T) {
	for _, a := range streamrand.Algorithms() {
		t.Run(a.String(), func(t *testing.T) { gentest.ZeroSource(t, zeroOf(a)) })
	}
}

// TestPastBlock2To64: from checkpoints within 64 blocks of block counter
// 2^64, every read style crosses it as the reference does, on every
// kernel: ChaCha's counter wraps to block 0 of the same stream (as
// rand_chacha's), AES-CTR's carries into the stream id (as crypto/cipher's;
// before the fix only one large Read did: Uint64, short Reads and
// checkpoints after the wrap went on with the old stream id). Before it,
// the position is beyond int64 and Seek(0, io.SeekCurrent) says so; after
// it, Stream is the reference's, the position counts from block 0 of that
// stream, and Seek and ReadAt move within it.
func TestPastBlock2To64(t *testing.T) {
	eachKernel(t, func(t *testing.T, a streamrand.Algorithm) {
		f, param := refOf(a)
		key := refSeedKey(77, a.KeySize())
		for _, stream := range []uint64{7, math.MaxUint64} {
			after := stream
			if f.Carries {
				after++
			}
			for _, left := range []uint64{64, 63, 40, 17, 1} { // blocks before 2^64
				for _, off := range []int{0, 5} {
					block := -left // 2^64 - left
					data := gentest.CheckpointAt(a.String(), key, stream, block, byte(off))
					start := func() gentest.Generator {
						g := zeroOf(a)
						require.NoError(t, g.UnmarshalBinary(data))
						return g
					}
					_, err := start().Seek(0, io.SeekCurrent)
					require.ErrorContains(t, err, "beyond 2^63-1 bytes")
					require.Equal(t, stream, start().Stream())

					n := int(left)*f.BlockSize - off + 3000
					check := func(t *testing.T, g gentest.Generator) {
						require.Equal(t, after, g.Stream(), "Stream after block 2^64-1")
						pos, err := g.Seek(0, io.SeekCurrent)
						require.NoError(t, err)
						require.Equal(t, int64(3000), pos, "position after block 2^64-1")
						_, err = g.Seek(100, io.SeekStart)
						require.NoError(t, err)
						b := make([]byte, 50)
						g.Read(b)
						require.Equal(t, f.Stream(key, param, after, 100, 50), b, "Seek after block 2^64-1")
						_, err = g.ReadAt(b, 1000)
						require.NoError(t, err)
						require.Equal(t, f.Stream(key, param, after, 1000, 50), b, "ReadAt after block 2^64-1")
					}
					gentest.Styles(t, start, func() gentest.Generator { return zeroOf(a) },
						f.At(key, param, stream, block, off, n), check)
				}
			}
		}
	})
}

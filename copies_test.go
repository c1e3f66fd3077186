package streamrand_test

import (
	"bytes"
	"io"
	"reflect"
	"sync"
	"testing"

	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
)

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
	arr[2].UnmarshalBinary(mustMarshal(t, chacha.NewSource20(1)))
	for i := range arr2 {
		if !bytes.Equal(next(&arr2[i], n), skipped(chacha.NewSource12, uint64(i), 100, n)) {
			t.Fatalf("array element %d differs after the original changed", i)
		}
	}

	var sl []aesctr.Source // append moves the elements as it grows
	for i := range 40 {
		sl = append(sl, *aesctr.NewSource192(uint64(i)))
		sl[i].Uint64()
	}
	for i := range sl {
		if !bytes.Equal(next(&sl[i], n), skipped(aesctr.NewSource192, uint64(i), 8, n)) {
			t.Fatalf("slice element %d differs after append moved it", i)
		}
	}

	u := new(user)
	u.c, u.a = *chacha.NewSource20(7), *aesctr.NewSource256(8)
	u.c.Uint64()
	u2 := *u
	u.c.Seed(1)
	u.a.UnmarshalBinary(mustMarshal(t, aesctr.NewSource128(3)))
	if !bytes.Equal(next(&u2.c, n), skipped(chacha.NewSource20, 7, 8, n)) ||
		!bytes.Equal(next(&u2.a, n), skipped(aesctr.NewSource256, 8, 0, n)) {
		t.Fatal("Sources inside a copied struct differ")
	}

	dst := make([]chacha.Source, 2)
	src := []chacha.Source{*chacha.NewSource8(3), *chacha.NewSource8(4)}
	reflect.Copy(reflect.ValueOf(dst), reflect.ValueOf(src))
	src[0].Seed(9)
	if !bytes.Equal(next(&dst[0], n), skipped(chacha.NewSource8, 3, 0, n)) {
		t.Fatal("reflect.Copy")
	}

	m := map[int]aesctr.Source{1: *aesctr.NewSource128(11)}
	ch := make(chan aesctr.Source, 1)
	ch <- m[1]
	var iface any = <-ch
	c := iface.(aesctr.Source)
	if !bytes.Equal(next(&c, n), skipped(aesctr.NewSource128, 11, 0, n)) {
		t.Fatal("map, channel, interface")
	}

	// ReadAt on g from several goroutines while its copies move.
	g := chacha.NewSource8(5)
	want := make([]byte, 1<<16)
	g.ReadAt(want, 11)
	var wg sync.WaitGroup
	for i := range 4 {
		cp := *g
		wg.Go(func() {
			for j := range 50 {
				next(&cp, 100+j)
				cp.Seek(int64(j*777), io.SeekStart)
				cp.Seed(uint64(i))
			}
		})
		wg.Go(func() {
			got := make([]byte, len(want))
			for lo := 0; lo < len(got); lo += 3001 {
				g.ReadAt(got[lo:min(lo+3001, len(got))], int64(11+lo))
			}
			if !bytes.Equal(got, want) {
				t.Error("ReadAt differs while copies move")
			}
		})
	}
	wg.Wait()
}

func mustMarshal(t *testing.T, g interface{ MarshalBinary() ([]byte, error) }) []byte {
	t.Helper()
	b, err := g.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

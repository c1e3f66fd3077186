package keystream

import (
	"encoding/binary"
	"io"
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// testFloat64Kernel is the transparent kernel with a FillFloat64 that
// converts with math/rand/v2's own expression, and that can be made
// unavailable or made to stop before some batches, so that every path of
// ReadFloat64s runs.
type testFloat64Kernel struct {
	testKernel
	unavailable bool
	// stopEvery makes FillFloat64 stop before every batch whose first
	// counter is a multiple of stopEvery blocks (0: never); and, for a
	// kernel that Carries, it stops before a batch in which the counter
	// carries, as the AES kernels do.
	stopEvery uint64
	converted *int // bytes FillFloat64 wrote, if not nil
}

// randFloat64 is rand.Rand.Float64 on the word u (math/rand/v2, rand.go).
func randFloat64(u uint64) float64 { return float64(u<<11>>11) / (1 << 53) }

func (k *testFloat64Kernel) FillFloat64(dst []byte, counter, stream uint64) (int, bool) {
	if k.unavailable {
		return 0, false
	}
	perBatch := uint64(BatchSize / k.blockSize)
	n := 0
	for ; n < len(dst); n += BatchSize {
		if k.stopEvery != 0 && counter%k.stopEvery == 0 && n > 0 {
			break
		}
		if k.carry && counter+perBatch-1 < counter {
			break
		}
		b := dst[n : n+BatchSize]
		k.Fill(b, counter, stream)
		for i := 0; i < BatchSize; i += 8 {
			binary.NativeEndian.PutUint64(b[i:], math.Float64bits(randFloat64(binary.LittleEndian.Uint64(b[i:]))))
		}
		if counter += perBatch; counter == 0 && k.carry {
			stream++
		}
	}
	if k.converted != nil {
		*k.converted += n
	}
	return n, true
}

type testFloat64Source struct {
	ks Stream
	k  testFloat64Kernel
}

// startAt returns a Stream of the test float64 kernel k (copied) at block
// ctr of stream id stream, offset off, and a twin on the plain kernel.
func startAt(k testFloat64Kernel, stream, ctr uint64, off int) (*Stream, *Stream) {
	pos := binary.BigEndian.AppendUint64(nil, stream)
	pos = binary.BigEndian.AppendUint64(pos, ctr)
	pos = append(pos, byte(off))
	a := &testFloat64Source{k: k}
	Restore(&a.ks, &a.k, pos)
	b := &testSource{k: k.testKernel}
	Restore(&b.ks, &b.k, pos)
	return &a.ks, &b.ks
}

// readFloat64s reads n float64s from s as package fill does: the words up
// to the batch boundary through Read (which drains the buffer; Uint64
// refills it before its last word), then ReadFloat64s as long as it writes,
// then Uint64 for the rest; it returns the values and how many
// ReadFloat64s wrote.
func readFloat64s(s *Stream, n int) ([]float64, int) {
	got := make([]float64, n)
	d, fused := got, 0
	for len(d) > 0 {
		h := min(s.Buffered()/8, len(d))
		p := make([]byte, 8*h)
		s.Read(p)
		for i := range h {
			d[i] = randFloat64(binary.LittleEndian.Uint64(p[8*i:]))
		}
		d = d[h:]
		w := s.ReadFloat64s(d)
		fused += w
		d = d[w:]
		if w == 0 {
			for i := range d {
				d[i] = randFloat64(s.Uint64())
			}
			d = nil
		}
	}
	return got, fused
}

// TestReadFloat64s: the float64s ReadFloat64s writes are randFloat64 of the
// words Uint64 gives, and it leaves the position, Stream and the
// marshalled position where Uint64 calls over as many words do: for both
// block sizes, with and without carry, near counter 2^64, from every state
// of the buffer, for lengths around batches, and with a kernel that stops
// before some batches.
func TestReadFloat64s(t *testing.T) {
	lengths := []int{0, 1, 127, 128, 129, 255, 256, 257, 640, 1000, 4096, 4097, 9000}
	for _, bs := range []int{16, 64} {
		for _, carry := range []bool{false, true} {
			for _, stop := range []uint64{0, 3 * BatchSize / uint64(bs)} {
				for _, ctr := range []uint64{0, 1<<32 - 70, math.MaxUint64 - 200, math.MaxUint64 - 63, math.MaxUint64} {
					for _, pre := range []int{0, 8, 16, BatchSize - 8, BatchSize, 3000} {
						for _, peek := range []bool{false, true} {
							for _, n := range lengths {
								desc := []any{"bs %d carry %v stop %d ctr %#x pre %d peek %v n %d", bs, carry, stop, ctr, pre, peek, n}
								converted := 0
								k := testFloat64Kernel{testKernel: testKernel{blockSize: bs, carry: carry}, stopEvery: stop, converted: &converted}
								s, twin := startAt(k, 5, ctr, 0)
								s.Read(make([]byte, pre))
								twin.Read(make([]byte, pre))
								if peek {
									s.Peek()
									twin.Peek()
								}
								got, fused := readFloat64s(s, n)
								for i := range got {
									if want := randFloat64(twin.Uint64()); got[i] != want {
										t.Fatalf("%v: value %d is %v, want %v", desc, i, got[i], want)
									}
								}
								require.Equal(t, 8*fused, converted, desc...)
								if n-(pre+BatchSize)/8 >= 2*BatchSize/8 && (!carry || ctr < 1<<63) {
									// Room for a batch after the
									// head, and no carry to stop at.
									require.NotZero(t, fused, desc...)
								}
								require.Equal(t, twin.Stream(), s.Stream(), desc...)
								require.Equal(t, twin.AppendPosition(nil), s.AppendPosition(nil), desc...)
								require.Equal(t, twin.Uint64(), s.Uint64(), desc...)
								b1, b2 := make([]byte, 13), make([]byte, 13)
								s.Read(b1)
								twin.Read(b2)
								require.Equal(t, b2, b1, desc...)
							}
						}
					}
				}
			}
		}
	}
}

// TestReadFloat64sRefuses: ReadFloat64s writes nothing, returns 0 and
// changes nothing unless the buffer is drained, dst has room for a batch
// and the kernel has float64 code (not unavailable, a Float64Kernel at
// all); FusedFloat64s reports the kernel's part, and a zero Stream has
// neither.
func TestReadFloat64sRefuses(t *testing.T) {
	k := testFloat64Kernel{testKernel: testKernel{blockSize: 64}}
	for _, pre := range []int{0, 1, 8, 1023} { // the buffer is not drained
		s, _ := startAt(k, 2, 7, 0)
		s.Read(make([]byte, pre))
		require.Equal(t, BatchSize-pre, s.Buffered())
		before := *s
		d := make([]float64, 300)
		require.Zero(t, s.ReadFloat64s(d), "pre %d", pre)
		require.True(t, sameState(&before, s), "pre %d", pre)
		require.Equal(t, make([]float64, 300), d, "pre %d", pre)
		require.True(t, s.FusedFloat64s())
	}
	s, _ := startAt(k, 2, 7, 0)
	s.Read(make([]byte, BatchSize))
	require.Zero(t, s.Buffered())
	before := *s
	require.Zero(t, s.ReadFloat64s(make([]float64, BatchSize/8-1)), "room for less than a batch")
	require.True(t, sameState(&before, s))

	k.unavailable = true
	s, _ = startAt(k, 2, 7, 0)
	s.Read(make([]byte, BatchSize))
	before = *s
	require.False(t, s.FusedFloat64s())
	require.Zero(t, s.ReadFloat64s(make([]float64, 300)))
	require.True(t, sameState(&before, s))

	plain, _ := newTest(16, 3)
	plain.Read(make([]byte, BatchSize))
	before = *plain
	require.False(t, plain.FusedFloat64s())
	require.Zero(t, plain.ReadFloat64s(make([]float64, 300)))
	require.True(t, sameState(&before, plain))

	var zero Stream
	require.False(t, zero.FusedFloat64s())
	require.Zero(t, zero.ReadFloat64s(make([]float64, 300)))
	require.Zero(t, zero.Buffered())
}

// TestReadFloat64sSeek: after ReadFloat64s (which leaves the buffer
// drained), Seek(0, io.SeekCurrent), Read and a Seek back give the
// positions and bytes of the plain stream.
func TestReadFloat64sSeek(t *testing.T) {
	k := testFloat64Kernel{testKernel: testKernel{blockSize: 16}}
	for _, n := range []int{128, 256, 300, 1024} {
		s, _ := startAt(k, 4, 0, 0)
		s.Read(make([]byte, 2*BatchSize))
		w := s.ReadFloat64s(make([]float64, n))
		require.Equal(t, n&^127, w)
		cur, err := s.Seek(0, io.SeekCurrent)
		require.NoError(t, err)
		require.Equal(t, int64(2*BatchSize+8*w), cur)
		b := make([]byte, 20)
		s.Read(b)
		require.Equal(t, k.want(4, 2*BatchSize+8*w, 20), b)
		_, err = s.Seek(3, io.SeekStart)
		require.NoError(t, err)
		s.Read(b)
		require.Equal(t, k.want(4, 3, 20), b)
	}
}

// sameState reports whether a and b hold the same buffer and position.
func sameState(a, b *Stream) bool {
	return a.buf == b.buf && a.rem == b.rem && a.ctr == b.ctr && a.stream == b.stream
}

package keystream

import (
	"bytes"
	"encoding/binary"
	"io"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestUint64StaysInBuffer: whatever rem holds (a racy program can leave
// anything there), Uint64 loads 8 bytes from inside buf, at the offset the
// mod-BatchSize rule gives. (Before, a corrupted rem sent the unaligned
// load outside the buffer.)
func TestUint64StaysInBuffer(t *testing.T) {
	s, _ := newTest(64, 1)
	for i := range s.buf {
		s.buf[i] = byte(i*7 + 3)
	}
	rems := []uint{9, 10, 100, 1023, 1024, 1031, 1032, 1033, 2000, 1 << 30, math.MaxUint, math.MaxUint - 7, math.MaxUint/2 + 5}
	for _, rem := range rems {
		s.rem = rem
		got := s.Uint64()
		i := -(rem - 8) % BatchSize
		require.LessOrEqual(t, int(i)+8, len(s.buf), "rem %d", rem)
		require.Equal(t, binary.LittleEndian.Uint64(s.buf[i:]), got, "rem %d", rem)
	}
	// In a correct program the offset is the next unread byte.
	for rem := uint(9); rem <= 8+BatchSize; rem++ {
		require.Equal(t, int(8+BatchSize-rem), int(-(rem-8)%BatchSize), "rem %d", rem)
	}
}

// TestReadAtLayer: ReadAt against the transparent kernel at offsets around
// blocks and batches, and it leaves the Stream exactly as it was (it must
// not touch the buffer that Uint64 and Read use).
func TestReadAtLayer(t *testing.T) {
	for _, bs := range []int{16, 64} {
		s, k := newTest(bs, 9)
		s.Read(make([]byte, 777))
		before := *s
		rng := rand.New(rand.NewPCG(3, uint64(bs)))
		for i := 0; i < 300; i++ {
			off := []int{0, 1, bs - 1, bs, BatchSize - 1, BatchSize, BatchSize + 1, rng.IntN(1 << 16)}[i%8]
			n := []int{0, 1, 8, BatchSize - 1, BatchSize, BatchSize + 1, 3 * BatchSize, rng.IntN(5000)}[rng.IntN(8)]
			got := make([]byte, n)
			c, err := s.ReadAt(got, int64(off))
			require.NoError(t, err)
			require.Equal(t, n, c)
			require.Equal(t, k.want(9, off, n), got, "ReadAt(%d, %d)", n, off)
		}
		require.True(t, before.buf == s.buf && before.rem == s.rem && before.ctr == s.ctr && before.stream == s.stream,
			"ReadAt changed the Stream")
		_, err := s.ReadAt(make([]byte, 3), -1)
		require.ErrorContains(t, err, "negative offset")
	}
}

// TestCarryLayer: for a kernel that Carries, the position, Stream and the
// marshalled position follow the counter block into the next stream; for
// one that does not, they wrap within the stream.
func TestCarryLayer(t *testing.T) {
	for _, carry := range []bool{true, false} {
		src := &testSource{k: testKernel{blockSize: 16, carry: carry}}
		pos := binary.BigEndian.AppendUint64(nil, 5)
		pos = binary.BigEndian.AppendUint64(pos, math.MaxUint64-2) // 3 blocks before 2^64
		pos = append(pos, 4)
		require.NoError(t, CheckPosition(pos, 16))
		Restore(&src.ks, &src.k, pos)
		s := &src.ks

		_, err := s.Seek(0, io.SeekCurrent)
		require.ErrorIs(t, err, errBeyondInt64)
		b := make([]byte, 3*16-4+100)
		s.Read(b)
		// The reference: blocks 2^64-3.. of stream 5, then block 0.. of
		// stream 6 (carry) or 5 (wrap).
		next := uint64(5)
		if carry {
			next = 6
		}
		one := make([]byte, BatchSize)
		(&testKernel{blockSize: 16}).Fill(one, math.MaxUint64-2, 5)
		want := one[4:48]
		want = append(want, (&testKernel{blockSize: 16}).want(next, 0, 100)...)
		require.Equal(t, want, b, "carry %v", carry)
		require.Equal(t, next, s.Stream(), "carry %v", carry)
		cur, err := s.Seek(0, io.SeekCurrent)
		require.NoError(t, err)
		require.Equal(t, int64(100), cur)
		mark := s.AppendPosition(nil)
		require.Equal(t, next, binary.BigEndian.Uint64(mark))
		require.Equal(t, uint64(6), binary.BigEndian.Uint64(mark[8:])) // block 6, offset 4
		require.Equal(t, byte(4), mark[16])
	}
}

// TestCopyLayer: a copy of the struct that holds a Stream and its kernel
// runs on its own kernel, not the original's.
func TestCopyLayer(t *testing.T) {
	a := &testSource{k: testKernel{blockSize: 16}}
	Init(&a.ks, &a.k, 1)
	a.ks.Read(make([]byte, 100))
	b := *a            // the copy
	a.k.blockSize = 64 // a different kernel value in the original
	Init(&a.ks, &a.k, 2)
	got := make([]byte, 3000)
	b.ks.Read(got)
	require.Equal(t, (&testKernel{blockSize: 16}).want(1, 100, 3000), got)
	require.False(t, bytes.Equal(got, (&testKernel{blockSize: 64}).want(1, 100, 3000)))
}

// TestRestoreFillsOnce: restoring a position generates one batch (it used
// to generate block 0 first and then the batch at the position).
func TestRestoreFillsOnce(t *testing.T) {
	s, _ := newTest(64, 3)
	s.Seek(5000, io.SeekStart)
	pos := s.AppendPosition(nil)
	calls := 0
	r := &testSource{k: testKernel{blockSize: 64, calls: &calls}}
	require.NoError(t, CheckPosition(pos, 64))
	Restore(&r.ks, &r.k, pos)
	require.Equal(t, 1, calls)
}

// TestPositionAfterPeek: after Peek has moved unread bytes in front of the
// batch (more than BatchSize unread), the position, Seek, and the
// marshalled position are still exact.
func TestPositionAfterPeek(t *testing.T) {
	for _, bs := range []int{16, 64} {
		for k := 1; k < 8; k++ {
			s, kern := newTest(bs, 4)
			s.Read(make([]byte, BatchSize-k))
			p := s.Peek()
			require.Len(t, p, BatchSize+k)
			for d := 0; d <= k; d++ {
				s2, _ := newTest(bs, 4)
				s2.Read(make([]byte, BatchSize-k))
				s2.Peek()
				s2.Discard(d)
				want := int64(BatchSize - k + d)
				cur, err := s2.Seek(0, io.SeekCurrent)
				require.NoError(t, err)
				require.Equal(t, want, cur, "bs %d k %d d %d", bs, k, d)
				r, err := unmarshal(s2.AppendPosition(nil), bs)
				require.NoError(t, err)
				b := make([]byte, 40)
				r.Read(b)
				require.Equal(t, kern.want(4, int(want), 40), b, "bs %d k %d d %d", bs, k, d)
			}
		}
	}
}

// TestKernelBesideStream: Init refuses a kernel that is not right beside
// the Stream (here: 8 KiB away), whose offset could not be trusted.
func TestKernelBesideStream(t *testing.T) {
	var far struct {
		ks  Stream
		pad [8192]byte
		k   testKernel
	}
	far.k.blockSize = 16
	require.PanicsWithValue(t, "keystream: the kernel must be a field of the same struct as the Stream",
		func() { Init(&far.ks, &far.k, 0) })
}

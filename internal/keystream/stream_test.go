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

// testKernel is a transparent kernel for testing the layer: every byte of
// block i of stream s is a function of (s, i, byte index), so any mix-up of
// blocks, streams or offsets shows. Block size 16 or 64; carry as asked.
type testKernel struct {
	blockSize int
	carry     bool
	calls     *int // counts Fill calls, if not nil
}

func (k *testKernel) BlockSize() int { return k.blockSize }
func (k *testKernel) Carries() bool  { return k.carry }

func (k *testKernel) Fill(dst []byte, counter, stream uint64) {
	if k.calls != nil {
		*k.calls++
	}
	if len(dst) == 0 || len(dst)%BatchSize != 0 {
		panic("Fill: length not a positive multiple of BatchSize")
	}
	for ; len(dst) > 0; dst = dst[k.blockSize:] {
		for j := 0; j < k.blockSize; j += 8 {
			binary.LittleEndian.PutUint64(dst[j:], counter*0x9e3779b97f4a7c15^stream*0xc2b2ae3d27d4eb4f^uint64(j)<<56)
		}
		counter++
		if counter == 0 && k.carry {
			stream++
		}
	}
}

// want returns n bytes of the test keystream from byte position pos.
func (k *testKernel) want(stream uint64, pos, n int) []byte {
	first := pos / k.blockSize
	nb := (pos%k.blockSize + n + k.blockSize - 1) / k.blockSize
	nb = (nb*k.blockSize + BatchSize - 1) / BatchSize * BatchSize / k.blockSize
	buf := make([]byte, nb*k.blockSize)
	if len(buf) > 0 {
		(&testKernel{blockSize: k.blockSize, carry: k.carry}).Fill(buf, uint64(first), stream)
	}
	return buf[pos%k.blockSize : pos%k.blockSize+n]
}

// testSource holds a Stream and its kernel, as a generator's Source does.
type testSource struct {
	ks Stream
	k  testKernel
}

func newTest(blockSize int, stream uint64) (*Stream, *testKernel) {
	t := &testSource{k: testKernel{blockSize: blockSize, calls: new(int)}}
	Init(&t.ks, &t.k, stream)
	return &t.ks, &t.k
}

// unmarshal restores a Stream from AppendPosition's bytes, with a test kernel
// of the given block size.
func unmarshal(pos []byte, blockSize int) (*Stream, error) {
	t := &testSource{k: testKernel{blockSize: blockSize}}
	if err := CheckPosition(pos, blockSize); err != nil {
		return nil, err
	}
	Restore(&t.ks, &t.k, pos)
	return &t.ks, nil
}

func TestChunkingMatchesOneRead(t *testing.T) {
	for _, bs := range []int{16, 64} {
		s, k := newTest(bs, 7)
		want := k.want(7, 0, 20000)
		rng := rand.New(rand.NewPCG(1, uint64(bs)))
		var got []byte
		for len(got) < len(want)-3000 {
			switch rng.IntN(4) {
			case 0:
				got = binary.LittleEndian.AppendUint64(got, s.Uint64())
			case 1:
				b := make([]byte, rng.IntN(3000))
				n, err := s.Read(b)
				require.NoError(t, err)
				require.Equal(t, len(b), n)
				got = append(got, b...)
			case 2:
				n, err := s.Read(nil)
				require.NoError(t, err)
				require.Zero(t, n)
			case 3:
				b := make([]byte, rng.IntN(9))
				s.Read(b)
				got = append(got, b...)
			}
			require.Equal(t, want[:len(got)], got, "block size %d, after %d bytes", bs, len(got))
		}
	}
}

func TestSeek(t *testing.T) {
	s, k := newTest(64, 3)
	for _, pos := range []int64{0, 1, 8, 63, 64, 1000, 1023, 1024, 1025, 5000, 1 << 20} {
		got, err := s.Seek(pos, io.SeekStart)
		require.NoError(t, err)
		require.Equal(t, pos, got)
		b := make([]byte, 100)
		s.Read(b)
		require.Equal(t, k.want(3, int(pos), 100), b, "after Seek(%d)", pos)
		cur, err := s.Seek(0, io.SeekCurrent)
		require.NoError(t, err)
		require.Equal(t, pos+100, cur)
		cur, err = s.Seek(-50, io.SeekCurrent)
		require.NoError(t, err)
		require.Equal(t, pos+50, cur)
		require.Equal(t, k.want(3, int(pos+50), 8)[:8], binary.LittleEndian.AppendUint64(nil, s.Uint64()))
	}
	// Far positions: Seek does not generate the skipped bytes.
	calls := *k.calls
	pos, err := s.Seek(math.MaxInt64-10, io.SeekStart)
	require.NoError(t, err)
	require.Equal(t, int64(math.MaxInt64-10), pos)
	require.Equal(t, calls+1, *k.calls, "Seek generates one batch, not the skipped ones")
	b := make([]byte, 10)
	s.Read(b)
	require.Equal(t, calls+1, *k.calls, "reading within the batch Seek generated generates nothing more")
	// The 10 bytes at MaxInt64-10, computed straight from the kernel.
	ctr := uint64(math.MaxInt64-10) / 64
	one := make([]byte, BatchSize)
	k.Fill(one, ctr, 3)
	require.Equal(t, one[(math.MaxInt64-10)%64:][:10], b)
}

func TestSeekErrors(t *testing.T) {
	s, _ := newTest(64, 0)
	s.Seek(100, io.SeekStart)
	for _, tc := range []struct {
		off    int64
		whence int
		msg    string
	}{
		{0, io.SeekEnd, "SeekEnd"},
		{5, 7, "whence"},
		{-1, io.SeekStart, "negative"},
		{-101, io.SeekCurrent, "negative"},
		{math.MaxInt64, io.SeekCurrent, "overflow"},
	} {
		_, err := s.Seek(tc.off, tc.whence)
		require.ErrorContains(t, err, tc.msg)
		require.ErrorContains(t, err, "Seek: ")
		cur, _ := s.Seek(0, io.SeekCurrent)
		require.Equal(t, int64(100), cur, "a failed Seek must not move")
	}
}

func TestSetStream(t *testing.T) {
	s, k := newTest(16, 0)
	s.Seek(12345, io.SeekStart)
	s.SetStream(1 << 40)
	require.Equal(t, uint64(1<<40), s.Stream())
	b := make([]byte, 3000)
	s.Read(b)
	require.Equal(t, k.want(1<<40, 0, 3000), b)
}

func TestZeroStreamPanics(t *testing.T) {
	var s Stream
	require.Panics(t, func() { s.Uint64() })
	require.Panics(t, func() { s.Read(make([]byte, 1)) })
	n, err := s.Read(nil)
	require.NoError(t, err)
	require.Zero(t, n)
}

func TestNoAllocs(t *testing.T) {
	s, _ := newTest(64, 0)
	buf := make([]byte, 3000)
	require.Zero(t, testing.AllocsPerRun(100, func() { s.Uint64() }))
	require.Zero(t, testing.AllocsPerRun(100, func() { s.Read(buf) }))
}

// FuzzChunking cuts the stream into reads of fuzzed lengths (a zero cut is
// a Uint64; a cut of 1 takes a checkpoint of the position and restores it).
// Only the first 64 cuts count, so one input reads at most about 150 KB and
// the fuzzer keeps running thousands of inputs a second instead of stalling
// on minimising huge ones. With near set, the stream starts seek%4096 bytes
// before block counter 2^64, with a kernel that carries into the stream id
// or one that wraps.
func FuzzChunking(f *testing.F) {
	f.Add([]byte{1, 2, 3, 200, 0, 255}, uint16(100), false, false)
	f.Add([]byte{0, 0, 7, 1, 0, 113, 0}, uint16(1000), true, true)
	f.Fuzz(func(t *testing.T, cuts []byte, seek uint16, near, carry bool) {
		cuts = cuts[:min(len(cuts), 64)]
		src := &testSource{k: testKernel{blockSize: 16, carry: carry}}
		// The start: block counter and offset.
		block, off := uint64(seek)/16, int(seek%16)
		if near {
			back := uint64(seek%4096) + 15
			block, off = -(back / 16), int(15-back%16)
		}
		pos := binary.BigEndian.AppendUint64(nil, 2)
		pos = binary.BigEndian.AppendUint64(pos, block)
		pos = append(pos, byte(off))
		Restore(&src.ks, &src.k, pos)
		s := &src.ks
		var got []byte
		for _, c := range cuts {
			switch c {
			case 0:
				got = binary.LittleEndian.AppendUint64(got, s.Uint64())
			case 1:
				r := &testSource{k: src.k}
				Restore(&r.ks, &r.k, s.AppendPosition(nil))
				src, s = r, &r.ks
			default:
				b := make([]byte, int(c)*9)
				s.Read(b)
				got = append(got, b...)
			}
		}
		want := make([]byte, (off+len(got)+BatchSize-1)/BatchSize*BatchSize+BatchSize)
		(&testKernel{blockSize: 16, carry: carry}).Fill(want, block, 2)
		if !bytes.Equal(got, want[off:off+len(got)]) {
			t.Fatalf("cuts %v from block %#x+%d (carry %v): bytes differ", cuts, block, off, carry)
		}
	})
}

// TestUint64AcrossBatches: Uint64 at every position that leaves k < 8 bytes
// in the batch reads them together with the next batch, and position,
// Seek and the marshalled state stay exact afterwards.
func TestUint64AcrossBatches(t *testing.T) {
	for _, bs := range []int{16, 64} {
		for k := 0; k < 8; k++ {
			s, kern := newTest(bs, 4)
			// Seek to a batch boundary, then read up to k bytes before
			// the end of the buffered batch.
			_, err := s.Seek(2*BatchSize, io.SeekStart)
			require.NoError(t, err)
			s.Read(make([]byte, BatchSize-k))
			pos := 3*BatchSize - k
			want := kern.want(4, pos, 8+100)
			require.Equal(t, want[:8], binary.LittleEndian.AppendUint64(nil, s.Uint64()), "k=%d", k)
			cur, err := s.Seek(0, io.SeekCurrent)
			require.NoError(t, err)
			require.Equal(t, int64(pos+8), cur)
			r, err := unmarshal(s.AppendPosition(nil), bs)
			require.NoError(t, err)
			b := make([]byte, 100)
			r.Read(b)
			require.Equal(t, want[8:], b, "k=%d after unmarshal", k)
			s.Read(b)
			require.Equal(t, want[8:], b, "k=%d", k)
		}
	}
}

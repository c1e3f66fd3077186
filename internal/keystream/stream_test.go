package keystream

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// testKernel is a transparent kernel for testing the layer: every byte of
// block i of stream s is a function of (s, i, byte index), so any mix-up of
// blocks, streams or offsets shows. Block size 16 or 64.
type testKernel struct {
	blockSize int
	calls     int
}

func (k *testKernel) Fill(dst []byte, counter, stream uint64) {
	k.calls++
	if len(dst) == 0 || len(dst)%BatchSize != 0 {
		panic("Fill: length not a positive multiple of BatchSize")
	}
	for ; len(dst) > 0; dst = dst[k.blockSize:] {
		for j := 0; j < k.blockSize; j += 8 {
			binary.LittleEndian.PutUint64(dst[j:], counter*0x9e3779b97f4a7c15^stream*0xc2b2ae3d27d4eb4f^uint64(j)<<56)
		}
		counter++
	}
}

// want returns n bytes of the test keystream from byte position pos.
func (k *testKernel) want(stream uint64, pos, n int) []byte {
	first := pos / k.blockSize
	nb := (pos%k.blockSize + n + k.blockSize - 1) / k.blockSize
	nb = (nb*k.blockSize + BatchSize - 1) / BatchSize * BatchSize / k.blockSize
	buf := make([]byte, nb*k.blockSize)
	if len(buf) > 0 {
		(&testKernel{blockSize: k.blockSize}).Fill(buf, uint64(first), stream)
	}
	return buf[pos%k.blockSize : pos%k.blockSize+n]
}

func newTest(blockSize int, stream uint64) (*Stream, *testKernel) {
	k := &testKernel{blockSize: blockSize}
	s := new(Stream)
	s.Init(k, blockSize, "test", fmt.Sprintf("test%d", blockSize), []byte("key"), stream)
	return s, k
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
	calls := k.calls
	pos, err := s.Seek(math.MaxInt64-10, io.SeekStart)
	require.NoError(t, err)
	require.Equal(t, int64(math.MaxInt64-10), pos)
	require.Equal(t, calls+1, k.calls, "Seek generates one batch, not the skipped ones")
	b := make([]byte, 10)
	s.Read(b)
	require.Equal(t, k.want(3, 0, 0), b[:0])
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
		require.ErrorContains(t, err, "test: Seek")
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

func TestMarshalRoundTrip(t *testing.T) {
	for _, bs := range []int{16, 64} {
		for _, pos := range []int{0, 1, 15, 16, 17, 1023, 1024, 1025, 4096, 100003} {
			s, k := newTest(bs, 99)
			s.Seek(int64(pos), io.SeekStart)
			data, err := s.MarshalBinary()
			require.NoError(t, err)
			app, err := s.AppendBinary([]byte("prefix"))
			require.NoError(t, err)
			require.Equal(t, data, app[6:])

			var r Stream
			require.NoError(t, r.Unmarshal(data, "test", testRekey))
			require.Equal(t, uint64(99), r.Stream())
			b := make([]byte, 2000)
			r.Read(b)
			require.Equal(t, k.want(99, pos, 2000), b)
		}
	}
	// A drained buffer (position at the end of a batch) round-trips too.
	s, k := newTest(64, 1)
	s.Read(make([]byte, BatchSize))
	data, _ := s.MarshalBinary()
	var r Stream
	require.NoError(t, r.Unmarshal(data, "test", testRekey))
	require.Equal(t, k.want(1, BatchSize, 8), binary.LittleEndian.AppendUint64(nil, r.Uint64()))
}

func testRekey(name string, key []byte) (Kernel, int, error) {
	switch name {
	case "test16":
		return &testKernel{blockSize: 16}, 16, nil
	case "test64":
		return &testKernel{blockSize: 64}, 64, nil
	}
	return nil, 0, ErrAlgorithm
}

func TestUnmarshalRejects(t *testing.T) {
	s, _ := newTest(64, 5)
	s.Seek(777, io.SeekStart)
	good, _ := s.MarshalBinary()

	var target Stream
	t2, _ := newTest(64, 8)
	t2.Seek(31, io.SeekStart)
	target = *t2
	before, _ := target.MarshalBinary()

	check := func(name string, data []byte, want error) {
		t.Helper()
		err := target.Unmarshal(data, "test", testRekey)
		require.Error(t, err, name)
		if want != nil {
			require.ErrorIs(t, err, want, name)
		}
		after, _ := target.MarshalBinary()
		require.Equal(t, before, after, "%s: a failed Unmarshal must leave the stream unchanged", name)
	}
	check("empty", nil, ErrFormat)
	check("truncated", good[:len(good)-1], ErrFormat)
	for i := range good {
		check("truncated", good[:i], nil)
	}
	check("oversized", append(append([]byte{}, good...), 0), ErrFormat)
	bad := bytes.Clone(good)
	bad[0] = 'X'
	check("magic", bad, ErrFormat)
	bad = bytes.Clone(good)
	bad[len(magic)] = 2
	check("version", bad, ErrVersion)
	for i := len(magic) + 1; i < len(good); i++ {
		bad = bytes.Clone(good)
		bad[i] ^= 0x10
		check("corrupted", bad, nil)
	}
	// A well-formed state of another algorithm.
	o := new(Stream)
	o.Init(&testKernel{blockSize: 64}, 64, "other", "other", []byte("k"), 0)
	other, _ := o.MarshalBinary()
	check("algorithm", other, ErrAlgorithm)
	// An offset beyond the block, with a valid checksum.
	bad = bytes.Clone(good[:len(good)-4])
	bad[len(bad)-1] = 64
	bad = binary.BigEndian.AppendUint32(bad, crc32IEEE(bad))
	check("offset", bad, ErrFormat)
	require.True(t, errors.Is(ErrFormat, ErrFormat))
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

// FuzzChunking cuts the stream into reads of fuzzed lengths.
func FuzzChunking(f *testing.F) {
	f.Add([]byte{1, 2, 3, 200, 0, 255}, uint16(100))
	f.Fuzz(func(t *testing.T, cuts []byte, seek uint16) {
		s, k := newTest(16, 2)
		s.Seek(int64(seek), io.SeekStart)
		var got []byte
		for _, c := range cuts {
			b := make([]byte, int(c)*9)
			s.Read(b)
			got = append(got, b...)
		}
		if !bytes.Equal(got, k.want(2, int(seek), len(got))) {
			t.Fatalf("cuts %v from %d: bytes differ", cuts, seek)
		}
	})
}

// FuzzUnmarshal feeds arbitrary data to Unmarshal: it must never panic, and
// whatever it accepts must marshal back to the same bytes.
func FuzzUnmarshal(f *testing.F) {
	s, _ := newTest(64, 5)
	s.Seek(777, io.SeekStart)
	good, _ := s.MarshalBinary()
	f.Add(good)
	f.Add([]byte("streamrand:"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var r Stream
		if err := r.Unmarshal(data, "test", testRekey); err != nil {
			return
		}
		again, err := r.MarshalBinary()
		require.NoError(t, err)
		require.Equal(t, data, again)
	})
}

func crc32IEEE(b []byte) uint32 { return crc32.ChecksumIEEE(b) }

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
			data, err := s.MarshalBinary()
			require.NoError(t, err)
			var r Stream
			require.NoError(t, r.Unmarshal(data, "test", testRekey))
			b := make([]byte, 100)
			r.Read(b)
			require.Equal(t, want[8:], b, "k=%d after unmarshal", k)
			s.Read(b)
			require.Equal(t, want[8:], b, "k=%d", k)
		}
	}
}

package family

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/internal/bulk"
	"github.com/streamrand/streamrand/internal/checkpoint"
	"github.com/streamrand/streamrand/internal/keystream"
)

// toyKernel is a family of two algorithms, "toy1" and "toy2", each with a
// key of as many bytes as its number; byte j of block i of stream s is
// key[0] + i + 3s + j (mod 256), so a wrong key, block, stream or offset
// shows in the bytes.
type toyKernel struct {
	n   int
	key [2]byte
}

func (k *toyKernel) Fill(dst []byte, counter, stream uint64) {
	for j := range dst {
		dst[j] = k.key[0] + byte(counter+uint64(j/16)) + byte(3*stream) + byte(j%16)
	}
}
func (*toyKernel) BlockSize() int { return 16 }
func (*toyKernel) Carries() bool  { return false }
func (*toyKernel) Family() string { return "toy" }
func (k *toyKernel) Name() string { return fmt.Sprintf("toy%d", k.n) }
func (k *toyKernel) Key() []byte  { return k.key[:k.n] }
func (k *toyKernel) SetIdentity(name string, key []byte) error {
	for n := 1; n <= 2; n++ {
		if name == fmt.Sprintf("toy%d", n) {
			if len(key) != n {
				return fmt.Errorf("%w: key of %d bytes", checkpoint.ErrFormat, len(key))
			}
			*k = toyKernel{n: n}
			copy(k.key[:], key)
			return nil
		}
	}
	return fmt.Errorf("%w: %q", checkpoint.ErrAlgorithm, name)
}

// toySource is a family's Source, as chacha and aesctr hold it.
type toySource struct {
	ks keystream.Stream
	k  toyKernel
}

func newToy(n int, key0 byte, stream uint64) *toySource {
	s := &toySource{k: toyKernel{n: n, key: [2]byte{key0}}}
	if n == 2 {
		s.k.key[1] = 9
	}
	keystream.Init(&s.ks, &s.k, stream)
	return s
}

func (s *toySource) next(n int) []byte {
	p := make([]byte, n)
	s.ks.Read(p)
	return p
}

func TestCheckpointRoundTrip(t *testing.T) {
	for _, n := range []int{1, 2} {
		s := newToy(n, 5, 7)
		s.next(1001)
		data, err := MarshalBinary(&s.ks, &s.k)
		require.NoError(t, err)
		appended, err := AppendBinary([]byte("prefix"), &s.ks, &s.k)
		require.NoError(t, err)
		require.Equal(t, append([]byte("prefix"), data...), appended)

		var r toySource // a zero Source becomes usable through UnmarshalBinary
		require.NoError(t, UnmarshalBinary(&r.ks, &r.k, data))
		require.Equal(t, s.k, r.k)
		require.Equal(t, s.ks.Stream(), r.ks.Stream())
		require.Equal(t, s.next(3000), r.next(3000), "toy%d resumes its stream", n)
	}
}

func TestUnmarshalErrors(t *testing.T) {
	s := newToy(2, 5, 7)
	good, err := MarshalBinary(&s.ks, &s.k)
	require.NoError(t, err)
	badKey := checkpoint.Seal(s.ks.AppendPosition(checkpoint.AppendHeader(nil, "toy2", []byte{1})), 0)
	other := checkpoint.Seal(s.ks.AppendPosition(checkpoint.AppendHeader(nil, "other", []byte{1, 2})), 0)
	badPos := bytes.Clone(good)
	badPos[len(badPos)-5] = 16 // the offset byte: beyond a block of 16
	badPos = checkpoint.Seal(badPos[:len(badPos)-4], 0)
	corrupt := bytes.Clone(good)
	corrupt[len(corrupt)-1] ^= 1
	for _, tc := range []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, checkpoint.ErrFormat},
		{"checksum", corrupt, checkpoint.ErrChecksum},
		{"algorithm", other, checkpoint.ErrAlgorithm},
		{"key", badKey, checkpoint.ErrFormat},
		{"offset", badPos, checkpoint.ErrFormat},
	} {
		r := newToy(1, 3, 4)
		r.next(77)
		twin := *r // a copy is an independent Source at the same state
		err := UnmarshalBinary(&r.ks, &r.k, tc.data)
		require.ErrorIs(t, err, tc.want, tc.name)
		require.ErrorContains(t, err, "toy: UnmarshalBinary: ", tc.name)
		require.Equal(t, twin.k, r.k, "%s: a rejected checkpoint leaves the kernel unchanged", tc.name)
		require.True(t, bytes.Equal(twin.next(2000), r.next(2000)), "%s: and the position", tc.name)
	}
}

func TestZeroSourceAndPrefixes(t *testing.T) {
	var z toySource
	b, err := AppendBinary([]byte("x"), &z.ks, &z.k)
	require.EqualError(t, err, "toy: a zero Source has no state (create it with a constructor or UnmarshalBinary)")
	require.Equal(t, []byte("x"), b)

	s := newToy(1, 5, 0)
	_, err = Seek(&s.ks, &s.k, -1, io.SeekStart)
	require.ErrorContains(t, err, "toy: Seek: negative position")
	_, err = ReadAt(&s.ks, &s.k, make([]byte, 4), -1)
	require.ErrorContains(t, err, "toy: ReadAt: negative offset")

	pos, err := Seek(&s.ks, &s.k, 40, io.SeekStart)
	require.NoError(t, err)
	require.Equal(t, int64(40), pos)
	p := make([]byte, 4)
	n, err := ReadAt(&s.ks, &s.k, p, 40)
	require.NoError(t, err)
	require.Equal(t, 4, n)
	require.Equal(t, s.next(4), p, "ReadAt at the position reads what Read does")
}

// registered is a type that only this test registers with bulk.
type registered struct{ toySource }

func (*registered) Uint64() uint64 { return 0 }

func init() {
	Register(func(s *registered) *keystream.Stream { return &s.ks })
}

func TestRegister(t *testing.T) {
	s := &registered{}
	s.k = toyKernel{n: 1}
	keystream.Init(&s.ks, &s.k, 0)
	got, mu := bulk.Of(s)
	require.Same(t, &s.ks, got)
	require.Nil(t, mu)

	var nilSource *registered
	got, _ = bulk.Of(nilSource)
	require.Nil(t, got, "a nil *S takes the per-call path")
	got, _ = bulk.Of(rand.NewPCG(1, 2))
	require.Nil(t, got, "another Source is not the family's")
}

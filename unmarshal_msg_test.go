package streamrand_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
)

// TestUnmarshalNamesNoWrongFamily: an error of Unmarshal never blames a
// package the checkpoint is not for. (It used to try chacha first and
// report chacha's error for anything it could not frame: a corrupted or
// truncated AES checkpoint gave "chacha: UnmarshalBinary: state checksum
// mismatch".) Errors of the framing, which no package reached, name none.
func TestUnmarshalNamesNoWrongFamily(t *testing.T) {
	key32, key16 := bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 16)
	aes := checkpoint(1, "aes128ctr", key16, 3, 4, 5)
	cha := checkpoint(1, "chacha8", key32, 3, 4, 5)
	flip := func(b []byte, i int) []byte { b = bytes.Clone(b); b[i] ^= 1; return b }
	cases := []struct {
		name   string
		data   []byte
		want   error
		banned []string // words the message must not contain
	}{
		{"aes checksum", flip(aes, len(aes)-1), streamrand.ErrChecksum, []string{"chacha", "aesctr"}},
		{"aes truncated", aes[:len(aes)-1], streamrand.ErrFormat, []string{"chacha", "aesctr"}},
		{"aes version 2", checkpoint(2, "aes128ctr", key16, 3, 4, 5), streamrand.ErrVersion, []string{"chacha", "aesctr"}},
		{"chacha checksum", flip(cha, len(cha)-1), streamrand.ErrChecksum, []string{"chacha", "aesctr"}},
		{"junk", []byte("not a checkpoint at all, but long enough to be framed"), streamrand.ErrFormat, []string{"chacha", "aesctr"}},
		{"empty", nil, streamrand.ErrFormat, []string{"chacha", "aesctr"}},
		{"aes key of 32 bytes", checkpoint(1, "aes128ctr", key32, 3, 4, 5), streamrand.ErrFormat, []string{"chacha"}},
		{"chacha offset 64", checkpoint(1, "chacha8", key32, 3, 4, 64), streamrand.ErrFormat, []string{"aesctr"}},
		{"unknown algorithm", checkpoint(1, "chacha7", key32, 3, 4, 5), streamrand.ErrAlgorithm, []string{"chacha:", "aesctr"}},
	}
	for _, tc := range cases {
		g, err := streamrand.Unmarshal(tc.data)
		require.Nil(t, g, tc.name)
		require.ErrorIs(t, err, tc.want, tc.name)
		for _, w := range tc.banned {
			require.False(t, strings.Contains(err.Error(), w), "%s: %q names %s", tc.name, err, w)
		}
		require.True(t, strings.HasPrefix(err.Error(), "streamrand: Unmarshal: "), "%s: %q", tc.name, err)
	}
	_, err := streamrand.Unmarshal(checkpoint(1, "chacha7", key32, 3, 4, 5))
	require.EqualError(t, err, `streamrand: Unmarshal: state is for another algorithm: "chacha7"`)
}

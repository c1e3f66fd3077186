package checkpoint

import (
	"bytes"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

func sample() []byte {
	b := AppendHeader([]byte("pre"), "algo", []byte("a key"))
	b = append(b, "POSITION"...)
	return Seal(b, 3)[3:]
}

func TestRoundTrip(t *testing.T) {
	name, key, pos, err := Open(sample(), 8)
	require.NoError(t, err)
	require.Equal(t, "algo", name)
	require.Equal(t, []byte("a key"), key)
	require.Equal(t, []byte("POSITION"), pos)
}

// TestOpenRejects: every truncation, extension and single-bit corruption is
// an error of the documented kind.
func TestOpenRejects(t *testing.T) {
	good := sample()
	check := func(what string, data []byte, want error) {
		t.Helper()
		_, _, _, err := Open(data, 8)
		require.Error(t, err, what)
		if want != nil {
			require.True(t, errors.Is(err, want), "%s: %v, want %v", what, err, want)
		}
	}
	check("empty", nil, ErrFormat)
	for i := range good {
		check("truncated", good[:i], nil)
	}
	check("truncated by one", good[:len(good)-1], ErrFormat)
	check("oversized", append(bytes.Clone(good), 0), ErrFormat)
	bad := bytes.Clone(good)
	bad[0] = 'X'
	check("magic", bad, ErrFormat)
	bad = bytes.Clone(good)
	bad[len(magic)] = 2
	check("version", bad, ErrVersion)
	for i := len(magic) + 1; i < len(good); i++ {
		for bit := 0; bit < 8; bit++ {
			bad = bytes.Clone(good)
			bad[i] ^= 1 << bit
			check("corrupted", bad, nil)
		}
	}
	bad = bytes.Clone(good)
	bad[len(bad)-1] ^= 1
	check("checksum", bad, ErrChecksum)
	// The position length is part of the framing.
	_, _, _, err := Open(good, 9)
	require.ErrorIs(t, err, ErrFormat)
}

// FuzzOpen feeds arbitrary data to Open: it must never panic, and whatever
// it accepts must be written back to the same bytes.
func FuzzOpen(f *testing.F) {
	f.Add(sample())
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		name, key, pos, err := Open(data, 8)
		if err != nil {
			return
		}
		b := AppendHeader(nil, name, key)
		b = append(b, pos...)
		if again := Seal(b, 0); !bytes.Equal(again, data) {
			t.Fatalf("accepted %x, writes back %x", data, again)
		}
	})
}

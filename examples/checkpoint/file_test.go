package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
)

// The report's "positions sha256" is the whole SHA-256 (32 bytes) of the
// positions' bits, x then y of each walker, little-endian.
func TestReportHashIsSHA256(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, cli([]string{"-alg", "aes192ctr", "-seed", "3", "-walkers", "4", "-steps", "50"}, &out))
	m := regexp.MustCompile(`(?m)^positions sha256: ([0-9a-f]+)$`).FindStringSubmatch(out.String())
	require.NotNil(t, m, out.String())

	s := newSim(streamrand.AES192CTR, 3, 4, 50)
	s.advance(50)
	var positions []byte
	for w := range s.X {
		positions = binary.LittleEndian.AppendUint64(positions, s.X[w])
		positions = binary.LittleEndian.AppendUint64(positions, s.Y[w])
	}
	sum := sha256.Sum256(positions)
	require.Equal(t, hex.EncodeToString(sum[:]), m[1])
}

// Without -state the checkpoint goes to the temporary directory, not the
// working directory, and -resume finds it there.
func TestDefaultStateInTempDir(t *testing.T) {
	tmp, work := t.TempDir(), t.TempDir()
	t.Setenv("TMPDIR", tmp) // os.TempDir on Unix
	t.Chdir(work)
	var out bytes.Buffer
	require.NoError(t, cli([]string{"-walkers", "2", "-steps", "20", "-stop-after", "10"}, &out))
	path := filepath.Join(os.TempDir(), "streamrand-checkpoint.json")
	require.Contains(t, out.String(), "state saved to "+path)
	_, err := os.Stat(path)
	require.NoError(t, err)
	entries, err := os.ReadDir(work)
	require.NoError(t, err)
	require.Empty(t, entries, "files left in the working directory")
	out.Reset()
	require.NoError(t, cli([]string{"-resume"}, &out))
	require.Contains(t, out.String(), "resumed "+path+" at step 10 of 20")
}

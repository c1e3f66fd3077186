package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/examples/internal/commandtest"
)

// -resume into a directory that cannot be written fails before the first
// chunk, with one line on stderr, exit status 2 and no estimate.
func TestResumeUnwritable(t *testing.T) {
	dir := t.TempDir()
	notDir := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(notDir, nil, 0o600))
	files := []string{filepath.Join(dir, "missing", "pi.state"), filepath.Join(notDir, "pi.state")}
	if os.Geteuid() != 0 { // root writes into a read-only directory
		ro := filepath.Join(dir, "ro")
		require.NoError(t, os.Mkdir(ro, 0o500))
		files = append(files, filepath.Join(ro, "pi.state"))
	}
	for _, file := range files {
		status, stdout, stderr := commandtest.Run(t, "-paths", "200000000", "-chunk", "1000000", "-workers", "2", "-table=false", "-resume", file)
		require.Equal(t, 2, status, stderr)
		require.Empty(t, stdout)
		require.True(t, strings.HasPrefix(stderr, "montecarlo: ") && strings.Count(stderr, "\n") == 1 && strings.HasSuffix(stderr, "\n"),
			"%s: stderr %q, want one line", file, stderr)
		require.Contains(t, stderr, file)
	}
}

// A temporary file that a run killed while saving left (FILE.NNN.tmp) is
// removed by the next run; other files are kept.
func TestResumeRemovesStaleTemps(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "pi.state")
	for _, name := range []string{"pi.state.1234567.tmp", "pi.state.42.tmp", "pi.state.notes", "other.7.tmp"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o600))
	}
	status, _, stderr := commandtest.Run(t, "-paths", "200000", "-chunk", "10000", "-workers", "2", "-table=false", "-resume", file)
	require.Equal(t, 0, status, stderr)
	var names []string
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		names = append(names, e.Name())
	}
	require.Equal(t, []string{"other.7.tmp", "pi.state", "pi.state.notes"}, names)
}

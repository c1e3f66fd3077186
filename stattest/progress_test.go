package stattest_test

import (
	"errors"
	"io"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/stattest"
)

// stalled returns (0, nil) for ever and counts the calls.
type stalled struct{ calls int }

func (s *stalled) Read([]byte) (int, error) { s.calls++; return 0, nil }

// hesitant returns (0, nil) 99 times before each byte of r: slow, but
// never 100 empty reads in a row.
type hesitant struct {
	r     io.Reader
	empty int
}

func (h *hesitant) Read(p []byte) (int, error) {
	if h.empty < 99 || len(p) == 0 {
		h.empty++
		return 0, nil
	}
	h.empty = 0
	return h.r.Read(p[:1])
}

// A reader that keeps returning no data and no error used to make
// RunReader and the reader-based tests spin for ever (io.ReadFull calls
// it again and again). After 100 such reads in a row, bufio's rule, they
// return an error wrapping io.ErrNoProgress; 99 in a row between bytes
// are only slow.
func TestPublicNoProgress(t *testing.T) {
	for name, run := range map[string]func(io.Reader) error{
		"ByteFrequency":  func(r io.Reader) error { _, err := stattest.ByteFrequency(r, 2000); return err },
		"Monobit":        func(r io.Reader) error { _, err := stattest.Monobit(r, 8000); return err },
		"BlockFrequency": func(r io.Reader) error { _, err := stattest.BlockFrequency(r, 8000, 128); return err },
		"Runs":           func(r io.Reader) error { _, err := stattest.Runs(r, 8000); return err },
		"Poker":          func(r io.Reader) error { _, err := stattest.Poker(r, 1000, 4); return err },
		"Battery.RunReader": func(r io.Reader) error {
			_, err := (&stattest.Battery{Bytes: stattest.MinBytes}).RunReader(r)
			return err
		},
		"Battery.RunReader, Uint64 first": func(r io.Reader) error {
			b := stattest.Battery{Bytes: 1, Tests: []stattest.Test{{Name: "uint64s", Run: uint64s}}}
			_, err := b.RunReader(r)
			return err
		},
	} {
		s := &stalled{}
		done := make(chan error, 1)
		go func() { done <- run(s) }()
		var err error
		select {
		case err = <-done:
		case <-time.After(time.Minute): // the run takes milliseconds; this is a wait for ever
			t.Fatalf("%s: still reading a reader that returns (0, nil) after a minute", name)
		}
		require.ErrorIs(t, err, io.ErrNoProgress, name)
		require.ErrorContains(t, err, "stattest: ", name)
		require.ErrorContains(t, err, "no data and no error from 100 reads in a row", name)
		require.Equal(t, 100, s.calls, name)

		if name != "Battery.RunReader" { // 1.7 MB at 100 reads a byte: the small battery shows it
			require.NoError(t, run(&hesitant{r: chacha.NewSource(1)}), name)
		}
	}
}

// uint64s is a Test that draws 1000 values from src.
func uint64s(src rand.Source, _ io.Reader, _ int64) ([]stattest.Result, error) {
	var x uint64
	for range 1000 {
		x ^= src.Uint64()
	}
	if x == 0 {
		return nil, errors.New("uint64s: 1000 values xor to 0")
	}
	return []stattest.Result{{Name: "uint64s", P: 0.5}}, nil
}

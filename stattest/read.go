package stattest

import (
	"fmt"
	"io"
)

// chunkSize is how many bytes the reader-based tests read at a time.
const chunkSize = 64 << 10

// readChunks reads exactly n bytes from r in chunks, calling f on each.
func readChunks(r io.Reader, n int64, f func([]byte)) error {
	buf := make([]byte, min(n, chunkSize))
	for n > 0 {
		b := buf[:min(n, int64(len(buf)))]
		if _, err := io.ReadFull(r, b); err != nil {
			return fmt.Errorf("stattest: reading the sample: %w", err)
		}
		f(b)
		n -= int64(len(b))
	}
	return nil
}

// readAll reads exactly n bytes from r.
func readAll(r io.Reader, n int64) ([]byte, error) {
	b := make([]byte, n)
	if _, err := io.ReadFull(r, b); err != nil {
		return nil, fmt.Errorf("stattest: reading the sample: %w", err)
	}
	return b, nil
}

// bitAt returns bit i of b, bits numbered from the most significant bit of
// b[0]: the order of the reader-based bit tests.
func bitAt(b []byte, i int64) int {
	return int(b[i>>3]>>(7-i&7)) & 1
}

func checkN(name string, n, least int64) error {
	if n < least {
		return fmt.Errorf("stattest: %s needs a sample of at least %d, not %d", name, least, n)
	}
	return nil
}

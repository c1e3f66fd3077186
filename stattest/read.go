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

// bitAt returns bit i of b, bits numbered from the most significant bit of
// b[0]: the order of the reader-based bit tests.
func bitAt(b []byte, i int64) int {
	return int(b[i>>3]>>(7-i&7)) & 1
}

// MaxN is the largest sample size any test takes, in its own unit (bits,
// bytes, values, hands, gaps, pairs...): far beyond any run that could
// finish, and small enough that no count of bits or bytes derived from it
// overflows an int64. KolmogorovSmirnov, which holds its sample in memory,
// takes at most MaxKSValues.
const MaxN = 1 << 56

// checkN returns an error unless least <= n <= MaxN.
func checkN(name string, n, least int64) error {
	if n < least || n > MaxN {
		return fmt.Errorf("stattest: %s needs a sample size from %d to %d, not %d", name, least, int64(MaxN), n)
	}
	return nil
}

// bytesOf returns the number of bytes that hold nbits bits.
func bytesOf(nbits int64) int64 { return nbits/8 + min(nbits%8, 1) }

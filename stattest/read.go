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
		if _, err := readFull(r, b); err != nil {
			return fmt.Errorf("stattest: reading the sample: %w", err)
		}
		f(b)
		n -= int64(len(b))
	}
	return nil
}

// maxEmptyReads is how many successive reads that return no data and no
// error readFull takes before it gives up: bufio's rule (its
// maxConsecutiveEmptyReads), so a reader that makes no progress is an
// error rather than a loop for ever.
const maxEmptyReads = 100

// readFull is io.ReadFull, but for a reader that returns (0, nil)
// maxEmptyReads times in a row, which gets an error wrapping
// io.ErrNoProgress (io.ReadFull would call it for ever). Like io.ReadFull it returns io.EOF if no byte
// was read and io.ErrUnexpectedEOF if some were.
func readFull(r io.Reader, p []byte) (int, error) {
	n, empty := 0, 0
	for n < len(p) {
		k, err := r.Read(p[n:])
		n += k
		switch {
		case n == len(p):
			return n, nil
		case err == io.EOF && n > 0:
			return n, io.ErrUnexpectedEOF
		case err != nil:
			return n, err
		case k > 0:
			empty = 0
		default:
			if empty++; empty == maxEmptyReads {
				return n, fmt.Errorf("no data and no error from %d reads in a row (%w)", maxEmptyReads, io.ErrNoProgress)
			}
		}
	}
	return n, nil
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

package stattest_test

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/stattest"
)

// NewReport over the runs of a battery made one by one is the Report that
// Battery.Run gives for the same runs, second level included.
func TestNewReport(t *testing.T) {
	const bytes, repeat = 64 << 10, 3
	b := &stattest.Battery{Bytes: bytes, Repeat: repeat}
	want, err := b.Run(rand.NewPCG(1, 2))
	require.NoError(t, err)

	src := rand.NewPCG(1, 2)
	r := &pcgReader{src: src}
	var runs [][]stattest.Result
	for range repeat {
		for _, test := range stattest.Tests() {
			res, err := test.Run(src, r, bytes)
			require.NoError(t, err)
			runs = append(runs, res)
		}
	}
	got := stattest.NewReport(bytes, repeat, runs)
	require.Equal(t, want, got)
	require.NotEmpty(t, got.Summaries[0].Second, "no second level with %d repetitions", repeat)
}

// pcgReader reads the little-endian bytes of its PCG's Uint64s, as the
// reader Battery.Run gives the tests over a rand.Source.
// A read that ends inside a word keeps the rest of it for the next read.
type pcgReader struct {
	src  *rand.PCG
	rest []byte
}

func (p *pcgReader) Read(b []byte) (int, error) {
	for i := range b {
		if len(p.rest) == 0 {
			p.rest = binary.LittleEndian.AppendUint64(nil, p.src.Uint64())
		}
		b[i], p.rest = p.rest[0], p.rest[1:]
	}
	return len(b), nil
}

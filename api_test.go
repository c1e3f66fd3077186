package streamrand_test

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	mrand "math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/fill"
	"github.com/streamrand/streamrand/internal/algtable"
	"github.com/streamrand/streamrand/internal/testkit/long"
)

// This file mixes every call of the public API in random orders and
// lengths and compares each result with a model of the position over the
// references of reference_test.go. TestRandomOperations mixes the
// Generator methods (Read, Uint64, Seek, ReadAt, Seed, SetStream,
// checkpoints restored by UnmarshalBinary and by Unmarshal).
// TestFillMixedWithMethods adds every function of package fill, at
// counters near 2^32, 2^40 and 2^64 blocks (reached through checkpoints in
// the documented format), where ChaCha's counter wraps within its stream
// and AES-CTR's 128-bit counter carries into the stream id; each fill
// function is compared with rand.Rand's per-call method on a twin restored
// from a checkpoint, and the positions afterwards through the checkpoints.
// Both run on every algorithm, bare and Locked.

// model is what a Generator must be: a key, a stream id and a byte
// position, whose bytes refStream computes.
type model struct {
	a   streamrand.Algorithm
	key []byte
	id  uint64
	pos int64
}

func (m *model) next(n int) []byte {
	b := refStream(m.a, m.key, m.id, m.pos, n)
	m.pos += int64(n)
	return b
}

// TestRandomOperations mixes every method of the public API in random order
// on every algorithm, on bare Generators and through Locked, and compares
// each result with the reference model: Read of random lengths, Uint64,
// ReadAt (which must not move the position), Seed, Seek (start and current,
// near 2^32 ChaCha blocks and far into AES streams), SetStream, and
// checkpoints restored by UnmarshalBinary into another Generator of the
// family and by streamrand.Unmarshal.
func TestRandomOperations(t *testing.T) {
	ops := 600 // 3000 in the long run (STREAMRAND_LONG=1)
	if long.Enabled() {
		ops = 3000
	}
	for _, a := range streamrand.Algorithms() {
		for _, lock := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/locked=%v", a, lock), func(t *testing.T) {
				rng := mrand.New(mrand.NewPCG(uint64(a), 7))
				key := make([]byte, a.KeySize())
				for i := range key {
					key[i] = byte(rng.Uint32())
				}
				m := &model{a: a, key: key, id: rng.Uint64()}
				g, err := streamrand.NewWithKey(a, key, m.id)
				require.NoError(t, err)
				wrap := func(g streamrand.Generator) streamrand.Generator {
					if lock {
						return streamrand.Locked(g)
					}
					return g
				}
				g = wrap(g)
				for op := range ops {
					what := ""
					switch k := rng.IntN(100); {
					case k < 30:
						n := rng.IntN(300)
						if rng.IntN(10) == 0 {
							n = rng.IntN(5000)
						}
						what = fmt.Sprintf("Read(%d) at %d", n, m.pos)
						b := make([]byte, n)
						got, err := g.Read(b)
						require.NoError(t, err, what)
						require.Equal(t, n, got, what)
						require.Equal(t, m.next(n), b, what)
					case k < 55:
						what = fmt.Sprintf("Uint64 at %d", m.pos)
						require.Equal(t, binary.LittleEndian.Uint64(m.next(8)), g.Uint64(), what)
					case k < 67:
						to := randomOffset(rng, m.pos)
						what = fmt.Sprintf("Seek to %d from %d", to, m.pos)
						var pos int64
						if rng.IntN(2) == 0 {
							pos, err = g.Seek(to, io.SeekStart)
						} else {
							pos, err = g.Seek(to-m.pos, io.SeekCurrent)
						}
						require.NoError(t, err, what)
						require.Equal(t, to, pos, what)
						m.pos = to
					case k < 77:
						off := randomOffset(rng, m.pos)
						n := rng.IntN(3000)
						what = fmt.Sprintf("ReadAt(%d, %d) at %d", n, off, m.pos)
						b := make([]byte, n)
						got, err := g.ReadAt(b, off)
						require.NoError(t, err, what)
						require.Equal(t, n, got, what)
						require.Equal(t, refStream(a, m.key, m.id, off, n), b, what)
						if rng.IntN(10) == 0 {
							_, err := g.ReadAt(b, -1-rng.Int64N(1000))
							require.Error(t, err, "ReadAt at a negative offset")
						}
					case k < 81:
						seed := rng.Uint64()
						what = fmt.Sprintf("Seed(%d)", seed)
						g.Seed(seed)
						m.key, m.id, m.pos = refSeedKey(seed, a.KeySize()), 0, 0
					case k < 87:
						id := rng.Uint64()
						if rng.IntN(3) == 0 {
							id = rng.Uint64N(4)
						}
						what = fmt.Sprintf("SetStream(%d)", id)
						g.SetStream(id)
						m.id, m.pos = id, 0
						require.Equal(t, id, g.Stream(), what)
					case k < 94:
						what = "MarshalBinary, UnmarshalBinary into a Generator of the family"
						data, err := g.MarshalBinary()
						require.NoError(t, err, what)
						other := sameFamily(a, rng)
						h := streamrand.New(other, rng.Uint64())
						require.NoError(t, h.UnmarshalBinary(data), what)
						got, ok := streamrand.AlgorithmOf(h)
						require.True(t, ok && got == a, "%s: AlgorithmOf = %v, %v", what, got, ok)
						g = wrap(h)
					default:
						what = "AppendBinary, streamrand.Unmarshal"
						data, err := g.AppendBinary([]byte("prefix"))
						require.NoError(t, err, what)
						h, err := streamrand.Unmarshal(data[len("prefix"):])
						require.NoError(t, err, what)
						got, ok := streamrand.AlgorithmOf(h)
						require.True(t, ok && got == a, "%s: AlgorithmOf = %v, %v", what, got, ok)
						g = wrap(h)
					}
					pos, err := g.Seek(0, io.SeekCurrent)
					require.NoError(t, err)
					require.Equal(t, m.pos, pos, "op %d, after %s", op, what)
					require.Equal(t, m.id, g.Stream(), "op %d, after %s", op, what)
				}
			})
		}
	}
}

// randomOffset returns a byte position to Seek or ReadAt to: near the
// start, around ChaCha block 2^32, anywhere below 2^62 (far into AES
// streams), or near the current position pos.
func randomOffset(rng *mrand.Rand, pos int64) int64 {
	switch rng.IntN(4) {
	case 0:
		return rng.Int64N(1 << 16)
	case 1:
		return 1<<38 - 4096 + rng.Int64N(8192)
	case 2:
		return rng.Int64N(1 << 62)
	}
	return max(pos+rng.Int64N(2000)-1000, 0)
}

// sameFamily returns a random algorithm of a's family (as the algorithm
// table says: ChaCha or AES).
func sameFamily(a streamrand.Algorithm, rng *mrand.Rand) streamrand.Algorithm {
	var family []streamrand.Algorithm
	for _, b := range streamrand.Algorithms() {
		if algtable.Rows()[b].Family == algtable.Rows()[a].Family {
			family = append(family, b)
		}
	}
	return family[rng.IntN(len(family))]
}

// blockModel is a position as the checkpoint holds it: stream id, block
// counter, offset in the block; the counter carries into the stream id for
// AES (one 128-bit counter) and wraps within the stream for ChaCha.
type blockModel struct {
	a     streamrand.Algorithm
	key   []byte
	id    uint64
	block uint64
	off   int
}

func (m *blockModel) blockSize() int { return refBlockSize(m.a) }

// refAt returns n keystream bytes from block block, byte off, of stream id.
func (m *blockModel) refAt(id, block uint64, off, n int) []byte {
	return refAt(m.a, m.key, id, block, off, n)
}

// advance moves the position n bytes on.
func (m *blockModel) advance(n uint64) {
	bs := uint64(m.blockSize())
	t := uint64(m.off) + n
	next := m.block + t/bs
	if f, _ := refOf(m.a); next < m.block && f.Carries {
		m.id++
	}
	m.block, m.off = next, int(t%bs)
}

func (m *blockModel) next(n int) []byte {
	b := m.refAt(m.id, m.block, m.off, n)
	m.advance(uint64(n))
	return b
}

// position returns the stream id, block and offset of a checkpoint (the 17
// bytes before its CRC-32).
func position(t *testing.T, g streamrand.Generator) (id, block uint64, off int) {
	data, err := g.MarshalBinary()
	require.NoError(t, err)
	p := data[len(data)-4-17:]
	return binary.BigEndian.Uint64(p), binary.BigEndian.Uint64(p[8:]), int(p[16])
}

// countingSource counts the Uint64 calls rand.Rand makes of its Source.
type countingSource struct {
	src mrand.Source
	n   uint64
}

func (c *countingSource) Uint64() uint64 { c.n++; return c.src.Uint64() }

// fillLength returns a slice length: short, around two of fill's chunks
// (4096 values) and keystream batches (128 words), or long.
func fillLength(rng *mrand.Rand) int {
	switch rng.IntN(4) {
	case 0:
		return rng.IntN(300)
	case 1:
		return 4096 - 130 + rng.IntN(400)
	case 2:
		return max(128*rng.IntN(80)+rng.IntN(3)-1, 0)
	}
	return rng.IntN(12000)
}

// fillN returns an n for IntN and Uint64N: small, powers of two and their
// neighbours, and the ones with many rejections.
func fillN(rng *mrand.Rand) uint64 {
	ns := []uint64{1, 2, 3, 1000, 1 << 31, 1<<32 - 1, 1 << 32, 1<<32 + 1, 1<<40 + 7, 1 << 62,
		math.MaxInt, 6148914691236517206, 1<<63 + 1, 1 << 63, math.MaxUint64}
	return ns[rng.IntN(len(ns))]
}

// fillOp runs one fill function, chosen by k, on g and the per-call method
// on a twin of g, requires the same values and positions, and returns the
// words the per-call method drew.
func fillOp(t *testing.T, rng *mrand.Rand, g streamrand.Generator, m *blockModel, what string) uint64 {
	data, err := g.MarshalBinary()
	require.NoError(t, err, what)
	twin, err := streamrand.Unmarshal(data)
	require.NoError(t, err, what)
	c := &countingSource{src: twin}
	r := mrand.New(c)
	n := fillLength(rng)
	bits := func(f float64) uint64 { return math.Float64bits(f) }
	switch k := rng.IntN(10); k {
	case 0:
		dst := make([]uint64, n)
		fill.Uint64(g, dst)
		want := m.refAt(m.id, m.block, m.off, 8*n)
		for i := range dst {
			require.Equal(t, binary.LittleEndian.Uint64(want[8*i:]), dst[i], "%s: fill.Uint64 of %d, value %d", what, n, i)
			require.Equal(t, r.Uint64(), dst[i], what)
		}
	case 1:
		dst := make([]uint32, n)
		fill.Uint32(g, dst)
		for i := range dst {
			require.Equal(t, r.Uint32(), dst[i], "%s: fill.Uint32 of %d, value %d", what, n, i)
		}
	case 2:
		dst := make([]float64, n)
		fill.Float64(g, dst)
		want := m.refAt(m.id, m.block, m.off, 8*n)
		for i := range dst {
			u := binary.LittleEndian.Uint64(want[8*i:])
			require.Equal(t, bits(float64(u<<11>>11)/(1<<53)), bits(dst[i]), "%s: fill.Float64 of %d, value %d (reference)", what, n, i)
			require.Equal(t, bits(r.Float64()), bits(dst[i]), "%s: fill.Float64 of %d, value %d", what, n, i)
		}
	case 3:
		dst := make([]float32, n)
		fill.Float32(g, dst)
		for i := range dst {
			require.Equal(t, math.Float32bits(r.Float32()), math.Float32bits(dst[i]), "%s: fill.Float32 of %d, value %d", what, n, i)
		}
	case 4, 5:
		dst := make([]float64, n)
		per := r.NormFloat64
		name := "NormFloat64"
		if k == 5 {
			fill.ExpFloat64(g, dst)
			per, name = r.ExpFloat64, "ExpFloat64"
		} else {
			fill.NormFloat64(g, dst)
		}
		for i := range dst {
			require.Equal(t, bits(per()), bits(dst[i]), "%s: fill.%s of %d, value %d", what, name, n, i)
		}
	case 6:
		nn := fillN(rng)
		dst := make([]uint64, n)
		fill.Uint64N(g, dst, nn)
		for i := range dst {
			require.Equal(t, r.Uint64N(nn), dst[i], "%s: fill.Uint64N(%d) of %d, value %d", what, nn, n, i)
		}
	case 7:
		nn := int(min(fillN(rng), math.MaxInt))
		dst := make([]int, n)
		fill.IntN(g, dst, nn)
		for i := range dst {
			require.Equal(t, r.IntN(nn), dst[i], "%s: fill.IntN(%d) of %d, value %d", what, nn, n, i)
		}
	case 8:
		dst := make([]int, n)
		for i := range dst {
			dst[i] = -1 // Perm overwrites whatever dst held
		}
		fill.Perm(g, dst)
		require.Equal(t, r.Perm(n), dst, "%s: fill.Perm(%d) differs from rand.Rand.Perm", what, n)
	default:
		// Shuffle, sometimes with a swap that panics at its stop-th
		// call: the position is then after that call's j.
		type pair struct{ i, j int }
		var got, want []pair
		stop := -1
		if rng.IntN(2) == 0 && n > 1 {
			stop = rng.IntN(n - 1)
		}
		func() {
			defer func() {
				if e := recover(); e != nil && e != "stop" {
					panic(e)
				}
			}()
			fill.Shuffle(g, n, func(i, j int) {
				if len(got) == stop {
					panic("stop")
				}
				got = append(got, pair{i, j})
			})
		}()
		func() {
			defer func() {
				if e := recover(); e != nil && e != "stop" {
					panic(e)
				}
			}()
			r.Shuffle(n, func(i, j int) {
				if len(want) == stop {
					panic("stop")
				}
				want = append(want, pair{i, j})
			})
		}()
		require.Equal(t, want, got, "%s: fill.Shuffle(%d), swap panicking at call %d: %d swaps, want %d",
			what, n, stop, len(got), len(want))
	}
	gotData, err := g.MarshalBinary()
	require.NoError(t, err, what)
	wantData, err := twin.MarshalBinary()
	require.NoError(t, err, what)
	require.Equal(t, wantData, gotData, "%s: position after the fill call", what)
	return c.n
}

// farBlock returns a block counter near 2^32, 2^40 or 2^64, or small.
func farBlock(rng *mrand.Rand) uint64 {
	d := rng.Uint64N(300)
	switch rng.IntN(5) {
	case 0:
		return 1<<32 - d
	case 1:
		return 1<<40 - d
	case 2:
		return -d // 2^64 - d
	case 3:
		return -(64*rng.Uint64N(20) + d%3) // on and near a multiple of 64 blocks below 2^64
	}
	return d
}

// withCheckpoint returns a Generator of m's algorithm and key restored at
// m's position, through a checkpoint in the documented format.
func withCheckpoint(t *testing.T, m *blockModel) streamrand.Generator {
	g, err := streamrand.Unmarshal(checkpoint(1, m.a.String(), m.key, m.id, m.block, byte(m.off)))
	require.NoError(t, err)
	return g
}

// TestFillMixedWithMethods: see the top of the file.
func TestFillMixedWithMethods(t *testing.T) {
	ops := 40 // 120 in the long run (STREAMRAND_LONG=1)
	if long.Enabled() {
		ops = 120
	}
	for _, a := range streamrand.Algorithms() {
		for _, lock := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/locked=%v", a, lock), func(t *testing.T) {
				rng := mrand.New(mrand.NewPCG(uint64(a)+100, 9))
				key := make([]byte, a.KeySize())
				for i := range key {
					key[i] = byte(rng.Uint32())
				}
				m := &blockModel{a: a, key: key, id: rng.Uint64()}
				wrap := func(g streamrand.Generator) streamrand.Generator {
					if lock {
						return streamrand.Locked(g)
					}
					return g
				}
				m.block = farBlock(rng)
				g := wrap(withCheckpoint(t, m))
				for op := range ops {
					what := fmt.Sprintf("op %d", op)
					switch k := rng.IntN(100); {
					case k < 40:
						what += " fill"
						m.advance(8 * fillOp(t, rng, g, m, what))
					case k < 50:
						n := fillLength(rng)*8 + rng.IntN(9) - 4
						n = max(n, 0)
						what += fmt.Sprintf(" Read(%d)", n)
						b := make([]byte, n)
						_, err := g.Read(b)
						require.NoError(t, err)
						require.Equal(t, m.next(n), b, what)
					case k < 60:
						what += " Uint64"
						require.Equal(t, binary.LittleEndian.Uint64(m.next(8)), g.Uint64(), what)
					case k < 65:
						// Read a few bytes: every byte offset in a word.
						n := rng.IntN(8)
						what += fmt.Sprintf(" Read(%d)", n)
						b := make([]byte, n)
						g.Read(b)
						require.Equal(t, m.next(n), b, what)
					case k < 75:
						// A far position, through a checkpoint (Seek
						// cannot pass 2^63 bytes).
						m.block, m.off = farBlock(rng), rng.IntN(m.blockSize())
						if rng.IntN(3) == 0 {
							m.id = [...]uint64{0, 1<<32 - 1, math.MaxUint64}[rng.IntN(3)]
						}
						what += fmt.Sprintf(" checkpoint at stream %#x block %#x offset %d", m.id, m.block, m.off)
						g = wrap(withCheckpoint(t, m))
					case k < 80:
						// Seek within the stream, to blocks near 2^32
						// and 2^40 or near the start.
						bs := uint64(m.blockSize())
						blk := farBlock(rng) % (1 << 41)
						off := rng.Uint64N(bs)
						what += fmt.Sprintf(" Seek to block %#x offset %d", blk, off)
						pos, err := g.Seek(int64(blk*bs+off), io.SeekStart)
						require.NoError(t, err, what)
						require.Equal(t, int64(blk*bs+off), pos, what)
						m.block, m.off = blk, int(off)
					case k < 85:
						bs := uint64(m.blockSize())
						blk := farBlock(rng) % (1 << 41)
						off := int64(blk*bs) + rng.Int64N(int64(bs))
						n := fillLength(rng) * 8
						what += fmt.Sprintf(" ReadAt(%d, %d)", n, off)
						b := make([]byte, n)
						_, err := g.ReadAt(b, off)
						require.NoError(t, err, what)
						require.Equal(t, m.refAt(m.id, uint64(off)/bs, int(uint64(off)%bs), n), b, what)
					case k < 90:
						id := [...]uint64{0, 1, 1<<32 - 1, 1 << 32, math.MaxUint64, rng.Uint64()}[rng.IntN(6)]
						what += fmt.Sprintf(" SetStream(%#x)", id)
						g.SetStream(id)
						m.id, m.block, m.off = id, 0, 0
					case k < 93:
						seed := rng.Uint64()
						what += fmt.Sprintf(" Seed(%d)", seed)
						g.Seed(seed)
						m.key, m.id, m.block, m.off = refSeedKey(seed, a.KeySize()), 0, 0, 0
					default:
						what += " checkpoint round trip"
						data, err := g.MarshalBinary()
						require.NoError(t, err, what)
						h := streamrand.New(a, rng.Uint64())
						require.NoError(t, h.UnmarshalBinary(data), what)
						g = wrap(h)
					}
					id, block, off := position(t, g)
					require.Equal(t, [3]uint64{m.id, m.block, uint64(m.off)}, [3]uint64{id, block, uint64(off)},
						"%s: position (stream, block, offset)", what)
					require.Equal(t, m.id, g.Stream(), what)
				}
			})
		}
	}
}

// TestFillAcrossCounterWraps starts fill.Float64 (5000 values: more than
// two of fill's chunks) and fill.Uint64 at blocks just below 2^32, 2^40
// and 2^64 (where ChaCha's counter wraps within its stream and AES-CTR's
// carries into the stream id), at byte offsets on and off a word, on every
// algorithm, and compares the values with the reference keystream and the
// position afterwards with the model.
func TestFillAcrossCounterWraps(t *testing.T) {
	for _, a := range streamrand.Algorithms() {
		key := make([]byte, a.KeySize())
		for i := range key {
			key[i] = byte(3*i + 1)
		}
		for _, top := range []uint64{1 << 32, 1 << 40, 0} { // 0: 2^64
			for _, d := range []uint64{1, 3, 17, 64, 65, 300, 320} { // 320: AES 4 KiB batches end at the carry
				for _, off := range []int{0, 8, 13} {
					m := &blockModel{a: a, key: key, id: math.MaxUint64 - 1, block: top - d, off: off}
					what := fmt.Sprintf("%s from block %#x offset %d", a, m.block, m.off)
					g := withCheckpoint(t, m)
					f := make([]float64, 5000)
					fill.Float64(g, f)
					want := m.next(8 * len(f))
					gotBits, wantBits := make([]uint64, len(f)), make([]uint64, len(f))
					for i := range f {
						u := binary.LittleEndian.Uint64(want[8*i:])
						gotBits[i], wantBits[i] = math.Float64bits(f[i]), math.Float64bits(float64(u<<11>>11)/(1<<53))
					}
					require.Equal(t, wantBits, gotBits, "%s: fill.Float64 (bits)", what)
					u := make([]uint64, 700)
					fill.Uint64(g, u)
					want = m.next(8 * len(u))
					for i := range u {
						wantBits[i] = binary.LittleEndian.Uint64(want[8*i:])
					}
					require.Equal(t, wantBits[:len(u)], u, "%s: fill.Uint64", what)
					id, block, o := position(t, g)
					require.Equal(t, [3]uint64{m.id, m.block, uint64(m.off)}, [3]uint64{id, block, uint64(o)},
						"%s: position (stream, block, offset)", what)
				}
			}
		}
	}
}

package fill

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"

	"golang.org/x/sys/cpu"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/bulk"
	"github.com/streamrand/streamrand/internal/testkit/gentest"
)

// fusedExpected reports whether Float64 must take the fused path for a
// ChaCha Source on this machine and build: fill's AVX-512 conversion
// (asmFusedFloat64s) and ChaCha's AVX-512 kernel, which has a float64 form
// wherever AVX512DQ is.
func fusedExpected() bool {
	return asmFusedFloat64s() && chacha.Backend() == "avx512" && cpu.X86.HasAVX512DQ
}

// fusedSource is a Source for the fused tests, and its twin, driven per
// call.
type fusedSource struct {
	name string
	make func() (src, twin streamrand.Generator)
}

func fusedSources() []fusedSource {
	var ks []fusedSource
	for _, a := range []streamrand.Algorithm{streamrand.ChaCha8, streamrand.ChaCha20, streamrand.AES128CTR} {
		ks = append(ks, fusedSource{a.String(), func() (streamrand.Generator, streamrand.Generator) {
			return streamrand.New(a, 11), streamrand.New(a, 11)
		}})
	}
	return append(ks, fusedSource{"locked-chacha8", func() (streamrand.Generator, streamrand.Generator) {
		return streamrand.Locked(streamrand.New(streamrand.ChaCha8, 11)), streamrand.New(streamrand.ChaCha8, 11)
	}})
}

// TestFusedTaken: readFloat64sFused, the first step of Float64, converts
// whole batches in the kernel for every ChaCha Source (Locked too) where
// fusedExpected, from a position on a word, and its values are the per-call
// ones; it leaves all of dst to the in-place path for AES (no float64
// kernel), a position inside a word, a dst below fusedMinWords, and when
// switched off.
func TestFusedTaken(t *testing.T) {
	for _, k := range fusedSources() {
		for _, start := range []int{0, 8, 5, 1016, 1024, 1029} {
			for _, n := range []int{fusedMinWords - 1, fusedMinWords, 5000} {
				for _, on := range []bool{true, false} {
					desc := fmt.Sprintf("%s start %d len %d fused %v", k.name, start, n, on)
					src, twin := k.make()
					src.Read(make([]byte, start))
					twin.Read(make([]byte, start))
					b, mu := bulk.Of(src)
					if b == nil {
						t.Fatalf("%s: not a bulk Source", desc)
					}
					useFused = on
					if mu != nil {
						mu.Lock()
					}
					dst := make([]float64, n)
					rest := readFloat64sFused(b, dst)
					fused := len(dst) - len(rest)
					for len(rest) > 0 {
						d := rest[:min(len(rest), chunkWords)]
						readFloat64sInPlace(b, d)
						rest = rest[len(d):]
					}
					if mu != nil {
						mu.Unlock()
					}
					useFused = true
					want := on && k.name != "aes128ctr" && start%8 == 0 && n >= fusedMinWords && fusedExpected()
					if want != (fused > 0) {
						t.Fatalf("%s: %d values through the fused path, want some: %v", desc, fused, want)
					}
					r := rand.New(twin)
					for i, v := range dst {
						if w := r.Float64(); v != w {
							t.Fatalf("%s: value %d is %v, want %v", desc, i, v, w)
						}
					}
					if src.Uint64() != twin.Uint64() {
						t.Fatalf("%s: position differs", desc)
					}
				}
			}
		}
	}
}

// TestFloat64FusedAgrees: Float64 with the fused path, with the in-place
// conversion of the backend chosen at init and with the portable path
// ("generic" selected) gives the per-call values
// and position, from byte offsets 0-7 and around batches, after Seeks to
// odd and even positions (far ones too: block counters across 2^32), from
// checkpoints just before ChaCha's counter wraps at 2^64, for lengths
// around fusedMinWords and several batches; and ReadAt is untouched.
func TestFloat64FusedAgrees(t *testing.T) {
	lengths := []int{fusedMinWords - 1, fusedMinWords, fusedMinWords + 1, fusedMinWords + 127, 5000, 9000, 20000}
	type start struct {
		name string
		set  func(g streamrand.Generator)
	}
	var starts []start
	for _, off := range []int{0, 1, 3, 7, 8, 1016, 1021, 1024, 3064} {
		starts = append(starts, start{fmt.Sprintf("read %d", off), func(g streamrand.Generator) { g.Read(make([]byte, off)) }})
	}
	for _, pos := range []int64{5, 16, (1<<32-3)*64 + 8, (1<<32-3)*64 + 3, 1<<40 + 7, 1 << 40} {
		starts = append(starts, start{fmt.Sprintf("seek %d", pos), func(g streamrand.Generator) { g.Seek(pos, io.SeekStart) }})
	}
	type mode struct {
		name      string
		fused, on bool
	}
	modes := []mode{{"fused", true, true}, {"in-place", false, true}, {"portable", false, false}}
	for _, k := range fusedSources() {
		for _, st := range starts {
			for li, n := range lengths {
				m := modes[li%len(modes)]
				desc := fmt.Sprintf("%s %s len %d %s", k.name, st.name, n, m.name)
				src, twin := k.make()
				st.set(src)
				st.set(twin)
				useFused = m.fused
				restore := func() {}
				if !m.on {
					restore = kernels.Select("generic")
				}
				got := make([]float64, n)
				Float64(src, got)
				restore()
				useFused = true
				checkFloat64s(t, desc, got, src, twin)
			}
		}
	}
	key := make([]byte, 32)
	for i := range key {
		key[i] = byte(5 * i)
	}
	for _, left := range []uint64{1, 16, 17, 64, 200} {
		for _, off := range []byte{0, 8, 13} {
			data := gentest.CheckpointAt("chacha8", key, 9, -left, off)
			src, err := streamrand.Unmarshal(data)
			if err != nil {
				t.Fatal(err)
			}
			twin, _ := streamrand.Unmarshal(data)
			got := make([]float64, 5000)
			Float64(src, got)
			checkFloat64s(t, fmt.Sprintf("chacha8 %d blocks before 2^64, offset %d", left, off), got, src, twin)
		}
	}
}

// checkFloat64s compares got with per-call Float64s of twin, then the
// position and ReadAt of src and twin.
func checkFloat64s(t *testing.T, desc string, got []float64, src, twin streamrand.Generator) {
	t.Helper()
	r := rand.New(twin)
	for i, v := range got {
		if w := r.Float64(); v != w {
			t.Fatalf("%s: value %d is %v, want %v", desc, i, v, w)
		}
	}
	if src.Uint64() != twin.Uint64() || src.Stream() != twin.Stream() {
		t.Fatalf("%s: position differs", desc)
	}
	a, b := make([]byte, 3000), make([]byte, 3000)
	for _, off := range []int64{0, 5, 1 << 20} {
		src.ReadAt(a, off)
		twin.ReadAt(b, off)
		if !bytes.Equal(a, b) {
			t.Fatalf("%s: ReadAt(%d) differs", desc, off)
		}
	}
	if g, w := src.Uint64(), twin.Uint64(); g != w {
		t.Fatalf("%s: ReadAt moved the position", desc)
	}
}

// TestFusedKernels: ChaCha's keystream reports a float64 kernel exactly
// where its AVX-512 kernel runs on a CPU with AVX512DQ; AES-CTR's never
// does (its fused kernel was no faster than the in-place pass, fused.go).
func TestFusedKernels(t *testing.T) {
	b, _ := bulk.Of(aesctr.NewSource(1))
	if f, ok := b.(bulk.Float64Reader); ok && f.FusedFloat64s() {
		t.Fatal("aesctr reports a float64 kernel")
	}
	b, _ = bulk.Of(chacha.NewSource(1))
	f, ok := b.(bulk.Float64Reader)
	if !ok {
		t.Fatal("a ChaCha keystream is not a bulk.Float64Reader")
	}
	if got := f.FusedFloat64s(); got != (chacha.Backend() == "avx512" && cpu.X86.HasAVX512DQ) {
		t.Fatalf("chacha (backend %s) FusedFloat64s = %v", chacha.Backend(), got)
	}
}

// TestFusedInterleave: random sequences of Read, Uint64, Seek and Float64
// calls long enough for the fused path (FuzzInterleave's stay below it),
// on ChaCha8 and a Locked one, against a twin driven per call.
func TestFusedInterleave(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for _, locked := range []bool{false, true} {
		var src, twin streamrand.Generator = streamrand.New(streamrand.ChaCha8, 3), streamrand.New(streamrand.ChaCha8, 3)
		if locked {
			src = streamrand.Locked(src)
		}
		r := rand.New(twin)
		for i := range 300 {
			switch rng.IntN(4) {
			case 0:
				n := rng.IntN(2100)
				p, q := make([]byte, n), make([]byte, n)
				src.Read(p)
				twin.Read(q)
				if !bytes.Equal(p, q) {
					t.Fatalf("op %d: Read(%d) differs", i, n)
				}
			case 1:
				if src.Uint64() != twin.Uint64() {
					t.Fatalf("op %d: Uint64 differs", i)
				}
			case 2:
				pos := rng.Int64N(1 << 30)
				if rng.IntN(2) == 0 {
					pos &^= 7
				}
				src.Seek(pos, io.SeekStart)
				twin.Seek(pos, io.SeekStart)
			case 3:
				n := fusedMinWords + rng.IntN(8000)
				got := make([]float64, n)
				Float64(src, got)
				for j, v := range got {
					if w := r.Float64(); v != w {
						t.Fatalf("op %d: Float64(%d) value %d is %v, want %v", i, n, j, v, w)
					}
				}
			}
			gp, _ := src.Seek(0, io.SeekCurrent)
			wp, _ := twin.Seek(0, io.SeekCurrent)
			if gp != wp {
				t.Fatalf("op %d: position %d, want %d", i, gp, wp)
			}
		}
	}
}

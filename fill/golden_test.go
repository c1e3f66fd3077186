package fill

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/chacha"
)

var update = flag.Bool("update", false, "update the golden digests in testdata/golden.txt for the rows run (with -run TestGolden/NAME)")

const goldenFile = "testdata/golden.txt"

const goldenHeader = `# SHA-256 of 10000 values of each row of fns (each value as 8 little-endian
# bytes of its bits; Perm: Perm(10000); Shuffle: i<<32|j per swap of
# Shuffle(10000)) from chacha.NewSource(1) after a 3-byte Read, computed by
# the per-call math/rand/v2 path (rand.New(src).X() in a loop). TestGolden
# checks both that path and fill against them, so a change of either fails.
# Fields: row, platform ("all"; GOARCH with ".v3" for GOAMD64=v3 and up for
# the rows whose values math/rand/v2 computes per architecture; "int32" or
# "int64" for those whose values are the size of int), digest.
# go test ./fill -run 'TestGolden/NAME' -update rewrites the lines of the
# rows run on this platform and keeps the others.
`

// platform names this platform for the rows whose values math/rand/v2
// computes differently per architecture and GOAMD64 level (NormFloat64,
// ExpFloat64: fused multiply-adds, assembly math.Log and math.Exp in their
// rare slow paths): GOARCH, with ".v3" on amd64 built for v3 or above,
// where the compiler fuses multiply-adds.
func platform(t testing.TB) string {
	if runtime.GOARCH != "amd64" {
		return runtime.GOARCH
	}
	bi, ok := debug.ReadBuildInfo()
	require.True(t, ok, "no build information to read GOAMD64 from")
	for _, s := range bi.Settings {
		if s.Key == "GOAMD64" {
			if s.Value >= "v3" {
				return "amd64.v3"
			}
			return "amd64"
		}
	}
	require.Fail(t, "the build information holds no GOAMD64")
	return ""
}

// intSize names the size of int, for the rows whose values depend on it
// (Int, Uint).
func intSize(testing.TB) string {
	if math.MaxInt == math.MaxInt32 {
		return "int32"
	}
	return "int64"
}

func digest(vals []uint64) string {
	h := sha256.New()
	var b [8]byte
	for _, v := range vals {
		binary.LittleEndian.PutUint64(b[:], v)
		h.Write(b[:])
	}
	return hex.EncodeToString(h.Sum(nil))
}

// readGolden returns the digests of testdata/golden.txt by row and
// platform.
func readGolden(t *testing.T) map[[2]string]string {
	data, err := os.ReadFile(goldenFile)
	require.NoError(t, err)
	g := map[[2]string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		require.Len(t, f, 3, "%s: line %q", goldenFile, line)
		g[[2]string{f[0], f[1]}] = f[2]
	}
	return g
}

// writeGolden writes g in the order of fns, each row's platforms sorted.
func writeGolden(t *testing.T, g map[[2]string]string) {
	var b strings.Builder
	b.WriteString(goldenHeader)
	done := map[[2]string]bool{}
	for _, f := range fns() {
		for _, p := range []string{"all", "int32", "int64", "386", "amd64", "amd64.v3", "arm64", "s390x"} {
			if d, ok := g[[2]string{f.name, p}]; ok {
				fmt.Fprintf(&b, "%s %s %s\n", f.name, p, d)
				done[[2]string{f.name, p}] = true
			}
		}
	}
	for k, d := range g {
		require.True(t, done[k], "golden %s %s %s is of no row or platform this file knows", k[0], k[1], d)
	}
	require.NoError(t, os.WriteFile(goldenFile, []byte(b.String()), 0o644))
}

// TestGolden pins the values of every row that has a digest in
// testdata/golden.txt, on this platform for the per-platform rows.
func TestGolden(t *testing.T) {
	const n = 10000
	golden := readGolden(t)
	for _, f := range fns() {
		t.Run(f.name, func(t *testing.T) {
			key := [2]string{f.name, "all"}
			if f.platform != nil {
				key[1] = f.platform(t)
			}
			src, twin := chacha.NewSource(1), chacha.NewSource(1)
			p := make([]byte, 3)
			src.Read(p)
			twin.Read(p)
			call := digest(f.call(rand.New(twin), n))
			require.Equal(t, call, digest(f.bulk(src, n)), "%s: fill's digest against the per-call one", f.name)
			if *update {
				if old, ok := golden[key]; ok && old != call {
					t.Logf("%s on %s: golden %s replaced by %s", f.name, key[1], old, call)
				}
				golden[key] = call
				return
			}
			want, ok := golden[key]
			if !ok {
				t.Logf("%s on %s: no golden (equality with the per-call path is still checked); digest %s", f.name, key[1], call)
				return
			}
			require.Equal(t, want, call, "%s on %s: per-call digest against the golden", f.name, key[1])
		})
	}
	if *update {
		writeGolden(t, golden)
	}
}

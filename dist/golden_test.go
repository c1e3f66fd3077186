package dist_test

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/chacha"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.txt from this platform's values")

const goldenFile = "testdata/golden.txt"

const goldenHeader = `# SHA-256 of 20000 values of each law of contract_test.go's laws and the
# vector laws (each
# value as the 8 little-endian bytes of its float64 bits or int64), drawn
# by Fill from chacha.NewSource(1) after a 3-byte Read. One set for every
# platform: .ci/run checks it on amd64 at every tier, with -tags purego,
# GOARCH=386, and arm64 and s390x under qemu. go test ./dist -run
# TestGolden -update rewrites it.
`

// goldenN is the number of values hashed per law: enough to reach the
// rare slow paths of every sampler many times.
const goldenN = 20000

func digest(l lawCase) string {
	src := chacha.NewSource(1)
	_, _ = src.Read(make([]byte, 3))
	h := sha256.New()
	var b [8]byte
	for _, u := range l.fill(src, goldenN) {
		binary.LittleEndian.PutUint64(b[:], u)
		h.Write(b[:])
	}
	return hex.EncodeToString(h.Sum(nil))
}

// vectorLaws are the laws over vectors and choices (Categorical,
// MultivariateNormal, Dirichlet, Multinomial, Sample, WeightedSample),
// each registered by its own test file's init. Their fill(src, n) returns
// n values, row after row, as their Fill writes them, so TestGolden holds
// them as it holds the scalar laws.
var vectorLaws []lawCase

// goldenLaws is every law TestGolden holds.
func goldenLaws() []lawCase { return append(append([]lawCase(nil), laws...), vectorLaws...) }

// TestGolden holds every law's values: the same digests on every platform.
func TestGolden(t *testing.T) {
	all := goldenLaws()
	got := map[string]string{}
	for _, l := range all {
		got[l.name] = digest(l)
	}
	if *update {
		var names []string
		for n := range got {
			names = append(names, n)
		}
		sort.Strings(names)
		var sb strings.Builder
		sb.WriteString(goldenHeader)
		for _, n := range names {
			fmt.Fprintf(&sb, "%s %s\n", got[n], n)
		}
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(goldenFile, []byte(sb.String()), 0o644))
		return
	}
	f, err := os.Open(goldenFile)
	require.NoError(t, err)
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		d, name, ok := strings.Cut(line, " ")
		require.True(t, ok, "malformed line %q", line)
		want[name] = d
	}
	require.NoError(t, sc.Err())
	for _, l := range all {
		w, ok := want[l.name]
		if !ok {
			t.Errorf("%s: no golden digest (go test ./dist -run TestGolden -update)", l.name)
			continue
		}
		if got[l.name] != w {
			t.Errorf("%s: digest %s, golden %s", l.name, got[l.name], w)
		}
	}
	require.Len(t, want, len(all), "golden digests of laws no longer tested")
}

package stattest_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/testkit/long"
	"github.com/streamrand/streamrand/stattest"
)

// trickle gives the bytes of r one per Read and counts them. RunReader
// buffers its input, but a buffer filled one byte at a time holds nothing
// beyond what was asked for, so n is exactly what the battery used.
type trickle struct {
	r io.Reader
	n int64
}

func (t *trickle) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	k, err := t.r.Read(p[:1])
	t.n += int64(k)
	return k, err
}

// counting counts the bytes read from r.
type counting struct {
	r io.Reader
	n int64
}

func (c *counting) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n += int64(k)
	return k, err
}

// used returns how many bytes of input b.RunReader uses: the ChaCha8
// stream of seed, one byte at a time.
func used(t *testing.T, b stattest.Battery, seed uint64) int64 {
	t.Helper()
	in := &trickle{r: chacha.NewSource(seed)}
	_, err := b.RunReader(in)
	require.NoError(t, err)
	return in.n
}

// gapSpread is the standard deviation, in bytes, of what the default gap
// test takes at `bytes` per test: bytes/64 gaps in [0, 1/8), each one
// more value than its geometric length (mean 8, variance (1-p)/p² = 56),
// 8 bytes a value.
func gapSpread(bytes int64) float64 { return 8 * math.Sqrt(float64(bytes)/64*56) }

// docOf returns the doc comment of a declaration of the package's source
// files: a function ("Tests"), a method ("Battery.RunReader") or a field
// of a struct type ("Battery.Bytes"), with its lines joined by spaces.
func docOf(t *testing.T, name string) string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	fset := token.NewFileSet()
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, parser.ParseComments|parser.SkipObjectResolution)
		require.NoError(t, err)
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				n := d.Name.Name
				if d.Recv != nil {
					typ := d.Recv.List[0].Type
					if star, ok := typ.(*ast.StarExpr); ok {
						typ = star.X
					}
					if id, ok := typ.(*ast.Ident); ok {
						n = id.Name + "." + n
					}
				}
				if n == name {
					return strings.Join(strings.Fields(d.Doc.Text()), " ")
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					ts, ok := spec.(*ast.TypeSpec)
					if !ok {
						continue
					}
					st, ok := ts.Type.(*ast.StructType)
					if !ok {
						continue
					}
					for _, field := range st.Fields.List {
						for _, id := range field.Names {
							if ts.Name.Name+"."+id.Name == name {
								return strings.Join(strings.Fields(field.Doc.Text()), " ")
							}
						}
					}
				}
			}
		}
	}
	t.Fatalf("no declaration %s in the package", name)
	return ""
}

// docNumber returns the integer of the first submatch of re in the doc of
// name.
func docNumber(t *testing.T, name, re string) int64 {
	t.Helper()
	doc := docOf(t, name)
	m := regexp.MustCompile(re).FindStringSubmatch(doc)
	require.NotNil(t, m, "the doc of %s no longer says %q: %s", name, re, doc)
	n, err := strconv.ParseInt(m[1], 10, 64)
	require.NoError(t, err)
	return n
}

// What Battery.Bytes's and RunReader's docs say the default battery reads
// is what it reads: about 26·Bytes per repetition (they said 16, and
// RunReader refused 20·Bytes), measured at MinBytes with two repetitions
// through a reader that counts the bytes. RunReader succeeds on exactly
// the bytes the battery uses and fails on one byte less; with its input
// buffered it reads at most the documented 64 KiB beyond.
func TestPublicBatteryReads(t *testing.T) {
	factor := docNumber(t, "Battery.Bytes", `about (\d+)·Bytes per repetition`)
	require.Equal(t, factor, docNumber(t, "Battery.RunReader", `about (\d+)·Bytes·Repeat bytes`))
	require.Equal(t, factor, int64(len(stattest.Tests())), "one Bytes per test")
	b := stattest.Battery{Bytes: stattest.MinBytes, Repeat: 2}
	need := used(t, b, 2)
	rounds := int64(b.Repeat)
	// 25 tests within 64 bytes of Bytes each (poker and the 3-d tests
	// round down to whole hands and triples, autocorrelation reads its
	// largest lag, 8 values, beyond), the gap test within 5 standard
	// deviations of it.
	require.InDelta(t, factor*b.Bytes*rounds, need, float64(rounds*25*64)+5*math.Sqrt(float64(rounds))*gapSpread(b.Bytes),
		"the default battery reads %.4f·Bytes per repetition, its doc says %d", float64(need)/float64(rounds*b.Bytes), factor)
	t.Logf("%d bytes for %d repetitions at %d bytes per test: %.4f·Bytes per repetition", need, rounds, b.Bytes, float64(need)/float64(rounds*b.Bytes))

	_, err := b.RunReader(io.LimitReader(chacha.NewSource(2), need))
	require.NoError(t, err, "RunReader of exactly the %d bytes it uses", need)
	_, err = b.RunReader(io.LimitReader(chacha.NewSource(2), need-1))
	require.ErrorContains(t, err, fmt.Sprintf("stattest: the input ended after %d bytes", need-1))

	ahead := docNumber(t, "Battery.RunReader", `read up to (\d+) KiB more than the battery uses`) << 10
	in := &counting{r: chacha.NewSource(2)}
	_, err = b.RunReader(in)
	require.NoError(t, err)
	require.GreaterOrEqual(t, in.n, need)
	require.LessOrEqual(t, in.n, need+ahead, "RunReader reads at most %d bytes beyond what it uses", ahead)
}

// What Tests's doc says each test reads is what it reads: about `bytes`
// bytes, the gap test a random amount around it, the linear complexity
// tests at most 2^17 values (the doc said 128 KiB; they stop at 1 MiB).
// Measured test by test at MinBytes, and the linear complexity cap at
// 2 MiB per test (for linear-complexity-lo, and -hi too in the long run,
// STREAMRAND_LONG=1: the two share the code, and Berlekamp-Massey over
// 2^17 bits is the cost of this test).
func TestPublicTestsRead(t *testing.T) {
	const bytes = stattest.MinBytes
	for _, tt := range stattest.Tests() {
		got := used(t, stattest.Battery{Bytes: bytes, Tests: []stattest.Test{tt}}, 1)
		if tt.Name == "gap" {
			require.InDelta(t, bytes, got, 5*gapSpread(bytes), tt.Name)
			continue
		}
		// Within 64 bytes: poker and the 3-d tests round down to whole
		// hands and triples, autocorrelation reads its largest lag, 8
		// values, beyond.
		require.InDelta(t, bytes, got, 64, tt.Name)
	}
	capped := int64(8) << docNumber(t, "Tests", `the linear complexity tests at most 2\^(\d+) values`)
	for _, tt := range stattest.Tests() {
		if tt.Name == "linear-complexity-lo" || tt.Name == "linear-complexity-hi" && long.Enabled() {
			got := used(t, stattest.Battery{Bytes: 2 * capped, Tests: []stattest.Test{tt}}, 1)
			require.Equal(t, capped, got, "%s at %d bytes per test", tt.Name, 2*capped)
		}
	}
}

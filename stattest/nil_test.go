package stattest_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/stattest"
)

// nilCalls calls every function and method of the package that takes a
// rand.Source or an io.Reader with a nil one and otherwise good
// arguments, by name ("Battery.Run" for a method). TestNilInputs checks
// that the list names exactly the package's functions of that kind, so
// a new test cannot be left out.
var nilCalls = map[string]func() error{
	"ByteFrequency":            func() error { _, err := stattest.ByteFrequency(nilReader, 1<<12); return err },
	"Monobit":                  func() error { _, err := stattest.Monobit(nilReader, 1<<12); return err },
	"BlockFrequency":           func() error { _, err := stattest.BlockFrequency(nilReader, 1<<12, 128); return err },
	"Runs":                     func() error { _, err := stattest.Runs(nilReader, 1<<12); return err },
	"Poker":                    func() error { _, err := stattest.Poker(nilReader, 1000, 4); return err },
	"BitFrequency":             func() error { _, err := stattest.BitFrequency(nilSource, 1000); return err },
	"SerialCorrelationUint64":  func() error { _, err := stattest.SerialCorrelationUint64(nilSource, 1000); return err },
	"SerialCorrelationFloat64": func() error { _, err := stattest.SerialCorrelationFloat64(nilSource, 1000); return err },
	"KolmogorovSmirnov":        func() error { _, _, err := stattest.KolmogorovSmirnov(nilSource, 1000); return err },
	"Gap":                      func() error { _, err := stattest.Gap(nilSource, 1000, 0, 0.125); return err },
	"Equidistribution2D":       func() error { _, err := stattest.Equidistribution2D(nilSource, 1000, 2); return err },
	"Equidistribution3D":       func() error { _, err := stattest.Equidistribution3D(nilSource, 1000, 2); return err },
	"BirthdaySpacings":         func() error { _, err := stattest.BirthdaySpacings(nilSource, 1, 64, 12, 0); return err },
	"BirthdaySpacingsTuples": func() error {
		_, err := stattest.BirthdaySpacingsTuples(nilSource, 2, 4096, 2, 16, 48)
		return err
	},
	"MatrixRank":            func() error { _, err := stattest.MatrixRank(nilSource, 200, 32, 32, 0); return err },
	"LinearComplexity":      func() error { _, err := stattest.LinearComplexity(nilSource, 4096, 0); return err },
	"LinearComplexitySizes": func() error { _, err := stattest.LinearComplexitySizes(nilSource, 4096, 0); return err },
	"RandomWalk":            func() error { _, err := stattest.RandomWalk(nilSource, 1000, 64, 64, 0); return err },
	"HammingIndep":          func() error { _, err := stattest.HammingIndep(nilSource, 1000, 64, 64, 0); return err },
	"Autocorrelation":       func() error { _, err := stattest.Autocorrelation(nilSource, 10000, 1, 8); return err },
	"Battery.Run":           func() error { _, err := (&stattest.Battery{}).Run(nilSource); return err },
	"Battery.RunReader":     func() error { _, err := (&stattest.Battery{}).RunReader(nilReader); return err },
}

var (
	nilSource rand.Source
	nilReader io.Reader
)

// A nil Source or Reader is an error that says so, "stattest: X of a nil
// rand.Source" (or io.Reader), never a nil dereference inside a test.
// MatrixRank, LinearComplexity and LinearComplexitySizes used to panic.
func TestNilInputs(t *testing.T) {
	takers := inputTakers(t)
	for _, name := range takers {
		_, ok := nilCalls[name]
		require.True(t, ok, "%s takes a rand.Source or io.Reader but nilCalls has no call of it", name)
	}
	for name, call := range nilCalls {
		require.True(t, slices.Contains(takers, name), "nilCalls has %s, which the package has not (or it takes no Source or Reader)", name)
		var err error
		require.NotPanics(t, func() { err = call() }, name)
		require.Error(t, err, name)
		require.Regexp(t, `^stattest: .* of a nil (rand\.Source|io\.Reader)$`, err.Error(), name)
	}
}

// inputTakers returns the names of the exported functions, and the
// exported methods ("Type.Method") of exported types, of the package's
// source files that have a parameter of type rand.Source or io.Reader.
func inputTakers(t *testing.T) []string {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	fset := token.NewFileSet()
	var names []string
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || !fn.Name.IsExported() || !takesInput(fn.Type.Params) {
				continue
			}
			name := fn.Name.Name
			if fn.Recv != nil {
				typ := fn.Recv.List[0].Type
				if star, ok := typ.(*ast.StarExpr); ok {
					typ = star.X
				}
				id, ok := typ.(*ast.Ident)
				if !ok || !id.IsExported() {
					continue
				}
				name = id.Name + "." + name
			}
			names = append(names, name)
		}
	}
	require.NotEmpty(t, names, "no function of the package found in %v", files)
	return names
}

// takesInput reports whether params has a rand.Source or an io.Reader.
func takesInput(params *ast.FieldList) bool {
	for _, p := range params.List {
		sel, ok := p.Type.(*ast.SelectorExpr)
		if !ok {
			continue
		}
		pkg, ok := sel.X.(*ast.Ident)
		if ok && (pkg.Name == "rand" && sel.Sel.Name == "Source" || pkg.Name == "io" && sel.Sel.Name == "Reader") {
			return true
		}
	}
	return false
}

package dist_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/internal/testkit/long"
)

// fusedOp matches the fused multiply-add instructions of the architectures
// whose compilers fuse x*y + z: arm64 (FMADDD, FMSUBD, FNMADDD, FNMSUBD),
// ppc64le (FMADD, FMSUB, FNMADD, FNMSUB), s390x (FMADD, FMSUB: WFMADB
// ...), riscv64 and loong64 (FMADDD, FMSUBD, FNMADDD, FNMSUBD), amd64 at
// GOAMD64=v3 (VFMADD231SD, ...).
var fusedOp = regexp.MustCompile(`\(([^()\s]+\.go:\d+)\)\t(FN?M(ADD|SUB)[DS]?|WFN?M[AS]DB|FN?M(ADD|SUB)F|VFN?M(ADD|SUB)\d+[SP]D)\t`)

// TestNoFusedMultiplyAdd compiles package dist for every architecture whose
// compiler fuses multiply-adds and fails on any fused instruction: the
// package promises the same values on every machine, which holds only if
// every product that feeds a sum is rounded first (float64(x*y) + z). The
// package has no math.FMA; a deliberate one would be allowed here by its
// line. The goldens see a fusion only where their draws reach it; this
// sees every line.
func TestNoFusedMultiplyAdd(t *testing.T) {
	long.Skip(t) // compiles the package for six targets: once per CI run, not in every tier's

	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	var found []string
	for _, arch := range []string{"arm64", "ppc64le", "s390x", "riscv64", "loong64", "amd64.v3"} {
		// -D (a relative-import path nothing uses) makes the flags new,
		// so the compiler runs and prints, not the build cache.
		cmd := exec.Command(gobin, "build", "-gcflags=-S -D=/nonexistent/"+strconv.FormatInt(time.Now().UnixNano(), 10), "-o", os.DevNull, ".")
		goarch, goamd64, _ := strings.Cut(arch, ".")
		cmd.Env = append(os.Environ(), "GOARCH="+goarch, "GOAMD64="+goamd64, "CGO_ENABLED=0")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "GOARCH=%s go build -gcflags=-S: %s", arch, out)
		seen := map[string]bool{}
		for _, m := range fusedOp.FindAllStringSubmatch(string(out), -1) {
			at := m[1][strings.LastIndex(m[1], "/")+1:]
			if !seen[at] {
				seen[at] = true
				found = append(found, arch+": "+m[2]+" at "+at)
			}
		}
	}
	sort.Strings(found)
	require.Empty(t, found, "fused multiply-adds (wrap the product: float64(x*y) + z)")
}

// Package backendtest holds what the tests of chacha, aesctr, fill and dist
// share to run every kernel a machine has: running a test under each
// alternative of a package's registry (internal/impl) in turn, checking that
// the kernel chosen at init is the one CI expects, and comparing output.
package backendtest

import (
	"bytes"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"github.com/streamrand/streamrand/internal/cpu"
	"github.com/streamrand/streamrand/internal/impl"
)

// Run runs f as a subtest once for every kernel alternative of r this CPU
// has and for the portable code, each named by its backend ("avx2",
// "generic", ...) and selected alone: disabling the others never disables
// it. A nil r is a package without a registry: f runs once, as "generic".
func Run(t *testing.T, r *impl.Registry, f func(t *testing.T)) {
	if r == nil {
		t.Run(impl.Generic, f)
		return
	}
	each(t, r, r.Available(), f)
}

// RunAlternatives is Run without the portable code, for tests of what only
// the assembly kernels do; it skips t where there are none.
func RunAlternatives(t *testing.T, r *impl.Registry, f func(t *testing.T)) {
	names := r.Available()
	if len(names) == 1 {
		t.Skip("no assembly kernels on this machine or build: the portable code is the only one")
	}
	each(t, r, names[:len(names)-1], f)
}

// Bench runs f as a sub-benchmark once for every backend, as Run does.
func Bench(b *testing.B, r *impl.Registry, f func(b *testing.B)) { each(b, r, r.Available(), f) }

func each[T interface{ Run(string, func(T)) bool }](t T, r *impl.Registry, names []string, f func(T)) {
	for _, name := range names {
		t.Run(name, func(t T) {
			defer r.Select(name)()
			if got := r.Backend(); got != name {
				panic("backendtest: selecting " + name + " runs " + got)
			}
			f(t)
		})
	}
}

// CheckSelected fails when the backend chosen at init is not the one named
// by the environment variable env (set by CI from the CPU's flags), so that
// a fast path that is silently disabled cannot pass; when it is not the
// preferred one of those the CPU has; and when the package registered only
// some of its tiers.
func CheckSelected(t *testing.T, r *impl.Registry, env string) {
	t.Helper()
	if err := r.Check(); err != nil {
		t.Fatal(err)
	}
	cur, names := r.Backend(), r.Available()
	t.Logf("backend: %s (available: %v)", cur, names)
	if want := os.Getenv(env); want != "" && cur != want {
		t.Fatalf("Backend() = %q, want %q (%s)", cur, want, env)
	}
	if want := r.Chosen(); want != cur {
		t.Fatalf("Backend() = %q, but the preferred kernel available and not passed over on this core (%v) is %q (%v)", cur, cpu.ThisCore(), want, names)
	}
}

// A Child is a CPU on which a test binary can run its own
// TestBackendSelected as a second process (CheckGODEBUG).
type Child struct {
	Name string   // names the subtest
	Exec []string // the command that runs the binary on that CPU; none: run it directly
	CPU  cpu.CPU  // the CPU as the tier rules read it (GODEBUG aside)
}

// ThisMachine is the Child that runs on this machine, as its /proc/cpuinfo
// describes it, or ok false where it does not (another OS; an architecture
// without tiers; qemu-user, whose /proc/cpuinfo is the host's).
func ThisMachine() (c Child, ok bool) {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return Child{}, false
	}
	flags, ok := cpu.ParseCPUInfo(string(b), runtime.GOARCH)
	return Child{"this machine", nil, cpu.CPU{GOARCH: runtime.GOARCH, Flags: flags, Core: cpu.ParseCore(string(b))}}, ok
}

// QemuZen3 is the Child that runs under qemu-x86_64 -cpu Haswell,+vaes: AVX2,
// AES-NI and VAES without AVX-512, what the tier rules read of an AMD Zen 3
// (impl.Models). ok is false where qemu-x86_64 is not installed (CI
// installs qemu-user) or this is not amd64. (qemu 7.2 computes VAES on YMM
// registers wrongly, so only Backend may be checked there, not the
// keystream.)
func QemuZen3() (c Child, ok bool) {
	qemu, err := exec.LookPath("qemu-x86_64")
	if err != nil || runtime.GOARCH != "amd64" {
		return Child{}, false
	}
	zen3, _ := impl.LookupModel("Zen 3")
	return Child{"qemu Haswell,+vaes", []string{qemu, "-cpu", "Haswell,+vaes"}, zen3.CPU}, true
}

// CheckGODEBUG runs, on each child and under each GODEBUG value, this test
// binary's TestBackendSelected in a second process, with the environment
// variable env set to the backend that the tier rules give for the child's
// CPU under that GODEBUG (impl.Expect): so it fails wherever the backend
// chosen at init differs from the rules'. It skips t in a build without
// assembly and where there is no child.
func CheckGODEBUG(t *testing.T, r *impl.Registry, env string, children []Child, godebugs ...string) {
	if !r.Registered() {
		t.Skip("no assembly kernels in this build")
	}
	if len(children) == 0 {
		t.Skip("no CPU to run on: no /proc/cpuinfo of this architecture, no qemu")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range children {
		for _, g := range godebugs {
			c.CPU.GODEBUG = g
			want := impl.Expect(r.Pkg(), c.CPU)
			var environ []string
			for _, kv := range os.Environ() {
				if !strings.HasPrefix(kv, "GODEBUG=") && !strings.HasPrefix(kv, env+"=") {
					environ = append(environ, kv)
				}
			}
			cmd := exec.Command(exe, "-test.run=^TestBackendSelected$", "-test.count=1", "-test.v")
			if c.Exec != nil {
				cmd = exec.Command(c.Exec[0], append(c.Exec[1:], cmd.Args...)...)
			}
			cmd.Env = append(environ, "GODEBUG="+g, env+"="+want)
			out, err := cmd.CombinedOutput()
			if err != nil {
				var lines []string // without qemu's warnings about the model's features
				for l := range strings.Lines(string(out)) {
					if !strings.HasPrefix(l, "qemu-x86_64: warning:") {
						lines = append(lines, l)
					}
				}
				t.Errorf("%s, GODEBUG=%s: want %s=%s (%v):\n%s", c.Name, g, env, want, err, strings.Join(lines, ""))
			} else {
				t.Logf("%s, GODEBUG=%s: %s", c.Name, g, want)
			}
		}
	}
}

// Guard is the number of guard bytes on each side of Guarded's slice.
const Guard = 64

const guardByte = 0xa5

// Guarded returns a slice of n bytes at an odd address between Guard guard
// bytes, and a function that reports whether the guards are intact: a kernel
// must write exactly its destination, wherever it is.
func Guarded(n int) (dst []byte, intact func() bool) {
	mem := bytes.Repeat([]byte{guardByte}, n+2*Guard+1)
	dst = mem[Guard+1 : Guard+1+n]
	return dst, func() bool {
		for _, g := range [][]byte{mem[:Guard+1], mem[Guard+1+n:]} {
			for _, c := range g {
				if c != guardByte {
					return false
				}
			}
		}
		return true
	}
}

// FirstDiff returns the index of the first byte where a and b differ, or -1.
func FirstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

// ExactLengths returns the lengths of dst that Exact tries for a kernel of
// blockSize-byte blocks that calls its assembly per batch bytes and per
// bigBatch bytes: none, below a block, the smallest legal input (one batch)
// and its neighbours, one big batch and its neighbours, and mixtures.
func ExactLengths(blockSize, batch, bigBatch int) []int {
	return []int{
		0, 1, blockSize - 1, blockSize, blockSize + 1,
		batch - blockSize, batch - 1, batch, batch + 1, batch + blockSize,
		bigBatch - batch, bigBatch - 1, bigBatch, bigBatch + blockSize - 1,
		bigBatch + batch + blockSize + 3, 2*bigBatch + 3*batch,
	}
}

// Exact checks that fill, given a dst of each of lengths at an odd address
// between guard bytes, writes exactly the whole blocks of dst, the bytes
// ref writes there: not a byte of a tail shorter than a block, not a byte
// outside dst. It reports the first failure with desc.
func Exact(t *testing.T, desc string, blockSize int, lengths []int, fill, ref func(dst []byte)) {
	t.Helper()
	for _, n := range lengths {
		dst, intact := Guarded(n)
		fill(dst)
		if !intact() {
			t.Fatalf("%s, len(dst) = %d: wrote outside dst", desc, n)
		}
		whole := n - n%blockSize
		want := make([]byte, whole)
		ref(want)
		if !bytes.Equal(dst[:whole], want) {
			t.Fatalf("%s, len(dst) = %d: differs from the reference at byte %d", desc, n, FirstDiff(dst[:whole], want))
		}
		for i, c := range dst[whole:] {
			if c != guardByte {
				t.Fatalf("%s, len(dst) = %d: wrote byte %d of the %d-byte tail below a block", desc, n, i, n-whole)
			}
		}
	}
}

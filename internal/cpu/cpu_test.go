package cpu

import (
	"os"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestHasAgreesWithCPUInfo: each feature detected in this process is the
// one the description of this machine by its /proc/cpuinfo flags and
// GODEBUG gives, so the two ways of answering, detection for the dispatch
// and description for CI's expectations, agree. Skipped where /proc/cpuinfo
// does not describe this CPU (another OS; qemu-user, which shows the host's).
func TestHasAgreesWithCPUInfo(t *testing.T) {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skip(err)
	}
	flags, ok := ParseCPUInfo(string(b), runtime.GOARCH)
	if !ok {
		t.Skipf("/proc/cpuinfo lists no flags of a %s CPU", runtime.GOARCH)
	}
	c := CPU{GOARCH: runtime.GOARCH, Flags: flags, GODEBUG: os.Getenv("GODEBUG")}
	for _, f := range Features() {
		want := c.Has(f)
		if f == VAES && !haveCPUID {
			want = false // a build without assembly reads no CPUID
		}
		require.Equal(t, want, Has(f), "%v (flag %s, switches %v)", f, f.Flag(), f.Switches())
		t.Logf("%-13v %v", f, Has(f))
	}
	want := ParseCore(string(b))
	if !haveCPUID {
		want = Core{} // a build without assembly reads no CPUID
	}
	require.Equal(t, want, ThisCore(), "CPUID's vendor and family against /proc/cpuinfo's")
	t.Logf("core: %v", ThisCore())
}

// TestParseCore reads vendor_id and cpu family of the first processor, as
// Linux prints them (the lines of an AMD EPYC of family 25, model 17, and of
// an Intel Xeon of family 6, model 207); arm64's /proc/cpuinfo has neither.
func TestParseCore(t *testing.T) {
	amd := "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\nmodel\t\t: 17\nmodel name\t: AMD EPYC 9R14\n" +
		"processor\t: 1\nvendor_id\t: GenuineIntel\ncpu family\t: 6\n"
	require.Equal(t, AMDFamily25, ParseCore(amd))
	require.Equal(t, "AMD family 25", ParseCore(amd).String())
	intel := "processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 207\n"
	require.Equal(t, Core{"GenuineIntel", 6}, ParseCore(intel))
	require.Equal(t, "Intel family 6", ParseCore(intel).String())
	require.Equal(t, Core{}, ParseCore("processor\t: 0\nBogoMIPS\t: 50.00\nFeatures\t: fp asimd aes\nCPU implementer\t: 0x41\n"))
}

// TestSwitchedOff reads GODEBUG as x/sys/cpu does: the last setting of a
// switch or of cpu.all counts, other fields and values are ignored.
func TestSwitchedOff(t *testing.T) {
	for _, c := range []struct {
		godebug string
		off     bool
	}{
		{"", false},
		{"cpu.avx512vaes=off", true},
		{"cpu.avx512=off,cpu.avx512vaes=off", true},
		{"cpu.avx512vaes=off,cpu.avx512vaes=on", false},
		{"cpu.all=off", true},
		{"cpu.all=off,cpu.avx512vaes=on", false},
		{"cpu.avx512vaes=on,cpu.all=off", true},
		{"cpu.avx512vaes=0", false},
		{"cpu.avx512vaes", false},
		{"cpu.avx512vaesx=off", false},
		{"x.cpu.avx512vaes=off", false},
		{"gctrace=1,cpu.avx512vaes=off,madvdontneed=1", true},
	} {
		require.Equal(t, c.off, SwitchedOff(c.godebug, "avx512vaes"), "GODEBUG=%s", c.godebug)
	}
}

// TestCPUHas: a described CPU has a feature where it lists its flag (and
// those of the features it is part of), is of its architecture and GODEBUG
// leaves every switch of it on.
func TestCPUHas(t *testing.T) {
	zen3 := CPU{GOARCH: "amd64", Flags: FlagSet("ssse3 aes avx2 vaes avx512bw")}
	require.True(t, zen3.Has(VAES))
	require.False(t, zen3.Has(AVX512BW), "AVX-512 BW without AVX-512")
	zen3.GODEBUG = "cpu.avx512vaes=off"
	require.False(t, zen3.Has(VAES))
	zen4 := CPU{GOARCH: "amd64", Flags: FlagSet("avx512f avx512bw")}
	require.True(t, zen4.Has(AVX512BW))
	for _, g := range []string{"cpu.avx512=off", "cpu.avx512f=off", "cpu.avx512bw=off"} {
		zen4.GODEBUG = g
		require.False(t, zen4.Has(AVX512BW), g)
	}
	arm := CPU{GOARCH: "arm64", Flags: FlagSet("asimd aes")}
	require.True(t, arm.Has(ARM64AES))
	require.False(t, arm.Has(AESNI), "an amd64 feature on arm64")

	info := "processor\t: 0\nflags\t\t: fpu ssse3 avx2\nbugs\t\t: spectre\nprocessor\t: 1\nflags\t\t: fpu\n"
	flags, ok := ParseCPUInfo(info, "amd64")
	require.True(t, ok)
	require.Equal(t, FlagSet("fpu ssse3 avx2"), flags)
	_, ok = ParseCPUInfo(info, "arm64")
	require.False(t, ok)
	flags, ok = ParseCPUInfo("processor\t: 0\nFeatures\t: fp asimd aes\n", "arm64")
	require.True(t, ok)
	require.Equal(t, FlagSet("fp asimd aes"), flags)
}

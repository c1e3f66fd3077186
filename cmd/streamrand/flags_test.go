package main

import (
	"strings"
	"testing"
)

// Every way of writing a size, and the ways that are not one: K, M, G are
// binary (= KiB, MiB, GiB), KB, MB, GB decimal, in any letter case;
// underscores between digits; an exponent form only where it is a whole
// number; nothing beyond maxSize.
func TestSizeForms(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{
		{"0", 0}, {"65536", 65536}, {"0065536", 65536}, {"12B", 12},
		{"64K", 64 << 10}, {"64k", 64 << 10}, {"64KiB", 64 << 10}, {"64kib", 64 << 10}, {"64KB", 64000}, {"64kb", 64000},
		{"2M", 2 << 20}, {"2MiB", 2 << 20}, {"2MB", 2000000}, {"2mb", 2000000},
		{"1G", 1 << 30}, {"1GiB", 1 << 30}, {"1GB", 1000000000}, {"4G", 4 << 30},
		{"1_000_000", 1000000}, {"1_024K", 1 << 20}, {"1_0", 10},
		{"1e6", 1000000}, {"1E6", 1000000}, {"1e+6", 1000000}, {"1e0", 1}, {"0e0", 0}, {"0e999", 0},
		{"1.5e3", 1500}, {"2.50e1", 25}, {"1.048576e6", 1 << 20}, {"1_0.0_0e1", 100}, {"1e3K", 1024000}, {"1e3KB", 1000000},
		{"1.5K", 1536}, {"1.5M", 3 << 19}, {"0.5G", 1 << 29}, {"2.5MB", 2500000}, {"1.5MiB", 3 << 19}, {"0.25K", 256},
		{"4611686018427387904", maxSize}, {"4G", 4 << 30}, {"4294967296G", maxSize},
	} {
		got, err := parseSize(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, tc := range []struct{ in, reason string }{
		{"", "not a size (want a whole number of bytes"},
		{"K", "not a size (want"},
		{"KB", "not a size (want"},
		{"1T", "not a size (want"},
		{"1TB", "not a size (want"},
		{"1KiBB", "not a size (want"},
		{"1 K", "not a size (want"},
		{" 1", "not a size (want"},
		{"+1", "not a size (want"},
		{"0x10", "not a size (want"},
		{"1.5", "not a whole number of bytes (1.5 is 1.5 bytes; write 1)"},
		// The reason says what the value is and what to write instead.
		{"1.8M", "not a whole number of bytes (1.8M is 1.8 × 1048576 = 1887436.8 bytes; write 1887436 or 1843K)"},
		{"1.8mib", "not a whole number of bytes (1.8mib is 1.8 × 1048576 = 1887436.8 bytes; write 1887436 or 1843KiB)"},
		{"0.3G", "not a whole number of bytes (0.3G is 0.3 × 1073741824 = 322122547.2 bytes; write 322122547 or 307M)"},
		{"1.0000005MB", "not a whole number of bytes (1.0000005MB is 1.0000005 × 1000000 = 1000000.5 bytes; write 1000000 or 1000KB)"},
		{"0.1K", "not a whole number of bytes (0.1K is 0.1 × 1024 = 102.4 bytes; write 102)"},
		{"1_0.2_5e1", "not a whole number of bytes (1_0.2_5e1 is 102.5 bytes; write 102)"},
		{"1.", "not a size (want"},
		{".5e1", "not a size (want"},
		{"1e", "not a size (want"},
		{"1e-3", "not a size (want"},
		{"1e1.5", "not a size (want"},
		{"_1", "not a size (want"},
		{"1_", "not a size (want"},
		{"1__0", "not a size (want"},
		{"1_e6", "not a size (want"},
		{"1e6_", "not a size (want"},
		{"-1", "not a size (want 0 or more)"},
		{"-1e3", "not a size (want 0 or more)"},
		{"1.5e0", "not a whole number of bytes"},
		{"1.25e1", "not a whole number of bytes"},
		{"1.0000000000000000001e18", "not a whole number of bytes"},
		{"4611686018427387905", "too large (at most 4611686018427387904 bytes)"},
		{"9223372036854775808", "too large"},
		{"99999999999999999999999999", "too large"},
		{"4294967297G", "too large"},
		{"1e19", "too large"},
		{"1e999999999999999999999", "too large"},
		{"4.611686018427387905e18", "too large"},
	} {
		n, err := parseSize(tc.in)
		if err == nil || !strings.HasPrefix(err.Error(), tc.reason) {
			t.Errorf("parseSize(%q) = %d, %v; want an error %q...", tc.in, n, err, tc.reason)
		}
	}
}

// A size that is not a whole number of bytes is refused on one line that
// says why and what to write: the help's 1.5M is 1572864 bytes, 1.8M is not
// whole.
func TestSizeNotWhole(t *testing.T) {
	status, stdout, stderr := runMain("test", "-bytes", "1.8M")
	if status != 2 || stdout != "" || stderr != "streamrand test: -bytes 1.8M: not a whole number of bytes "+
		"(1.8M is 1.8 × 1048576 = 1887436.8 bytes; write 1887436 or 1843K)\n" {
		t.Errorf("test -bytes 1.8M: exit %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	if n, err := parseSize("1.5M"); n != 1572864 || err != nil {
		t.Errorf("parseSize(1.5M) = %d, %v", n, err)
	}
}

// Sizes as the flags take them: -n 1e3, 1KB, 1_000 are 1000 bytes, -n 1K
// and 1KiB 1024.
func TestSizeFlags(t *testing.T) {
	for _, tc := range []struct {
		n    string
		want int
	}{{"1e3", 1000}, {"1KB", 1000}, {"1_000", 1000}, {"1K", 1024}, {"1KiB", 1024}, {"0e5", 0}} {
		status, stdout, stderr := runMain("stream", "-alg", "chacha8", "-seed", "1", "-n", tc.n)
		if status != 0 || stderr != "" || len(stdout) != tc.want {
			t.Errorf("stream -n %s: exit %d, stderr %q, %d bytes; want %d bytes", tc.n, status, stderr, len(stdout), tc.want)
		}
	}
}

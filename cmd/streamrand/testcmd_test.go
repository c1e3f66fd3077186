package main

import (
	"strings"
	"testing"
)

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{{"65536", 65536}, {"64K", 64 << 10}, {"16m", 16 << 20}, {"2G", 2 << 30}} {
		got, err := parseSize(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "K", "-1", "1T", "99999999999G"} {
		if _, err := parseSize(bad); err == nil {
			t.Errorf("parseSize(%q): no error", bad)
		}
	}
	if s := formatSize(8 << 20); s != "8 MiB" {
		t.Errorf("formatSize(8 MiB) = %q", s)
	}
}

func TestRunTest(t *testing.T) {
	if err := runTest([]string{"-alg", "chacha8", "-seed", "3", "-bytes", "64K", "-q"}); err != nil {
		t.Errorf("chacha8: %v", err)
	}
	for _, args := range [][]string{
		{"-alg", "nope"}, {"-bytes", "1K"}, {"-repeat", "0"}, {"extra"},
	} {
		if err := runTest(append(args, "-q")); err == nil {
			t.Errorf("runTest(%q): no error", strings.Join(args, " "))
		}
	}
}

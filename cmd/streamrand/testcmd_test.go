package main

import (
	"bytes"
	"io"
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
	var out bytes.Buffer
	if err := runTest([]string{"-alg", "chacha8", "-seed", "3", "-bytes", "64K", "-q"}, &out, io.Discard); err != nil {
		t.Errorf("chacha8: %v", err)
	}
	// One row per result (ks-uniform gives two) and the totals.
	if got := strings.Count(out.String(), "\nchacha8 "); got != 16 {
		t.Errorf("%d result rows, want 16:\n%s", got, out.String())
	}
	if !strings.Contains(out.String(), "birthday-spacings-hi") || !strings.Contains(out.String(), " weak, 0 failed\n") {
		t.Errorf("output:\n%s", out.String())
	}
}

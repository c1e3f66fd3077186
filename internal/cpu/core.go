package cpu

import (
	"fmt"
	"strconv"
	"strings"
)

// A Core is a family of processors as CPUID names it: the vendor string of
// leaf 0 and the family number of leaf 1 (base family, plus the extended
// family where the base is 15), which /proc/cpuinfo shows as vendor_id and
// cpu family. It is what the tier rules name where a kernel that runs on a
// CPU was measured no faster there than the next one.
type Core struct {
	Vendor string // "GenuineIntel", "AuthenticAMD"; "" where unknown
	Family int
}

// AMDFamily25 is AMD's family 25 (19h): Zen 3, which has no AVX-512, and
// Zen 4, which executes each 512-bit operation in two 256-bit halves.
var AMDFamily25 = Core{"AuthenticAMD", 25}

// String names c as the docs do ("AMD family 25").
func (c Core) String() string {
	vendor := map[string]string{"AuthenticAMD": "AMD", "GenuineIntel": "Intel"}[c.Vendor]
	if vendor == "" {
		vendor = c.Vendor
	}
	return fmt.Sprintf("%s family %d", vendor, c.Family)
}

// ThisCore returns this CPU's Core, read with CPUID, or the zero Core where
// there is none to read (another architecture, a build without assembly).
func ThisCore() Core { return thisCore }

var thisCore = cpuidCore()

// ParseCore returns the Core of the first processor in text, the contents of
// Linux's /proc/cpuinfo: its vendor_id and cpu family lines. It is the zero
// Core where text has neither (arm64, whose /proc/cpuinfo names no vendor
// string).
func ParseCore(text string) Core {
	var c Core
	for line := range strings.Lines(text) {
		key, value, found := strings.Cut(line, ":")
		if !found {
			continue
		}
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		switch {
		case key == "vendor_id" && c.Vendor == "":
			c.Vendor = value
		case key == "cpu family" && c.Family == 0:
			c.Family, _ = strconv.Atoi(value)
		}
	}
	if c.Vendor == "" {
		return Core{}
	}
	return c
}

package main

import (
	"strings"
	"testing"
)

// parse turns "addr: op args" lines into instructions, as disassemble does.
func parse(t *testing.T, text string) []inst {
	t.Helper()
	var insts []inst
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		m := lineRE.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("bad line %q", l)
		}
		var addr uint64
		for _, c := range m[1] {
			addr = addr*16 + uint64(strings.IndexRune("0123456789abcdef", c))
		}
		insts = append(insts, inst{addr: addr, op: m[2], args: splitArgs(m[3]), text: m[2] + " " + m[3]})
	}
	return insts
}

// A kernel shaped like blocks4NEON: an outer loop over the data (unknown
// bound) around an inner loop counted down from the rounds argument.
const nested = `
  10:	ldr	x0, [sp, #0x8]
  14:	ldr	x6, [sp, #0x38]
  18:	add	x1, x1, x0
  1c:	mov	x7, x6
  20:	add	v0.4s, v0.4s, v4.4s
  24:	sub	x7, x7, #0x2
  28:	cbnz	x7, 0x20
  2c:	stp	q0, q1, [x0]
  30:	add	x0, x0, #0x100
  34:	cmp	x0, x1
  38:	b.ne	0x1c
  3c:	ret`

func TestTraceUnrollsInnerLoop(t *testing.T) {
	for rounds, adds := range map[int64]int{8: 4, 12: 6, 20: 10} {
		iter, err := trace(parse(t, nested), map[int64]int64{0x38 - 8: rounds})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, in := range iter {
			if in.op == "add" && strings.HasPrefix(in.args[0], "v") {
				n++
			}
		}
		if n != adds || iter[0].addr != 0x1c || iter[len(iter)-1].addr != 0x38 {
			t.Errorf("rounds %d: %d vector adds from %#x to %#x, want %d from 0x1c to 0x38",
				rounds, n, iter[0].addr, iter[len(iter)-1].addr, adds)
		}
		if got := storeBytes(iter[len(iter)-4]); got != 32 {
			t.Errorf("stp q0, q1 stores %d bytes, want 32", got)
		}
	}
}

// A kernel without a loop over the data is traced from entry to ret, and a
// branch on a known comparison takes the path of that argument value.
const straight = `
  10:	ldr	x0, [sp, #0x8]
  14:	cmp	x0, #0xc
  18:	b.lt	0x24
  1c:	ld1	{ v8.16b, v9.16b }, [x1], #32
  20:	orr	x6, xzr, #0x1
  24:	st1	{ v0.16b, v1.16b, v2.16b, v3.16b }, [x2], #64
  28:	ret`

func TestTraceFollowsKnownBranches(t *testing.T) {
	for nr, want := range map[int64]int{10: 5, 14: 7} {
		iter, err := trace(parse(t, straight), map[int64]int64{0: nr})
		if err != nil {
			t.Fatal(err)
		}
		if len(iter) != want {
			t.Errorf("nr %d: %d instructions, want %d", nr, len(iter), want)
		}
		if got := storeBytes(iter[len(iter)-2]); got != 64 {
			t.Errorf("st1 of 4 registers stores %d bytes, want 64", got)
		}
	}
	// With nr unknown the forward branch is a guard and falls through.
	iter, err := trace(parse(t, straight), nil)
	if err != nil || len(iter) != 7 {
		t.Errorf("nr unknown: %d instructions, %v; want 7", len(iter), err)
	}
}

func TestMCAInputRewritesBranches(t *testing.T) {
	got := mcaInput(parse(t, nested))
	for _, want := range []string{"cbnz x7, .\n", "b.ne .\n", "ldr x0, [sp, #0x8]\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("llvm-mca input lacks %q:\n%s", want, got)
		}
	}
}

// familyBound must pool the units of one kind of pipe, however llvm-mca
// splits them into resources: V2's V0-V3 are four resources, Cyclone's V
// one resource listed once per unit, and V2's L01 (2 units) and L2 share a
// family.
func TestFamilyBound(t *testing.T) {
	resources := []string{"V2UnitB", "V2UnitB", "V2UnitL01", "V2UnitL01", "V2UnitL2",
		"V2UnitV0", "V2UnitV1", "V2UnitV2", "V2UnitV3"}
	pressures := []float64{3, 3, 30, 30, 90, 240, 260, 236, 256}
	got, name := familyBound(resources, pressures)
	if name != "V2UnitV" || got != 248 {
		t.Errorf("familyBound = %v, %q; want 248, V2UnitV", got, name)
	}
	// Loads alone: the L family (150 over 3 units) beats the V family.
	pressures = []float64{0, 0, 100, 100, 250, 10, 10, 10, 10}
	if got, name := familyBound(resources, pressures); name != "V2UnitL" || got != 150 {
		t.Errorf("familyBound = %v, %q; want 150, V2UnitL", got, name)
	}
	cy := []string{"CyUnitIS", "CyUnitIS", "CyUnitV", "CyUnitV", "CyUnitV"}
	if got, name := familyBound(cy, []float64{212.5, 212.5, 326.66, 326.66, 326.68}); name != "CyUnitV" || got < 326.66 || got > 326.67 {
		t.Errorf("familyBound = %v, %q; want 326.67, CyUnitV", got, name)
	}
}

func TestROBLine(t *testing.T) {
	m := robRE.FindStringSubmatch("Average Used ROB Entries per cy:  314  ( 98.1% )")
	if m == nil || m[1] != "98.1" {
		t.Errorf("robRE match = %q, want 98.1", m)
	}
}

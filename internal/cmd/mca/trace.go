package main

import (
	"fmt"
	"strconv"
	"strings"
)

// trace returns the instructions of one iteration of the kernel's loop, in
// execution order, by running the kernel symbolically from its entry.
//
// It tracks only the values of general-purpose registers that come from the
// known arguments (frame holds argument values by frame offset) and from
// immediates, through mov, add, sub, lsr and the flags of cmp and subs, so
// that every branch that depends on a round count is followed exactly and
// inner loops are unrolled. Any other write makes a register unknown. A
// forward branch on unknown values falls through (the guards for short or
// empty input). The first backward branch on unknown values closes the loop
// that walks the data: the iteration is the path from its target back to
// it. A kernel without such a loop (one call per batch) is traced from entry
// to ret, so the call's own set-up counts too.
func trace(insts []inst, frame map[int64]int64) ([]inst, error) {
	index := map[uint64]int{}
	for i, in := range insts {
		index[in.addr] = i
	}
	regs := map[string]int64{} // known register values, keyed "x3" (w registers alias x)
	var flagA, flagB int64
	flagsKnown := false
	spAdjust := int64(0)

	var path []inst
	loopBranch := uint64(0)
	recording := false
	pc := 0
	for steps := 0; ; steps++ {
		if steps > 1_000_000 {
			return nil, fmt.Errorf("no end after %d instructions", steps)
		}
		if pc < 0 || pc >= len(insts) {
			return nil, fmt.Errorf("ran off the function")
		}
		in := insts[pc]
		path = append(path, in)
		next := pc + 1
		jump := func(target string) error {
			t, err := strconv.ParseUint(strings.TrimPrefix(target, "0x"), 16, 64)
			if err != nil {
				return fmt.Errorf("%#x: branch target %q", in.addr, target)
			}
			i, ok := index[t]
			if !ok {
				return fmt.Errorf("%#x: branch out of the function to %#x", in.addr, t)
			}
			next = i
			return nil
		}
		branch := func(known, taken bool, target string) error {
			t, _ := strconv.ParseUint(strings.TrimPrefix(target, "0x"), 16, 64)
			if known {
				if taken {
					return jump(target)
				}
				return nil
			}
			if t > in.addr {
				return nil // a guard: fall through
			}
			switch {
			case !recording:
				// The loop over the data: record one trip from its head.
				recording, loopBranch, path = true, in.addr, nil
				return jump(target)
			case in.addr == loopBranch:
				next = -1 // done
				return nil
			}
			return fmt.Errorf("%#x: a second loop on unknown values", in.addr)
		}
		val := func(a string) (int64, bool) {
			if strings.HasPrefix(a, "#") {
				v, err := strconv.ParseInt(strings.TrimPrefix(a, "#"), 0, 64)
				return v, err == nil
			}
			if a == "xzr" || a == "wzr" {
				return 0, true
			}
			v, ok := regs[reg(a)]
			return v, ok
		}
		set := func(a string, v int64, ok bool) {
			if ok {
				if strings.HasPrefix(a, "w") {
					v = int64(uint32(v))
				}
				regs[reg(a)] = v
			} else {
				delete(regs, reg(a))
			}
		}
		var err error
		a := in.args
		switch op := in.op; {
		case op == "ret":
			if recording {
				return nil, fmt.Errorf("%#x: ret inside the loop", in.addr)
			}
			return path, nil
		case op == "b":
			err = jump(a[0])
		case strings.HasPrefix(op, "b."):
			taken, ok := cond(strings.TrimPrefix(op, "b."), flagA, flagB)
			err = branch(flagsKnown && ok, taken, a[0])
		case op == "cbz" || op == "cbnz":
			v, ok := val(a[0])
			err = branch(ok, (v == 0) == (op == "cbz"), a[1])
		case op == "cmp" && isGPR(a[0]):
			x, ok1 := val(a[0])
			y, ok2 := val(a[1])
			flagA, flagB, flagsKnown = x, y, ok1 && ok2 && len(a) == 2
		case op == "ldr" && isGPR(a[0]) && strings.HasPrefix(a[1], "[sp"):
			off, ok := spOffset(a[1])
			v, known := frame[off-spAdjust-8]
			set(a[0], v, ok && known && len(a) == 2)
		case op == "str" && a[0] == "x30" && len(a) == 2 && strings.HasSuffix(a[1], "]!"):
			off, _ := spOffset(strings.TrimSuffix(a[1], "!"))
			spAdjust -= off // str x30, [sp, #-N]!: a frame of N bytes
		case (op == "sub" || op == "add") && a[0] == "sp" && a[1] == "sp":
			v, _ := val(a[2])
			if op == "sub" {
				spAdjust += v
			} else {
				spAdjust -= v
			}
		case (op == "mov" || op == "movz") && isGPR(a[0]) && len(a) == 2:
			v, ok := val(a[1])
			set(a[0], v, ok)
		case op == "orr" && isGPR(a[0]) && (a[1] == "xzr" || a[1] == "wzr") && len(a) == 3:
			v, ok := val(a[2])
			set(a[0], v, ok)
		case (op == "add" || op == "sub" || op == "subs" || op == "adds") && isGPR(a[0]) && len(a) == 3:
			x, ok1 := val(a[1])
			y, ok2 := val(a[2])
			v := x + y
			if strings.HasPrefix(op, "sub") {
				v = x - y
			}
			set(a[0], v, ok1 && ok2)
			if strings.HasSuffix(op, "s") {
				flagA, flagB, flagsKnown = v, 0, ok1 && ok2
			}
		case op == "lsr" && isGPR(a[0]) && len(a) == 3:
			x, ok1 := val(a[1])
			y, ok2 := val(a[2])
			set(a[0], int64(uint64(x)>>uint(y)), ok1 && ok2)
		case op == "tbz" || op == "tbnz":
			err = fmt.Errorf("%#x: %s is not modelled", in.addr, op)
		default:
			if len(a) > 0 && isGPR(a[0]) && !strings.HasPrefix(op, "st") && op != "cmn" && op != "tst" && op != "ccmp" {
				set(a[0], 0, false)
			}
			if base, ok := writeback(a); ok && base != "sp" {
				set(base, 0, false)
			}
			if op == "cmn" || op == "tst" || op == "ccmp" || strings.HasSuffix(op, "s") && op != "ins" && isGPR(a[0]) {
				flagsKnown = false
			}
		}
		if err != nil {
			return nil, err
		}
		if next < 0 {
			return path, nil
		}
		pc = next
	}
}

// writeback returns the base register of a pre- or post-indexed address
// ("[x1, #-8]!" or "[x8], #16"), which the instruction changes.
func writeback(a []string) (string, bool) {
	n := len(a)
	switch {
	case n >= 2 && strings.HasSuffix(a[n-1], "]!"):
		return strings.Split(strings.TrimPrefix(a[n-1], "["), ",")[0], true
	case n >= 3 && strings.HasPrefix(a[n-2], "[") && strings.HasSuffix(a[n-2], "]") && !strings.Contains(a[n-2], ","):
		return strings.Trim(a[n-2], "[]"), true
	}
	return "", false
}

// reg names the 64-bit register behind a w or x register operand.
func reg(a string) string { return "x" + a[1:] }

func isGPR(a string) bool {
	if len(a) < 2 || (a[0] != 'x' && a[0] != 'w') {
		return false
	}
	_, err := strconv.Atoi(a[1:])
	return err == nil
}

// spOffset reads N from "[sp, #N]" (0 for "[sp]").
func spOffset(a string) (int64, bool) {
	a = strings.TrimSuffix(strings.TrimPrefix(a, "[sp"), "]")
	a = strings.TrimSpace(strings.TrimPrefix(a, ","))
	if a == "" {
		return 0, true
	}
	v, err := strconv.ParseInt(strings.TrimPrefix(a, "#"), 0, 64)
	return v, err == nil
}

// cond evaluates an arm64 condition after cmp a, b.
func cond(c string, a, b int64) (taken, ok bool) {
	ua, ub := uint64(a), uint64(b)
	switch c {
	case "eq":
		return a == b, true
	case "ne":
		return a != b, true
	case "lt":
		return a < b, true
	case "ge":
		return a >= b, true
	case "gt":
		return a > b, true
	case "le":
		return a <= b, true
	case "lo", "cc":
		return ua < ub, true
	case "hs", "cs":
		return ua >= ub, true
	case "hi":
		return ua > ub, true
	case "ls":
		return ua <= ub, true
	}
	return false, false
}

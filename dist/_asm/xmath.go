package main

// The kernels of the package's exp and log (xmath.go) over a slice, 8
// lanes per ZMM register, 4 per YMM: each lane computes the scalar
// function's operations in its order, each rounded on its own (never
// fused), so every result has the scalar function's bits. AVX-512 kernels
// read the table rows by gathers, AVX2 kernels by scalar loads (indices,
// column, pairs below), as fast here, and immune to qemu-x86_64 7.2's
// reading of an AVX2 gather indexed by Y4 (CI's CPU without AVX-512) as
// one with no index.
//
//   - vexp, vexpMul: dst[i] = exp(src[i]), lambda * exp(src[i]);
//   - vlog: dst[i] = log(src[i]);
//   - vpowLogMul: dst[i] = powLog(src[i])*k.
//
// (Weibull's power lambda * exp(powLog(x)*k) is vpowLogMul's pass over a
// chunk and then vexpMul's: one kernel of both measured slower, its long
// chain of dependent operations, two gathers deep, filling the scheduler.)
//
// Each stops before the first group of lanes holding an input the scalar
// code treats apart (exp: |x| >= 700 or NaN, where exp scales 2^(k/128)
// or the result is not normal; log: x not a positive normal float64), which
// the Go driver (xmathslice.go) computes with the scalar function before
// calling the kernel again.
//
// The Go code's integer steps are the same integer operations on the
// lanes; the one conversion, log's k = float64(int64(tmp)>>52), is the
// exact bit trick: u = tmp>>52 (logical, below 2^12) with bit 11 flipped
// is the 12-bit signed k plus 2^11, so the float64 with the bits of 2^52
// and that in its mantissa, minus 2^52 + 2^11, is k exactly.
//
// The constants are read from the Go array xmathConsts (kernels_amd64.go),
// built from the very constants of xmath.go, one float64 each (the order
// of constNames below): AVX-512 kernels hold the most used in registers
// and broadcast the rest from memory within the instruction, AVX2 kernels
// hold a few and read the rest as 32-byte memory operands of xmathConsts4,
// each constant four times.

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// constNames is the order of xmathConsts in kernels_amd64.go.
var constNames = []string{
	"abs",       // 0x7fffffffffffffff
	"expBound",  // 700: exp's core for |x| < 700
	"invLn2N",   // expInvLn2N
	"shift",     // expShift
	"ln2hiN",    // expLn2hiN
	"ln2loN",    // expLn2loN
	"c2",        // expC2
	"c3",        // expC3
	"c4",        // expC4
	"c5",        // expC5
	"low7",      // 127: the table index mask
	"logOff",    // logOff
	"expField",  // 0xfff << 52
	"dhMask",    // ^(1<<26 - 1)
	"kMagic",    // the bits of 2^52 | 1<<11
	"kBias",     // 2^52 + 2^11
	"ln2hi",     // ln2hi
	"ln2lo",     // ln2lo
	"p3",        // 1.0/3
	"p2",        // -1.0/2
	"p5",        // 1.0/5
	"p4",        // -1.0/4
	"p7",        // 1.0/7
	"p6",        // -1.0/6
	"p8",        // -1.0/8
	"minNormal", // 0x1p-1022
	"maxFloat",  // math.MaxFloat64
	"one",       // 1
}

// consts gives a kernel's constants: registers loaded before its loop for
// those named at creation, memory operands (of xmathConsts) for the rest.
type consts struct {
	s    isa
	base Register
	regs map[string]VecVirtual
}

func newConsts(s isa, inRegs ...string) *consts {
	c := &consts{s: s, base: GP64(), regs: map[string]VecVirtual{}}
	if s.avx512 {
		LEAQ(NewDataAddr(Symbol{Name: "·xmathConsts"}, 0), c.base)
	} else {
		LEAQ(NewDataAddr(Symbol{Name: "·xmathConsts4"}, 0), c.base)
	}
	for _, name := range inRegs {
		r := c.vec()
		VBROADCASTSD(c.mem(name), r)
		c.regs[name] = r
	}
	return c
}

func (c *consts) vec() VecVirtual {
	if c.s.avx512 {
		return ZMM()
	}
	return YMM()
}

func (c *consts) mem(name string) Mem {
	size := 8 // xmathConsts
	if !c.s.avx512 {
		size = 32 // xmathConsts4
	}
	for i, n := range constNames {
		if n == name {
			return Mem{Base: c.base, Disp: size * i}
		}
	}
	panic("no constant " + name)
}

// op applies the two-operand instruction (op, or its embedded-broadcast
// form bcst) to the constant name and a, into d: d = a op name.
func (c *consts) op(op, bcst func(...Op), name string, a, d Op) {
	if r, ok := c.regs[name]; ok {
		op(r, a, d)
		return
	}
	if c.s.avx512 {
		bcst(c.mem(name), a, d)
		return
	}
	op(c.mem(name), a, d)
}

func (c *consts) mul(name string, a, d Op) { c.op(VMULPD, VMULPD_BCST, name, a, d) }
func (c *consts) add(name string, a, d Op) { c.op(VADDPD, VADDPD_BCST, name, a, d) }
func (c *consts) sub(name string, a, d Op) { c.op(VSUBPD, VSUBPD_BCST, name, a, d) }

func (c *consts) and(name string, a, d Op) {
	if c.s.avx512 {
		c.op(VPANDQ, VPANDQ_BCST, name, a, d)
	} else {
		c.op(three(VPAND), nil, name, a, d)
	}
}

func (c *consts) xor(name string, a, d Op) {
	if c.s.avx512 {
		c.op(VPXORQ, VPXORQ_BCST, name, a, d)
	} else {
		c.op(three(VPXOR), nil, name, a, d)
	}
}

func (c *consts) subq(name string, a, d Op) { c.op(VPSUBQ, VPSUBQ_BCST, name, a, d) }

// three adapts an instruction of three operands to op's form.
func three(f func(a, b, c Op)) func(...Op) {
	return func(ops ...Op) { f(ops[0], ops[1], ops[2]) }
}

// check sets the all-lanes flag of a compare a pred name: with AVX-512 the
// mask k (ANDed with k's lanes if and), with AVX2 a vector of all-ones
// lanes, returned.
func (c *consts) cmp(pred uint8, name string, a Op, k Register, and bool) {
	if c.s.avx512 {
		ops := []Op{U8(pred), nil, a}
		if and {
			ops = append(ops, k)
		}
		ops = append(ops, k)
		if r, ok := c.regs[name]; ok {
			ops[1] = r
			VCMPPD(ops...)
		} else {
			ops[1] = c.mem(name)
			VCMPPD_BCST(ops...)
		}
		return
	}
	if and {
		u := c.vec()
		VCMPPD(U8(pred), c.mem(name), a, u)
		VANDPD(u, k, k)
	} else {
		VCMPPD(U8(pred), c.mem(name), a, k)
	}
}

// Compare predicates (VCMPPD's imm8), ordered and quiet: false for NaN.
const (
	cmpGE = 0x1D
	cmpLE = 0x12
)

// gather sets d to the float64 at tbl + disp + 8·idx for each lane
// (AVX-512).
func (c *consts) gather(tbl Register, disp int, idx, d VecVirtual) {
	VPXORQ(d, d, d) // defined before the merge, and no false dependency
	KXNORB(K7, K7, K7)
	VGATHERQPD(Mem{Base: tbl, Index: idx, Disp: disp, Scale: 8}, K7, d)
}

// indices moves the four 64-bit lanes of idx to general registers, for
// AVX2's scalar loads of table entries.
func indices(idx VecVirtual) []Register {
	r := []Register{GP64(), GP64(), GP64(), GP64()}
	hi := XMM()
	VMOVQ(idx.AsX(), r[0])
	VPEXTRQ(U8(1), idx.AsX(), r[1])
	VEXTRACTI128(U8(1), idx, hi)
	VMOVQ(hi, r[2])
	VPEXTRQ(U8(1), hi, r[3])
	return r
}

// column sets d to the float64s at tbl + disp + 8·r[l] for the lanes l
// (AVX2): each broadcast from memory (a load alone) and blended into its
// lane. (Whole-register writes only: a write to part of a virtual register
// would keep the rest live across the loop for avo's allocator.)
func column(tbl Register, disp int, r []Register, d VecVirtual) {
	at := func(l int) Mem { return Mem{Base: tbl, Index: r[l], Scale: 8, Disp: disp} }
	VBROADCASTSD(at(0), d)
	for l := 1; l < 4; l++ {
		t := YMM()
		VBROADCASTSD(at(l), t)
		VBLENDPD(U8(1<<l), t, d, d)
	}
}

// pairs sets lo and hi to the first and second float64 of the 16 bytes
// at tbl + disp + 8·r[l] for the lanes l (AVX2): the even lanes' rows in a,
// the odd lanes' in hi, a row per 128-bit half (broadcast from memory and
// blended), and the unpacks put them in lane order.
func pairs(tbl Register, disp int, r []Register, lo, hi VecVirtual) {
	at := func(l int) Mem { return Mem{Base: tbl, Index: r[l], Scale: 8, Disp: disp} }
	a, t := YMM(), YMM()
	for h, d := range []VecVirtual{a, hi} {
		VBROADCASTF128(at(h), d)
		VBROADCASTF128(at(2+h), t)
		VBLENDPD(U8(0xC), t, d, d)
	}
	VUNPCKLPD(hi, a, lo)
	VUNPCKHPD(hi, a, hi)
}

// allOK jumps to fail unless every lane of the check ok is set.
func allOK(s isa, ok Register, fail string) {
	if s.avx512 {
		KORTESTB(ok, ok)
		JCC(LabelRef(fail))
		return
	}
	b := GP32()
	VMOVMSKPD(ok, b)
	CMPL(b, U8(15))
	JNE(LabelRef(fail))
}

// expCheck sets ok to whether |x| < 700 (false for NaN), lane by lane.
func expCheck(c *consts, x VecVirtual, ok Register) {
	a := c.vec()
	c.and("abs", x, a)
	c.cmp(cmpLT, "expBound", a, ok, false)
}

// expBody sets y to exp(x) for |x| < 700 (expReduce and the end of exp
// in xmath.go); tbl holds the address of expTab.
func expBody(c *consts, tbl Register, x, y VecVirtual) {
	kd, kf, r, t := c.vec(), c.vec(), c.vec(), c.vec()
	c.mul("invLn2N", x, kd)
	c.add("shift", kd, kd) // its bits: ki
	c.sub("shift", kd, kf)
	c.mul("ln2hiN", kf, t)
	VSUBPD(t, x, r)
	c.mul("ln2loN", kf, t)
	VSUBPD(t, r, r)
	// Row ki%128 of expTab, two words: the index in words is 2(ki%128).
	idx, tail, sb := c.vec(), c.vec(), c.vec()
	c.and("low7", kd, idx)
	VPSLLQ(U8(1), idx, idx)
	if c.s.avx512 {
		c.gather(tbl, 0, idx, tail)
		c.gather(tbl, 8, idx, sb)
	} else {
		pairs(tbl, 0, indices(idx), tail, sb)
	}
	r2, a, b := c.vec(), c.vec(), c.vec()
	VMULPD(r, r, r2)
	c.mul("c3", r, a)
	c.add("c2", a, a)
	VMULPD(a, r2, a)
	c.mul("c5", r, b)
	c.add("c4", b, b)
	VMULPD(r2, r2, t)
	VMULPD(b, t, b)
	VADDPD(r, tail, tail)
	VADDPD(a, tail, tail)
	VADDPD(b, tail, tail) // tmp
	VPSLLQ(U8(45), kd, kd)
	VPADDQ(kd, sb, sb) // s
	VMULPD(tail, sb, y)
	VADDPD(y, sb, y)
}

// logCheck sets ok to whether x is a positive normal float64.
func logCheck(c *consts, x VecVirtual, ok Register) {
	c.cmp(cmpGE, "minNormal", x, ok, false)
	c.cmp(cmpLE, "maxFloat", x, ok, true)
}

// logReduce is the reduction of log and powLog (logCore in xmath.go):
// x = 2^k z with z in the table's range, idx z's cell (for AVX2 the
// general registers of its rows' words, 5·idx, in rows), k as a float64.
func logReduce(c *consts, x VecVirtual) (idx VecVirtual, rows []Register, k, z VecVirtual) {
	tmp := c.vec()
	idx, k, z = c.vec(), c.vec(), c.vec()
	c.subq("logOff", x, tmp)
	VPSRLQ(U8(45), tmp, idx)
	c.and("low7", idx, idx)
	if !c.s.avx512 {
		// Row idx of logTab (40 bytes, 5 words): word 5·idx.
		t := c.vec()
		VPSLLQ(U8(2), idx, t)
		VPADDQ(t, idx, idx)
		rows = indices(idx)
	}
	VPSRLQ(U8(52), tmp, k)
	c.xor("kMagic", k, k)
	c.sub("kBias", k, k) // float64(int64(tmp) >> 52)
	c.and("expField", tmp, tmp)
	VPSUBQ(tmp, x, z)
	return idx, rows, k, z
}

// logBody sets y to log(x) for x a positive normal float64 (log's core in
// xmath.go); tbl holds the address of logSoA, logTab's columns, for
// AVX-512, and of logTab for AVX2.
func logBody(c *consts, tbl Register, x, y VecVirtual) {
	idx, rows, k, z := logReduce(c, x)
	invc, chi, rc, logchi, logclo := c.vec(), c.vec(), c.vec(), c.vec(), c.vec()
	const col = 8 * 128
	if c.s.avx512 {
		for i, d := range []VecVirtual{invc, chi, rc, logchi, logclo} {
			c.gather(tbl, i*col, idx, d)
		}
	} else {
		// logTab's rows: {invc, chi}, {rc, logchi} a 16-byte load each,
		// logclo a scalar one.
		pairs(tbl, 0, rows, invc, chi)
		pairs(tbl, 16, rows, rc, logchi)
		column(tbl, 32, rows, logclo)
	}
	d, dh, rh, rl, r := c.vec(), c.vec(), c.vec(), c.vec(), c.vec()
	VSUBPD(chi, z, d)
	c.and("dhMask", d, dh)
	VMULPD(invc, dh, rh)
	VSUBPD(dh, d, rl)
	VMULPD(invc, rl, rl)
	VADDPD(rc, rl, rl)
	VADDPD(rl, rh, r)
	t, hi, lo := c.vec(), c.vec(), c.vec()
	c.mul("ln2hi", k, t)
	VADDPD(logchi, t, t)
	VADDPD(rh, t, hi)
	VSUBPD(hi, t, lo)
	VADDPD(rh, lo, lo)
	VADDPD(rl, lo, lo)
	c.mul("ln2lo", k, k)
	VADDPD(k, lo, lo)
	VADDPD(logclo, lo, lo)
	// logPoly(r).
	r2, p, q := c.vec(), c.vec(), c.vec()
	VMULPD(r, r, r2)
	c.mul("p3", r, p)
	c.add("p2", p, p)
	c.mul("p5", r, q)
	c.add("p4", q, q)
	VMULPD(q, r2, q)
	VADDPD(q, p, p)
	VMULPD(p, r2, p) // the r^2 term
	c.mul("p7", r, q)
	c.add("p6", q, q)
	c.mul("p8", r2, t)
	VADDPD(t, q, q)
	VMULPD(r2, r2, t)
	VMULPD(r2, t, t)
	VMULPD(q, t, q) // the r^6 term
	VADDPD(q, p, p)
	VADDPD(p, lo, lo)
	VADDPD(lo, hi, y)
}

// powLogBody sets y to powLog(x) for x a positive normal float64
// (xmath.go's powLog); tbl as logBody's.
func powLogBody(c *consts, tbl Register, x, y VecVirtual) {
	idx, rows, k, z := logReduce(c, x)
	invc, logchi, logclo := c.vec(), c.vec(), c.vec()
	const col = 8 * 128
	if c.s.avx512 {
		c.gather(tbl, 0, idx, invc)
		c.gather(tbl, 3*col, idx, logchi)
		c.gather(tbl, 4*col, idx, logclo)
	} else {
		column(tbl, 0, rows, invc)
		pairs(tbl, 24, rows, logchi, logclo) // adjacent in a row
	}
	r, r2, a, b, q := c.vec(), c.vec(), c.vec(), c.vec(), c.vec()
	VMULPD(invc, z, r)
	c.sub("one", r, r)
	VMULPD(r, r, r2)
	c.mul("p3", r, a)
	c.add("p2", a, a)
	c.mul("p5", r, b)
	c.add("p4", b, b)
	c.mul("p6", r2, q)
	VADDPD(q, b, b)
	VMULPD(b, r2, b)
	VADDPD(b, a, a)
	VMULPD(a, r2, a) // log1p(r) - r to r^6
	lo, t := c.vec(), c.vec()
	c.mul("ln2lo", k, lo)
	VADDPD(logclo, lo, lo)
	VADDPD(a, lo, lo)
	c.mul("ln2hi", k, t)
	VADDPD(logchi, t, t)
	VADDPD(lo, r, r)
	VADDPD(r, t, y)
}

// xmathKernel generates a kernel over dst and src: for each whole group of
// lanes of min(len(dst), len(src)) it loads x from src, jumps out (before
// storing) if check fails for a lane, and stores body's value to dst.
// setup runs once before the loop.
func xmathKernel(name string, s isa, doc []string, setup func(c *consts) func(x, y VecVirtual, fail string)) {
	name += s.suffix
	Implement(name)
	Attributes(NOSPLIT)
	Doc(append([]string{name + " " + doc[0]}, append(doc[1:],
		fmt.Sprintf("It converts whole groups of %d lanes of min(len(dst), len(src)), stops", s.lanes),
		"before the first group holding an input the scalar code treats apart, and",
		"returns how many it converted. dst may be src: each group is loaded before",
		"its values are stored.")...)...)
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	n := Load(Param("src").Len(), GP64())
	m := Load(Param("dst").Len(), GP64())
	CMPQ(m, n)
	CMOVQLT(m, n)
	ANDQ(I8(int8(-s.lanes)), n)
	SHLQ(U8(3), n) // bytes
	c := newConsts(s, regConsts(name)...)
	body := setup(c)
	off := GP64()
	XORQ(off, off)
	// Two groups per iteration while two are left, then one: a group
	// holding an input apart sends the pair to the loop of one, which
	// converts the groups before it.
	done := name + "_done"
	for _, u := range []int{2, 1} {
		loop := fmt.Sprintf("%s_loop%d", name, u)
		fail := fmt.Sprintf("%s_loop%d", name, 1)
		if u == 1 {
			fail = done
		}
		Label(loop)
		end := GP64()
		LEAQ(Mem{Base: off, Disp: 8 * s.lanes * u}, end)
		CMPQ(end, n)
		JA(LabelRef(fail))
		ys := make([]VecVirtual, u)
		for v := range u {
			x := c.vec()
			ys[v] = c.vec()
			VMOVUPD(Mem{Base: src, Index: off, Scale: 1, Disp: 8 * s.lanes * v}, x)
			body(x, ys[v], fail)
		}
		for v, y := range ys {
			VMOVUPD(y, Mem{Base: dst, Index: off, Scale: 1, Disp: 8 * s.lanes * v})
		}
		ADDQ(U8(8*s.lanes*u), off)
		JMP(LabelRef(loop))
	}
	Label(done)
	SHRQ(U8(3), off)
	Store(off, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// regConsts are the constants a kernel holds in registers.
func regConsts(name string) []string {
	exp := []string{"abs", "expBound", "invLn2N", "shift", "ln2hiN", "ln2loN", "c2", "c3", "c4", "c5", "low7"}
	log := []string{"minNormal", "maxFloat", "logOff", "low7", "kMagic", "kBias", "expField", "dhMask", "ln2hi", "ln2lo", "p2", "p3", "p4", "p5", "p6", "p7", "p8"}
	switch name {
	case "vexpAVX512", "vexpMulAVX512":
		return exp
	case "vlogAVX512":
		return log[:len(log)-9] // as many as leave two bodies their registers
	case "vpowLogMulAVX512":
		return []string{"minNormal", "maxFloat", "logOff", "low7", "kMagic", "kBias", "expField", "one"}
	case "vexpAVX2", "vexpMulAVX2":
		return []string{"invLn2N", "shift", "low7"}
	case "vlogAVX2", "vpowLogMulAVX2":
		return []string{"low7"}
	}
	panic(name)
}

func xmathKernels(s isa) {
	for _, mul := range []bool{false, true} {
		name, doc := "vexp", []string{"sets dst[i] = exp(src[i]) (xmath.go's exp)."}
		if mul {
			name, doc = "vexpMul", []string{"sets dst[i] = lambda * exp(src[i]) (xmath.go's exp)."}
		}
		xmathKernel(name, s, append(doc, "Inputs apart: |x| >= 700 and NaN."),
			func(c *consts) func(x, y VecVirtual, fail string) {
				tbl := table("·expTab")
				var lambda VecVirtual
				if mul {
					lambda = param(c, "lambda")
				}
				return func(x, y VecVirtual, fail string) {
					ok := checkReg(c)
					expCheck(c, x, ok)
					allOK(c.s, ok, fail)
					expBody(c, tbl, x, y)
					if mul {
						VMULPD(y, lambda, y)
					}
				}
			})
	}
	for _, pow := range []bool{false, true} {
		name, doc := "vlog", []string{"sets dst[i] = log(src[i]) (xmath.go's log)."}
		if pow {
			name, doc = "vpowLogMul", []string{"sets dst[i] = powLog(src[i])*k (xmath.go's powLog)."}
		}
		xmathKernel(name, s, append(doc, "Inputs apart: all but the positive normal float64s."),
			func(c *consts) func(x, y VecVirtual, fail string) {
				name := "·logSoA" // logTab's columns, for the gathers
				if !c.s.avx512 {
					name = "·logTab"
				}
				tbl := table(name)
				var k VecVirtual
				if pow {
					k = param(c, "k")
				}
				return func(x, y VecVirtual, fail string) {
					ok := checkReg(c)
					logCheck(c, x, ok)
					allOK(c.s, ok, fail)
					if pow {
						powLogBody(c, tbl, x, y)
						VMULPD(k, y, y)
					} else {
						logBody(c, tbl, x, y)
					}
				}
			})
	}
}

// param returns a register holding the float64 parameter name in every
// lane.
func param(c *consts, name string) VecVirtual {
	b, err := Param(name).Resolve()
	if err != nil {
		panic(err)
	}
	v := c.vec()
	VBROADCASTSD(b.Addr, v)
	return v
}

// checkReg is the register of a check: K1 with AVX-512, a vector with
// AVX2.
func checkReg(c *consts) Register {
	if c.s.avx512 {
		return K1
	}
	return c.vec()
}

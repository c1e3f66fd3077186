package main

// verdictsAVX512 and verdictsAVX2: mtGamma.verdict (gamma.go) for the
// tries a walk's squeeze left, packed by decideMarked, 8 or 4 a register:
// the same operations in the same order, so the same answers, without
// verdict's branchless scalar code's latency per try.

import (
	"math"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// verdictConsts: the constants of verdict, 32 bytes each (a YMM memory
// operand; the AVX-512 kernel broadcasts the first 8 bytes).
var verdictConsts Mem

const (
	vcOne = 32 * iota
	vcHalf
	vcThird
	vcFour
	vcQuarter
	vcFifth
	vcSixth
	vcSeventh
	vcSeven
	vcEighth
	vcMargin
	vcAbs
	vcZero
)

func verdictConstsConstant() {
	verdictConsts = GLOBL("verdictConsts", RODATA|NOPTR)
	for i, c := range []uint64{
		math.Float64bits(1), math.Float64bits(0.5), math.Float64bits(1.0 / 3),
		math.Float64bits(4), math.Float64bits(0.25), math.Float64bits(0.2),
		math.Float64bits(1.0 / 6), math.Float64bits(1.0 / 7), math.Float64bits(7),
		math.Float64bits(0.125), math.Float64bits(0x1p-40), 1<<63 - 1, 0,
	} {
		for l := 0; l < 4; l++ {
			DATA(32*i+8*l, U64(c))
		}
	}
}

// verdicts generates verdictsAVX512 or verdictsAVX2.
func verdicts(s isa) {
	name := "verdicts" + s.suffix
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name+" sets bit e%8 of rej[e/8] and of acc[e/8] to whether mtGamma.verdict",
		"of y = ys[e] and q = qs[e], for the shape whose 3d is d3s[e], rejects and takes",
		"the try (1 and 2), for the whole groups of 8 that hold e < n (the entries after",
		"n are computed from whatever the arrays hold).")
	ys := Load(Param("ys"), GP64())
	qs := Load(Param("qs"), GP64())
	d3s := Load(Param("d3s"), GP64())
	rej := Load(Param("rej"), GP64())
	acc := Load(Param("acc"), GP64())
	n := Load(Param("n"), GP64())
	ADDQ(U8(7), n)
	SHRQ(U8(3), n) // groups
	vec := YMM
	if s.avx512 {
		vec = ZMM
	}
	// c returns the constant at off as an operand: a broadcast register
	// for AVX-512, a memory operand for AVX2 (so that no register holds
	// it: the allocator has 16).
	c := func(off int) Op {
		if s.avx512 {
			v := vec()
			VBROADCASTSD(verdictConsts.Offset(off), v)
			return v
		}
		return verdictConsts.Offset(off)
	}
	off := GP64() // bytes of the arrays done
	XORQ(off, off)
	Label(name + "_loop")
	TESTQ(n, n)
	JZ(LabelRef(name + "_done"))
	for h := 0; h < 8/s.lanes; h++ {
		at := func(base Register) Mem { return Mem{Base: base, Index: off, Scale: 1, Disp: 8 * s.lanes * h} }
		y, q := vec(), vec()
		VMOVUPD(at(ys), y)
		VMOVUPD(at(qs), q)
		// x = 1 - q, x2, x4; s = x + 0.5·x2 + (x2·x)·(1/3).
		x, x2, x4, t, sm := vec(), vec(), vec(), vec(), vec()
		VMOVUPD(c(vcOne), x)
		VSUBPD(q, x, x)
		VMULPD(x, x, x2)
		VMULPD(x2, x2, x4)
		VMULPD(c(vcHalf), x2, sm)
		VADDPD(sm, x, sm)
		VMULPD(x, x2, t)
		VMULPD(c(vcThird), t, t)
		VADDPD(t, sm, sm)
		// hi = s + x4/(4q), lo = s + 0.25·x4.
		hi, lo := vec(), vec()
		VMULPD(c(vcFour), q, t)
		VDIVPD(t, x4, t)
		VADDPD(t, sm, hi)
		VMULPD(c(vcQuarter), x4, t)
		VADDPD(t, sm, lo)
		// p = max(y, 0) (+0 for y = -0, as Go's max), y2, y3, y4.
		p, y2, y3, y4 := vec(), vec(), vec(), vec()
		VMAXPD(c(vcZero), y, p)
		VMULPD(y, y, y2)
		VMULPD(y, y2, y3)
		VMULPD(y2, y2, y4)
		// a = 0.25 - 0.2·y + y2·(1/6).
		a := vec()
		VMULPD(c(vcFifth), y, t)
		VMOVUPD(c(vcQuarter), a)
		VSUBPD(t, a, a)
		VMULPD(c(vcSixth), y2, t)
		VADDPD(t, a, a)
		// u = y4·(a - ((p·p)·p)·(1/7)).
		pp, u := vec(), vec()
		VMULPD(p, p, pp)
		VMULPD(p, pp, t)
		VMULPD(c(vcSeventh), t, t)
		VSUBPD(t, a, u)
		VMULPD(u, y4, u)
		// mn = min(1, 1+y); l = y4·(a - y3/(7·mn) + 0.125·((p·p)·(p·p))).
		mn, l := vec(), vec()
		VADDPD(c(vcOne), y, mn)
		VMINPD(c(vcOne), mn, mn) // neither is NaN
		VMULPD(c(vcSeven), mn, t)
		VDIVPD(t, y3, t)
		VSUBPD(t, a, l)
		VMULPD(pp, pp, t)
		VMULPD(c(vcEighth), t, t)
		VADDPD(t, l, l)
		VMULPD(l, y4, l)
		// k = ay/mn + ay + y2 + y2·ay.
		ay, k := vec(), vec()
		VANDPD(c(vcAbs), y, ay)
		VDIVPD(mn, ay, k)
		VADDPD(ay, k, k)
		VADDPD(y2, k, k)
		VMULPD(ay, y2, t)
		VADDPD(t, k, k)
		// margin = (hi + d3·k)·2^-40, rej: hi + margin < d3·u, acc:
		// lo - margin > d3·l, both where y <= 1.
		d3 := vec()
		VMOVUPD(at(d3s), d3)
		VMULPD(d3, k, k)
		VADDPD(k, hi, k)
		VMULPD(c(vcMargin), k, k) // the margin
		VADDPD(k, hi, hi)
		VSUBPD(k, lo, lo)
		VMULPD(d3, u, u)
		VMULPD(d3, l, l)
		if s.avx512 {
			VCMPPD(U8(cmpLE), c(vcOne), y, K2) // y <= 1
			VCMPPD(U8(cmpLT), u, hi, K2, K1)   // hi + margin < d3·u
			VCMPPD(U8(cmpGT), l, lo, K2, K3)   // lo - margin > d3·l
			KMOVB(K1, Mem{Base: rej})
			KMOVB(K3, Mem{Base: acc})
		} else {
			le := vec()
			VCMPPD(U8(cmpLE), c(vcOne), y, le)
			VCMPPD(U8(cmpLT), u, hi, hi)
			VANDPD(le, hi, hi)
			VCMPPD(U8(cmpGT), l, lo, lo)
			VANDPD(le, lo, lo)
			for i, m := range []VecVirtual{hi, lo} {
				b := GP32()
				VMOVMSKPD(m, b)
				dst := Mem{Base: []Register{rej, acc}[i]}
				if h == 0 {
					MOVB(b.As8(), dst)
				} else {
					SHLL(U8(4), b)
					ORB(b.As8(), dst)
				}
			}
		}
	}
	ADDQ(U8(64), off)
	INCQ(rej)
	INCQ(acc)
	DECQ(n)
	JMP(LabelRef(name + "_loop"))
	Label(name + "_done")
	VZEROUPPER()
	RET()
}

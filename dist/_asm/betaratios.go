package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// betaRatios generates betaRatiosAVX512 or betaRatiosAVX2: Beta's values
// X/(X+Y) from the gammas of a walk's block, X and Y in turn.
func betaRatios(s isa) {
	name := "betaRatios" + s.suffix
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name+" sets dst[k] = g[2k] / (g[2k] + g[2k+1]) for the first",
		fmt.Sprintf("min(len(dst), len(g)/2)&^%d values and returns how many.", s.lanes-1))
	dst := Load(Param("dst").Base(), GP64())
	g := Load(Param("g").Base(), GP64())
	n := Load(Param("g").Len(), GP64())
	SHRQ(U8(1), n)
	m := Load(Param("dst").Len(), GP64())
	CMPQ(m, n)
	CMOVQLT(m, n)
	ANDQ(I8(-s.lanes), n)
	Store(n, ReturnIndex(0))
	SHLQ(U8(3), n) // bytes of dst to set
	var even, odd VecVirtual
	if s.avx512 {
		even, odd = ZMM(), ZMM()
		VMOVDQU64(evenOdd, even)
		VMOVDQU64(evenOdd.Offset(64), odd)
	}
	off := GP64()
	XORQ(off, off)
	Label(name + "_loop")
	CMPQ(off, n)
	JAE(LabelRef(name + "_done"))
	if s.avx512 {
		a, b, x := ZMM(), ZMM(), ZMM()
		VMOVUPD(Mem{Base: g, Index: off, Scale: 2}, a)
		VMOVUPD(Mem{Base: g, Index: off, Scale: 2, Disp: 64}, b)
		VMOVAPD(a, x)
		VPERMT2Q(b, even, x) // the X's
		VPERMT2Q(b, odd, a)  // the Y's
		VADDPD(a, x, a)
		VDIVPD(a, x, x)
		VMOVUPD(x, Mem{Base: dst, Index: off, Scale: 1})
	} else {
		a, b, x, y := YMM(), YMM(), YMM(), YMM()
		VMOVUPD(Mem{Base: g, Index: off, Scale: 2}, a)
		VMOVUPD(Mem{Base: g, Index: off, Scale: 2, Disp: 32}, b)
		VUNPCKLPD(b, a, x) // the X's of values 0, 2, 1, 3
		VUNPCKHPD(b, a, y) // their Y's
		VADDPD(y, x, y)
		VDIVPD(y, x, x)
		VPERMPD(U8(0xD8), x, x)
		VMOVUPD(x, Mem{Base: dst, Index: off, Scale: 1})
	}
	ADDQ(U8(8*s.lanes), off)
	JMP(LabelRef(name + "_loop"))
	Label(name + "_done")
	VZEROUPPER()
	RET()
}

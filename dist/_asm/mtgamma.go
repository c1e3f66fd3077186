package main

// The constants the Marsaglia-Tsang kernels share (mttries.go's mtTries,
// tblock.go's tBlock, studentst.go's tMT) and the end of their AVX2
// versions.

import (
	"math"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// evenOdd: the VPERMT2Q indices of words 0, 2, ..., 14 and 1, 3, ..., 15
// of two registers of 8.
var evenOdd Mem

func evenOddConstant() {
	evenOdd = GLOBL("evenOdd", RODATA|NOPTR)
	for half := 0; half < 2; half++ { // in order: the assembler asks it
		for l := 0; l < 8; l++ {
			DATA(64*half+8*l, U64(uint64(2*l+half)))
		}
	}
}

// mtConsts: the AVX2 kernel's constants, 32 bytes each (a YMM memory
// operand): |x|'s mask, 1.0, 1 - 2^-53, the low byte, the mantissa mask,
// 2^52 and bit 52.
var mtConsts Mem

const (
	mtAbs = 32 * iota
	mtOne
	mtBias
	mtLow8
	mtMask52
	mtMagic
	mtBit52
)

func mtConstsConstant() {
	mtConsts = GLOBL("mtConsts", RODATA|NOPTR)
	for i, c := range []uint64{1<<63 - 1, one, math.Float64bits(1 - 0x1p-53), 0xFF, mask52, magic52, bit52} {
		for l := 0; l < 4; l++ {
			DATA(32*i+8*l, U64(c))
		}
	}
}

// mtRegs512 returns the AVX-512 Marsaglia-Tsang kernels' constants in
// registers: |x|'s mask, 1.0, 1 - 2^-53 (open01's bias) and 0.
func mtRegs512() (abs, ones, bias, zero VecVirtual) {
	abs, ones, bias, zero = ZMM(), ZMM(), ZMM(), ZMM()
	for _, b := range []struct {
		c uint64
		v VecVirtual
	}{{1<<63 - 1, abs}, {one, ones}, {math.Float64bits(1 - 0x1p-53), bias}} {
		g := GP64()
		MOVQ(U64(b.c), g)
		VPBROADCASTQ(g, b.v)
	}
	VPXORQ(zero, zero, zero)
	return abs, ones, bias, zero
}

// lanesAt is a group's vector of values v for the lanes at base+off.
type lanesAt struct {
	base Register
	v    VecVirtual
}

// partialAVX512 ends an AVX-512 kernel whose group of 8 values, each of
// stores' vectors at its base+off, had a lane that stops it (ok: the lanes
// that do not): it stores the lanes before the first such one by masked
// stores and moves off past them; at label done it returns off in values.
func partialAVX512(off, ok Register, done string, stores ...lanesAt) {
	bits := GP32()
	KMOVB(ok, bits)
	XORL(U32(0xFF), bits) // the lanes that stop, at least one
	cnt := GP32()
	BSFL(bits, cnt)
	pre := GP32() // the lanes below the first
	MOVL(bits, pre)
	NEGL(pre)
	ANDL(bits, pre)
	DECL(pre)
	KMOVB(pre, K2)
	for _, a := range stores {
		VMOVUPD(a.v, K2, Mem{Base: a.base, Index: off, Scale: 1})
	}
	LEAQ(Mem{Base: off, Index: cnt.As64(), Scale: 8}, off)

	Label(done)
	SHRQ(U8(3), off)
	Store(off, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// partialAVX2 ends an AVX2 kernel whose group of 4 values, each of
// stores' vectors at its base+off, had a slow lane (bits: the lanes that
// were not, from VMOVMSKPD): at label name_partial it blends the lanes
// before the first slow one into each base's own bytes and moves off past
// them; at label done it returns off in values.
func partialAVX2(name string, off, bits Register, done string, stores ...lanesAt) {
	// The lanes before the first slow one, blended into dst's own bytes.
	Label(name + "_partial")
	XORL(U32(15), bits) // the slow lanes, at least one
	cnt := GP32()
	BSFL(bits, cnt)
	p := GP64()
	LEAQ(prefixLanes, p)
	sh := GP64()
	MOVL(cnt, sh.As32())
	SHLQ(U8(5), sh)
	mask, old := YMM(), YMM()
	VMOVDQU(Mem{Base: p, Index: sh, Scale: 1}, mask)
	for _, a := range stores {
		VMOVUPD(Mem{Base: a.base, Index: off, Scale: 1}, old)
		VBLENDVPD(mask, a.v, old, old)
		VMOVUPD(old, Mem{Base: a.base, Index: off, Scale: 1})
	}
	LEAQ(Mem{Base: off, Index: cnt.As64(), Scale: 8}, off)

	Label(done)
	SHRQ(U8(3), off)
	Store(off, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// mtTryAVX2 makes the Marsaglia-Tsang try of the AVX2 kernels: y = c·x,
// q = open01 of the words wq, vy = 1 + y (> 0 exactly where y > -1, by
// Sterbenz) and sq, all ones in the lanes the squeeze c2·(x²·x²) <
// (1-q)·min(1, 1+y) takes. c and c2 are registers or memory operands;
// cst reads mtConsts.
func mtTryAVX2(x, wq VecVirtual, c, c2 Op, cst func(int) Mem) (y, q, vy, sq VecVirtual) {
	lhs, rhs := YMM(), YMM()
	y, q, vy, sq = YMM(), YMM(), YMM(), YMM()
	VMULPD(c, x, y)
	VPSRLQ(U8(12), wq, q)
	VPOR(cst(mtOne), q, q)
	VSUBPD(cst(mtBias), q, q) // open01
	VMULPD(x, x, lhs)
	VMULPD(lhs, lhs, lhs)
	VMULPD(c2, lhs, lhs)
	VMOVUPD(cst(mtOne), rhs)
	VSUBPD(q, rhs, rhs)        // 1 - q
	VADDPD(cst(mtOne), y, vy)  // 1 + y
	VMINPD(cst(mtOne), vy, sq) // min(1, 1+y): neither is NaN
	VMULPD(sq, rhs, rhs)
	VCMPPD(U8(cmpLT), rhs, lhs, sq)
	return y, q, vy, sq
}

// gatherTriples sets each of ws to words 3l+r (l = 0..3) of src, r its
// index in ws: a value's three words apart (tIdx at ti).
func gatherTriples(ti, src Register, ws ...VecVirtual) {
	for r, v := range ws {
		msk, idx := YMM(), YMM()
		VMOVDQU(Mem{Base: ti, Disp: 64 * r}, idx) // the first 4 of tIdx's row r
		VPCMPEQQ(msk, msk, msk)
		VPXOR(v, v, v)
		VPGATHERQQ(msk, Mem{Base: src, Index: idx, Scale: 8}, v)
	}
}

// jAVX2 sets x to float64(j) for j = int64(u)>>11 of the words u, by the
// normals kernel's bit trick: (2^52 + m) - (2^52 + 2^52·bit52), v = u>>11
// (m its low 52 bits). cst reads mtConsts.
func jAVX2(u, x VecVirtual, cst func(int) Mem) {
	v := YMM()
	VPSRLQ(U8(11), u, v)
	VPAND(cst(mtMask52), v, x)
	VPOR(cst(mtMagic), x, x)
	VPAND(cst(mtBit52), v, v)
	VPADDQ(cst(mtMagic), v, v)
	VSUBPD(v, x, x)
}

// mtCube sets g to the try's draw d·((1+y)(1+y)(1+y)) from vy = 1 + y.
func mtCube(vy, d, g VecVirtual) {
	VMULPD(vy, vy, g)
	VMULPD(vy, g, g)
	VMULPD(g, d, g)
}

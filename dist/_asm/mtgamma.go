package main

// mtGammasAVX512: the first try of Marsaglia and Tsang's gamma sampler
// (gamma.go's mtGamma.run) for 8 values per ZMM register, each from two
// words: the normal word's fast path x (normalFast: the normals kernel's
// conversion and table, the pair {w[i], float64(k[i])} gathered), y =
// c·x, q = open01 of the second word (the uniforms' bit trick), the
// squeeze c2·(x²·x²) < (1-q)·min(1, 1+y), and the value d·((1+y)(1+y)(1+y))
// times mul, each operation as the Go code rounds it. c, c2 and d are read
// lane by lane (mtLanes), so that one call serves the tries of one shape
// (Gamma) or of two in turn (Beta's X and Y).

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

func mtGammas() {
	name := "mtGammasAVX512"
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name+" sets dst[t] to the value of mtGamma.run's try from words 2t and",
		"2t+1 of src (little-endian) while each is taken at once (the normal word on",
		"its fast path, the squeeze passed), for d < mtBig: mul·(d·((1+y)(1+y)(1+y))),",
		"with the c, c2 and d of lane t%8 of l.",
		"It stops at the first try that is not, or after the last whole group of 8",
		"that fits dst and src (16 bytes a try), and returns how many it set. dst may",
		"start at or before src in the same memory: each group is loaded before its",
		"values are stored, and the bytes of dst after the values set keep theirs.")
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	n := Load(Param("src").Len(), GP64())
	SHRQ(U8(4), n) // whole tries
	m := Load(Param("dst").Len(), GP64())
	CMPQ(m, n)
	CMOVQLT(m, n)
	ANDQ(I8(-8), n)
	SHLQ(U8(3), n) // bytes of dst to set, at most

	vec := func() VecVirtual { return ZMM() }
	mulp, err := Param("mul").Resolve()
	if err != nil {
		panic(err)
	}
	mul := vec()
	VBROADCASTSD(mulp.Addr, mul)
	// c, c2 and d lane by lane (mtLanes: three arrays of 8).
	lp := Load(Param("l"), GP64())
	c, c2, d := vec(), vec(), vec()
	VMOVUPD(Mem{Base: lp}, c)
	VMOVUPD(Mem{Base: lp, Disp: 64}, c2)
	VMOVUPD(Mem{Base: lp, Disp: 128}, d)
	abs, ones, bias, low8 := vec(), vec(), vec(), vec()
	for _, b := range []struct {
		c uint64
		v VecVirtual
	}{{1<<63 - 1, abs}, {one, ones}, {math.Float64bits(1 - 0x1p-53), bias}, {0xFF, low8}} {
		g := GP64()
		MOVQ(U64(b.c), g)
		VPBROADCASTQ(g, b.v)
	}
	even, odd := vec(), vec()
	VMOVDQU64(evenOdd, even)
	VMOVDQU64(evenOdd.Offset(64), odd)
	tbl := table("·normPairs")

	off := GP64() // bytes of dst set; src's are twice as many
	XORQ(off, off)
	done := name + "_done"
	Label(name + "_loop")
	CMPQ(off, n)
	JAE(LabelRef(done))
	a, b := vec(), vec()
	VMOVDQU64(Mem{Base: src, Index: off, Scale: 2}, a)
	VMOVDQU64(Mem{Base: src, Index: off, Scale: 2, Disp: 64}, b)
	u := vec()
	VMOVDQA64(a, u)
	VPERMT2Q(b, even, u) // the normal words
	VPERMT2Q(b, odd, a)  // the uniform words
	// x, fast: normalFast.
	j, x, idx, w, k := vec(), vec(), vec(), vec(), vec()
	VPSRAQ(U8(11), u, j)
	VCVTQQ2PD(j, x)
	VPANDQ(low8, u, idx)
	VPSLLQ(U8(1), idx, idx)
	VPXORQ(w, w, w)
	KXNORB(K7, K7, K7)
	VGATHERQPD(Mem{Base: tbl, Index: idx, Scale: 8}, K7, w)
	VPXORQ(k, k, k)
	KXNORB(K7, K7, K7)
	VGATHERQPD(Mem{Base: tbl, Index: idx, Scale: 8, Disp: 8}, K7, k)
	t := vec()
	VPANDQ(abs, x, t)
	VCMPPD(U8(cmpLT), k, t, K1) // |j| < k[i]
	VMULPD(w, x, x)
	// y, q, the squeeze.
	y, q, x2, lhs, vy, rhs := vec(), vec(), vec(), vec(), vec(), vec()
	VMULPD(x, c, y)
	VPSRLQ(U8(12), a, q)
	VPORQ(ones, q, q)
	VSUBPD(bias, q, q) // open01
	VMULPD(x, x, x2)
	VMULPD(x2, x2, lhs)
	VMULPD(lhs, c2, lhs)
	VSUBPD(q, ones, rhs) // 1 - q
	VADDPD(ones, y, vy)  // 1 + y
	VMINPD(ones, vy, t)  // min(1, 1+y): neither is NaN
	VMULPD(t, rhs, rhs)
	VCMPPD(U8(cmpLT), rhs, lhs, K1, K1)
	// The value.
	VMULPD(vy, vy, t)
	VMULPD(vy, t, t)
	VMULPD(t, d, t)
	VMULPD(mul, t, t)
	KORTESTB(K1, K1)
	JCC(LabelRef(name + "_partial"))
	VMOVUPD(t, Mem{Base: dst, Index: off, Scale: 1})
	ADDQ(U8(64), off)
	JMP(LabelRef(name + "_loop"))

	// The lanes before the first slow one, by a masked store.
	Label(name + "_partial")
	bits := GP32()
	KMOVB(K1, bits)
	XORL(U32(0xFF), bits) // the slow lanes, at least one
	cnt := GP32()
	BSFL(bits, cnt)
	pre := GP32() // the lanes below the lowest slow one
	MOVL(bits, pre)
	NEGL(pre)
	ANDL(bits, pre)
	DECL(pre)
	KMOVB(pre, K2)
	VMOVUPD(t, K2, Mem{Base: dst, Index: off, Scale: 1})
	LEAQ(Mem{Base: off, Index: cnt.As64(), Scale: 8}, off)

	Label(done)
	SHRQ(U8(3), off)
	Store(off, ReturnIndex(0))
	VZEROUPPER()
	RET()
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

// mtGammasAVX2 is mtGammasAVX512 with 4 tries per YMM register: the words
// of a group separated by unpacks (lanes in the order 0, 2, 1, 3) and
// VPERMPD, float64(j) by the normals kernel's bit trick, and the values
// before the first slow try stored by a blend with dst's own (prefixLanes).
func mtGammasAVX2() {
	name := "mtGammasAVX2"
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name+" is mtGammasAVX512 in groups of 4, with the c, c2 and d of lane",
		"t%4 of l.")
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	n := Load(Param("src").Len(), GP64())
	SHRQ(U8(4), n) // whole tries
	m := Load(Param("dst").Len(), GP64())
	CMPQ(m, n)
	CMOVQLT(m, n)
	ANDQ(I8(-4), n)
	SHLQ(U8(3), n) // bytes of dst to set, at most
	mulp, err := Param("mul").Resolve()
	if err != nil {
		panic(err)
	}
	mul := YMM()
	VBROADCASTSD(mulp.Addr, mul)
	// c, c2 and d lane by lane: the first 4 of each of mtLanes' arrays.
	lp := Load(Param("l"), GP64())
	c, c2, d := YMM(), YMM(), YMM()
	VMOVUPD(Mem{Base: lp}, c)
	VMOVUPD(Mem{Base: lp, Disp: 64}, c2)
	VMOVUPD(Mem{Base: lp, Disp: 128}, d)
	k := GP64()
	LEAQ(mtConsts, k)
	cst := func(off int) Mem { return Mem{Base: k, Disp: off} }
	tbl := table("·normPairs")

	off := GP64()
	XORQ(off, off)
	done := name + "_done"
	Label(name + "_loop")
	CMPQ(off, n)
	JAE(LabelRef(done))
	a, b, u, q := YMM(), YMM(), YMM(), YMM()
	VMOVDQU(Mem{Base: src, Index: off, Scale: 2}, a)
	VMOVDQU(Mem{Base: src, Index: off, Scale: 2, Disp: 32}, b)
	VUNPCKLPD(b, a, u) // the normal words of tries 0, 2, 1, 3
	VUNPCKHPD(b, a, q) // their uniform words
	VPERMPD(U8(0xD8), u, u)
	VPERMPD(U8(0xD8), q, q)
	// float64(j) = (2^52 + m) - (2^52 + 2^52·bit52), v = u>>11.
	v, x, t := YMM(), YMM(), YMM()
	VPSRLQ(U8(11), u, v)
	VPAND(cst(mtMask52), v, x)
	VPOR(cst(mtMagic), x, x)
	VPAND(cst(mtBit52), v, v)
	VPADDQ(cst(mtMagic), v, v)
	VSUBPD(v, x, x)
	// The pair {w[i], float64(k[i])} of i = u&0xFF.
	idx, w, kk, msk := YMM(), YMM(), YMM(), YMM()
	VPAND(cst(mtLow8), u, idx)
	VPSLLQ(U8(1), idx, idx)
	VPCMPEQQ(msk, msk, msk)
	VPXOR(w, w, w)
	VGATHERQPD(msk, Mem{Base: tbl, Index: idx, Scale: 8}, w)
	VPCMPEQQ(msk, msk, msk)
	VPXOR(kk, kk, kk)
	VGATHERQPD(msk, Mem{Base: tbl, Index: idx, Scale: 8, Disp: 8}, kk)
	ok := YMM()
	VANDPD(cst(mtAbs), x, t)
	VCMPPD(U8(cmpLT), kk, t, ok) // |j| < k[i]
	VMULPD(w, x, x)
	// y, q, the squeeze.
	y, x2, lhs, vy, rhs := YMM(), YMM(), YMM(), YMM(), YMM()
	VMULPD(x, c, y)
	VPSRLQ(U8(12), q, q)
	VPOR(cst(mtOne), q, q)
	VSUBPD(cst(mtBias), q, q) // open01
	VMULPD(x, x, x2)
	VMULPD(x2, x2, lhs)
	VMULPD(lhs, c2, lhs)
	VMOVUPD(cst(mtOne), rhs)
	VSUBPD(q, rhs, rhs)       // 1 - q
	VADDPD(cst(mtOne), y, vy) // 1 + y
	VMINPD(cst(mtOne), vy, t) // min(1, 1+y): neither is NaN
	VMULPD(t, rhs, rhs)
	VCMPPD(U8(cmpLT), rhs, lhs, t)
	VANDPD(t, ok, ok)
	// The value.
	VMULPD(vy, vy, t)
	VMULPD(vy, t, t)
	VMULPD(t, d, t)
	VMULPD(mul, t, t)
	bits := GP32()
	VMOVMSKPD(ok, bits)
	CMPL(bits, U8(15))
	JNE(LabelRef(name + "_partial"))
	VMOVUPD(t, Mem{Base: dst, Index: off, Scale: 1})
	ADDQ(U8(32), off)
	JMP(LabelRef(name + "_loop"))

	partialAVX2(name, dst, off, t, bits, done)
}

// partialAVX2 ends an AVX2 kernel whose group of 4 values t at dst+off had
// a slow lane (bits: the lanes that were not, from VMOVMSKPD): at label
// name_partial it blends the lanes before the first slow one into dst's
// own bytes and moves off past them; at label done it returns off in
// values.
func partialAVX2(name string, dst, off Register, t VecVirtual, bits Register, done string) {
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
	VMOVUPD(Mem{Base: dst, Index: off, Scale: 1}, old)
	VBLENDVPD(mask, t, old, old)
	VMOVUPD(old, Mem{Base: dst, Index: off, Scale: 1})
	LEAQ(Mem{Base: off, Index: cnt.As64(), Scale: 8}, off)

	Label(done)
	SHRQ(U8(3), off)
	Store(off, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// geometricsAVX512 and geometricsAVX2: Geometric's values from the exponentials of a chunk,
// geometricValue's ⌊e·s⌋ saturated at MaxInt64, 8 per ZMM register:
// VCVTTPD2QQ truncates as Go's int64(y) for y in [0, 2^63), and the lanes
// where y < 2^63 fails (NaN included) keep MaxInt64.
//
// AVX2 has no conversion to int64: for 0 <= y < 2^52, t = y + 2^52 rounds
// y to an integer r (t's bits less 2^52's are r, exactly, up to t = 2^53),
// and r - 1 where t - 2^52 = r > y is ⌊y⌋; the kernel stops before a group
// with a y outside, which the Go loop takes.
func geometrics() {
	name := "geometricsAVX512"
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name+" sets dst[i] = geometricValue(src[i], s) for the first",
		"min(len(dst), len(src))&^7 elements, for src[i] >= 0 and s >= 0, and returns",
		"how many. dst may be src's memory.")
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	n := Load(Param("src").Len(), GP64())
	m := Load(Param("dst").Len(), GP64())
	CMPQ(m, n)
	CMOVQLT(m, n)
	ANDQ(I8(-8), n)
	SHLQ(U8(3), n) // bytes
	s, most, limit := ZMM(), ZMM(), ZMM()
	broadcastParam("s", s)
	broadcast(avx512, 1<<63-1, most)
	broadcast(avx512, 0x43E0000000000000, limit) // 2^63
	off := GP64()
	XORQ(off, off)
	Label(name + "_loop")
	CMPQ(off, n)
	JAE(LabelRef(name + "_done"))
	y, v := ZMM(), ZMM()
	VMULPD(Mem{Base: src, Index: off, Scale: 1}, s, y)
	VCMPPD(U8(cmpLT), limit, y, K1) // y < 2^63
	VMOVDQA64(most, v)
	VCVTTPD2QQ(y, K1, v)
	VMOVDQU64(v, Mem{Base: dst, Index: off, Scale: 1})
	ADDQ(U8(64), off)
	JMP(LabelRef(name + "_loop"))
	Label(name + "_done")
	SHRQ(U8(3), off)
	Store(off, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

func geometricsAVX2() {
	name := "geometricsAVX2"
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name+" sets dst[i] = geometricValue(src[i], s) for whole groups of 4 of",
		"min(len(dst), len(src)), for src[i] >= 0 and s >= 0, up to the first group",
		"holding a src[i]·s that is not below 2^52, and returns how many. dst may be",
		"src's memory.")
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	n := Load(Param("src").Len(), GP64())
	m := Load(Param("dst").Len(), GP64())
	CMPQ(m, n)
	CMOVQLT(m, n)
	ANDQ(I8(-4), n)
	SHLQ(U8(3), n) // bytes
	s, magic := YMM(), YMM()
	broadcastParam("s", s)
	broadcast(avx2, magic52, magic)
	off := GP64()
	XORQ(off, off)
	Label(name + "_loop")
	CMPQ(off, n)
	JAE(LabelRef(name + "_done"))
	y, ok, t, r := YMM(), YMM(), YMM(), YMM()
	VMULPD(Mem{Base: src, Index: off, Scale: 1}, s, y)
	VCMPPD(U8(cmpLT), magic, y, ok) // y < 2^52
	bits := GP32()
	VMOVMSKPD(ok, bits)
	CMPL(bits, U8(15))
	JNE(LabelRef(name + "_done"))
	VADDPD(magic, y, t)
	VPSUBQ(magic, t, r) // round(y)
	VSUBPD(magic, t, t)
	VCMPPD(U8(cmpGT), y, t, t) // round(y) > y: all ones, -1
	VPADDQ(t, r, r)
	VMOVDQU(r, Mem{Base: dst, Index: off, Scale: 1})
	ADDQ(U8(32), off)
	JMP(LabelRef(name + "_loop"))
	Label(name + "_done")
	SHRQ(U8(3), off)
	Store(off, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

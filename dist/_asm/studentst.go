package main

// tMTAVX2: StudentsT's values whose normal and first gamma try are taken
// at once (studentst.go's tSampler.runMT), 4 per YMM register, each from
// three words: z and x by normalFast, y = c·x, q = open01 of the third
// word, the squeeze, g = d·((1+y)(1+y)(1+y)), and mu + sigma·(z·sqrt(h/g)),
// each operation as the Go code rounds it. (AVX-512 runs tBlock, which
// marks the tries this stops at and goes on: tblock.go.)

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// tIdx: the indices of words 3l, 3l+1 and 3l+2 of 24, for the gathers.
var tIdx Mem

func tIdxConstant() {
	tIdx = GLOBL("tIdx", RODATA|NOPTR)
	for r := 0; r < 3; r++ {
		for l := 0; l < 8; l++ {
			DATA(64*r+8*l, U64(uint64(3*l+r)))
		}
	}
}

// tMTAVX2 generates tMTAVX2: float64(j) by the normals kernel's bit trick,
// the values before the first slow one stored by a blend with dst's own
// (prefixLanes).
func tMTAVX2() {
	name := "tMTAVX2"
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name+" sets dst[t] to tSampler.runMT's value from words 3t, 3t+1 and",
		"3t+2 of src (little-endian) while each is taken at once (both normal words",
		"on their fast path, the squeeze passed), with the c, c2 and d of lane 0 of",
		"l, d < mtBig. It stops at the first value that is not, or after the last",
		"whole group of 4 that fits dst and src (24 bytes a value), and returns how",
		"many it set. dst may start at or before src in the same memory.")
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	n := Load(Param("src").Len(), GP64())
	end := GP64() // the last src at which a group's 96 bytes fit
	LEAQ(Mem{Base: src, Index: n, Scale: 1, Disp: -96}, end)
	lim := Load(Param("dst").Len(), GP64())
	ANDQ(I8(-4), lim)
	SHLQ(U8(3), lim) // bytes of dst to set, at most

	bcast := func(name string) VecVirtual {
		b, err := Param(name).Resolve()
		if err != nil {
			panic(err)
		}
		v := YMM()
		VBROADCASTSD(b.Addr, v)
		return v
	}
	mu, sigma, h := bcast("mu"), bcast("sigma"), bcast("h")
	lp := Load(Param("l"), GP64())
	c, c2, d := YMM(), YMM(), YMM()
	VBROADCASTSD(Mem{Base: lp}, c)
	VBROADCASTSD(Mem{Base: lp, Disp: 64}, c2)
	VBROADCASTSD(Mem{Base: lp, Disp: 128}, d)
	k := GP64()
	LEAQ(mtConsts, k)
	cst := func(off int) Mem { return Mem{Base: k, Disp: off} }
	ti := GP64()
	LEAQ(tIdx, ti)
	tbl := table("·normPairs")

	// normal sets x to normalFast's value of the words u and ok to
	// all ones in the lanes that take the fast path.
	normal := func(u, x, ok VecVirtual) {
		t := YMM()
		jAVX2(u, x, cst)
		idx, w, kk, msk := YMM(), YMM(), YMM(), YMM()
		VPAND(cst(mtLow8), u, idx)
		VPSLLQ(U8(1), idx, idx)
		VPCMPEQQ(msk, msk, msk)
		VPXOR(w, w, w)
		VGATHERQPD(msk, Mem{Base: tbl, Index: idx, Scale: 8}, w)
		VPCMPEQQ(msk, msk, msk)
		VPXOR(kk, kk, kk)
		VGATHERQPD(msk, Mem{Base: tbl, Index: idx, Scale: 8, Disp: 8}, kk)
		VANDPD(cst(mtAbs), x, t)
		VCMPPD(U8(cmpLT), kk, t, ok) // |j| < k[i]
		VMULPD(w, x, x)
	}

	off := GP64()
	XORQ(off, off)
	done := name + "_done"
	Label(name + "_loop")
	CMPQ(off, lim)
	JAE(LabelRef(done))
	CMPQ(src, end)
	JG(LabelRef(done))
	wz, wx, wu := YMM(), YMM(), YMM()
	gatherTriples(ti, src, wz, wx, wu)
	z, x, okz, ok := YMM(), YMM(), YMM(), YMM()
	normal(wz, z, okz)
	normal(wx, x, ok)
	VANDPD(okz, ok, ok)
	_, _, vy, sq := mtTryAVX2(x, wu, c, c2, cst)
	VANDPD(sq, ok, ok)
	// g, then the value.
	t := YMM()
	mtCube(vy, d, t)
	VDIVPD(t, h, t) // h/g
	VSQRTPD(t, t)
	VMULPD(t, z, t)
	VMULPD(t, sigma, t)
	VADDPD(t, mu, t)
	bits := GP32()
	VMOVMSKPD(ok, bits)
	CMPL(bits, U8(15))
	JNE(LabelRef(name + "_partial"))
	VMOVUPD(t, Mem{Base: dst, Index: off, Scale: 1})
	ADDQ(U8(32), off)
	ADDQ(U8(96), src)
	JMP(LabelRef(name + "_loop"))

	partialAVX2(name, off, bits, done, lanesAt{dst, t})
}

package main

// boostRunAVX512 and boostRunAVX2: the boosted gamma's draws (gamma.go's
// gammaSampler.boostWords) whose first try is taken at once, each from
// three words: x by normalFast, y = c·x, q = open01 of the second word,
// the squeeze c2·(x²·x²) < (1-q)·min(1, 1+y), the draw d·((1+y)(1+y)(1+y))
// and the boost's uniform, open01 of the third word, each operation as
// the Go code rounds it. They stop at the first value whose normal word
// misses the fast path or whose try the squeeze does not take (a try with
// y <= -1 never passes it), which the Go code draws.

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// boostRun generates boostRunAVX512 or boostRunAVX2.
func boostRun(s isa) {
	name := "boostRun" + s.suffix
	lanes := 4
	if s.avx512 {
		lanes = 8
	}
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name+" sets gs[t] to the draw d·((1+y)(1+y)(1+y)) and us[t] to the uniform",
		"of word 3t+2 of src (little-endian) for the values t whose try, from words 3t",
		"(a normal word on its fast path, y = c·x) and 3t+1 (q), the squeeze takes, with",
		fmt.Sprintf("the c, c2 and d of lane 0 of l, d < mtBig. It stops at the first value that is not, or after the last whole group of %d that fits gs, us and src (24 bytes a value), and returns how many it set. gs may start at or before src in the same memory.", lanes))
	gs := Load(Param("gs").Base(), GP64())
	us := Load(Param("us").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	n := Load(Param("src").Len(), GP64())
	end := GP64() // the last src at which a group's words fit
	LEAQ(Mem{Base: src, Index: n, Scale: 1, Disp: -24 * lanes}, end)
	lim := Load(Param("gs").Len(), GP64())
	ul := Load(Param("us").Len(), GP64())
	CMPQ(lim, ul)
	CMOVQGT(ul, lim)
	ANDQ(I8(-int8(lanes)), lim)
	SHLQ(U8(3), lim) // bytes of gs and us to set, at most
	vec := YMM
	if s.avx512 {
		vec = ZMM
	}
	lp := Load(Param("l"), GP64())
	c, c2, d := vec(), vec(), vec()
	VBROADCASTSD(Mem{Base: lp}, c)
	VBROADCASTSD(Mem{Base: lp, Disp: 64}, c2)
	VBROADCASTSD(Mem{Base: lp, Disp: 128}, d)
	tbl := table("·normPairs")
	off := GP64() // bytes of gs and us set
	XORQ(off, off)
	if s.avx512 {
		boostRunBody512(name, gs, us, src, end, lim, off, tbl, c, c2, d)
	} else {
		boostRunBody2(name, gs, us, src, end, lim, off, tbl, c, c2, d)
	}
}

// boostRunBody512 is boostRun's loop on AVX-512: the words of a group
// separated by permutes (tPerm), the table's rows read by loads.
func boostRunBody512(name string, gs, us, src, end, lim, off, tbl Register, c, c2, d VecVirtual) {
	abs, ones, bias, zero := ZMM(), ZMM(), ZMM(), ZMM()
	for _, b := range []struct {
		c uint64
		v VecVirtual
	}{{1<<63 - 1, abs}, {one, ones}, {0x3FEFFFFFFFFFFFFF, bias}} {
		g := GP64()
		MOVQ(U64(b.c), g)
		VPBROADCASTQ(g, b.v)
	}
	VPXORQ(zero, zero, zero)
	i1s, i2s := []VecVirtual{ZMM(), ZMM(), ZMM()}, []VecVirtual{ZMM(), ZMM(), ZMM()}
	for r := range 3 {
		VMOVDQU64(tPerm.Offset(128*r), i1s[r])
		VMOVDQU64(tPerm.Offset(128*r+64), i2s[r])
	}
	Label(name + "_loop")
	CMPQ(off, lim)
	JAE(LabelRef(name + "_done"))
	CMPQ(src, end)
	JG(LabelRef(name + "_done"))
	at := func(r int) Mem { return Mem{Base: src, Disp: 64 * r} }
	wx, wq, wu := ZMM(), ZMM(), ZMM()
	for r, v := range []VecVirtual{wx, wq, wu} {
		VMOVDQU64(at(0), v)
		VPERMT2Q(at(1), i1s[r], v)
		VPERMT2Q(at(2), i2s[r], v)
	}
	// x, fast: normalFast.
	j, x, w, k, t := ZMM(), ZMM(), ZMM(), ZMM(), ZMM()
	VPSRAQ(U8(11), wx, j)
	VCVTQQ2PD(j, x)
	lookupRows(avx512, true, tbl, at(0), 24, w, k, t)
	VPANDQ(abs, x, t)
	VCMPPD(U8(cmpLT), k, t, K1) // |j| < k[i]
	VMULPD(w, x, x)
	// y, q, the squeeze.
	y, q, x2, lhs, vy, rhs := ZMM(), ZMM(), ZMM(), ZMM(), ZMM(), ZMM()
	mtTryAVX512(x, wq, c, c2, ones, bias, y, q, x2, lhs, vy, rhs)
	VMINPD(ones, vy, t) // min(1, 1+y): neither is NaN
	VMULPD(t, rhs, rhs)
	VCMPPD(U8(cmpLT), rhs, lhs, K1, K1)
	// The draw and the uniform.
	mtCube(vy, d, t)
	u := ZMM()
	VPSRLQ(U8(12), wu, u)
	VPORQ(ones, u, u)
	VSUBPD(bias, u, u) // open01
	KORTESTB(K1, K1)
	JCC(LabelRef(name + "_stop"))
	VMOVUPD(t, Mem{Base: gs, Index: off, Scale: 1})
	VMOVUPD(u, Mem{Base: us, Index: off, Scale: 1})
	ADDQ(U8(64), off)
	ADDQ(U32(192), src)
	JMP(LabelRef(name + "_loop"))

	Label(name + "_stop")
	partialAVX512(off, K1, name+"_done", lanesAt{gs, t}, lanesAt{us, u})
}

// boostRunBody2 is boostRun's loop on AVX2, 4 values a register: the
// words gathered (tIdx), float64(j) by the normals kernel's bit trick, the
// table's rows read by loads, the values before the first that stops
// blended into gs's and us's own bytes (prefixLanes).
func boostRunBody2(name string, gs, us, src, end, lim, off, tbl Register, c, c2, d VecVirtual) {
	kc := GP64()
	LEAQ(mtConsts, kc)
	cst := func(o int) Mem { return Mem{Base: kc, Disp: o} }
	ti := GP64()
	LEAQ(tIdx, ti)
	Label(name + "_loop")
	CMPQ(off, lim)
	JAE(LabelRef(name + "_done"))
	CMPQ(src, end)
	JG(LabelRef(name + "_done"))
	wx, wq, wu := YMM(), YMM(), YMM()
	for r, v := range []VecVirtual{wx, wq, wu} {
		msk, idx := YMM(), YMM()
		VMOVDQU(Mem{Base: ti, Disp: 64 * r}, idx) // the first 4 of tIdx's row r
		VPCMPEQQ(msk, msk, msk)
		VPXOR(v, v, v)
		VPGATHERQQ(msk, Mem{Base: src, Index: idx, Scale: 8}, v)
	}
	// x, fast: normalFast, float64(j) = (2^52 + m) - (2^52 + 2^52·bit52).
	v, x, t := YMM(), YMM(), YMM()
	VPSRLQ(U8(11), wx, v)
	VPAND(cst(mtMask52), v, x)
	VPOR(cst(mtMagic), x, x)
	VPAND(cst(mtBit52), v, v)
	VPADDQ(cst(mtMagic), v, v)
	VSUBPD(v, x, x)
	w, kk, sc := YMM(), YMM(), YMM()
	lookupStride(avx2, tbl, Mem{Base: src}, 24, w, kk, sc)
	ok := YMM()
	VANDPD(cst(mtAbs), x, t)
	VCMPPD(U8(cmpLT), kk, t, ok) // |j| < k[i]
	VMULPD(w, x, x)
	// y, q, the squeeze, the draw.
	vy := mtTryAVX2(x, wq, c, c2, cst, ok)
	mtCube(vy, d, t)
	// The uniform.
	u := YMM()
	VPSRLQ(U8(12), wu, u)
	VPOR(cst(mtOne), u, u)
	VSUBPD(cst(mtBias), u, u) // open01
	bits := GP32()
	VMOVMSKPD(ok, bits)
	CMPL(bits, U8(15))
	JNE(LabelRef(name + "_partial"))
	VMOVUPD(t, Mem{Base: gs, Index: off, Scale: 1})
	VMOVUPD(u, Mem{Base: us, Index: off, Scale: 1})
	ADDQ(U8(32), off)
	ADDQ(U8(96), src)
	JMP(LabelRef(name + "_loop"))

	partialAVX2(name, off, bits, name+"_done", lanesAt{gs, t}, lanesAt{us, u})
}

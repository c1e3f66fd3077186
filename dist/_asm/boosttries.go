package main

// boostTriesAVX512: the tries of a boosted gamma (Gamma(a) =
// Gamma(a+1)·exp(-E/a), a < 1) for the Go walk (gamma.go's
// gammaSampler.boostWalk), 8 per ZMM register, each from three words:
// Marsaglia and Tsang's try of Gamma(a+1) from the first two (x's normal
// word and q's) and the boost's exponential E from the third. A try is
// always three words (gammaSampler.boostTry), so the kernel never stops:
// it marks the tries whose normal or exponential word misses its fast
// path (the walk continues them in Go) and those with y <= -1 or that the
// squeeze does not take (the walk decides them by the exact test from
// their y and q), as mtTriesAVX512 does for tries of two words. Each lane
// has its own shape, as mtTriesAVX512's (Gamma's walk passes one shape in
// every lane).

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func boostTries() {
	name := "boostTriesAVX512"
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name+" makes the tries of words 3t, 3t+1 and 3t+2 of src (little-endian)",
		fmt.Sprintf("for the first m = min(len(src)/24, %d)&^7 of them and returns m: vals[t] is", mtBlockLen),
		"d·((1+y)(1+y)(1+y)) for x the fast-path value of the first word, y = c·x",
		"and q the open01 of the second (the c, c2 and d of lane t%8 of l, d < mtBig),",
		"us[t] expFast's value of the third; ys[t] and qs[t] are its y and q; bit",
		"t%64 of slow[t/64] is set where the normal or the exponential word misses",
		"its fast path, and of",
		"und[t/64] where y <= -1 or the squeeze does not take the try. The arrays",
		"after the m tries hold anything.")
	vals, ys, qs, und, slow, src, n := triesArgs(3)
	us := Load(Param("us"), GP64())
	lp := Load(Param("l"), GP64())
	c, c2, d := ZMM(), ZMM(), ZMM() // lane i for the tries t = i mod 8
	VMOVUPD(Mem{Base: lp}, c)
	VMOVUPD(Mem{Base: lp, Disp: 64}, c2)
	VMOVUPD(Mem{Base: lp, Disp: 128}, d)
	abs, ones, bias, zero := mtRegs512()
	tbl := table("·normPairs")

	off := GP64() // bytes of vals set; src's are three times as many
	o := GP64()
	XORQ(off, off)
	XORQ(o, o)
	done := name + "_done"
	Label(name + "_loop")
	CMPQ(off, n)
	JAE(LabelRef(done))
	// The words of x, q and u.
	at := func(r int) Mem { return Mem{Base: src, Index: o, Scale: 1, Disp: 64 * r} }
	wx, wq, wu := triples(at)
	j, x, w, k, t := ZMM(), ZMM(), ZMM(), ZMM(), ZMM()
	VPSRAQ(U8(11), wx, j)
	VCVTQQ2PD(j, x)
	lookupRows(avx512, true, tbl, at(0), 24, w, k, t)
	VPANDQ(abs, x, t)
	VCMPPD(U8(cmpLT), k, t, K1) // |j| < k[i]: the fast path
	VMULPD(w, x, x)
	y, q, x2, lhs, vy, rhs := ZMM(), ZMM(), ZMM(), ZMM(), ZMM(), ZMM()
	mtTryAVX512(x, wq, c, c2, ones, bias, y, q, x2, lhs, vy, rhs)
	VCMPPD(U8(cmpLT), vy, zero, K2)
	VMINPD(ones, vy, t) // min(1, 1+y): neither is NaN
	VMULPD(t, rhs, rhs)
	VCMPPD(U8(cmpLT), rhs, lhs, K2, K2) // y > -1 and the squeeze takes it
	u := ZMM()
	um := at(0)
	um.Disp = 16
	expWord512(wu, um, 24, u, K1)
	VMOVUPD(u, Mem{Base: us, Index: off, Scale: 1})
	mtCube(vy, d, t)
	storeTries512(vals, ys, qs, slow, und, off, t, y, q, K1, K2)
	ADDQ(U8(64), off)
	ADDQ(U32(192), o)
	JMP(LabelRef(name + "_loop"))

	Label(done)
	VZEROUPPER()
	RET()
}

// boostTriesAVX2 is boostTriesAVX512 with 4 tries per register, two
// registers (a byte of marks) per step, written as tBlockAVX2 is: the
// words of a register's tries and their ziggurats' rows loaded word by
// word, each register written whole, the constants and the shape's
// parameters as memory operands (the kernel needs the general-purpose
// registers).
func boostTriesAVX2() {
	name := "boostTriesAVX2"
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name + " is boostTriesAVX512 with 4 tries per register.")
	vals, ys, qs, und, slow, src, n := triesArgs(3)
	lp := Load(Param("l"), GP64())
	c, c2, d := Mem{Base: lp}, Mem{Base: lp, Disp: 64}, Mem{Base: lp, Disp: 128}
	cst := func(off int) Mem { return mtConsts.Offset(off) }

	off := GP64() // bytes of vals set; src's are three times as many
	XORQ(off, off)
	done := name + "_done"
	Label(name + "_loop")
	CMPQ(off, n)
	JAE(LabelRef(done))
	for hh := range 2 {
		words := func(r int) VecVirtual { return tripleWordsAVX2(src, r) }
		x, ok := YMM(), YMM()
		normalAVX2(words(0), table("·normPairs"), Mem{Base: src}, x, ok, cst)
		// e: expFast's value of the third words, its fast paths ANDed
		// into ok.
		e, f := YMM(), YMM()
		expWordAVX2(words(2), Mem{Base: src, Disp: 16}, 24, e, f, cst)
		VANDPD(f, ok, ok)
		us := Load(Param("us"), GP64())
		VMOVUPD(e, Mem{Base: us, Index: off, Scale: 1, Disp: 32 * hh})
		y, q, vy, sq := mtTryAVX2(x, words(1), c, c2, cst)
		marksAVX2(hh, vy, ok, sq, slow, und)
		g := YMM()
		VMULPD(vy, vy, g) // mtCube, d from memory
		VMULPD(vy, g, g)
		VMULPD(d, g, g)
		storeTriesAVX2(hh, g, y, q, vals, ys, qs, off, src)
	}
	endStepAVX2(name, slow, und, off)
}

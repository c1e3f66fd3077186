package main

// tBlockAVX512: the tries of StudentsT's values for the Go walk
// (studentst.go's tSampler.walk), 8 per ZMM register, each from three
// words as tMTAVX2's (the words of a group separated by permutes, the
// ziggurat's rows read by loads: both measured faster than gathers). A try
// is always three words (tSampler.tryMT), so the kernel never stops: it
// marks the tries whose normal words miss the fast path (the walk makes
// them in Go, and drops the tries whose words they draw) and those the
// squeeze does not take (the walk decides them by the exact test from
// their y and q).

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// tPerm: the VPERMT2Q indices that gather words 3l+r (l = 0..7) of 24 in
// two steps, for r = 0, 1, 2: from the first 16 words those below 16, then
// from those and the last 8 the rest.
var tPerm Mem

func tPermConstant() {
	tPerm = GLOBL("tPerm", RODATA|NOPTR)
	for r := 0; r < 3; r++ {
		for l := 0; l < 8; l++ {
			w := 3*l + r
			first := uint64(l) // the first step's: word w of 0..15, else any
			if w < 16 {
				first = uint64(w)
			}
			DATA(128*r+8*l, U64(first))
		}
		for l := 0; l < 8; l++ {
			w := 3*l + r
			second := uint64(l) // the first step's lane l
			if w >= 16 {
				second = uint64(8 + w - 16)
			}
			DATA(128*r+64+8*l, U64(second))
		}
	}
}

// triples returns the words 3l, 3l+1 and 3l+2 (l = 0..7) of the 24 at
// at(0), at(1), at(2) (three registers' worth), each by two permutes
// (tPerm): the words of 8 tries of three words, by their place in a try.
func triples(at func(r int) Mem) (w0, w1, w2 VecVirtual) {
	w0, w1, w2 = ZMM(), ZMM(), ZMM()
	for r, v := range []VecVirtual{w0, w1, w2} {
		i1, i2 := ZMM(), ZMM()
		VMOVDQU64(tPerm.Offset(128*r), i1)
		VMOVDQU64(tPerm.Offset(128*r+64), i2)
		VMOVDQU64(at(0), v)
		VPERMT2Q(at(1), i1, v)
		VPERMT2Q(at(2), i2, v)
	}
	return w0, w1, w2
}

func tBlock() {
	name := "tBlockAVX512"
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name+" makes the tries of words 3t, 3t+1 and 3t+2 of src (little-endian)",
		fmt.Sprintf("for the first m = min(len(src)/24, %d)&^7 of them and returns m: vals[t] is", mtBlockLen),
		"mu + sigma·(z·sqrt(h/g)) for z and x the fast-path values of the first two",
		"words, y = c·x, q = open01 of the third and g = d·((1+y)(1+y)(1+y)) (the c,",
		"c2 and d of lane 0 of l, d < mtBig); ys[t] and qs[t] are its y and q; bit",
		"t%64 of slow[t/64] is set where a normal word misses the fast path, and of",
		"und[t/64] where y <= -1 or the squeeze does not take the try. The arrays",
		"after the m tries hold anything.")
	vals, ys, qs, und, slow, src, n := triesArgs(3)
	bcast := func(name string) VecVirtual {
		b, err := Param(name).Resolve()
		if err != nil {
			panic(err)
		}
		v := ZMM()
		VBROADCASTSD(b.Addr, v)
		return v
	}
	h := bcast("h")
	addr := func(name string) Mem { // mu and sigma: broadcast from memory
		b, err := Param(name).Resolve()
		if err != nil {
			panic(err)
		}
		return b.Addr
	}
	mu, sigma := addr("mu"), addr("sigma")
	lp := Load(Param("l"), GP64())
	c, c2, d := ZMM(), ZMM(), ZMM()
	VBROADCASTSD(Mem{Base: lp}, c)
	VBROADCASTSD(Mem{Base: lp, Disp: 64}, c2)
	VBROADCASTSD(Mem{Base: lp, Disp: 128}, d)
	abs, ones, bias, zero := mtRegs512()

	// normal sets x to the fast-path values of the words u (at mem, 24
	// bytes apart) and ok to the lanes that take the fast path.
	normal := func(u VecVirtual, mem Mem, x VecVirtual, ok Register) {
		tbl := table("·normPairs")
		j, w, k, t := ZMM(), ZMM(), ZMM(), ZMM()
		VPSRAQ(U8(11), u, j)
		VCVTQQ2PD(j, x)
		lookupRows(avx512, true, tbl, mem, 24, w, k, t)
		VPANDQ(abs, x, t)
		VCMPPD(U8(cmpLT), k, t, ok) // |j| < k[i]
		VMULPD(w, x, x)
	}

	off := GP64() // bytes of vals set; src's are three times as many
	o := GP64()
	XORQ(off, off)
	XORQ(o, o)
	done := name + "_done"
	Label(name + "_loop")
	CMPQ(off, n)
	JAE(LabelRef(done))
	// The words of z, x and u.
	at := func(r int) Mem { return Mem{Base: src, Index: o, Scale: 1, Disp: 64 * r} }
	wz, wx, wu := triples(at)
	z, x := ZMM(), ZMM()
	normal(wz, at(0), z, K1)
	xm := at(0)
	xm.Disp = 8
	normal(wx, xm, x, K2)
	y, q, x2, lhs, vy, rhs, t := ZMM(), ZMM(), ZMM(), ZMM(), ZMM(), ZMM(), ZMM()
	mtTryAVX512(x, wu, c, c2, ones, bias, y, q, x2, lhs, vy, rhs)
	VCMPPD(U8(cmpLT), vy, zero, K3)
	VMINPD(ones, vy, t) // min(1, 1+y): neither is NaN
	VMULPD(t, rhs, rhs)
	VCMPPD(U8(cmpLT), rhs, lhs, K3, K3) // y > -1 and the squeeze takes it
	mtCube(vy, d, t)
	VDIVPD(t, h, t) // h/g
	VSQRTPD(t, t)
	VMULPD(t, z, t)
	VMULPD_BCST(sigma, t, t)
	VADDPD_BCST(mu, t, t)
	KANDB(K1, K2, K1)
	storeTries512(vals, ys, qs, slow, und, off, t, y, q, K1, K3)
	ADDQ(U8(64), off)
	ADDQ(U32(192), o)
	JMP(LabelRef(name + "_loop"))

	Label(done)
	VZEROUPPER()
	RET()
}

// tripleWordsAVX2 returns words 3l+r (l = 0..3) of the 12 at src, the
// r-th words of 4 tries of three words, by loads, the register written
// whole (avo takes a register written in part as live from the kernel's
// start, and runs out of the 16).
func tripleWordsAVX2(src Register, r int) VecVirtual {
	v, lo, hi := YMM(), XMM(), XMM()
	VMOVQ(Mem{Base: src, Disp: 8 * r}, lo)
	VPINSRQ(U8(1), Mem{Base: src, Disp: 24 + 8*r}, lo, lo)
	VMOVQ(Mem{Base: src, Disp: 48 + 8*r}, hi)
	VPINSRQ(U8(1), Mem{Base: src, Disp: 72 + 8*r}, hi, hi)
	VINSERTI128(U8(1), hi, lo.AsY(), v)
	return v
}

// rowsAVX2 sets w and k to the pairs {w[i], float64(k[i])} of the table
// at tbl for the 4 words at mem, stride bytes apart (a try's word of 4
// tries), i their low bytes: lookupRows' loads, each register written
// whole (see tripleWordsAVX2).
func rowsAVX2(tbl Register, mem Mem, stride int, w, k VecVirtual) {
	entry := func(l int) Mem { return rowEntry(tbl, mem, stride, l) }
	var pairs [2]VecVirtual
	for h := range pairs {
		lo := XMM()
		pairs[h] = YMM()
		VMOVUPD(entry(h), lo)
		VINSERTF128(U8(1), entry(2+h), lo.AsY(), pairs[h])
	}
	VUNPCKLPD(pairs[1], pairs[0], w)
	VUNPCKHPD(pairs[1], pairs[0], k)
}

// normalAVX2 sets x to normalFast's value of the words u (at mem, 24
// bytes apart; tbl holds normPairs' address) and ok to all ones in the
// lanes that take the fast path. cst reads mtConsts.
func normalAVX2(u VecVirtual, tbl Register, mem Mem, x, ok VecVirtual, cst func(int) Mem) {
	t := YMM()
	jAVX2(u, x, cst)
	w, kk := YMM(), YMM()
	rowsAVX2(tbl, mem, 24, w, kk)
	VANDPD(cst(mtAbs), x, t)
	VCMPPD(U8(cmpLT), kk, t, ok) // |j| < k[i]
	VMULPD(w, x, x)
}

// marksAVX2 ANDs y > -1 (vy = 1 + y > 0) into sq and writes the marks of
// half hh of an AVX2 tries kernel's step: the lanes off ok (the fast
// paths) into the byte at slow and those off sq (not taken) into the byte
// at und, the second half's ORed in above the first's.
func marksAVX2(hh int, vy, ok, sq VecVirtual, slow, und Register) {
	t := YMM()
	VXORPD(t, t, t)
	VCMPPD(U8(cmpLT), vy, t, t) // y > -1
	VANDPD(t, sq, sq)
	for i, m := range []VecVirtual{ok, sq} {
		bits := GP32()
		VMOVMSKPD(m, bits)
		XORL(U8(15), bits) // off a fast path; not taken
		at := Mem{Base: []Register{slow, und}[i]}
		if hh == 0 {
			MOVB(bits.As8(), at)
		} else {
			SHLL(U8(4), bits)
			ORB(bits.As8(), at)
		}
	}
}

// storeTriesAVX2 stores half hh of an AVX2 tries kernel's step, a
// register of tries' values v, y and q, at vals, ys and qs (off the bytes
// of the step's first), and steps src past the half's words (three a try).
func storeTriesAVX2(hh int, v, y, q VecVirtual, vals, ys, qs, off, src Register) {
	for i, r := range []VecVirtual{v, y, q} {
		VMOVUPD(r, Mem{Base: []Register{vals, ys, qs}[i], Index: off, Scale: 1, Disp: 32 * hh})
	}
	ADDQ(U8(96), src)
}

// endStepAVX2 ends an AVX2 tries kernel's step (its marks' bytes and 8
// tries' values written) and the kernel after its last step.
func endStepAVX2(name string, slow, und, off Register) {
	INCQ(slow)
	INCQ(und)
	ADDQ(U8(64), off)
	JMP(LabelRef(name + "_loop"))

	Label(name + "_done")
	VZEROUPPER()
	RET()
}

// tBlockAVX2 is tBlockAVX512 with 4 tries per YMM register, two registers
// (a byte of marks) per step: the words of a register's tries and their
// normals' rows loaded word by word (a gather indexed by register 4 is
// read wrongly by qemu's AVX2: TestGatherIndexNotRegister4).
func tBlockAVX2() {
	name := "tBlockAVX2"
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name + " is tBlockAVX512 with 4 tries per register.")
	vals, ys, qs, und, slow, src, n := triesArgs(3)
	addr := func(name string) Mem { // broadcast from memory where used
		b, err := Param(name).Resolve()
		if err != nil {
			panic(err)
		}
		return b.Addr
	}
	mu, sigma, hp := addr("mu"), addr("sigma"), addr("h")
	// c, c2 and d from l as memory operands (every lane of l holds
	// StudentsT's one shape), so that no register holds them.
	lp := Load(Param("l"), GP64())
	c, c2, d := Mem{Base: lp}, Mem{Base: lp, Disp: 64}, Mem{Base: lp, Disp: 128}
	// The constants by their symbols, not by registers: the kernel needs
	// the general-purpose registers.
	cst := func(off int) Mem { return mtConsts.Offset(off) }
	tbl := table("·normPairs")

	off := GP64() // bytes of vals set; src's are three times as many
	XORQ(off, off)
	done := name + "_done"
	Label(name + "_loop")
	CMPQ(off, n)
	JAE(LabelRef(done))
	for hh := range 2 {
		words := func(r int) VecVirtual { return tripleWordsAVX2(src, r) }
		z, x, okz, ok := YMM(), YMM(), YMM(), YMM()
		normalAVX2(words(0), tbl, Mem{Base: src}, z, okz, cst)
		normalAVX2(words(1), tbl, Mem{Base: src, Disp: 8}, x, ok, cst)
		VANDPD(okz, ok, ok)
		wu := words(2)
		y, q, vy, sq := mtTryAVX2(x, wu, c, c2, cst)
		marksAVX2(hh, vy, ok, sq, slow, und)
		t := YMM()
		VMULPD(vy, vy, t) // mtCube, d from memory
		VMULPD(vy, t, t)
		VMULPD(d, t, t)
		hv := YMM()
		VBROADCASTSD(hp, hv)
		VDIVPD(t, hv, t) // h/g
		VSQRTPD(t, t)
		VMULPD(t, z, t)
		VBROADCASTSD(sigma, hv)
		VMULPD(t, hv, t)
		VBROADCASTSD(mu, hv)
		VADDPD(t, hv, t)
		storeTriesAVX2(hh, t, y, q, vals, ys, qs, off, src)
	}
	endStepAVX2(name, slow, und, off)
}

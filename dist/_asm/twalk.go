package main

// tWalkAVX512: StudentsT's values for the Go walk (studentst.go's
// tSampler.walk), 8 per ZMM register, each from three words as tMTAVX2's
// (the words of a group separated by permutes, the ziggurat's rows read by
// loads: both measured faster than gathers), but without stopping where
// the Go code draws more words: a normal word off the fast path is decided
// by normalSlow's wedge test in the kernel, and where y <= -1 the gamma's
// next try is made from the next word, as the Go code goes on in both
// cases (a group then starts at the words the Go code draws next, its
// first value taking the normals already drawn).
// It stops at a try the squeeze does not take (the walk decides it: where
// the exact test rejects it the words after it are the next try's, so the
// values after it cannot be made before), at a normal word of the tail
// strip, or where too few words are left for a group after a try it goes
// on from.

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// tBlockLen is the most values a call makes, and tRec the offset in
// tScratch (studentst.go) of the z, y and q of a value it stops at.
const (
	tBlockLen = 128
	tRec      = 8 * tBlockLen
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

func tWalk() {
	name := "tWalkAVX512"
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name+" sets dst[t] to StudentsT's value mu + sigma·(z·sqrt(h/g)) (g the",
		"first gamma try's d·((1+y)(1+y)(1+y))) for the values t taken in turn from the",
		"words of src (little-endian; tBlockLen values at most and no more than",
		"len(dst)), a group of 8 at a time while one fits dst and src. A value is",
		"normally three words z, x, q; at a normal word off the fast path it makes",
		"normalSlow's wedge test and where y <= -1 it goes on with a new x, as",
		"tSampler.drawMT does, the normals drawn so far carried into the next group's",
		"first value. It stops at a first try the squeeze does not take, at a normal",
		"word of the tail strip, or where a group would not fit after a try it goes on",
		"from. It returns the values set, the bytes of src they drew, and stop: 0",
		"(none), 1 (at a value whose z word is at that byte), 2 (at a value whose z is",
		"the last result, its gamma drawn from that byte on) or 3 (at a value whose",
		"first try the squeeze does not take: its value in dst at the values set, its",
		"z, y and q in sc, the byte after the try). dst is written in whole groups of",
		"8.")
	dst := Load(Param("dst").Base(), GP64())
	sc := Load(Param("sc"), GP64())
	src := Load(Param("src").Base(), GP64())
	// The bytes of src and the values to set at most, in memory: the
	// stops need the registers.
	nr, err := Param("src").Len().Resolve()
	if err != nil {
		panic(err)
	}
	n := nr.Addr
	slots := AllocLocal(8)
	{
		v, most := Load(Param("dst").Len(), GP64()), GP64()
		MOVQ(U32(tBlockLen), most)
		CMPQ(v, most)
		CMOVQGT(most, v)
		MOVQ(v, slots)
	}

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
	abs, ones, bias, low8, zero := ZMM(), ZMM(), ZMM(), ZMM(), ZMM()
	for _, b := range []struct {
		c uint64
		v VecVirtual
	}{{1<<63 - 1, abs}, {one, ones}, {0x3FEFFFFFFFFFFFFF, bias}, {0xFF, low8}} {
		g := GP64()
		MOVQ(U64(b.c), g)
		VPBROADCASTQ(g, b.v)
	}
	VPXORQ(zero, zero, zero)
	zc, xc := ZMM(), ZMM() // the carried z (K3) and x (K4) of lane 0
	VPXORQ(zc, zc, zc)
	VPXORQ(xc, xc, xc)
	KXORB(K3, K3, K3)
	KXORB(K4, K4, K4)

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

	sl, o := GP64(), GP64() // values set, bytes of src drawn
	XORQ(sl, sl)
	XORQ(o, o)
	done, stop := name+"_done", name+"_stop"
	// What a group leaves a stop: z, x, y, q, its values t, and K1, K2
	// (z's and x's fast paths), K5 (y > -1) and K6 (the values that do not
	// stop it).
	z, x, y, q, t := ZMM(), ZMM(), ZMM(), ZMM(), ZMM()
	e := GP64()
	group := func(carry bool) {
		// The words of z, x and u: words 3l, 3l+1 and 3l+2 of the 24, two
		// permutes each from the three registers' worth (tPerm).
		at := func(r int) Mem { return Mem{Base: src, Index: o, Scale: 1, Disp: 64 * r} }
		wz, wx, wu := ZMM(), ZMM(), ZMM()
		for r, v := range []VecVirtual{wz, wx, wu} {
			i1, i2 := ZMM(), ZMM()
			VMOVDQU64(tPerm.Offset(128*r), i1)
			VMOVDQU64(tPerm.Offset(128*r+64), i2)
			VMOVDQU64(at(0), v)
			VPERMT2Q(at(1), i1, v)
			VPERMT2Q(at(2), i2, v)
		}
		normal(wz, at(0), z, K1)
		xm := at(0)
		xm.Disp = 8
		normal(wx, xm, x, K2)
		if carry {
			// The normals carried into value 0 (a wedge test passed, or
			// an x with y <= -1 drawn again).
			VMOVAPD(zc, K3, z)
			VMOVAPD(xc, K4, x)
			KORB(K3, K1, K1)
			KORB(K4, K2, K2)
			KXORB(K3, K3, K3)
			KXORB(K4, K4, K4)
		}
		x2, lhs, vy, rhs := ZMM(), ZMM(), ZMM(), ZMM()
		mtTryAVX512(x, wu, c, c2, ones, bias, y, q, x2, lhs, vy, rhs)
		VCMPPD(U8(cmpLT), vy, zero, K5)
		VMINPD(ones, vy, t) // min(1, 1+y): neither is NaN
		VMULPD(t, rhs, rhs)
		VCMPPD(U8(cmpLT), rhs, lhs, K6) // the squeeze takes it
		mtCube(vy, d, t)
		VDIVPD(t, h, t) // h/g
		VSQRTPD(t, t)
		VMULPD(t, z, t)
		VMULPD_BCST(sigma, t, t)
		VADDPD_BCST(mu, t, t)
		VMOVUPD(t, Mem{Base: dst, Index: sl, Scale: 8}) // dst is scratch: whole groups
		KANDB(K1, K6, K6)
		KANDB(K2, K6, K6)
		KANDB(K5, K6, K6) // the values that do not stop the group
		KORTESTB(K6, K6)
		JCC(LabelRef(stop))
		ADDQ(U8(8), sl)
		ADDQ(U32(192), o)
		JMP(LabelRef(name + "_loop"))
	}
	Label(name + "_loop")
	LEAQ(Mem{Base: sl, Disp: 8}, e)
	CMPQ(e, slots)
	JA(LabelRef(done))
	LEAQ(Mem{Base: o, Disp: 192}, e)
	CMPQ(e, n)
	JA(LabelRef(done))
	// (One group, with the merge of the carried normals, K3 and K4 empty
	// but after a stop that carries: a second copy without the merge
	// overflows avo's register allocator.)
	group(true)

	Label(stop)
	bits := GP32()
	KMOVB(K6, bits)
	XORL(U32(0xFF), bits) // the lanes that stop, at least one
	s := GP32()
	BSFL(bits, s)
	ADDQ(s.As64(), sl)
	pos := GP64() // the value's z word
	LEAQ(Mem{Base: s.As64(), Index: s.As64(), Scale: 2}, pos)
	SHLQ(U8(3), pos)
	ADDQ(o, pos)
	// Lane s of z and x, and whether each took the fast path.
	idx, zs, xs := ZMM(), ZMM(), ZMM()
	VPBROADCASTQ(s.As64(), idx)
	VPERMPD(z, idx, zs)
	VPERMPD(x, idx, xs)
	{ // the record of a value whose try the squeeze does not take
		ys, qs := ZMM(), ZMM()
		VPERMPD(y, idx, ys)
		VPERMPD(q, idx, qs)
		VMOVSD(zs.AsX(), Mem{Base: sc, Disp: tRec})
		VMOVSD(ys.AsX(), Mem{Base: sc, Disp: tRec + 8})
		VMOVSD(qs.AsX(), Mem{Base: sc, Disp: tRec + 16})
	}
	// Where it stops if it does (the results used and stop, set in turn
	// as the value's words are decided): at the value.
	Store(pos, ReturnIndex(1))
	ret := GP64()
	MOVQ(U32(1), ret)
	Store(ret, ReturnIndex(2))
	room := func(at Register) { // to the return unless a group fits at at
		LEAQ(Mem{Base: at, Disp: 192}, e)
		CMPQ(e, n)
		JA(LabelRef(name + "_return"))
		LEAQ(Mem{Base: sl, Disp: 8}, e)
		CMPQ(e, slots)
		JA(LabelRef(name + "_return"))
	}
	// goOn starts the next group at byte pos+at, after checking that it
	// fits, its value 0 taking z (and x) as drawn (K3 and K4 are empty
	// after a group).
	one := GP32()
	MOVL(U32(1), one)
	goOn := func(at int, carryX bool) {
		LEAQ(Mem{Base: pos, Disp: at}, o)
		room(o)
		VBROADCASTSD(zs.AsX(), zc)
		KMOVB(one, K3)
		if carryX {
			VBROADCASTSD(xs.AsX(), xc)
			KMOVB(one, K4)
		}
		JMP(LabelRef(name + "_loop"))
	}
	fz := GP32()
	KMOVB(K1, fz)
	BTL(s, fz)
	JCS(LabelRef(name + "_zfast"))
	// z missed the fast path: the wedge test of its word, the height from
	// the next; taken, x and q follow.
	LEAQ(Mem{Base: pos, Disp: 8}, e)
	tWedge(src, pos, e, zs, name+"_return", name+"_ztook")
	LEAQ(Mem{Base: pos, Disp: 16}, o) // not taken: a new z
	room(o)
	JMP(LabelRef(name + "_loop"))
	Label(name + "_ztook")
	goOn(8, false)

	Label(name + "_zfast")
	// z taken: the value goes on as draw with z (result 2 if it stops).
	MOVQ(U32(2), ret)
	Store(ret, ReturnIndex(2))
	fx := GP32()
	KMOVB(K2, fx)
	BTL(s, fx)
	JCS(LabelRef(name + "_xfast"))
	// x missed the fast path: its wedge test, the height from q's word.
	next := GP64()
	LEAQ(Mem{Base: pos, Disp: 8}, next)
	Store(next, ReturnIndex(1))
	LEAQ(Mem{Base: pos, Disp: 16}, e)
	tWedge(src, next, e, xs, name+"_return", name+"_xtook")
	goOn(16, false) // not taken: a new x after q's word, z kept
	Label(name + "_xtook")
	goOn(8, true) // q from the word after the two

	Label(name + "_xfast")
	// z and x taken: y <= -1, or the squeeze does not take the try (result
	// 3: its z, y and q in sc).
	vk := GP32()
	KMOVB(K5, vk)
	BTL(s, vk)
	JCC(LabelRef(name + "_yneg"))
	LEAQ(Mem{Base: pos, Disp: 24}, e)
	Store(e, ReturnIndex(1))
	MOVQ(U32(3), ret)
	Store(ret, ReturnIndex(2))
	JMP(LabelRef(name + "_return"))

	Label(name + "_yneg")
	// y <= -1: a new x from q's word, z kept.
	LEAQ(Mem{Base: pos, Disp: 16}, e)
	Store(e, ReturnIndex(1))
	goOn(8, false)

	Label(name + "_return")
	Store(sl, ReturnIndex(0))
	Store(zs.AsX(), ReturnIndex(3))
	VZEROUPPER()
	RET()

	Label(done)
	Store(sl, ReturnIndex(0))
	Store(o, ReturnIndex(1))
	XORQ(e, e)
	Store(e, ReturnIndex(2))
	Store(zero.AsX(), ReturnIndex(3))
	VZEROUPPER()
	RET()
}

// tWedge makes normalSlow's wedge test of the normal word at src+at, its
// value x (lane 0), the height's uniform the open01 of the word at
// src+hat: it jumps to tail for the tail strip, to took if x is taken,
// and falls through if not.
func tWedge(src, at, hat Register, x VecVirtual, tail, took string) {
	i := GP64()
	MOVBQZX(Mem{Base: src, Index: at, Scale: 1}, i)
	TESTQ(i, i)
	JZ(LabelRef(tail))
	SHLQ(U8(4), i)
	u := GP64()
	MOVQ(Mem{Base: src, Index: hat, Scale: 1}, u)
	SHRQ(U8(12), u)
	g := GP64()
	MOVQ(U64(one), g)
	ORQ(g, u)
	kc := GP64()
	LEAQ(mtConsts, kc)
	qh := XMM()
	VMOVQ(u, qh)
	VSUBSD(Mem{Base: kc, Disp: mtBias}, qh, qh) // open01
	wt := table("·normWedges")
	hv := XMM()
	VMULSD(Mem{Base: wt, Index: i, Scale: 1, Disp: 8}, qh, hv)
	VADDSD(Mem{Base: wt, Index: i, Scale: 1}, hv, hv)
	// -x²/2 = (-0.5·x)·x: halving is exact here (|x| > 2^-60).
	arg := XMM()
	VMULSD(Mem{Base: kc, Disp: mtNegHalf}, x.AsX(), arg)
	VMULSD(x.AsX(), arg, arg)
	cs := newConsts(avx512)
	av, ev := cs.vec(), cs.vec()
	VBROADCASTSD(arg, av)
	expBody(cs, table("·expTab"), av, ev)
	VUCOMISD(ev.AsX(), hv) // CF: h < exp (neither is NaN)
	JCS(LabelRef(took))
}

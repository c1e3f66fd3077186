package main

// boostRunAVX512 and boostRunAVX2: the boosted gamma's draws (gamma.go's
// gammaSampler.boostWords) whose first try is taken at once, each from
// three words: x by normalFast, y = c·x, q = open01 of the second word,
// the squeeze c2·(x²·x²) < (1-q)·min(1, 1+y), the draw d·((1+y)(1+y)(1+y))
// and the boost's exponential, expFast's value of the third word, each
// operation as the Go code rounds it. They stop at the first value whose
// normal or exponential word misses its fast path or whose try the
// squeeze does not take (a try with y <= -1 never passes it), which the
// Go code draws. boostRunZAVX512 and
// boostRunZAVX2 are the same with a normal z drawn before each value
// (StudentsT's), four words a value, its word on the fast path too.

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// boostRun generates boostRunAVX512 or boostRunAVX2, or with z
// boostRunZAVX512 or boostRunZAVX2. The gamma's parameters are read lane by
// lane (mtLanes): one gamma's in every lane, or Beta's two in turn.
func boostRun(s isa, z bool) {
	name, words, zDoc := "boostRun"+s.suffix, 3, ""
	if z {
		name, words, zDoc = "boostRunZ"+s.suffix, 4, " and zs[t] to normalFast's value of word 4t (on its fast path), the words of the value after it"
	}
	lanes := 4
	if s.avx512 {
		lanes = 8
	}
	Implement(name)
	Attributes(NOSPLIT)
	x0 := fmt.Sprintf("%dt", words)
	if z {
		x0 = "4t+1"
	}
	Doc(fmt.Sprintf("%s sets gs[t] to the draw d·((1+y)(1+y)(1+y)) and us[t] to the exponential of word %dt+%d of src (little-endian, on its fast path)%s, for the values t whose try, from words %s (a normal word on its fast path, y = c·x) and the one after it (q), the squeeze takes, with the c, c2 and d of lane t%%%d of l (d < mtBig). It stops at the first value that is not, or after the last whole group of %d that fits the outputs and src (%d bytes a value), and returns how many it set. gs may start at or before src in the same memory.", name, words, words-1, zDoc, x0, lanes, lanes, 8*words))
	var zs Register
	if z {
		zs = Load(Param("zs").Base(), GP64())
	}
	gs := Load(Param("gs").Base(), GP64())
	us := Load(Param("us").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	n := Load(Param("src").Len(), GP64())
	end := GP64() // the last src at which a group's words fit
	LEAQ(Mem{Base: src, Index: n, Scale: 1, Disp: -8 * words * lanes}, end)
	lim := Load(Param("gs").Len(), GP64())
	lens := []string{"us"}
	if z {
		lens = append(lens, "zs")
	}
	for _, o := range lens {
		l := Load(Param(o).Len(), GP64())
		CMPQ(lim, l)
		CMOVQGT(l, lim)
	}
	ANDQ(I8(-int8(lanes)), lim)
	SHLQ(U8(3), lim) // bytes of each output to set, at most
	vec := YMM
	if s.avx512 {
		vec = ZMM
	}
	lp := Load(Param("l"), GP64())
	c, c2, d := vec(), vec(), vec()
	VMOVUPD(Mem{Base: lp}, c)
	VMOVUPD(Mem{Base: lp, Disp: 64}, c2)
	VMOVUPD(Mem{Base: lp, Disp: 128}, d)
	r := boostRegs{name: name, zs: zs, gs: gs, us: us, src: src, end: end, lim: lim, tbl: table("·normPairs"), c: c, c2: c2, d: d, z: z}
	r.off = GP64() // bytes of each output set
	XORQ(r.off, r.off)
	if s.avx512 {
		boostRunBody512(r)
	} else {
		boostRunBody2(r)
	}
}

// boostRegs are a boostRun kernel's registers and its kind.
type boostRegs struct {
	name                                string
	zs, gs, us, src, end, lim, off, tbl Register
	c, c2, d                            VecVirtual
	z                                   bool
}

// boostRunBody512 is boostRun's loop on AVX-512: the words of a group
// separated by permutes (tPerm for three words a value, quadPerm for
// four), the table's rows read by loads.
func boostRunBody512(r boostRegs) {
	name, gs, us, src, off := r.name, r.gs, r.us, r.src, r.off
	abs, ones, bias, _ := mtRegs512()
	words := 3
	var perm []VecVirtual
	if r.z {
		words = 4
		for i := range 4 {
			perm = append(perm, ZMM())
			VMOVDQU64(quadPerm.Offset(64*i), perm[i])
		}
	} else {
		for i := range 6 {
			perm = append(perm, ZMM())
			VMOVDQU64(tPerm.Offset(64*i), perm[i])
		}
	}
	Label(name + "_loop")
	CMPQ(off, r.lim)
	JAE(LabelRef(name + "_done"))
	CMPQ(src, r.end)
	JG(LabelRef(name + "_done"))
	at := func(i int) Mem { return Mem{Base: src, Disp: 64 * i} }
	var wz, wx, wq, wu VecVirtual
	if r.z {
		// Words 4l+i: first words 4l, 4l+1 (and 4l+2, 4l+3) of values 0-3
		// and of values 4-7 side by side, then those halves joined.
		ab, cd := [2]VecVirtual{ZMM(), ZMM()}, [2]VecVirtual{ZMM(), ZMM()}
		for h := range 2 {
			VMOVDQU64(at(0), ab[h])
			VPERMT2Q(at(1), perm[h], ab[h])
			VMOVDQU64(at(2), cd[h])
			VPERMT2Q(at(3), perm[h], cd[h])
		}
		wz, wx, wq, wu = ZMM(), ZMM(), ZMM(), ZMM()
		for i, v := range []VecVirtual{wz, wx, wq, wu} {
			VMOVDQA64(ab[i/2], v)
			VPERMT2Q(cd[i/2], perm[2+i%2], v)
		}
	} else {
		wx, wq, wu = ZMM(), ZMM(), ZMM()
		for i, v := range []VecVirtual{wx, wq, wu} {
			VMOVDQU64(at(0), v)
			VPERMT2Q(at(1), perm[2*i], v)
			VPERMT2Q(at(2), perm[2*i+1], v)
		}
	}
	// normal sets x to normalFast's value of the words u, those at mem
	// and every 8·words bytes after, and ANDs their fast paths into K1
	// (into a new K1 where first).
	normal := func(u VecVirtual, mem Mem, x VecVirtual, first bool) {
		j, w, k, t := ZMM(), ZMM(), ZMM(), ZMM()
		VPSRAQ(U8(11), u, j)
		VCVTQQ2PD(j, x)
		lookupRows(avx512, true, r.tbl, mem, 8*words, w, k, t)
		VPANDQ(abs, x, t)
		if first {
			VCMPPD(U8(cmpLT), k, t, K1) // |j| < k[i]
		} else {
			VCMPPD(U8(cmpLT), k, t, K1, K1)
		}
		VMULPD(w, x, x)
	}
	var zv VecVirtual
	x := ZMM()
	if r.z {
		zv = ZMM()
		normal(wz, at(0), zv, true)
		xm := at(0)
		xm.Disp = 8
		normal(wx, xm, x, false)
	} else {
		normal(wx, at(0), x, true)
	}
	// y, q, the squeeze.
	t := ZMM()
	y, q, x2, lhs, vy, rhs := ZMM(), ZMM(), ZMM(), ZMM(), ZMM(), ZMM()
	mtTryAVX512(x, wq, r.c, r.c2, ones, bias, y, q, x2, lhs, vy, rhs)
	VMINPD(ones, vy, t) // min(1, 1+y): neither is NaN
	VMULPD(t, rhs, rhs)
	VCMPPD(U8(cmpLT), rhs, lhs, K1, K1)
	// The draw and the exponential.
	mtCube(vy, r.d, t)
	um := at(0)
	um.Disp = 8 * (words - 1)
	u := ZMM()
	expWord512(wu, um, 8*words, u, K1)
	stores := []lanesAt{{gs, t}, {us, u}}
	if r.z {
		stores = append(stores, lanesAt{r.zs, zv})
	}
	KORTESTB(K1, K1)
	JCC(LabelRef(name + "_stop"))
	for _, a := range stores {
		VMOVUPD(a.v, Mem{Base: a.base, Index: off, Scale: 1})
	}
	ADDQ(U8(64), off)
	ADDQ(U32(64*words), src)
	JMP(LabelRef(name + "_loop"))

	Label(name + "_stop")
	partialAVX512(off, K1, name+"_done", stores...)
}

// expWord512 sets e to expFast's value of the words u, those at mem and
// every stride bytes after (j = u>>11, i = u&0xFF, float64(j)·w[i]), and
// ANDs their fast paths (j < k[i]) into ok.
func expWord512(u VecVirtual, mem Mem, stride int, e VecVirtual, ok Register) {
	j, w, k, t := ZMM(), ZMM(), ZMM(), ZMM()
	VPSRLQ(U8(11), u, j)
	VCVTQQ2PD(j, e)
	lookupRows(avx512, true, table("·expPairs"), mem, stride, w, k, t)
	VCMPPD(U8(cmpLT), k, e, ok, ok) // j < k[i]
	VMULPD(w, e, e)
}

// expWordAVX2 is expWord512 on AVX2, ok set to all ones in the lanes on
// the fast path: float64(j) by the exponentials kernel's bit trick, (2^52
// + m) - (bit 52 of j clear ? 2^52 : 0), m the low 52 bits of j. cst reads
// mtConsts.
func expWordAVX2(u VecVirtual, mem Mem, stride int, e, ok VecVirtual, cst func(int) Mem) {
	zero, j := YMM(), YMM()
	VPXOR(zero, zero, zero)
	VPCMPGTQ(u, zero, ok) // u's sign bit, bit 52 of j, set
	VPSRLQ(U8(11), u, j)
	VPAND(cst(mtMask52), j, e)
	VPOR(cst(mtMagic), e, e)
	VPANDN(cst(mtMagic), ok, ok)
	VSUBPD(ok, e, e)
	w, k := YMM(), YMM()
	rowsAVX2(table("·expPairs"), mem, stride, w, k)
	VCMPPD(U8(cmpLT), k, e, ok) // j < k[i]
	VMULPD(w, e, e)
}

// quadPerm: the VPERMT2Q indices that gather words 4l+i (l = 0..7) of 32
// in two steps: from each 16, words 4l and 4l+1 (row 0) or 4l+2 and 4l+3
// (row 1) of its four values, the first's in lanes 0-3 and the second's
// in 4-7; then the lanes 0-3 (row 2) or 4-7 (row 3) of two such.
var quadPerm Mem

func quadPermConstant() {
	quadPerm = GLOBL("quadPerm", RODATA|NOPTR)
	for row := range 4 { // in order: the assembler asks it
		for lane := range 8 {
			l, hi := lane%4, uint64(lane/4)
			var v uint64
			if row < 2 {
				v = uint64(4*l+2*row) + hi
			} else {
				v = 8*hi + uint64(4*(row-2)+l)
			}
			DATA(64*row+8*lane, U64(v))
		}
	}
}

// boostRunBody2 is boostRun's loop on AVX2, 4 values a register: the
// words gathered (tIdx) for three a value, or a value's four in a register
// transposed by unpacks and 128-bit permutes, float64(j) by the normals
// kernel's bit trick, the table's rows read by loads, the values before
// the first that stops blended into the outputs' own bytes (prefixLanes).
func boostRunBody2(r boostRegs) {
	name, src, off := r.name, r.src, r.off
	kc := GP64()
	LEAQ(mtConsts, kc)
	cst := func(o int) Mem { return Mem{Base: kc, Disp: o} }
	words := 3
	var ti Register
	if r.z {
		words = 4
	} else {
		ti = GP64()
		LEAQ(tIdx, ti)
	}
	Label(name + "_loop")
	CMPQ(off, r.lim)
	JAE(LabelRef(name + "_done"))
	CMPQ(src, r.end)
	JG(LabelRef(name + "_done"))
	var wz, wx, wq, wu VecVirtual
	if r.z {
		var v [4]VecVirtual
		for i := range v {
			v[i] = YMM()
			VMOVDQU(Mem{Base: src, Disp: 32 * i}, v[i])
		}
		t0, t1, t2, t3 := YMM(), YMM(), YMM(), YMM()
		VUNPCKLPD(v[1], v[0], t0) // z0 z1 q0 q1
		VUNPCKHPD(v[1], v[0], t1) // x0 x1 u0 u1
		VUNPCKLPD(v[3], v[2], t2) // z2 z3 q2 q3
		VUNPCKHPD(v[3], v[2], t3) // x2 x3 u2 u3
		wz, wx, wq, wu = YMM(), YMM(), YMM(), YMM()
		VPERM2F128(U8(0x20), t2, t0, wz)
		VPERM2F128(U8(0x31), t2, t0, wq)
		VPERM2F128(U8(0x20), t3, t1, wx)
		VPERM2F128(U8(0x31), t3, t1, wu)
	} else {
		wx, wq, wu = YMM(), YMM(), YMM()
		gatherTriples(ti, src, wx, wq, wu)
	}
	// normal sets x to normalFast's value of the words u, those at mem
	// and every 8·words bytes after, and ok to all ones in the lanes that
	// take the fast path: float64(j) = (2^52 + m) - (2^52 + 2^52·bit52).
	normal := func(u VecVirtual, mem Mem, x, ok VecVirtual) {
		t := YMM()
		jAVX2(u, x, cst)
		w, kk, sc := YMM(), YMM(), YMM()
		lookupStride(avx2, r.tbl, mem, 8*words, w, kk, sc)
		VANDPD(cst(mtAbs), x, t)
		VCMPPD(U8(cmpLT), kk, t, ok) // |j| < k[i]
		VMULPD(w, x, x)
	}
	x, ok := YMM(), YMM()
	var zv VecVirtual
	if r.z {
		zv = YMM()
		okz := YMM()
		normal(wz, Mem{Base: src}, zv, okz)
		normal(wx, Mem{Base: src, Disp: 8}, x, ok)
		VANDPD(okz, ok, ok)
	} else {
		normal(wx, Mem{Base: src}, x, ok)
	}
	// y, q, the squeeze, the draw.
	_, _, vy, sq := mtTryAVX2(x, wq, r.c, r.c2, cst)
	VANDPD(sq, ok, ok)
	t := YMM()
	mtCube(vy, r.d, t)
	// The exponential.
	u, oku := YMM(), YMM()
	expWordAVX2(wu, Mem{Base: src, Disp: 8 * (words - 1)}, 8*words, u, oku, cst)
	VANDPD(oku, ok, ok)
	stores := []lanesAt{{r.gs, t}, {r.us, u}}
	if r.z {
		stores = append(stores, lanesAt{r.zs, zv})
	}
	bits := GP32()
	VMOVMSKPD(ok, bits)
	CMPL(bits, U8(15))
	JNE(LabelRef(name + "_partial"))
	for _, a := range stores {
		VMOVUPD(a.v, Mem{Base: a.base, Index: off, Scale: 1})
	}
	ADDQ(U8(32), off)
	ADDQ(U32(32*words), src)
	JMP(LabelRef(name + "_loop"))

	partialAVX2(name, off, bits, name+"_done", stores...)
}

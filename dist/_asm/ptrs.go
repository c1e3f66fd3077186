package main

// triesAVX512 and triesAVX2: the tries of PTRS and BTRS (poisson.go's and
// binomial.go's propose and test: one shape for both), 8 per ZMM register
// (4 per YMM, two registers a group of 8), each from two words x and y:
//
//	u = open01(x) - 1/2     (the uniforms' bit trick: exact, as tryUF's)
//	us = 1/2 - |u|
//	t = float64((twoA/us + b)·u) + c
//	k = m + ⌊t⌋
//	v = open01(y)
//	sq: us >= 0.07 and int64(y>>12) <= vrM (the squeeze)
//	quick: us < quick and v > us (PTRS's quick rejection; quick = 0 for BTRS)
//	valid: |t| < 2^52, uint64(k) <= uint64(kmax), not quick
//	passes: float64(float64(v·alpha)·us²) <= float64(r·(a + float64(b·us²)))
//
// for r = memo[k - lo], each operation as the Go code rounds it (no FMA).
// A try is accepted (st 1) if sq, or valid with k in the memo's window, r
// != 0 and passes; rejected (st 0) if neither sq nor valid; else (valid
// but r not at hand) listed in idx for test, which makes it again and
// decides, computing r. The comparisons of us and v with 0.013 and
// each other are those of their integers (tryU's mu, my), exactly.
//
// With AVX-512 the floor is the Go code's own: VCVTTPD2QQ truncates as
// int64(t) does on amd64, less 1 where float64(i) > t. AVX2 has no
// conversion to int64: VROUNDPD rounds t down, and ⌊t⌋ + 1.5·2^52 is exact
// while |⌊t⌋| <= 2^51, its bits less those of 1.5·2^52 then ⌊t⌋ as an
// int64. So both decide only tries with |t| < 2^51 and list those with
// 2^51 <= |t| < 2^52 (none in practice: us below about 2^-40), for which
// test gives its own k; every try the squeeze takes has |t| < 2^36.
//
// Per group of 8 tries the accepted lanes and the listed ones are each a
// byte (KMOVB, VMOVMSKPD): bitBytes spreads the first to the 8 flag bytes
// of st, and keptLanes' entry for the second lists its tries, written 8
// bytes at once at idx[nt] (the bytes after the nt-th are scratch: nt <=
// the group's first try, so they stay within idx).

import (
	"math"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// tryBatchLen is the length of the batch's arrays (poisson.go's).
const tryBatchLen = 128

// bitBytes: entry m (8 bytes) holds bit l of m in byte l.
var bitBytes Mem

func bitBytesConstant() {
	bitBytes = GLOBL("bitBytes", RODATA|NOPTR)
	for m := 0; m < 256; m++ {
		for l := 0; l < 8; l++ {
			DATA(8*m+l, U8(uint8(m>>l&1)))
		}
	}
}

// ptrsConsts: the constants of the tries, 32 bytes each (a YMM memory
// operand; AVX-512 broadcasts the first 8 bytes): 1.0's bits, 1 - 2^-53,
// |x|'s mask, 0.07, 1.5·2^52, 2^51, 2^52, 0.5 and 8 in every byte.
var ptrsConsts Mem

const (
	pcOne = 32 * iota
	pcBias
	pcAbs
	pc007
	pcMagic
	pc51
	pc52
	pcHalf
	pcStep
)

// Compare predicate (VCMPPD's imm8): unordered or not equal, as Go's !=.
const cmpNE = 0x04

func ptrsConstsConstant() {
	ptrsConsts = GLOBL("ptrsConsts", RODATA|NOPTR)
	for i, c := range []uint64{one, math.Float64bits(1 - 0x1p-53), 1<<63 - 1, math.Float64bits(0.07),
		math.Float64bits(0x1p52 + 0x1p51), math.Float64bits(0x1p51), math.Float64bits(0x1p52), math.Float64bits(0.5),
		0x0808080808080808} {
		for l := 0; l < 4; l++ {
			DATA(32*i+8*l, U64(c))
		}
	}
}

func tries(s isa) {
	name := "tries" + s.suffix
	Implement(name)
	// Not NOSPLIT: the frame holds a register's worth of each of 14
	// constants (beyond NOSPLIT's limit with AVX-512).
	Doc(name+" makes the tries of PTRS or BTRS from the little-endian words of",
		"p, two a try, for the first min(len(p)/16, tryBatchLen)&^7 tries (see",
		"asmTries), and returns how many tries it leaves to test.")
	kp := Load(Param("k"), GP64())
	st := Load(Param("st"), GP64())
	idx := Load(Param("idx"), GP64())
	memo := Load(Param("memo"), GP64())
	src := Load(Param("p").Base(), GP64())
	n := Load(Param("p").Len(), GP64())
	SHRQ(U8(4), n) // whole tries
	most := GP64()
	MOVQ(U32(tryBatchLen), most)
	CMPQ(n, most)
	CMOVQGT(most, n)
	ANDQ(I8(-8), n)

	vec := func() VecVirtual {
		if s.avx512 {
			return ZMM()
		}
		return YMM()
	}
	param := func(name string) Mem {
		b, err := Param(name).Resolve()
		if err != nil {
			panic(err)
		}
		return b.Addr
	}
	// The parameters that only ever come second: registers for the
	// proposal's (b, c), slots of the frame for the others (the
	// registers are too few: 16 YMM, and 32 ZMM less the constants).
	width := 8 * s.lanes
	local := AllocLocal(width * 15)
	idxSlot := local.Offset(width * 14) // AVX2: the indices of memo's loads
	slot := 0
	operand := func(load func(v VecVirtual)) Op {
		v := vec()
		load(v)
		if slot < 0 {
			return v
		}
		at := local.Offset(width * slot)
		slot++
		if s.avx512 {
			VMOVDQU64(v, at)
		} else {
			VMOVDQU(v, at)
		}
		return at
	}
	bcastF := func(name string) Op {
		return operand(func(v VecVirtual) { VBROADCASTSD(param(name), v) })
	}
	bcastI := func(name string) Op {
		return operand(func(v VecVirtual) { VPBROADCASTQ(param(name), v) })
	}
	konst := func(off int) Op {
		if s.avx512 {
			return operand(func(v VecVirtual) { VPBROADCASTQ(ptrsConsts.Offset(off), v) })
		}
		return ptrsConsts.Offset(off)
	}
	ones, bias, abs, c007, big51, big52 := konst(pcOne), konst(pcBias), konst(pcAbs), konst(pc007),
		konst(pc51), konst(pc52)
	a, alpha, quick := bcastF("a"), bcastF("alpha"), bcastF("quick")
	m, vrM, kmax, lo, last := bcastI("m"), bcastI("vrM"), bcastI("kmax"), bcastI("lo"), bcastI("last")
	slot = -1 // registers from here
	bv, c := bcastF("b"), bcastF("c")
	twoA, half := vec(), vec()
	VBROADCASTSD(param("twoA"), twoA)
	VPBROADCASTQ(ptrsConsts.Offset(pcHalf), half)
	var magic Op
	var minus1, even, odd VecVirtual
	if !s.avx512 {
		magic = konst(pcMagic)
	} else {
		minus1 = vec()
		VPTERNLOGQ(U8(0xFF), minus1, minus1, minus1) // all ones: -1
		even, odd = vec(), vec()
		VMOVDQU64(evenOdd, even)
		VMOVDQU64(evenOdd.Offset(64), odd)
	}
	kept, spread := GP64(), GP64()
	LEAQ(keptLanes, kept)
	LEAQ(bitBytes, spread)
	rep := GP64() // the group's first try in every byte
	XORQ(rep, rep)

	// try makes the tries whose words x and y are in X and Y (in try
	// order), storing their k at kmem, and sets the bits of the lanes
	// accepted (stBits) and of those to list (listBits); with AVX-512 the
	// K registers K6 and K4 hold them.
	try := func(X, Y VecVirtual, kmem Mem, stBits, listBits Register) {
		u, us, t := vec(), vec(), vec()
		VPSRLQ(U8(12), X, u)
		if s.avx512 {
			VPORQ(ones, u, u)
		} else {
			VPOR(ones, u, u)
		}
		VSUBPD(bias, u, u) // open01(x)
		VSUBPD(half, u, u) // u, exact
		VANDPD(abs, u, us)
		VSUBPD(us, half, us) // us = 1/2 - |u|
		VDIVPD(us, twoA, t)
		VADDPD(bv, t, t)
		VMULPD(u, t, t)
		VADDPD(c, t, t) // t
		at := u         // u is spent
		VANDPD(abs, t, at)
		my, v := vec(), vec()
		VPSRLQ(U8(12), Y, my)
		if s.avx512 {
			VPORQ(ones, my, v)
		} else {
			VPOR(ones, my, v)
		}
		VSUBPD(bias, v, v) // v = open01(y)
		k := vec()
		if s.avx512 {
			// K1: cand, K2: far, K3: sq, K4: quick, then list; K5, K6, K7.
			VCMPPD(U8(cmpLT), big51, at, K1) // |t| < 2^51
			VCMPPD(U8(cmpLT), big52, at, K2) // |t| < 2^52: in
			KANDNB(K2, K1, K2)               // far: in, not within 2^51
			fi := vec()
			VCVTTPD2QQ(t, k)
			VCVTQQ2PD(k, fi)
			VCMPPD(U8(cmpGT), t, fi, K3) // float64(i) > t
			VPADDQ(minus1, k, K3, k)     // less 1 there
			VPADDQ(m, k, k)
			VMOVDQU64(k, kmem)
			VPCMPUQ(U8(2), kmax, k, K1, K1) // and uint64(k) <= uint64(kmax)
			VCMPPD(U8(cmpGE), c007, us, K3) // us >= 0.07
			VPCMPQ(U8(2), vrM, my, K3, K3)  // and my <= vrM: sq
			VCMPPD(U8(cmpLT), quick, us, K4)
			VCMPPD(U8(cmpGT), us, v, K4, K4) // quick: us < quick and v > us
			KORB(K3, K4, K4)                 // sq or quick: neither tested nor listed
			KANDNB(K1, K4, K1)               // cand
			KANDNB(K2, K4, K2)               // far
			i := vec()
			VPSUBQ(lo, k, i)
			VPCMPUQ(U8(2), last, i, K1, K5) // cand within the memo
			KMOVB(K5, K7)
			r := vec()
			VPXORQ(r, r, r)
			VGATHERQPD(Mem{Base: memo, Index: i, Scale: 8}, K7, r)
			z := vec()
			VPXORQ(z, z, z)
			VCMPPD(U8(cmpNE), z, r, K5, K5) // and memo[i] != 0
			// passes: float64(float64(v*alpha)*us2) <= float64(r*(a+float64(b*us2)))
			us2, l, rh := vec(), vec(), vec()
			VMULPD(us, us, us2)
			VMULPD(alpha, v, l)
			VMULPD(us2, l, l)
			VMULPD(bv, us2, rh)
			VADDPD(a, rh, rh)
			VMULPD(rh, r, rh)
			VCMPPD(U8(cmpLE), rh, l, K5, K6)
			KORB(K3, K6, K6)   // accepted: sq, or passes
			KANDNB(K1, K5, K1) // cand not decided
			KORB(K1, K2, K4)   // list
			return
		}
		// AVX2: the same with all-ones lanes for the K registers.
		cand, far := vec(), vec()
		VCMPPD(U8(cmpLT), big51, at, cand)
		VCMPPD(U8(cmpLT), big52, at, far)
		VANDNPD(far, cand, far)
		VROUNDPD(U8(9), t, t) // ⌊t⌋ (round down, no precision exception)
		VADDPD(magic, t, t)
		VPSUBQ(magic, t, k)
		VPADDQ(m, k, k)
		VMOVDQU(k, kmem)
		z := vec()
		VPXOR(z, z, z)
		VPCMPGTQ(k, z, z) // k < 0
		VANDNPD(cand, z, cand)
		z = vec()
		VPCMPGTQ(kmax, k, z) // k > kmax
		VANDNPD(cand, z, cand)
		sq, q := vec(), vec()
		VCMPPD(U8(cmpGE), c007, us, sq)
		VPCMPGTQ(vrM, my, my) // my > vrM
		VANDNPD(sq, my, sq)
		VCMPPD(U8(cmpLT), quick, us, q)
		z = vec()
		VCMPPD(U8(cmpGT), us, v, z)
		VANDPD(z, q, q)
		VORPD(sq, q, q) // sq or quick
		VANDNPD(cand, q, cand)
		VANDNPD(far, q, far)
		i, w := vec(), vec()
		VPSUBQ(lo, k, i)
		VPXOR(w, w, w)
		VPCMPGTQ(i, w, w) // i < 0
		z = vec()
		VPCMPGTQ(last, i, z) // i > last
		VORPD(z, w, w)
		VANDNPD(cand, w, w) // cand within the memo
		// r: memo[i] where w is set, memo[0] elsewhere (unused), by 4
		// loads: with VGATHERQPD the kernel agreed with the Go code
		// natively but not under qemu-x86_64 7.2 -cpu Haswell (CI's CPU
		// without AVX-512: tries decided there were listed, as if memo[i]
		// were 0), most likely qemu's reading of a gather indexed by Y4
		// as unindexed (xmath.go); the loads agree on both.
		VANDPD(w, i, i)
		VMOVDQU(i, idxSlot)
		r, rh := vec(), vec()
		for l := range 4 {
			e := GP64()
			MOVQ(idxSlot.Offset(8*l), e)
			at := Mem{Base: memo, Index: e, Scale: 8}
			dst := r
			if l >= 2 {
				dst = rh
			}
			if l%2 == 0 {
				VMOVSD(at, dst.AsX())
			} else {
				VMOVHPD(at, dst.AsX(), dst.AsX())
			}
		}
		VINSERTF128(U8(1), rh.AsX(), r, r)
		z = vec()
		VPXOR(z, z, z)
		VCMPPD(U8(cmpNE), z, r, z)
		VANDPD(z, w, w) // and memo[i] != 0
		us2, l := vec(), vec()
		VMULPD(us, us, us2)
		VMULPD(alpha, v, l)
		VMULPD(us2, l, l)
		VMULPD(bv, us2, rh)
		VADDPD(a, rh, rh)
		VMULPD(rh, r, rh)
		VCMPPD(U8(cmpLE), rh, l, l)
		VANDPD(w, l, l)
		VORPD(sq, l, l) // accepted
		VMOVMSKPD(l, stBits)
		VANDNPD(cand, w, cand)
		VORPD(far, cand, cand) // list
		VMOVMSKPD(cand, listBits)
	}

	// src, kp and st move on a group at a time, to end.
	end := GP64()
	SHLQ(U8(4), n)
	LEAQ(Mem{Base: src, Index: n, Scale: 1}, end)
	nt := GP64()
	XORQ(nt, nt)
	loop, done := name+"_loop", name+"_done"
	Label(loop)
	CMPQ(src, end)
	JAE(LabelRef(done))
	stBits, listBits := GP32(), GP32()
	if s.avx512 {
		a, b, X := vec(), vec(), vec()
		VMOVDQU64(Mem{Base: src}, a)
		VMOVDQU64(Mem{Base: src, Disp: 64}, b)
		VMOVDQA64(a, X)
		VPERMT2Q(b, even, X) // the x words
		VPERMT2Q(b, odd, a)  // the y words
		try(X, a, Mem{Base: kp}, nil, nil)
		KMOVB(K6, stBits)
		KMOVB(K4, listBits)
	} else {
		for h := range 2 {
			a, b, X, Y := vec(), vec(), vec(), vec()
			VMOVDQU(Mem{Base: src, Disp: 64 * h}, a)
			VMOVDQU(Mem{Base: src, Disp: 64*h + 32}, b)
			VPUNPCKLQDQ(b, a, X) // x of tries 0, 2, 1, 3
			VPUNPCKHQDQ(b, a, Y)
			VPERMQ(U8(0xD8), X, X)
			VPERMQ(U8(0xD8), Y, Y)
			sb, lb := stBits, listBits
			if h == 1 {
				sb, lb = GP32(), GP32()
			}
			try(X, Y, Mem{Base: kp, Disp: 32 * h}, sb, lb)
			if h == 1 {
				SHLL(U8(4), sb)
				ORL(sb, stBits)
				SHLL(U8(4), lb)
				ORL(lb, listBits)
			}
		}
	}
	// st: the flags of the tries accepted; idx: the tries listed.
	f := GP64()
	MOVQ(Mem{Base: spread, Index: stBits.As64(), Scale: 8}, f)
	MOVQ(f, Mem{Base: st})
	MOVQ(Mem{Base: kept, Index: listBits.As64(), Scale: 8}, f)
	ORQ(rep, f)
	MOVQ(f, Mem{Base: idx, Index: nt, Scale: 1})
	POPCNTL(listBits, listBits)
	ADDQ(listBits.As64(), nt)
	ADDQ(ptrsConsts.Offset(pcStep), rep)
	ADDQ(U8(8), st)
	ADDQ(U8(64), kp)
	SUBQ(I32(-128), src)
	JMP(LabelRef(loop))

	Label(done)
	Store(nt, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// take generates takeAVX512 and takeAVX2: tryBatch.take's compaction of
// the accepted k, 8 tries at a time (the states' bytes widened to a mask:
// VPTESTMQ, or the sign bits after a shift for VMOVMSKPD) by VPCOMPRESSQ,
// or 4 at a time by VPERMD with compactPerm's indices, each group stored
// whole at dst[n] (n <= the group's first try, so within dst[:nb]).
func take(s isa) {
	name := "take" + s.suffix
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name+" stores, in order from dst[0], the k[t] of the first",
		"min(nb, len(dst), tryBatchLen)&^7 tries t whose st[t] is 1 (st[t] is 0 or 1),",
		"and returns how many. It may write anything to dst after them, up to the",
		"last of those tries.")
	dst := Load(Param("dst").Base(), GP64())
	kp := Load(Param("k"), GP64())
	st := Load(Param("st"), GP64())
	n := Load(Param("nb"), GP64())
	l := Load(Param("dst").Len(), GP64())
	CMPQ(n, l)
	CMOVQGT(l, n)
	most := GP64()
	MOVQ(U32(tryBatchLen), most)
	CMPQ(n, most)
	CMOVQGT(most, n)
	ANDQ(I8(-8), n)
	out, t := GP64(), GP64()
	XORQ(out, out)
	XORQ(t, t)
	var tbl Register
	if !s.avx512 {
		tbl = GP64()
		LEAQ(compactPerm, tbl)
	}
	loop, done := name+"_loop", name+"_done"
	Label(loop)
	CMPQ(t, n)
	JAE(LabelRef(done))
	if s.avx512 {
		f, k, c8 := ZMM(), ZMM(), ZMM()
		VPMOVZXBQ(Mem{Base: st, Index: t, Scale: 1}, f)
		VPTESTMQ(f, f, K1)
		VMOVDQU64(Mem{Base: kp, Index: t, Scale: 8}, k)
		VPCOMPRESSQ_Z(k, K1, c8)
		VMOVDQU64(c8, Mem{Base: dst, Index: out, Scale: 8})
		c := GP32()
		KMOVB(K1, c)
		POPCNTL(c, c)
		ADDQ(c.As64(), out)
	} else {
		for h := range 2 {
			f, k := YMM(), YMM()
			VPMOVZXBQ(Mem{Base: st, Index: t, Scale: 1, Disp: 4 * h}, f)
			VPSLLQ(U8(63), f, f)
			c := GP32()
			VMOVMSKPD(f, c)
			SHLL(U8(5), c)
			VMOVDQU(Mem{Base: tbl, Index: c.As64(), Scale: 1}, f)
			VPERMD(Mem{Base: kp, Index: t, Scale: 8, Disp: 32 * h}, f, k)
			VMOVDQU(k, Mem{Base: dst, Index: out, Scale: 8})
			POPCNTL(c, c) // the nibble times 32: the same bit count
			ADDQ(c.As64(), out)
		}
	}
	ADDQ(U8(8), t)
	JMP(LabelRef(loop))
	Label(done)
	Store(out, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

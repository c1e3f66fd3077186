package main

// mtBlockAVX512 and mtBlockAVX2: the first tries of Marsaglia and Tsang's
// gamma sampler for a block of tries, for Beta's Go walk (beta.go's
// betaSampler.walk; Gamma's runs mtTries, which goes on where this
// stops: mttries.go). Each try is two words: the
// normal word's fast path x (normalFast: the normals kernel's conversion
// and table, the pair {w[i], float64(k[i])} gathered), y = c·x, q = open01
// of the second word (the uniforms' bit trick), the squeeze c2·(x²·x²) <
// (1-q)·min(1, 1+y), and the value mul·(d·((1+y)(1+y)(1+y))), each
// operation as the Go code rounds it. c, c2 and d are read lane by lane
// (mtLanes), so that one call serves the tries of one shape (Gamma) or of
// two in turn (Beta's X and Y).
//
// A try the squeeze does not take is only marked: its exact test (two
// logs) draws no word, so the tries after it keep their words whatever
// the test says, and the walk decides it from the try's words. What stops
// the block is a normal word off the fast path (the try continues from
// the next pair: mtGamma.try) or y <= -1 (a rejected try: Beta's walk
// draws on from it).

import (
	"fmt"
	"math"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// mtBlockLen is the length of the kernels' arrays (ys, qs *[128]float64,
// und *[2]uint64: kernels_amd64.go's mtBlockLen).
const mtBlockLen = 128

// mtBlockDoc is the kernels' shared contract.
func mtBlockDoc(name string, lanes int) {
	Doc(name+" sets dst[t] to mul·(d·((1+y)(1+y)(1+y))) for the try of words 2t and",
		"2t+1 of src (little-endian; the normal word on its fast path, y = c·x, q the",
		"open01 of the second word), ys[t] and qs[t] to its y and q, and bit t%64 of",
		"und[t/64] to whether the squeeze does not take it, for the tries of the first",
		fmt.Sprintf("m = min(len(src)/16, len(dst), %d)&^7, the c, c2 and d of lane t%%%d of l.", mtBlockLen, lanes),
		"It stops at the first try whose normal word misses the fast path or whose y",
		"<= -1 and returns its index (else m), for d < mtBig. dst may start at or before",
		"src in the same memory: each group of tries is loaded before its values are",
		"stored, and the bytes of dst after the values set keep theirs; ys, qs and und",
		"after the returned try hold anything.")
}

// mtBlockRegs are a block kernel's arguments in registers: its pointers,
// the bytes of dst to set at most, mul broadcast and l's c, c2 and d.
type mtBlockRegs struct {
	dst, ys, qs, und, src, n Register
	mul, c, c2, d            VecVirtual
}

// mtBlockArgs loads the arguments of the block kernel being written, its
// vectors in registers from vec (ZMM or YMM): the first 8 or 4 lanes of l.
func mtBlockArgs(vec func() VecVirtual) mtBlockRegs {
	var a mtBlockRegs
	a.dst = Load(Param("dst").Base(), GP64())
	a.ys = Load(Param("ys"), GP64())
	a.qs = Load(Param("qs"), GP64())
	a.und = Load(Param("und"), GP64())
	a.src = Load(Param("src").Base(), GP64())
	a.n = Load(Param("src").Len(), GP64())
	SHRQ(U8(4), a.n) // whole tries
	most := Load(Param("dst").Len(), GP64())
	CMPQ(a.n, most)
	CMOVQGT(most, a.n)
	MOVQ(U32(mtBlockLen), most)
	CMPQ(a.n, most)
	CMOVQGT(most, a.n)
	ANDQ(I8(-8), a.n)
	SHLQ(U8(3), a.n) // bytes of dst to set, at most
	mulp, err := Param("mul").Resolve()
	if err != nil {
		panic(err)
	}
	a.mul = vec()
	VBROADCASTSD(mulp.Addr, a.mul)
	lp := Load(Param("l"), GP64())
	a.c, a.c2, a.d = vec(), vec(), vec()
	VMOVUPD(Mem{Base: lp}, a.c)
	VMOVUPD(Mem{Base: lp, Disp: 64}, a.c2)
	VMOVUPD(Mem{Base: lp, Disp: 128}, a.d)
	return a
}

// mtTryAVX512 computes the parts of a Marsaglia-Tsang try that the
// AVX-512 kernels share, from the normals x and the words u of q: y = c·x,
// q = open01(u), lhs = c2·(x²·x²) (x2 = x²), rhs = 1 - q and vy = 1 + y (>
// 0 exactly where y > -1, by Sterbenz).
func mtTryAVX512(x, u, c, c2, ones, bias, y, q, x2, lhs, vy, rhs VecVirtual) {
	VMULPD(x, c, y)
	VPSRLQ(U8(12), u, q)
	VPORQ(ones, q, q)
	VSUBPD(bias, q, q) // open01
	VMULPD(x, x, x2)
	VMULPD(x2, x2, lhs)
	VMULPD(lhs, c2, lhs)
	VSUBPD(q, ones, rhs) // 1 - q
	VADDPD(ones, y, vy)  // 1 + y
}

func mtBlock() {
	name := "mtBlockAVX512"
	Implement(name)
	Attributes(NOSPLIT)
	mtBlockDoc(name, 8)
	args := mtBlockArgs(ZMM)
	dst, ys, qs, und, src, n := args.dst, args.ys, args.qs, args.und, args.src, args.n
	mul, c, c2, d := args.mul, args.c, args.c2, args.d
	abs, ones, bias, low8, zero := ZMM(), ZMM(), ZMM(), ZMM(), ZMM()
	for _, b := range []struct {
		c uint64
		v VecVirtual
	}{{1<<63 - 1, abs}, {one, ones}, {math.Float64bits(1 - 0x1p-53), bias}, {0xFF, low8}} {
		g := GP64()
		MOVQ(U64(b.c), g)
		VPBROADCASTQ(g, b.v)
	}
	VPXORQ(zero, zero, zero)
	even, odd := ZMM(), ZMM()
	VMOVDQU64(evenOdd, even)
	VMOVDQU64(evenOdd.Offset(64), odd)
	tbl := table("·normPairs")

	off := GP64() // bytes of dst set; src's are twice as many
	XORQ(off, off)
	done := name + "_done"
	Label(name + "_loop")
	CMPQ(off, n)
	JAE(LabelRef(done))
	a, b := ZMM(), ZMM()
	VMOVDQU64(Mem{Base: src, Index: off, Scale: 2}, a)
	VMOVDQU64(Mem{Base: src, Index: off, Scale: 2, Disp: 64}, b)
	u := ZMM()
	VMOVDQA64(a, u)
	VPERMT2Q(b, even, u) // the normal words
	VPERMT2Q(b, odd, a)  // the uniform words
	// x, fast: normalFast.
	j, x, w, k, sc := ZMM(), ZMM(), ZMM(), ZMM(), ZMM()
	VPSRAQ(U8(11), u, j)
	VCVTQQ2PD(j, x)
	lookupStride(avx512, tbl, Mem{Base: src, Index: off, Scale: 2}, 16, w, k, sc)
	t := ZMM()
	VPANDQ(abs, x, t)
	VCMPPD(U8(cmpLT), k, t, K1) // |j| < k[i]
	VMULPD(w, x, x)
	// y, q, 1 + y > 0, the squeeze.
	y, q, x2, lhs, vy, rhs := ZMM(), ZMM(), ZMM(), ZMM(), ZMM(), ZMM()
	mtTryAVX512(x, a, c, c2, ones, bias, y, q, x2, lhs, vy, rhs)
	VCMPPD(U8(cmpLT), vy, zero, K1, K1)
	VMINPD(ones, vy, t) // min(1, 1+y): neither is NaN
	VMULPD(t, rhs, rhs)
	VCMPPD(U8(cmpLT), rhs, lhs, K2)
	// The value.
	mtCube(vy, d, t)
	VMULPD(mul, t, t)
	VMOVUPD(y, Mem{Base: ys, Index: off, Scale: 1})
	VMOVUPD(q, Mem{Base: qs, Index: off, Scale: 1})
	KNOTB(K2, K2)
	KMOVB(K2, Mem{Base: und})
	INCQ(und)
	KORTESTB(K1, K1)
	JCC(LabelRef(name + "_stop"))
	VMOVUPD(t, Mem{Base: dst, Index: off, Scale: 1})
	ADDQ(U8(64), off)
	JMP(LabelRef(name + "_loop"))

	// The tries before the first that stops, by a masked store.
	Label(name + "_stop")
	partialAVX512(off, K1, done, lanesAt{dst, t})
}

// mtBlockAVX2 is mtBlockAVX512 with 4 tries per YMM register, two
// registers (a byte of und) per step: the words of a register separated by
// unpacks (lanes in the order 0, 2, 1, 3) and VPERMPD, float64(j) by the
// normals kernel's bit trick.
func mtBlockAVX2() {
	name := "mtBlockAVX2"
	Implement(name)
	Attributes(NOSPLIT)
	mtBlockDoc(name, 4)
	args := mtBlockArgs(YMM)
	dst, ys, qs, und, src, n := args.dst, args.ys, args.qs, args.und, args.src, args.n
	mul, c, c2, d := args.mul, args.c, args.c2, args.d
	kc := GP64()
	LEAQ(mtConsts, kc)
	cst := func(off int) Mem { return Mem{Base: kc, Disp: off} }
	tbl := table("·normPairs")

	off := GP64()
	XORQ(off, off)
	done := name + "_done"
	Label(name + "_loop")
	CMPQ(off, n)
	JAE(LabelRef(done))
	var okBits, sqBits [2]GPVirtual
	var ts [2]VecVirtual
	for h := range 2 {
		a, b, u, q := YMM(), YMM(), YMM(), YMM()
		VMOVDQU(Mem{Base: src, Index: off, Scale: 2, Disp: 64 * h}, a)
		VMOVDQU(Mem{Base: src, Index: off, Scale: 2, Disp: 64*h + 32}, b)
		VUNPCKLPD(b, a, u) // the normal words of tries 0, 2, 1, 3
		VUNPCKHPD(b, a, q) // their uniform words
		VPERMPD(U8(0xD8), u, u)
		VPERMPD(U8(0xD8), q, q)
		// x = float64(j) (jAVX2).
		x, t := YMM(), YMM()
		jAVX2(u, x, cst)
		// The pair {w[i], float64(k[i])} of i = u&0xFF.
		w, kk, sc := YMM(), YMM(), YMM()
		lookupStride(avx2, tbl, Mem{Base: src, Index: off, Scale: 2, Disp: 64 * h}, 16, w, kk, sc)
		ok := YMM()
		VANDPD(cst(mtAbs), x, t)
		VCMPPD(U8(cmpLT), kk, t, ok) // |j| < k[i]
		VMULPD(w, x, x)
		// y, q, 1 + y > 0, the squeeze.
		y, qv, vy, sq := mtTryAVX2(x, q, c, c2, cst)
		q = qv
		VXORPD(t, t, t)
		VCMPPD(U8(cmpLT), vy, t, t)
		VANDPD(t, ok, ok)
		okBits[h], sqBits[h] = GP32(), GP32()
		VMOVMSKPD(ok, okBits[h])
		VMOVMSKPD(sq, sqBits[h])
		// The value.
		mtCube(vy, d, t)
		VMULPD(mul, t, t)
		ts[h] = t
		VMOVUPD(y, Mem{Base: ys, Index: off, Scale: 1, Disp: 32 * h})
		VMOVUPD(q, Mem{Base: qs, Index: off, Scale: 1, Disp: 32 * h})
		// A register's values are stored whole only where none of its
		// tries stops, so that no word not yet taken is overwritten.
		if h == 0 {
			NOTL(sqBits[0])
			MOVB(sqBits[0].As8(), Mem{Base: und})
			CMPL(okBits[0], U8(15))
			JNE(LabelRef(name + "_stop0"))
			VMOVUPD(t, Mem{Base: dst, Index: off, Scale: 1})
			continue
		}
		SHLL(U8(4), sqBits[1])
		NOTL(sqBits[1])
		ANDB(sqBits[1].As8(), Mem{Base: und})
		INCQ(und)
		CMPL(okBits[1], U8(15))
		JNE(LabelRef(name + "_stop1"))
		VMOVUPD(t, Mem{Base: dst, Index: off, Scale: 1, Disp: 32})
		ADDQ(U8(64), off)
		JMP(LabelRef(name + "_loop"))
	}

	// A register with a try that stops: its values before that try
	// blended into dst's own bytes (partialAVX2, which returns).
	Label(name + "_stop1")
	ADDQ(U8(32), off)
	partialAVX2(name+"1", off, okBits[1], name+"_done1", lanesAt{dst, ts[1]})
	Label(name + "_stop0")
	partialAVX2(name+"0", off, okBits[0], done, lanesAt{dst, ts[0]})

}

// betaRatios generates betaRatiosAVX512 or betaRatiosAVX2: Beta's values
// X/(X+Y) from the gammas of a walk's block, X and Y in turn.
func betaRatios(s isa) {
	name := "betaRatios" + s.suffix
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name+" sets dst[k] = g[2k] / (g[2k] + g[2k+1]) for the first",
		fmt.Sprintf("min(len(dst), len(g)/2)&^%d values and returns how many.", s.lanes-1))
	dst := Load(Param("dst").Base(), GP64())
	g := Load(Param("g").Base(), GP64())
	n := Load(Param("g").Len(), GP64())
	SHRQ(U8(1), n)
	m := Load(Param("dst").Len(), GP64())
	CMPQ(m, n)
	CMOVQLT(m, n)
	ANDQ(I8(-s.lanes), n)
	Store(n, ReturnIndex(0))
	SHLQ(U8(3), n) // bytes of dst to set
	var even, odd VecVirtual
	if s.avx512 {
		even, odd = ZMM(), ZMM()
		VMOVDQU64(evenOdd, even)
		VMOVDQU64(evenOdd.Offset(64), odd)
	}
	off := GP64()
	XORQ(off, off)
	Label(name + "_loop")
	CMPQ(off, n)
	JAE(LabelRef(name + "_done"))
	if s.avx512 {
		a, b, x := ZMM(), ZMM(), ZMM()
		VMOVUPD(Mem{Base: g, Index: off, Scale: 2}, a)
		VMOVUPD(Mem{Base: g, Index: off, Scale: 2, Disp: 64}, b)
		VMOVAPD(a, x)
		VPERMT2Q(b, even, x) // the X's
		VPERMT2Q(b, odd, a)  // the Y's
		VADDPD(a, x, a)
		VDIVPD(a, x, x)
		VMOVUPD(x, Mem{Base: dst, Index: off, Scale: 1})
	} else {
		a, b, x, y := YMM(), YMM(), YMM(), YMM()
		VMOVUPD(Mem{Base: g, Index: off, Scale: 2}, a)
		VMOVUPD(Mem{Base: g, Index: off, Scale: 2, Disp: 32}, b)
		VUNPCKLPD(b, a, x) // the X's of values 0, 2, 1, 3
		VUNPCKHPD(b, a, y) // their Y's
		VADDPD(y, x, y)
		VDIVPD(y, x, x)
		VPERMPD(U8(0xD8), x, x)
		VMOVUPD(x, Mem{Base: dst, Index: off, Scale: 1})
	}
	ADDQ(U8(8*s.lanes), off)
	JMP(LabelRef(name + "_loop"))
	Label(name + "_done")
	VZEROUPPER()
	RET()
}

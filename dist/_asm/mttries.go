package main

// mtTriesAVX512 and mtTriesAVX2: Marsaglia and Tsang's tries for a block
// of pairs of words, for the Go walks (gamma.go's mtGamma.walk, beta.go's
// betaSampler.walk; the shape lane by lane: one gamma's, or Beta's X and
// Y in turn). Each try is two words: the normal word's fast path x
// (normalFast: the normals kernel's conversion and table, the pair {w[i],
// float64(k[i])} read by loads), y = c·x, q = open01 of the second word
// (the uniforms' bit trick), the squeeze c2·(x²·x²) < (1-q)·min(1, 1+y),
// and the value mul·(d·((1+y)(1+y)(1+y))), each operation as the Go code
// rounds it. A try is always whole pairs of words (mtGamma.try), so the
// kernels make every try of the block as if its normal word took the fast
// path and never stop: they mark the tries whose word does not (the walk
// continues them from the next pair) and those with y <= -1 or that the
// squeeze does not take (the walk decides them by the exact test). The
// values go to a scratch array, not over the words: a slow try's walk
// reads the next pair's words after the kernel has run.

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// mtBlockLen is the most tries a call makes: the length of the arrays of
// tryScratch (kernels_amd64.go's mtBlockLen).
const mtBlockLen = 256

func mtTriesDoc(name string, lanes int) {
	Doc(name+" makes the tries of words 2t and 2t+1 of src (little-endian) for",
		fmt.Sprintf("the first m = min(len(src)/16, %d)&^7 of them and returns m: vals[t] is", mtBlockLen),
		"mul·(d·((1+y)(1+y)(1+y))) for x the fast-path value of the first word, y = c·x",
		"and q the open01 of the second (the c, c2 and d of lane t%"+fmt.Sprint(lanes)+" of l, d < mtBig); ys[t]",
		"and qs[t] are its y and q; bit t%64 of slow[t/64] is set where the normal word",
		"misses the fast path, and of und[t/64] where y <= -1 or the squeeze does not",
		"take the try. The arrays after the m tries hold anything.")
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

// triesArgs loads a tries kernel's pointers and src, and n, the bytes of
// vals to set: m·8 for m = min(len(src)/(8·words), mtBlockLen)&^7 tries
// of words words each (2 or 3), m returned.
func triesArgs(words int) (vals, ys, qs, und, slow, src, n Register) {
	vals = Load(Param("vals"), GP64())
	ys = Load(Param("ys"), GP64())
	qs = Load(Param("qs"), GP64())
	und = Load(Param("und"), GP64())
	slow = Load(Param("slow"), GP64())
	src = Load(Param("src").Base(), GP64())
	n = Load(Param("src").Len(), GP64())
	t := GP64()
	switch words {
	case 2:
		SHRQ(U8(4), n)
	case 3:
		MOVQ(U32(0xAAAAAAAB), t) // ⌊len/24⌋ = ⌊len·⌈2^33/3⌉/2^36⌋ for len < 2^32
		IMULQ(t, n)
		SHRQ(U8(36), n)
	default:
		panic(words)
	}
	MOVQ(U32(mtBlockLen), t)
	CMPQ(n, t)
	CMOVQGT(t, n)
	ANDQ(I8(-8), n)
	Store(n, ReturnIndex(0))
	SHLQ(U8(3), n)
	return
}

// mtTriesArgs loads a tries kernel's arguments: triesArgs', mul broadcast
// and l's c, c2 and d.
func mtTriesArgs(vec func() VecVirtual) (vals, ys, qs, und, slow, src, n Register, mul, c, c2, d VecVirtual) {
	vals, ys, qs, und, slow, src, n = triesArgs(2)
	mulp, err := Param("mul").Resolve()
	if err != nil {
		panic(err)
	}
	mul = vec()
	VBROADCASTSD(mulp.Addr, mul)
	lp := Load(Param("l"), GP64())
	c, c2, d = vec(), vec(), vec()
	VMOVUPD(Mem{Base: lp}, c)
	VMOVUPD(Mem{Base: lp, Disp: 64}, c2)
	VMOVUPD(Mem{Base: lp, Disp: 128}, d)
	return
}

// storeTries512 stores an AVX-512 tries kernel's group at off: its values
// t, y and q, and as the next bytes of slow and und the lanes not in fast
// (the normal words' fast paths) and not in taken (y > -1 and the
// squeeze).
func storeTries512(vals, ys, qs, slow, und, off Register, t, y, q VecVirtual, fast, taken Register) {
	VMOVUPD(t, Mem{Base: vals, Index: off, Scale: 1})
	VMOVUPD(y, Mem{Base: ys, Index: off, Scale: 1})
	VMOVUPD(q, Mem{Base: qs, Index: off, Scale: 1})
	KNOTB(fast, fast)
	KMOVB(fast, Mem{Base: slow})
	INCQ(slow)
	KNOTB(taken, taken)
	KMOVB(taken, Mem{Base: und})
	INCQ(und)
}

func mtTries() {
	name := "mtTriesAVX512"
	Implement(name)
	Attributes(NOSPLIT)
	mtTriesDoc(name, 8)
	vals, ys, qs, und, slow, src, n, mul, c, c2, d := mtTriesArgs(ZMM)
	abs, ones, bias, zero := mtRegs512()
	even, odd := ZMM(), ZMM()
	VMOVDQU64(evenOdd, even)
	VMOVDQU64(evenOdd.Offset(64), odd)
	tbl := table("·normPairs")

	off := GP64() // bytes of vals set; src's are twice as many
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
	j, x, w, k, sc := ZMM(), ZMM(), ZMM(), ZMM(), ZMM()
	VPSRAQ(U8(11), u, j)
	VCVTQQ2PD(j, x)
	lookupStride(avx512, tbl, Mem{Base: src, Index: off, Scale: 2}, 16, w, k, sc)
	t := ZMM()
	VPANDQ(abs, x, t)
	VCMPPD(U8(cmpLT), k, t, K1) // |j| < k[i]: the fast path
	VMULPD(w, x, x)
	y, q, x2, lhs, vy, rhs := ZMM(), ZMM(), ZMM(), ZMM(), ZMM(), ZMM()
	mtTryAVX512(x, a, c, c2, ones, bias, y, q, x2, lhs, vy, rhs)
	VCMPPD(U8(cmpLT), vy, zero, K2)
	VMINPD(ones, vy, t) // min(1, 1+y): neither is NaN
	VMULPD(t, rhs, rhs)
	VCMPPD(U8(cmpLT), rhs, lhs, K2, K2) // y > -1 and the squeeze takes it
	mtCube(vy, d, t)
	VMULPD(mul, t, t)
	storeTries512(vals, ys, qs, slow, und, off, t, y, q, K1, K2)
	ADDQ(U8(64), off)
	JMP(LabelRef(name + "_loop"))

	Label(done)
	VZEROUPPER()
	RET()
}

// mtTriesAVX2 is mtTriesAVX512 with 4 tries per YMM register, two
// registers (a byte of marks) per step: the words of a register separated
// by unpacks (lanes in the order 0, 2, 1, 3) and VPERMPD, float64(j) by
// the normals kernel's bit trick.
func mtTriesAVX2() {
	name := "mtTriesAVX2"
	Implement(name)
	Attributes(NOSPLIT)
	mtTriesDoc(name, 4)
	vals, ys, qs, und, slow, src, n, mul, c, c2, d := mtTriesArgs(YMM)
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
	for h := range 2 {
		a, b, u, q := YMM(), YMM(), YMM(), YMM()
		VMOVDQU(Mem{Base: src, Index: off, Scale: 2, Disp: 64 * h}, a)
		VMOVDQU(Mem{Base: src, Index: off, Scale: 2, Disp: 64*h + 32}, b)
		VUNPCKLPD(b, a, u) // the normal words of tries 0, 2, 1, 3
		VUNPCKHPD(b, a, q) // their uniform words
		VPERMPD(U8(0xD8), u, u)
		VPERMPD(U8(0xD8), q, q)
		x, t := YMM(), YMM()
		jAVX2(u, x, cst)
		w, kk, sc := YMM(), YMM(), YMM()
		lookupStride(avx2, tbl, Mem{Base: src, Index: off, Scale: 2, Disp: 64 * h}, 16, w, kk, sc)
		ok := YMM()
		VANDPD(cst(mtAbs), x, t)
		VCMPPD(U8(cmpLT), kk, t, ok) // |j| < k[i]: the fast path
		VMULPD(w, x, x)
		y, qv, vy, sq := mtTryAVX2(x, q, c, c2, cst)
		VXORPD(t, t, t)
		VCMPPD(U8(cmpLT), vy, t, t) // y > -1
		VANDPD(t, sq, sq)
		okBits[h], sqBits[h] = GP32(), GP32()
		VMOVMSKPD(ok, okBits[h])
		VMOVMSKPD(sq, sqBits[h])
		mtCube(vy, d, t)
		VMULPD(mul, t, t)
		VMOVUPD(t, Mem{Base: vals, Index: off, Scale: 1, Disp: 32 * h})
		VMOVUPD(y, Mem{Base: ys, Index: off, Scale: 1, Disp: 32 * h})
		VMOVUPD(qv, Mem{Base: qs, Index: off, Scale: 1, Disp: 32 * h})
	}
	for i, bits := range [][2]GPVirtual{okBits, sqBits} {
		SHLL(U8(4), bits[1])
		ORL(bits[1], bits[0])
		NOTL(bits[0])
		at := []Register{slow, und}[i]
		MOVB(bits[0].As8(), Mem{Base: at})
		INCQ(at)
	}
	ADDQ(U8(64), off)
	JMP(LabelRef(name + "_loop"))

	Label(done)
	VZEROUPPER()
	RET()
}

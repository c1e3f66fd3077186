//go:generate go run . -out ../fill_amd64.s

// Command _asm generates fill_amd64.s, the AVX-512 and AVX2 (avx2.go)
// conversion kernels of package fill, with avo, from the Go declarations in
// fill_amd64.go (asmgen.Package and Implement read each signature from
// there). Each does, 8 words per ZMM register (4 per YMM), exactly what the
// portable Go conversion does one word at a time; fill's tests compare the
// two on every length and offset.
//
//   - float64sAVX512: words in place to rand.Rand.Float64's values (mask to
//     53 bits, VCVTQQ2PD, times 2^-53: all exact), 64 per iteration.
//   - uint32sAVX512, float32sAVX512: words to 4-byte values, 64 per
//     iteration; each block of words is loaded before its values are
//     stored, so dst may start where src does (the in-place narrowing).
//   - uint64nAVX512: Lemire's multiply-shift, 8 words at a time: the
//     128-bit product from four VPMULUDQ partial products, the high half
//     stored while the low half is not below the rejection threshold;
//     it stops at the first rejected word.
//   - uint64n32AVX512 (and uint64n32AVX2): the same for n below 2^32 with
//     two partial products, stopping at any word whose low product word is
//     below 2^32 (a superset of the rejected ones, 1 word in 2^32).
//   - normsAVX512, expsAVX512: the ziggurat fast path, 16 words at a time:
//     look up kn/ke[i] and wn/we[i] with VPERMT2D (gathers were 3 times
//     slower), convert and multiply (one rounding, as in Go) into a scratch
//     array, and set a bit for each word that misses the fast path; the Go
//     code takes the slow paths.
//   - normsVBMI, expsVBMI: the same, 64 words at a time, with the tables
//     split into byte planes (byte b of every entry): VPERMT2B looks up 64
//     indices in 128 entries of a plane at once, and byte unpacks put the
//     four planes back together as dwords. The 256-entry tables of
//     ExpFloat64 take 16 byte permutes per 64 words where VPERMT2D took 64.
//   - compactAVX512: the values of the words a ziggurat walk keeps, in
//     order, 16 at a time with VCOMPRESSPD and whole-register stores (no
//     branch per slow word, where copying the runs between them cost a call
//     each; the masked store and its mask took twice as long).
//
// Regenerate with: cd fill/_asm && go generate
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/streamrand/streamrand/internal/_asm/asmgen"
)

var zmm = []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7}
var ymm = []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7}

func main() {
	asmgen.Package("..")
	ConstraintExpr("gc,!purego") // avo's syntax for gc && !purego
	float64s()
	narrow("uint32sAVX512", false, false)
	narrow("float32sAVX512", true, false)
	permConstants()
	ziggurat("normsAVX512", "·kn", "·wn", 128, true)
	ziggurat("expsAVX512", "·ke", "·we", 256, false)
	pairConstant()
	zigguratVBMI("normsVBMI", "·knPlanes", "·wnPlanes", 128, true)
	zigguratVBMI("expsVBMI", "·kePlanes", "·wePlanes", 256, false)
	uint64n(false)
	uint64n32(false)
	compact()
	float64sAVX2()
	narrow("uint32sAVX2", false, true)
	narrow("float32sAVX2", true, true)
	zigguratAVX2("normsAVX2", "·knwn", true)
	zigguratAVX2("expsAVX2", "·kewe", false)
	compactPermConstant()
	compactAVX2()
	prefixLanesConstant()
	uint64n(true)
	uint64n32(true)
	Generate()
}

// broadcast loads the 64-bit constant c into every lane of z.
func broadcast(c uint64, z VecPhysical) {
	t := GP64()
	MOVQ(U64(c), t)
	VPBROADCASTQ(t, z)
}

// wordsEnd loads the base of the []uint64 (or []float64) param and the
// address after its first len&^(block-1) words (block a power of two).
func wordsEnd(param string, block int) (base, end Register) {
	base = Load(Param(param).Base(), GP64())
	n := wholeBytes(param, block)
	end = GP64()
	LEAQ(Mem{Base: base, Index: n, Scale: 1}, end)
	return base, end
}

// wholeBytes loads the length of the slice param rounded down to a
// multiple of block words (a power of two), in bytes.
func wholeBytes(param string, block int) Register {
	n := Load(Param(param).Len(), GP64())
	ANDQ(I32(^(block - 1)), n)
	SHLQ(U8(3), n)
	return n
}

// zigArgs loads the arguments of a ziggurat kernel (xs, slow, src, the
// bytes of src's whole blocks of block words) and the addresses of its
// tables (wt nil if wTable is "").
func zigArgs(block int, kTable, wTable string) (xs, slow, src, n, kt, wt Register) {
	xs = Load(Param("xs").Base(), GP64())
	slow = Load(Param("slow").Base(), GP64())
	src = Load(Param("src").Base(), GP64())
	n = wholeBytes("src", block)
	kt = GP64()
	LEAQ(NewDataAddr(Symbol{Name: kTable}, 0), kt)
	if wTable != "" {
		wt = GP64()
		LEAQ(NewDataAddr(Symbol{Name: wTable}, 0), wt)
	}
	return xs, slow, src, n, kt, wt
}

// broadcastD loads the 32-bit constant c into every lane of v (with the
// AVX2 instructions if avx2).
func broadcastD(c uint32, v VecPhysical, avx2 bool) {
	t := GP32()
	MOVL(U32(c), t)
	if avx2 {
		VMOVD(t, v.AsX())
		VPBROADCASTD(v.AsX(), v)
		return
	}
	VPBROADCASTD(t, v)
}

func float64s() {
	Implement("float64sAVX512")
	Attributes(NOSPLIT)
	Doc("float64sAVX512 converts the first len(p)&^63 words of p in place to",
		"float64(u&(1<<53-1)) * 2^-53.")
	p, end := wordsEnd("p", 64)
	mask, scale := Z30, Z31
	broadcast(1<<53-1, mask)
	broadcast(0x3ca0000000000000, scale) // 2^-53
	Label("float64s_loop")
	CMPQ(p, end)
	JAE(LabelRef("float64s_done"))
	for r := 0; r < 8; r++ {
		z := zmm[r]
		VPANDQ(Mem{Base: p, Disp: 64 * r}, mask, z)
		VCVTQQ2PD(z, z)
		VMULPD(scale, z, z)
		VMOVUPD(z, Mem{Base: p, Disp: 64 * r})
	}
	ADDQ(U32(512), p)
	JMP(LabelRef("float64s_loop"))
	Label("float64s_done")
	VZEROUPPER()
	RET()
}

// narrow converts words to their high 32 bits (asFloat32: bits 32-55,
// converted and scaled by 2^-24, rand.Rand.Float32), 64 at a time, with
// AVX-512 or (avx2) AVX2.
func narrow(name string, asFloat32, avx2 bool) {
	Implement(name)
	Attributes(NOSPLIT)
	block := map[bool]string{false: "64", true: "32"}[avx2]
	Doc(name+" converts the first len(src)&^63 words of src to 4-byte values in dst",
		"(at least as long). dst may start where src starts: each block of "+block+" words",
		"is loaded before its values are stored.")
	dst := Load(Param("dst").Base(), GP64())
	src, end := wordsEnd("src", 64)
	mask, scale := Y14, Y15
	if asFloat32 {
		broadcastD(0xFFFFFF, mask, avx2)
		broadcastD(0x33800000, scale, avx2) // 2^-24
	}
	Label(name + "_loop")
	CMPQ(src, end)
	JAE(LabelRef(name + "_done"))
	if avx2 {
		narrowBodyAVX2(dst, src, asFloat32, mask, scale)
	} else {
		narrowBodyAVX512(dst, src, asFloat32, mask, scale)
	}
	ADDQ(U32(512), src)
	ADDQ(U32(256), dst)
	JMP(LabelRef(name + "_loop"))
	Label(name + "_done")
	VZEROUPPER()
	RET()
}

// narrowBodyAVX512 is narrow's loop body with AVX-512: 64 words.
func narrowBodyAVX512(dst, src Register, asFloat32 bool, mask, scale VecPhysical) {
	for r := 0; r < 8; r++ {
		VMOVDQU64(Mem{Base: src, Disp: 64 * r}, zmm[r])
	}
	for r := 0; r < 8; r++ {
		VPSRLQ(U8(32), zmm[r], zmm[r])
		VPMOVQD(zmm[r], ymm[r])
		if asFloat32 {
			VPAND(mask, ymm[r], ymm[r])
			VCVTDQ2PS(ymm[r], ymm[r])
			VMULPS(scale, ymm[r], ymm[r])
		}
		VMOVDQU32(ymm[r], Mem{Base: dst, Disp: 32 * r})
	}
}

// ziggurat generates the fast path of NormFloat64 (signed: j = int32(u),
// fast if |j| < kn[i], i = u>>32 & 0x7F) or ExpFloat64 (j = uint32(u), fast
// if j < ke[i], i = uint8(u>>32)); x = float64(j) * float64(w[i]).
//
// 16 words at a time: the low and high dwords of the 16 words are
// separated with VPERMI2D, and the tables (128 or 256 entries) are looked
// up without gathers: VPERMT2D looks up 32 entries at a time from memory,
// and masked blends on bits 5 to 7 of i pick among them. The kernel never
// stops early (an exit per slow word cost more than the fast path itself).
func ziggurat(name, kTable, wTable string, entries int, signed bool) {
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name+" sets xs[w] to x = float64(j) * float64(w[i]) of every word src[w] of",
		"the first len(src)&^15, and bit w%16 of slow[w/16] when src[w] misses the",
		"fast path (x is then the one its wedge test uses). xs and slow must be long",
		"enough.")
	xs, slow, src, n, kt, wt := zigArgs(16, kTable, wTable)
	idxLo, idxHi, imask := Z31, Z30, Z29
	bit := []VecPhysical{Z28, Z27, Z26} // 32, 64, 128 in every dword
	VMOVDQU64(lowDwords, idxLo)
	VMOVDQU64(highDwords, idxHi)
	t := GP32()
	MOVL(U32(uint32(entries-1)), t)
	VPBROADCASTD(t, imask)
	for b, v := range bit {
		MOVL(U32(32<<b), t)
		VPBROADCASTD(t, v)
	}
	off := GP64()
	XORQ(off, off)

	Label(name + "_loop")
	CMPQ(off, n)
	JAE(LabelRef(name + "_done"))
	VMOVDQU64(Mem{Base: src, Index: off, Scale: 1}, Z0)
	VMOVDQU64(Mem{Base: src, Index: off, Scale: 1, Disp: 64}, Z1)
	VMOVDQA64(idxLo, Z2)
	VPERMI2D(Z1, Z0, Z2) // j: the low dwords, in word order
	VMOVDQA64(idxHi, Z3)
	VPERMI2D(Z1, Z0, Z3)
	VPANDD(imask, Z3, Z3) // i
	lookup(kt, entries, Z3, bit, Z4)
	if signed {
		VPABSD(Z2, Z16)
		VPCMPUD(U8(5), Z4, Z16, K1) // slow: |j| >= k[i]
	} else {
		VPCMPUD(U8(5), Z4, Z2, K1) // slow: j >= k[i]
	}
	KMOVW(K1, Mem{Base: slow})
	ADDQ(U8(2), slow)
	lookup(wt, entries, Z3, bit, Z5)
	// x = float64(j) * float64(w[i]), 8 lanes at a time.
	VEXTRACTI64X4(U8(1), Z2, Y17)
	VEXTRACTF64X4(U8(1), Z5, Y18)
	if signed {
		VCVTDQ2PD(Y2, Z6)
		VCVTDQ2PD(Y17, Z7)
	} else {
		VCVTUDQ2PD(Y2, Z6)
		VCVTUDQ2PD(Y17, Z7)
	}
	VCVTPS2PD(Y5, Z19)
	VCVTPS2PD(Y18, Z18)
	VMULPD(Z19, Z6, Z6)
	VMULPD(Z18, Z7, Z7)
	VMOVUPD(Z6, Mem{Base: xs, Index: off, Scale: 1})
	VMOVUPD(Z7, Mem{Base: xs, Index: off, Scale: 1, Disp: 64})
	ADDQ(U32(128), off)
	JMP(LabelRef(name + "_loop"))

	Label(name + "_done")
	VZEROUPPER()
	RET()
}

// lookup sets r to table[i] for the 16 dword indices in i (below entries):
// VPERMT2D picks from 32 entries by bits 0-4, blends by bits 5, 6 (and 7)
// combine the entries/32 parts.
func lookup(table Register, entries int, i VecPhysical, bit []VecPhysical, r VecPhysical) {
	parts := []VecPhysical{Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15}[:entries/32]
	for p, v := range parts {
		VMOVDQU64(Mem{Base: table, Disp: 128 * p}, v)
		VPERMT2D(Mem{Base: table, Disp: 128*p + 64}, i, v)
	}
	masks := []Register{K4, K5, K6}
	for b := 0; len(parts) > 1; b++ {
		VPTESTMD(bit[b], i, masks[b])
		var next []VecPhysical
		for p := 0; p < len(parts); p += 2 {
			VPBLENDMD(parts[p+1], parts[p], masks[b], parts[p])
			next = append(next, parts[p])
		}
		parts = next
	}
	VMOVDQA64(parts[0], r)
}

var lowDwords, highDwords Mem

func permConstants() {
	lowDwords = GLOBL("lowDwords", RODATA|NOPTR)
	for k := 0; k < 16; k++ {
		DATA(4*k, U32(uint32(2*k)))
	}
	highDwords = GLOBL("highDwords", RODATA|NOPTR)
	for k := 0; k < 16; k++ {
		DATA(4*k, U32(uint32(2*k+1)))
	}
}

// uint64n generates uint64nAVX512 (8 words per ZMM register) or, if avx2,
// uint64nAVX2 (4 per YMM register): the same multiply, the rejection test
// and the partial store written for each.
func uint64n(avx2 bool) {
	name, lanes := "uint64nAVX512", 8
	and := func(a, b, c Op) { VPANDQ(a, b, c) }
	or := func(a, b, c Op) { VPORQ(a, b, c) }
	v := []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7}
	nLo, nHi, low32, thr := Z31, Z30, Z29, Z28
	if avx2 {
		name, lanes = "uint64nAVX2", 4
		and, or = VPAND, VPOR
		v = yregs[:8]
		nLo, nHi, low32, thr = Y15, Y14, Y13, Y12
	}
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name+" sets dst[i] to the high word of src[i]*n for the words of src up",
		"to the first whose low word is below thresh, or up to the last whole group",
		fmt.Sprintf("of %d; it returns how many it converted. dst, at least as long as src, may", lanes),
		"be src.")
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	cnt := wholeBytes("src", lanes)
	nv := Load(Param("n"), GP64())
	th := Load(Param("thresh"), GP64())
	if avx2 {
		// AVX2 compares signed qwords only: lo < thresh unsigned is
		// lo^2^63 < thresh^2^63 signed.
		t := GP64()
		MOVQ(U64(1<<63), t)
		XORQ(t, th)
		broadcastY(1<<63, Y11)
		for _, c := range []struct {
			r VecPhysical
			g Register
		}{{nLo, nv}, {thr, th}} {
			VMOVQ(c.g, c.r.AsX())
			VPBROADCASTQ(c.r.AsX(), c.r)
		}
		SHRQ(U8(32), nv)
		VMOVQ(nv, nHi.AsX())
		VPBROADCASTQ(nHi.AsX(), nHi)
		broadcastY(0xFFFFFFFF, low32)
	} else {
		VPBROADCASTQ(nv, nLo) // VPMULUDQ reads only the low 32 bits of each lane
		SHRQ(U8(32), nv)
		VPBROADCASTQ(nv, nHi)
		VPBROADCASTQ(th, thr)
		broadcast(0xFFFFFFFF, low32)
	}
	off := GP64()
	XORQ(off, off)

	Label(name + "_loop")
	CMPQ(off, cnt)
	JAE(LabelRef(name + "_done"))
	if avx2 {
		VMOVDQU(Mem{Base: src, Index: off, Scale: 1}, v[0])
	} else {
		VMOVDQU64(Mem{Base: src, Index: off, Scale: 1}, v[0])
	}
	VPSRLQ(U8(32), v[0], v[1]) // uh
	VPMULUDQ(nLo, v[0], v[2])  // p0 = ul*nl
	VPMULUDQ(nHi, v[0], v[3])  // p1 = ul*nh
	VPMULUDQ(nLo, v[1], v[4])  // p2 = uh*nl
	VPMULUDQ(nHi, v[1], v[5])  // p3 = uh*nh
	VPSRLQ(U8(32), v[2], v[6]) // mid = p0>>32 + low(p1) + low(p2), below 2^34
	and(low32, v[3], v[7])
	VPADDQ(v[7], v[6], v[6])
	and(low32, v[4], v[7])
	VPADDQ(v[7], v[6], v[6])
	VPSRLQ(U8(32), v[3], v[7]) // hi = p3 + p1>>32 + p2>>32 + mid>>32
	VPADDQ(v[7], v[5], v[5])
	VPSRLQ(U8(32), v[4], v[7])
	VPADDQ(v[7], v[5], v[5])
	VPSRLQ(U8(32), v[6], v[7])
	VPADDQ(v[7], v[5], v[5])
	VPSLLQ(U8(32), v[6], v[6]) // lo = mid<<32 | low(p0)
	and(low32, v[2], v[2])
	or(v[2], v[6], v[6])
	x, pre := GP32(), GP32()
	if avx2 {
		VPXOR(Y11, v[6], v[6])
		VPCMPGTQ(v[6], thr, v[6]) // rejected: lo < thresh
		VMOVMSKPD(v[6], x)
		TESTL(x, x)
		JNZ(LabelRef(name + "_partial"))
		VMOVDQU(v[5], Mem{Base: dst, Index: off, Scale: 1})
	} else {
		VPCMPUQ(U8(1), thr, v[6], K1) // rejected: lo < thresh
		KORTESTB(K1, K1)
		JNZ(LabelRef(name + "_partial"))
		VMOVDQU64(v[5], Mem{Base: dst, Index: off, Scale: 1})
	}
	ADDQ(U8(8*lanes), off)
	JMP(LabelRef(name + "_loop"))

	// Store the lanes before the first rejected one and count them.
	Label(name + "_partial")
	storePrefix(avx2, x, pre, v[5], v[7], dst, off)

	Label(name + "_done")
	SHRQ(U8(3), off)
	Store(off, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// uint64n32 generates uint64n32AVX512 or, if avx2, uint64n32AVX2: uint64n
// for n below 2^32, with two partial products instead of four. u*n =
// uh*n*2^32 + ul*n, so with p = ul*n and mid = uh*n + p>>32 (below 2^64)
// the high word is mid>>32 and the low word is mid<<32 | p&(2^32-1). The
// rejection test lo < thresh is not made: thresh < n < 2^32, so a rejected
// word has mid&(2^32-1) == 0, and the kernel stops at the first such word,
// about one word in 2^32 more than are rejected; the caller's Go loop
// tests that word exactly and goes on.
func uint64n32(avx2 bool) {
	name, lanes, unroll := "uint64n32AVX512", 8, 2
	v := []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9}
	nv, low32, zero := Z31, Z30, Z29
	if avx2 {
		name, lanes = "uint64n32AVX2", 4
		v = yregs[:10]
		nv, low32, zero = Y15, Y14, Y13
	}
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name+" sets dst[i] to the high word of src[i]*n, n below 2^32, for the",
		"words of src up to the first whose low word is below 2^32 (every word whose",
		"low word is below thresh < n is), or up to the last whole group of",
		fmt.Sprintf("%d; it returns how many it converted. dst, at least as long as src, may be", lanes),
		"src; thresh is not read.")
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	cnt := wholeBytes("src", lanes)
	n := Load(Param("n"), GP64())
	if avx2 {
		VMOVQ(n, nv.AsX())
		VPBROADCASTQ(nv.AsX(), nv)
		VPXOR(zero, zero, zero)
	} else {
		VPBROADCASTQ(n, nv) // VPMULUDQ reads only the low 32 bits of each lane
		broadcast(0xFFFFFFFF, low32)
	}
	off := GP64()
	XORQ(off, off)
	x := GP32()

	Label(name + "_loop")
	// unroll groups per iteration while a whole one is left, then one.
	for _, u := range []int{unroll, 1} {
		if u == 1 {
			Label(name + "_one")
		}
		t := GP64()
		LEAQ(Mem{Base: off, Disp: 8 * lanes * (u - 1)}, t)
		CMPQ(t, cnt)
		if u == 1 {
			JAE(LabelRef(name + "_done"))
		} else {
			JAE(LabelRef(name + "_one"))
		}
		for g := range u {
			w, uh, p, mid := v[4*g%8], v[4*g%8+1], v[4*g%8+2], v[4*g%8+3]
			at := Mem{Base: src, Index: off, Scale: 1, Disp: 8 * lanes * g}
			if avx2 {
				VMOVDQU(at, w)
			} else {
				VMOVDQU64(at, w)
			}
			VPSRLQ(U8(32), w, uh)
			VPMULUDQ(nv, w, p)    // ul*n
			VPMULUDQ(nv, uh, mid) // uh*n
			VPSRLQ(U8(32), p, p)
			VPADDQ(p, mid, mid)
			VPSRLQ(U8(32), mid, p) // the high word
			// Stop at a word whose low word is below 2^32.
			if avx2 {
				VPSLLQ(U8(32), mid, mid)
				VPCMPEQQ(zero, mid, mid)
				VMOVMSKPD(mid, x)
				TESTL(x, x)
			} else {
				VPTESTNMQ(low32, mid, K1)
				KORTESTB(K1, K1)
			}
			if g > 0 {
				// The groups before this one are stored.
				JNZ(LabelRef(name + "_partial_next"))
			} else {
				JNZ(LabelRef(name + "_partial"))
			}
			if avx2 {
				VMOVDQU(p, Mem{Base: dst, Index: off, Scale: 1, Disp: 8 * lanes * g})
			} else {
				VMOVDQU64(p, Mem{Base: dst, Index: off, Scale: 1, Disp: 8 * lanes * g})
			}
		}
		ADDQ(U32(8*lanes*u), off)
		JMP(LabelRef(name + "_loop"))
	}

	// Group 1 stopped, group 0 is stored: step to group 1 and move its
	// high words where group 0's are (x, K1: group 1's flags).
	Label(name + "_partial_next")
	ADDQ(U8(8*lanes), off)
	if avx2 {
		VMOVDQA(v[6], v[2])
	} else {
		VMOVDQA64(v[6], v[2])
	}
	// Store the high words (v[2]) of the lanes before the first flagged
	// one and count them.
	Label(name + "_partial")
	storePrefix(avx2, x, GP32(), v[2], v[3], dst, off)

	Label(name + "_done")
	SHRQ(U8(3), off)
	Store(off, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// prefixLanes: entry c (32 bytes) sets the sign bits of the first c qword
// lanes, the mask of VPMASKMOVQ that stores them.
var prefixLanes Mem

// storePrefix stores the lanes of src before the first lane flagged in
// x (AVX2: a lane bit mask; AVX-512: K1) to dst at byte offset off, and
// advances off past them; pre and mask are scratch.
func storePrefix(avx2 bool, x, pre GPVirtual, src, mask VecPhysical, dst, off Register) {
	if avx2 {
		// The mask: the first BSF(x) lanes, from prefixLanes.
		BSFL(x, x)
		MOVL(x, pre)
		SHLL(U8(5), pre)
		t := GP64()
		LEAQ(prefixLanes, t)
		VMOVDQU(Mem{Base: t, Index: pre.As64(), Scale: 1}, mask)
		VPMASKMOVQ(src, mask, Mem{Base: dst, Index: off, Scale: 1})
	} else {
		// The mask: lowest set bit of K1, minus one.
		KMOVB(K1, x)
		MOVL(x, pre)
		NEGL(pre)
		ANDL(x, pre)
		DECL(pre)
		KMOVB(pre, K2)
		VMOVDQU64(src, K2, Mem{Base: dst, Index: off, Scale: 1})
		BSFL(x, x)
	}
	LEAQ(Mem{Base: off, Index: x.As64(), Scale: 8}, off)
}

func prefixLanesConstant() {
	prefixLanes = GLOBL("prefixLanes", RODATA|NOPTR)
	for c := 0; c < 4; c++ {
		for l := 0; l < 4; l++ {
			var m uint64
			if l < c {
				m = ^uint64(0)
			}
			DATA(32*c+8*l, U64(m))
		}
	}
}

func compact() {
	Implement("compactAVX512")
	Attributes(NOSPLIT)
	Doc("compactAVX512 stores, in order from dst[0], the elements src[k] of the first",
		"len(src)&^15 whose bit k%8 of keep[k/8] is set, and returns how many. dst",
		"may overlap src from below (dst's start at or before src's). It may also",
		"write garbage in dst after the elements kept, up to dst[len(src)&^15 - 1]",
		"(the elements of src it read). dst and keep must be long enough.")
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	keep := Load(Param("keep").Base(), GP64())
	n := Load(Param("src").Len(), GP64())
	SHRQ(U8(4), n) // pairs of groups of 8
	out, g := GP64(), GP64()
	XORQ(out, out)
	XORQ(g, g)
	Label("compact_loop")
	CMPQ(g, n)
	JAE(LabelRef("compact_done"))
	// Two groups of 8 per iteration, each compressed and stored whole: its
	// 8 lanes end at or before the group's last element (out <= 8g), which
	// is already loaded.
	k0, k1, c0, c1 := GP32(), GP32(), GP32(), GP32()
	MOVBLZX(Mem{Base: keep, Index: g, Scale: 2}, k0)
	MOVBLZX(Mem{Base: keep, Index: g, Scale: 2, Disp: 1}, k1)
	KMOVB(k0, K1)
	KMOVB(k1, K2)
	POPCNTL(k0, c0)
	POPCNTL(k1, c1)
	VMOVUPD(Mem{Base: src}, Z0)
	VMOVUPD(Mem{Base: src, Disp: 64}, Z1)
	VCOMPRESSPD_Z(Z0, K1, Z2)
	VCOMPRESSPD_Z(Z1, K2, Z3)
	VMOVUPD(Z2, Mem{Base: dst, Index: out, Scale: 8})
	ADDQ(c0.As64(), out)
	VMOVUPD(Z3, Mem{Base: dst, Index: out, Scale: 8})
	ADDQ(c1.As64(), out)
	ADDQ(U8(128), src)
	INCQ(g)
	JMP(LabelRef("compact_loop"))
	Label("compact_done")
	Store(out, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// pairBytes: byte lane L = 16a+4b+c of the index vector of zigguratVBMI
// holds the index byte (byte 4) of word 16b+4a+c of the 64, taken from the
// pair of registers holding words 16b..16b+15, at offset 8(4a+c)+4 in it.
// The byte unpacks that rebuild dwords from the planes then give dword n of
// result register b for word 16b+n.
var pairBytes Mem

func pairConstant() {
	pairBytes = GLOBL("pairBytes", RODATA|NOPTR)
	for l := 0; l < 64; l++ {
		a, c := l/16, l%4
		DATA(l, U8(uint8(8*(4*a+c)+4)))
	}
}

// zigguratVBMI generates what ziggurat does, 64 words per iteration, with
// the tables as byte planes (kPlanes, wPlanes: [4][entries]byte, plane b
// holding byte b of every entry).
func zigguratVBMI(name, kPlanes, wPlanes string, entries int, signed bool) {
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name + " does what " + map[bool]string{true: "normsAVX512", false: "expsAVX512"}[signed] +
		" does for the first len(src)&^63 words of src.")
	xs, slow, src, n, kt, wt := zigArgs(64, kPlanes, wPlanes)
	idxC, lowC := Z31, Z30
	VMOVDQU64(pairBytes, idxC)
	VMOVDQU64(lowDwords, lowC)
	low32 := Z29 // the signed compare's temporary
	if !signed {
		broadcast(0xFFFFFFFF, low32)
	}
	// K4+p: the index lanes of the pair of registers p (words 16p..16p+15).
	pairMask := []Register{K4, K5, K6, K7}
	t := GP64()
	for p, k := range pairMask {
		MOVQ(U64(0x000F000F000F000F<<(4*p)), t)
		KMOVQ(t, k)
	}
	off := GP64()
	XORQ(off, off)

	words := []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7}
	idx := Z8
	js := []VecPhysical{Z25, Z26, Z27, Z28}
	res := []VecPhysical{Z21, Z22, Z23, Z24}
	Label(name + "_loop")
	CMPQ(off, n)
	JAE(LabelRef(name + "_done"))
	for r, z := range words {
		VMOVDQU64(Mem{Base: src, Index: off, Scale: 1, Disp: 64 * r}, z)
	}
	VMOVDQA64(idxC, idx)
	for p, k := range pairMask {
		VPERMI2B(words[2*p+1], words[2*p], k, idx)
	}
	if entries == 256 {
		VPMOVB2M(idx, K2) // index bit 7: the upper 128 entries
	}
	for p := range js {
		VMOVDQA64(lowC, js[p])
		VPERMI2D(words[2*p+1], words[2*p], js[p]) // j: the low dwords
	}
	planeLookup(kt, entries, idx, res)
	for p, j := range js {
		if signed {
			VPABSD(j, Z29)
			VPCMPUD(U8(5), res[p], Z29, K1) // slow: |j| >= k[i]
		} else {
			VPCMPUD(U8(5), res[p], j, K1) // slow: j >= k[i]
		}
		KMOVW(K1, Mem{Base: slow, Disp: 2 * p})
	}
	planeLookup(wt, entries, idx, res)
	// x = float64(j) * float64(w[i]), 8 lanes at a time. ExpFloat64 takes
	// j from each word in place (zero-extended to 64 bits, converted
	// exactly), not widened from the dwords: fewer shuffles (the kernel
	// ran 24% faster); for NormFloat64 the sign extension's two shifts
	// cost more than the widening (3% slower).
	for p, j := range js {
		if signed {
			lo, hi, wlo, whi := words[0], words[1], words[2], words[3]
			if p%2 == 1 {
				lo, hi, wlo, whi = words[4], words[5], words[6], words[7]
			}
			VEXTRACTI64X4(U8(1), j, hi.AsY())
			VEXTRACTF64X4(U8(1), res[p], whi.AsY())
			VCVTDQ2PD(j.AsY(), lo)
			VCVTDQ2PD(hi.AsY(), hi)
			VCVTPS2PD(res[p].AsY(), wlo)
			VCVTPS2PD(whi.AsY(), whi)
			VMULPD(wlo, lo, lo)
			VMULPD(whi, hi, hi)
			VMOVUPD(lo, Mem{Base: xs, Index: off, Scale: 1, Disp: 128 * p})
			VMOVUPD(hi, Mem{Base: xs, Index: off, Scale: 1, Disp: 128*p + 64})
			continue
		}
		temps := []VecPhysical{Z9, Z10, Z11, Z12, Z13, Z14, Z15, Z16}
		lo, hi, wlo, whi := temps[0], temps[1], temps[2], temps[3]
		if p%2 == 1 {
			lo, hi, wlo, whi = temps[4], temps[5], temps[6], temps[7]
		}
		VPANDQ(low32, words[2*p], lo)
		VPANDQ(low32, words[2*p+1], hi)
		VCVTQQ2PD(lo, lo)
		VCVTQQ2PD(hi, hi)
		VEXTRACTF64X4(U8(1), res[p], whi.AsY())
		VCVTPS2PD(res[p].AsY(), wlo)
		VCVTPS2PD(whi.AsY(), whi)
		VMULPD(wlo, lo, lo)
		VMULPD(whi, hi, hi)
		VMOVUPD(lo, Mem{Base: xs, Index: off, Scale: 1, Disp: 128 * p})
		VMOVUPD(hi, Mem{Base: xs, Index: off, Scale: 1, Disp: 128*p + 64})
	}
	ADDQ(U8(8), slow)
	ADDQ(U32(512), off)
	JMP(LabelRef(name + "_loop"))

	Label(name + "_done")
	VZEROUPPER()
	RET()
}

// planeLookup sets the four dword registers dst to table[i] for the 64
// words whose indices idx holds (lanes as in pairBytes): VPERMT2B looks up
// each byte plane (indices 0-127 from two 64-byte halves; with 256 entries
// twice, blended by index bit 7 in K2), byte and word unpacks interleave
// the planes back into dwords.
func planeLookup(table Register, entries int, idx VecPhysical, dst []VecPhysical) {
	planes := []VecPhysical{Z9, Z10, Z11, Z12}
	upper := []VecPhysical{Z13, Z14, Z15, Z16}
	for b, v := range planes {
		VMOVDQU64(Mem{Base: table, Disp: entries * b}, v)
		VPERMT2B(Mem{Base: table, Disp: entries*b + 64}, idx, v)
		if entries == 256 {
			VMOVDQU64(Mem{Base: table, Disp: entries*b + 128}, upper[b])
			VPERMT2B(Mem{Base: table, Disp: entries*b + 192}, idx, upper[b])
			VPBLENDMB(upper[b], v, K2, v)
		}
	}
	a, b, c, d := Z17, Z18, Z19, Z20
	VPUNPCKLBW(planes[1], planes[0], a) // bytes 0, 1 of the dwords
	VPUNPCKHBW(planes[1], planes[0], b)
	VPUNPCKLBW(planes[3], planes[2], c) // bytes 2, 3
	VPUNPCKHBW(planes[3], planes[2], d)
	VPUNPCKLWD(c, a, dst[0])
	VPUNPCKHWD(c, a, dst[1])
	VPUNPCKLWD(d, b, dst[2])
	VPUNPCKHWD(d, b, dst[3])
}

package main

// The AVX2 kernels, for amd64 CPUs without AVX-512 (AMD Zen 1-3, Intel
// client CPUs). Each has the contract of its AVX-512 namesake; AVX2 lacks
// what those build on (VCVTQQ2PD, VPMOVQD, 32-lane permutes, opmasks,
// VCOMPRESSPD), so the bodies differ:
//
//   - float64sAVX2: the 53-bit value in two exact parts, each converted by
//     the magic-number trick (a bit pattern whose mantissa is the integer),
//     already scaled by 2^-53: hi (bits 32-52) as 2^31 + hi*2^-21, lo (bits
//     0-31) as 2^-1 + lo*2^-53; hi part - (2^31 + 2^-1) = hi*2^-21 - 2^-1
//     is exact (22 significant bits), and so is adding the lo part (the
//     sum, u'*2^-53 with u' < 2^53, is a float64), so the result equals
//     float64(u<<11>>11) / (1<<53) bit for bit.
//   - uint32sAVX2, float32sAVX2: VSHUFPS picks the high dwords of two
//     registers, VPERMQ puts them in word order.
//   - normsAVX2, expsAVX2: one qword lane per word: both tables looked up
//     at once, in a table of pairs (k[i] in the low dword, the float32 bits
//     of w[i] in the high one) indexed by byte 4 of the word, with scalar
//     loads (faster than gathers); the fast-path test |j| < kn[i] (j <
//     ke[i]) a signed compare of the zero-extended qwords, j converted
//     exactly by the magic-number trick (for NormFloat64 j+2^31 as an
//     unsigned integer), w[i] by VCVTPS2PD after a VPERMD collects the
//     high dwords.
//   - compactAVX2: 4 values per VPERMD, its indices from a table of the 16
//     nibbles of the keep mask.
//   - uint64nAVX2: uint64n's body (fill_amd64_asm.go) at 4 lanes, the
//     unsigned compare as a signed one with the sign bits flipped, the
//     partial store by VPMASKMOVQ.

import (
	"math"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

var yregs = []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15}

// broadcastY loads the 64-bit constant c into every lane of y.
func broadcastY(c uint64, y VecPhysical) {
	t := GP64()
	MOVQ(U64(c), t)
	VMOVQ(t, y.AsX())
	VPBROADCASTQ(y.AsX(), y)
}

func float64sAVX2() {
	Implement("float64sAVX2")
	Attributes(NOSPLIT)
	Doc("float64sAVX2 does what float64sAVX512 does.")
	p, end := wordsEnd("p", 64)
	mask21, magicHi, magicLo, bias := Y12, Y13, Y14, Y15
	broadcastY(1<<21-1, mask21)
	broadcastY(math.Float64bits(0x1p31), magicHi)
	broadcastY(math.Float64bits(0x1p-1), magicLo)
	broadcastY(math.Float64bits(0x1p31+0x1p-1), bias)
	Label("float64sAVX2_loop")
	CMPQ(p, end)
	JAE(LabelRef("float64sAVX2_done"))
	for r := 0; r < 16; r++ {
		w, h := yregs[r%6], yregs[6+r%6]
		m := Mem{Base: p, Disp: 32 * r}
		VMOVDQU(m, w)
		VPSRLQ(U8(32), w, h)
		VPAND(mask21, h, h)
		VPOR(magicHi, h, h) // 2^31 + hi*2^-21
		VSUBPD(bias, h, h)  // hi*2^-21 - 2^-1
		VPBLENDD(U8(0xAA), magicLo, w, w)
		VADDPD(w, h, h) // + 2^-1 + lo*2^-53
		VMOVUPD(h, m)
	}
	ADDQ(U32(512), p)
	JMP(LabelRef("float64sAVX2_loop"))
	Label("float64sAVX2_done")
	VZEROUPPER()
	RET()
}

// narrowBodyAVX2 is narrow's loop body with AVX2, two blocks of 32 words.
func narrowBodyAVX2(dst, src Register, asFloat32 bool, mask, scale VecPhysical) {
	for half := 0; half < 2; half++ {
		for r := 0; r < 8; r++ {
			VMOVDQU(Mem{Base: src, Disp: 256*half + 32*r}, yregs[r])
		}
		for r := 0; r < 4; r++ {
			v := yregs[8+r]
			// Per 128-bit lane the high dwords of words (0, 1, 4, 5)
			// and (2, 3, 6, 7); qwords 0, 2, 1, 3 are word order.
			VSHUFPS(U8(0xDD), yregs[2*r+1], yregs[2*r], v)
			VPERMQ(U8(0xD8), v, v)
			if asFloat32 {
				VPAND(mask, v, v)
				VCVTDQ2PS(v, v)
				VMULPS(scale, v, v)
			}
			VMOVDQU(v, Mem{Base: dst, Disp: 128*half + 32*r})
		}
	}
}

// zigguratAVX2 generates what ziggurat does, 16 words per iteration, 4 per
// YMM register: table has 256 entries, indexed by byte 4 of the word (for
// NormFloat64 entries i and i+128 are the same), each holding k[i] in its
// low dword and the float32 bits of w[i] in its high dword. Each entry is
// loaded by VPBROADCASTQ from a scalar index and three VPBLENDDs put the 4
// of a register together: loads and blends run on the load ports and every
// vector ALU, where VMOVQ/VPINSRQ/VINSERTI128 and the VPERMD, VCVTPS2PD and
// VPCMPGTQ that followed all queued on Intel's one shuffle port (port 5);
// scalar loads measured faster than gathers (docs/performance.md).
//
// No instruction converts: w[i] becomes a float64 by moving its float32
// bits into place (the high dword shifted down 3 bits: the same sign,
// exponent field and mantissa read as a float64 are w[i] * 2^-896, exactly,
// a normal number for every entry), and j by the magic-number trick scaled
// to match (j * 2^896 exactly, from 2^948 + j' * 2^896 with j' = j in the
// mantissa's low 32 bits); their product is float64(j) * float64(w[i])
// rounded once, as in Go, since scaling by powers of two changes no
// rounding of a normal result. The fast-path test |j| < k[i] (j < k[i]) is
// the sign of |j| - k[i] (j - k[i]) on the zero-extended qwords.
func zigguratAVX2(name, table string, signed bool) {
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name + " does what " + map[bool]string{true: "normsAVX512", false: "expsAVX512"}[signed] +
		" does, with AVX2.")
	xs, slow, src, n, kt, _ := zigArgs(16, table, "")
	low32, magic, bias, flip := Y12, Y13, Y14, Y15
	broadcastY(0xFFFFFFFF, low32)
	broadcastY(math.Float64bits(0x1p948), magic) // odd dwords: 2^948's high dword
	if signed {
		// j' = j ^ 2^31 = j + 2^31 (as uint32).
		broadcastY(math.Float64bits(0x1p948+0x1p927), bias)
		broadcastY(math.Float64bits(0x1p948)|1<<31, flip)
	} else {
		bias = magic
	}
	off := GP64()
	XORQ(off, off)
	bitsAll, bits4 := GP32(), GP32()

	Label(name + "_loop")
	CMPQ(off, n)
	JAE(LabelRef(name + "_done"))
	XORL(bitsAll, bitsAll)
	for r := 0; r < 4; r++ {
		// Two sets of registers, so that consecutive groups overlap.
		set := yregs[6*(r%2) : 6*(r%2)+6]
		e, w, a, j := set[0:4], set[4], set[5], set[1]
		// Byte 4 of each word indexes the 256-entry table.
		for l := range e {
			idx := GP64()
			MOVBQZX(Mem{Base: src, Index: off, Scale: 1, Disp: 32*r + 8*l + 4}, idx)
			VPBROADCASTQ(Mem{Base: kt, Index: idx, Scale: 8}, e[l])
		}
		VPBLENDD(U8(0x0C), e[1], e[0], e[0])
		VPBLENDD(U8(0xC0), e[3], e[2], e[2])
		VPBLENDD(U8(0xF0), e[2], e[0], e[0]) // the 4 entries
		VMOVDQU(Mem{Base: src, Index: off, Scale: 1, Disp: 32 * r}, w)
		// fast: |j| < k[i] (j < k[i]), below 2^32 both.
		if signed {
			VPABSD(w, a)
			VPAND(low32, a, a)
		} else {
			VPAND(low32, w, a)
		}
		VPAND(low32, e[0], e[1])
		VPSUBQ(e[1], a, a) // negative: fast
		VMOVMSKPD(a, bits4)
		if r > 0 {
			SHLL(U8(4*r), bits4)
		}
		ORL(bits4, bitsAll)
		// j * 2^896 and w[i] * 2^-896.
		if signed {
			VPAND(low32, w, j)
			VPXOR(flip, j, j)
		} else {
			VPBLENDD(U8(0xAA), magic, w, j)
		}
		VSUBPD(bias, j, j)
		VPSRLQ(U8(32), e[0], e[2])
		VPSLLQ(U8(29), e[2], e[2])
		VMULPD(e[2], j, j)
		VMOVUPD(j, Mem{Base: xs, Index: off, Scale: 1, Disp: 32 * r})
	}
	XORL(U32(0xFFFF), bitsAll) // slow: not fast
	MOVW(bitsAll.As16(), Mem{Base: slow})
	ADDQ(U8(2), slow)
	ADDQ(U32(128), off)
	JMP(LabelRef(name + "_loop"))

	Label(name + "_done")
	VZEROUPPER()
	RET()
}

// compactPerm: entry m (32 bytes) holds the VPERMD indices that move the
// dwords of the lanes (qwords) set in the nibble m to the front, in order.
var compactPerm Mem

func compactPermConstant() {
	compactPerm = GLOBL("compactPerm", RODATA|NOPTR)
	for m := 0; m < 16; m++ {
		out := 0
		for lane := 0; lane < 4; lane++ {
			if m>>lane&1 == 1 {
				DATA(32*m+8*out, U32(uint32(2*lane)))
				DATA(32*m+8*out+4, U32(uint32(2*lane+1)))
				out++
			}
		}
		for ; out < 4; out++ {
			DATA(32*m+8*out, U32(0))
			DATA(32*m+8*out+4, U32(1))
		}
	}
}

func compactAVX2() {
	Implement("compactAVX2")
	Attributes(NOSPLIT)
	Doc("compactAVX2 does what compactAVX512 does, 4 values per VPERMD.")
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	keep := Load(Param("keep").Base(), GP64())
	n := Load(Param("src").Len(), GP64())
	SHRQ(U8(4), n) // pairs of bytes of keep
	SHLQ(U8(1), n) // bytes of keep
	tbl := GP64()
	LEAQ(compactPerm, tbl)
	out, g := GP64(), GP64()
	XORQ(out, out)
	XORQ(g, g)
	Label("compactAVX2_loop")
	CMPQ(g, n)
	JAE(LabelRef("compactAVX2_done"))
	// One byte of keep per iteration, a nibble (4 values) per permute: each
	// store of 4 lanes ends at or before the last element of its group
	// (out <= 4 times the group), which is already loaded.
	k, lo, hi, c0, c1 := GP32(), GP32(), GP32(), GP32(), GP32()
	MOVBLZX(Mem{Base: keep, Index: g, Scale: 1}, k)
	MOVL(k, lo)
	ANDL(U8(15), lo)
	MOVL(k, hi)
	SHRL(U8(4), hi)
	SHLL(U8(5), lo)
	SHLL(U8(5), hi)
	VMOVDQU(Mem{Base: tbl, Index: lo.As64(), Scale: 1}, Y2)
	VMOVDQU(Mem{Base: tbl, Index: hi.As64(), Scale: 1}, Y3)
	VPERMD(Mem{Base: src}, Y2, Y0)
	VPERMD(Mem{Base: src, Disp: 32}, Y3, Y1)
	POPCNTL(lo, c0) // lo, hi: the nibbles times 32, the same bit count
	POPCNTL(hi, c1)
	VMOVUPD(Y0, Mem{Base: dst, Index: out, Scale: 8})
	ADDQ(c0.As64(), out)
	VMOVUPD(Y1, Mem{Base: dst, Index: out, Scale: 8})
	ADDQ(c1.As64(), out)
	ADDQ(U8(64), src)
	INCQ(g)
	JMP(LabelRef("compactAVX2_loop"))
	Label("compactAVX2_done")
	Store(out, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

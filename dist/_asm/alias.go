package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// aliasAVX512 and aliasAVX2: Categorical's draws (categorical.go's
// drawChunk), 8 words per ZMM register, 4 per YMM, for tables of n < 2^32
// columns. The 128-bit product u·n is built from two 32x32-bit products:
// with u = uh·2^32 + ul, u·n = b·2^32 + a for a = ul·n and b = uh·n (each
// below 2^64, VPMULUDQ), so its high word, the column, is (b + a>>32)>>32
// (b + a>>32 < 2^64 since b <= (2^32-1)²) and its low word is b<<32 + a
// mod 2^64. AVX-512 reads the entries by a gather and compares lo|mask <
// entry by VPCMPUQ; AVX2 by scalar loads (see column) and a signed compare
// of both sides with their top bit flipped, which is the unsigned one.
func alias(s isa) {
	name := "alias" + s.suffix
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name+" sets dst[i] to the draw of word i of src from the alias table",
		"tab of n = len(tab) < 2^32 columns and the alias bits mask, for the first",
		fmt.Sprintf("min(len(dst), len(src)/8)&^%d words, and returns how many. dst may be", s.lanes-1),
		"src's memory.")
	vec := func() VecVirtual {
		if s.avx512 {
			return ZMM()
		}
		return YMM()
	}
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	n := Load(Param("src").Len(), GP64())
	SHRQ(U8(3), n)
	m := Load(Param("dst").Len(), GP64())
	CMPQ(m, n)
	CMOVQLT(m, n)
	ANDQ(I8(-s.lanes), n)
	Store(n, ReturnIndex(0))
	SHLQ(U8(3), n) // bytes
	tab := Load(Param("tab").Base(), GP64())
	cols := Load(Param("tab").Len(), GP64())
	mask := Load(Param("mask"), GP64())
	nv, mv, sign := vec(), vec(), vec()
	broadcastGP(s, cols, nv)
	broadcastGP(s, mask, mv)
	if !s.avx512 {
		broadcast(s, 1<<63, sign) // for the compare's flipped top bits
	}
	off := GP64()
	XORQ(off, off)
	Label(name + "_loop")
	CMPQ(off, n)
	JAE(LabelRef(name + "_done"))
	u, uh, a, b, hi, lo, e, r := vec(), vec(), vec(), vec(), vec(), vec(), vec(), vec()
	if s.avx512 {
		VMOVDQU64(Mem{Base: src, Index: off, Scale: 1}, u)
	} else {
		VMOVDQU(Mem{Base: src, Index: off, Scale: 1}, u)
	}
	VPSRLQ(U8(32), u, uh)
	VPMULUDQ(nv, u, a)  // ul·n
	VPMULUDQ(nv, uh, b) // uh·n
	VPSRLQ(U8(32), a, hi)
	VPADDQ(b, hi, hi)
	VPSRLQ(U8(32), hi, hi) // the column
	VPSLLQ(U8(32), b, lo)
	VPADDQ(a, lo, lo)
	if s.avx512 {
		VPXORQ(e, e, e) // defined before the merge, and no false dependency
		KXNORB(K1, K1, K1)
		VPGATHERQQ(Mem{Base: tab, Index: hi, Scale: 8}, K1, e)
		VPANDQ(mv, e, r)
		VPORQ(mv, lo, lo)
		VPCMPUQ(U8(1), e, lo, K2) // lo|mask < entry: keep the column
		VMOVDQA64(hi, K2, r)
		VMOVDQU64(r, Mem{Base: dst, Index: off, Scale: 1})
	} else {
		column(tab, 0, indices(hi), e)
		VPAND(mv, e, r)
		// lo|mask < entry as a signed compare of both with the top bit
		// flipped (mask's is clear).
		VPOR(mv, lo, lo)
		VPXOR(sign, lo, lo)
		VPXOR(sign, e, e)
		VPCMPGTQ(lo, e, lo)
		VBLENDVPD(lo, hi, r, r) // keep the column there
		VMOVDQU(r, Mem{Base: dst, Index: off, Scale: 1})
	}
	ADDQ(U8(8*s.lanes), off)
	JMP(LabelRef(name + "_loop"))
	Label(name + "_done")
	VZEROUPPER()
	RET()
}

//go:generate go run . -out ../dist_amd64.s

// Command _asm generates dist_amd64.s, the AVX-512 and AVX2 kernels of
// package dist's one-word fast paths, with avo, from the Go declarations in
// kernels_amd64.go (asmgen.Package and Implement read each signature from
// there). Each computes for every word exactly what the portable Go code
// computes (the same IEEE operations in the same order, never fused), 8
// words per ZMM register, 4 per YMM:
//
//   - normals, exps (expsMul): the value of every word of a block of up to
//     256 of the ziggurats' fast paths, whether or not the word takes it,
//     into an array, and a bit per word that misses it, for the Go walk
//     (zigwalk.go) that takes those: j = int64(u)>>11 (u>>11) and i =
//     u&0xFF, fast if |j| < k[i] (j < k[i]), the value mu +
//     float64(sigma*(float64(j)*w[i])) (float64(j)*w[i] / rate, or * 1/rate
//     where that is exact); the kernels never stop at a slow word, which
//     would cost them a pipeline's worth of work each time;
//   - compact: the values the walk keeps, in order, into place;
//   - uniforms: x = lo + float64(width*open01(u)) while lo < x < hi,
//     stopping at the first word whose x is not (Uniform.draw takes it);
//     uniformsInside: the same without the test, for intervals where no
//     word's x rounds to an endpoint.
//   - vexp, vexpMul, vlog, vpowLogMul: exp(x), lambda·exp(x), log(x)
//     and powLog(x)·k over a slice (xmath.go in this directory).
//   - mtTries: the tries of the gamma sampler of Marsaglia and Tsang, a
//     block at a time, for the Go walks (mttries.go); verdicts: the
//     bounds' answers for the tries the squeeze leaves (verdict.go);
//     betaRatios: Beta's X/(X+Y) (betaratios.go).
//   - tMT: StudentsT's values whose normal and gamma try are taken at
//     once, up to the first that is not (studentst.go); tBlock: a block
//     of StudentsT's tries, the others marked (tblock.go).
//   - geometrics: Geometric's values from exponentials (geometric.go).
//   - alias: Categorical's draws from its alias table (alias.go).
//   - tries, take: the tries of PTRS and BTRS and the compaction of the
//     values they accept (ptrs.go).
//
// The ziggurats' tables (256 entries of a 64-bit bound k and a float64
// width w) are looked up by one 16-byte load per word of the pair {w[i],
// float64(k[i])} at the index the word's low byte gives (MOVBQZX from the
// word in memory): 256-bit inserts gather the pairs of 4 words (two
// halves of a ZMM register, with VINSERTF64X4), and VUNPCKLPD/VUNPCKHPD
// separate the w's from the k's in word order. (Gathers measured slower:
// the scalar loads and the inserts run on the load ports and the shuffle
// units beside the arithmetic.) Both float64(j) and float64(k[i]) are
// exact, so the float compare is the Go code's integer one.
//
// The conversions without AVX-512's VCVTQQ2PD are exact bit tricks: for
// the normal, with v = u>>11 (bit 52 the sign of j, bits 0-51 m), float64(j)
// = (2^52 + m) - (2^52 + 2^52·bit52), the first the bits of 2^52 with m in
// the mantissa, the second 2^52's bits plus bit 52 (so 2^53 when it is
// set), and the difference is exact; for the exponential float64(j) = (2^52
// + m) - (bit 52 clear ? 2^52 : 0). For both, open01(u) = (1 +
// (u>>12)·2^-52) - (1 - 2^-53), the first the bits of 1 with u>>12 in the
// mantissa, exactly (u>>12 + 1/2)·2^-52 as Go's (float64(u>>12) + 0.5) *
// 2^-52.
//
// Regenerate with: cd dist/_asm && go generate
package main

import (
	"fmt"
	"math"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/streamrand/streamrand/internal/_asm/asmgen"
)

func main() {
	asmgen.Package("..")
	ConstraintExpr("gc,!purego") // avo's syntax for gc && !purego
	prefixLanesConstant()
	compactPermConstant()
	keptLanesConstant()
	for _, s := range []isa{avx512, avx2} {
		blockKernel(normals, s)
		blockKernel(exps, s)
		blockKernel(expsMul, s)
		kernel(uniforms, s)
		uniformsInside(s)
		compact(s)
	}
	// exp and log over a slice. The AVX2 versions read their tables with
	// scalar loads, not VGATHERQPD: qemu-x86_64 7.2 (CI's AVX2 CPU,
	// -cpu Haswell) reads a gather's VSIB index register 4 (X4, Y4) as no
	// index, every lane at index 0, and the allocator gave log's gathers
	// Y4; the loads measured as fast as the gathers (see
	// TestGatherIndexNotRegister4 for the kernels that still gather).
	for _, s := range []isa{avx512, avx2} {
		xmathKernels(s)
	}
	evenOddConstant()
	mtConstsConstant()
	mtTries()
	mtTriesAVX2()
	verdictConstsConstant()
	verdicts(avx512)
	verdicts(avx2)
	betaRatios(avx512)
	betaRatios(avx2)
	tIdxConstant()
	tPermConstant()
	tBlock()
	tBlockAVX2()
	boostTries()
	boostTriesAVX2()
	tMTAVX2()
	quadPermConstant()
	for _, z := range []bool{false, true} {
		boostRun(avx512, z)
		boostRun(avx2, z)
	}
	geometrics()
	alias(avx512)
	alias(avx2)
	geometricsAVX2()
	bitBytesConstant()
	ptrsConstsConstant()
	tries(avx512)
	tries(avx2)
	take(avx512)
	take(avx2)
	Generate()
}

// An isa is the vector extension a kernel is written for.
type isa struct {
	avx512 bool
	lanes  int // words per register
	suffix string
}

var (
	avx512 = isa{true, 8, "AVX512"}
	avx2   = isa{false, 4, "AVX2"}
)

// A kind is one fast path: its name and doc, the constants it sets up
// once, and the body that converts one register of words.
type kind struct {
	name string
	doc  []string
	// setup loads the kernel's constants (its parameters broadcast) and
	// returns the body, which converts the register of words at mem into
	// the values x and sets fast (a K register with AVX-512, a vector of
	// all-ones lanes with AVX2) to the lanes that take the fast path,
	// using the scratch registers t.
	setup func(s isa) func(mem Mem, x VecPhysical, fast Register, t []VecPhysical)
}

func kernel(k kind, s isa) {
	name := k.name + s.suffix
	Implement(name)
	Attributes(NOSPLIT)
	Doc(append([]string{name + " converts the little-endian words of src into dst[0],",
		"dst[1], ... while each takes the fast path (" + k.name + ": " + k.doc[0]}, append(k.doc[1:],
		"It stops at the first word that misses it, or after the last whole group of",
		fmt.Sprintf("%d words that fits both slices, and returns how many it converted. dst", s.lanes),
		"may start at or before src in the same memory: each group is loaded before",
		"its values are stored, and the bytes of dst after the values converted keep",
		"theirs.")...)...)
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	n := Load(Param("src").Len(), GP64())
	SHRQ(U8(3), n) // whole words
	m := Load(Param("dst").Len(), GP64())
	CMPQ(m, n)
	CMOVQLT(m, n)
	SHLQ(U8(3), n) // bytes of words to convert, at most
	body := k.setup(s)
	off := GP64()
	XORQ(off, off)

	regs := vecRegs(s)
	unroll := 2
	if s.avx512 {
		unroll = 4
	}
	for _, u := range []int{unroll, 1} {
		loop := fmt.Sprintf("%s_loop%d", name, u)
		next := fmt.Sprintf("%s_loop%d", name, 1)
		if u == 1 {
			next = name + "_done"
		}
		Label(loop)
		end := GP64()
		LEAQ(Mem{Base: off, Disp: 8 * s.lanes * u}, end)
		CMPQ(end, n)
		JA(LabelRef(next))
		xs := make([]VecPhysical, u)
		fasts := make([]Register, u)
		for v := range u {
			set := regs[v*len(regs)/unroll : (v+1)*len(regs)/unroll]
			xs[v] = set[0]
			if s.avx512 {
				fasts[v] = []Register{K1, K2, K3, K4}[v]
			} else {
				fasts[v] = set[1]
			}
			body(Mem{Base: src, Index: off, Scale: 1, Disp: 8 * s.lanes * v}, xs[v], fasts[v], set[2:])
		}
		partial := fmt.Sprintf("%s_partial%d", name, u)
		all := 1<<(s.lanes*u) - 1
		bits := GP32()
		// setBits sets bits to the fast lanes of the u registers,
		// register v's from bit v·lanes.
		setBits := func() {
			for v, f := range fasts {
				b := bits
				if v > 0 {
					b = GP32()
				}
				if s.avx512 {
					KMOVB(f, b)
				} else {
					VMOVMSKPD(f, b)
				}
				if v > 0 {
					SHLL(U8(s.lanes*v), b)
					ORL(b, bits)
				}
			}
		}
		if s.avx512 {
			// All fast: the AND of the masks is all ones.
			and := fasts[0]
			for _, f := range fasts[1:] {
				KANDB(f, and, K5)
				and = K5
			}
			KORTESTB(and, and)
			JCC(LabelRef(partial))
		} else {
			setBits()
			CMPL(bits, U32(all))
			JNE(LabelRef(partial))
		}
		for v, x := range xs {
			VMOVUPD(x, Mem{Base: dst, Index: off, Scale: 1, Disp: 8 * s.lanes * v})
		}
		ADDQ(U32(8*s.lanes*u), off)
		JMP(LabelRef(loop))

		// Store the values before the first slow lane and count them:
		// with AVX-512 by a masked store; with AVX2 each register whole,
		// its lanes from the first slow one on as dst holds them
		// (VMASKMOVPD's store is microcoded on AMD's cores).
		Label(partial)
		if s.avx512 {
			setBits()
		}
		XORL(U32(all), bits) // the slow lanes
		c := GP32()
		BSFL(bits, c)
		if s.avx512 {
			// The mask: the lanes below the lowest slow one.
			pre := GP32()
			MOVL(bits, pre)
			NEGL(pre)
			ANDL(bits, pre)
			DECL(pre)
			for v, x := range xs {
				if v > 0 {
					SHRL(U8(s.lanes), pre)
				}
				KMOVW(pre, K5)
				VMOVUPD(x, K5, Mem{Base: dst, Index: off, Scale: 1, Disp: 8 * s.lanes * v})
			}
		} else {
			// The mask of register v: the first min(max(c - 4v, 0), 4)
			// lanes, from prefixLanes.
			t := GP64()
			LEAQ(prefixLanes, t)
			mask, old := regs[len(regs)-1], regs[len(regs)-2] // scratch registers of the last set
			for v, x := range xs {
				at := Mem{Base: dst, Index: off, Scale: 1, Disp: 8 * s.lanes * v}
				p := GP32()
				MOVL(c, p)
				if v > 0 {
					zero := GP32()
					XORL(zero, zero)
					SUBL(U8(s.lanes*v), p)
					CMOVLLT(zero, p)
				}
				if v < len(xs)-1 {
					full := GP32()
					MOVL(U32(s.lanes), full)
					CMPL(p, U8(s.lanes))
					CMOVLGT(full, p)
				}
				SHLL(U8(5), p)
				VMOVDQU(Mem{Base: t, Index: p.As64(), Scale: 1}, mask)
				VMOVUPD(at, old)
				VBLENDVPD(mask, x, old, old)
				VMOVUPD(old, at)
			}
		}
		LEAQ(Mem{Base: off, Index: c.As64(), Scale: 8}, off)
		JMP(LabelRef(name + "_done"))
	}

	Label(name + "_done")
	SHRQ(U8(3), off)
	Store(off, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// walkBlock is the length of the block kernels' arrays (xs *[256]float64,
// slow *[4]uint64: kernels_amd64.go's walkBlock).
const walkBlock = 256

// blockKernel generates a kernel that converts a block of words whatever
// their path: the fast-path value of every word and a bit for each that
// misses the fast path, for the Go walk (zigwalk.go) to take those.
func blockKernel(k kind, s isa) {
	name := k.name + s.suffix
	Implement(name)
	Attributes(NOSPLIT)
	Doc(append([]string{name + " sets xs[t] to the value of word t of src (little-endian)",
		fmt.Sprintf("for the first m = min(len(src)/8, %d)&^7 words, whether or not the word", walkBlock),
		"takes the fast path, and bit t%64 of slow[t/64] to whether it misses it; it",
		"returns m. The bytes of slow after bit m keep theirs. The fast path: " + k.doc[0]},
		k.doc[1:]...)...)
	xs := Load(Param("xs"), GP64())
	slow := Load(Param("slow"), GP64())
	src := Load(Param("src").Base(), GP64())
	n := Load(Param("src").Len(), GP64())
	SHRQ(U8(3), n) // whole words
	most := GP64()
	MOVQ(U32(walkBlock), most)
	CMPQ(n, most)
	CMOVQGT(most, n)
	ANDQ(I8(-8), n)
	Store(n, ReturnIndex(0))
	SHLQ(U8(3), n) // bytes of words to convert
	body := k.setup(s)
	off := GP64()
	XORQ(off, off)

	regs := vecRegs(s)
	// Groups of 8 words, a byte of slow each: two registers of AVX-512
	// (then one), or two of AVX2.
	us := []int{2, 1}
	if !s.avx512 {
		us = []int{2}
	}
	for _, u := range us {
		loop := fmt.Sprintf("%s_loop%d", name, u)
		next := name + "_done"
		if u == 2 && s.avx512 {
			next = fmt.Sprintf("%s_loop%d", name, 1)
		}
		Label(loop)
		end := GP64()
		LEAQ(Mem{Base: off, Disp: 8 * s.lanes * u}, end)
		CMPQ(end, n)
		JA(LabelRef(next))
		var fasts []Register
		for v := range u {
			set := regs[v*len(regs)/2 : (v+1)*len(regs)/2]
			x := set[0]
			fast := Register(set[1])
			if s.avx512 {
				fast = []Register{K1, K2}[v]
			}
			fasts = append(fasts, fast)
			body(Mem{Base: src, Index: off, Scale: 1, Disp: 8 * s.lanes * v}, x, fast, set[2:])
			VMOVUPD(x, Mem{Base: xs, Index: off, Scale: 1, Disp: 8 * s.lanes * v})
		}
		if s.avx512 {
			for v, f := range fasts {
				KNOTB(f, f)
				KMOVB(f, Mem{Base: slow, Disp: v})
			}
		} else {
			b0, b1 := GP32(), GP32()
			VMOVMSKPD(fasts[0], b0)
			VMOVMSKPD(fasts[1], b1)
			SHLL(U8(4), b1)
			ORL(b1, b0)
			NOTL(b0)
			MOVB(b0.As8(), Mem{Base: slow})
		}
		ADDQ(U8(u*s.lanes/8), slow)
		ADDQ(U32(8*s.lanes*u), off)
		JMP(LabelRef(loop))
	}
	Label(name + "_done")
	VZEROUPPER()
	RET()
}

// compact generates compactAVX512 or compactAVX2: the values the walk
// keeps, in order, 8 at a time by VPERMQ with the indices of keptLanes (4
// per VPERMD with AVX2, compactPerm's), and whole-register stores.
// (VCOMPRESSPD, register to register, measured slower.)
func compact(s isa) {
	name := "compact" + s.suffix
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name+" stores, in order from dst[0], the values xs[t] of the first",
		fmt.Sprintf("m' = min(m, len(dst), len(xs), %d)&^7 whose bit t%%64 of keep[t/64] is set,", walkBlock),
		"and returns how many. It may write anything to dst after the values kept, up",
		"to dst[m'-1]. dst and xs may start at the same element: each group of 8 is",
		"loaded before its kept values are stored, at or before the group's start.")
	dst := Load(Param("dst").Base(), GP64())
	xs := Load(Param("xs").Base(), GP64())
	keep := Load(Param("keep"), GP64())
	n := Load(Param("m"), GP64())
	l := Load(Param("dst").Len(), GP64())
	CMPQ(n, l)
	CMOVQGT(l, n)
	l = Load(Param("xs").Len(), GP64())
	CMPQ(n, l)
	CMOVQGT(l, n)
	most := GP64()
	MOVQ(U32(walkBlock), most)
	CMPQ(n, most)
	CMOVQGT(most, n)
	SHRQ(U8(3), n) // bytes of keep
	out, g := GP64(), GP64()
	XORQ(out, out)
	XORQ(g, g)
	tbl := GP64()
	if s.avx512 {
		LEAQ(keptLanes, tbl)
	} else {
		LEAQ(compactPerm, tbl)
	}
	// One byte of keep (8 values) per step, two steps per iteration while
	// two are left: each store of 8 (4) lanes ends at or before the last
	// element of its group (out <= 8g), within dst[:m'].
	for _, u := range []int{2, 1} {
		loop := fmt.Sprintf("%s_loop%d", name, u)
		next := name + "_loop1"
		if u == 1 {
			next = name + "_done"
		}
		Label(loop)
		end := GP64()
		LEAQ(Mem{Base: g, Disp: u}, end)
		CMPQ(end, n)
		JA(LabelRef(next))
		for h := range u {
			k, c := GP32(), GP32()
			MOVBLZX(Mem{Base: keep, Index: g, Scale: 1, Disp: h}, k)
			POPCNTL(k, c)
			g8 := GP64()
			MOVQ(g, g8)
			SHLQ(U8(6), g8) // the group's bytes in xs
			if s.avx512 {
				// The VPERMQ indices of the lanes kept, in order.
				idx := []VecPhysical{Z2, Z3}[h]
				VPMOVZXBQ(Mem{Base: tbl, Index: k.As64(), Scale: 8}, idx)
				VPERMQ(Mem{Base: xs, Index: g8, Scale: 1, Disp: 64 * h}, idx, []VecPhysical{Z0, Z1}[h])
				VMOVUPD([]VecPhysical{Z0, Z1}[h], Mem{Base: dst, Index: out, Scale: 8})
				ADDQ(c.As64(), out)
				continue
			}
			lo, hi, c1 := GP32(), GP32(), GP32()
			MOVL(k, lo)
			ANDL(U8(15), lo)
			MOVL(k, hi)
			SHRL(U8(4), hi)
			SHLL(U8(5), lo)
			SHLL(U8(5), hi)
			VMOVDQU(Mem{Base: tbl, Index: lo.As64(), Scale: 1}, Y2)
			VMOVDQU(Mem{Base: tbl, Index: hi.As64(), Scale: 1}, Y3)
			VPERMD(Mem{Base: xs, Index: g8, Scale: 1, Disp: 64 * h}, Y2, Y0)
			VPERMD(Mem{Base: xs, Index: g8, Scale: 1, Disp: 64*h + 32}, Y3, Y1)
			POPCNTL(lo, c) // lo, hi: the nibbles times 32, the same bit count
			POPCNTL(hi, c1)
			VMOVUPD(Y0, Mem{Base: dst, Index: out, Scale: 8})
			ADDQ(c.As64(), out)
			VMOVUPD(Y1, Mem{Base: dst, Index: out, Scale: 8})
			ADDQ(c1.As64(), out)
		}
		ADDQ(U8(u), g)
		JMP(LabelRef(loop))
	}
	Label(name + "_done")
	Store(out, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// keptLanes: entry m (8 bytes) holds the indices of the lanes set in the
// byte m, in order (then zeros): VPMOVZXBQ widens them to VPERMQ's.
var keptLanes Mem

func keptLanesConstant() {
	keptLanes = GLOBL("keptLanes", RODATA|NOPTR)
	for m := 0; m < 256; m++ {
		out := 0
		for lane := 0; lane < 8; lane++ {
			if m>>lane&1 == 1 {
				DATA(8*m+out, U8(uint8(lane)))
				out++
			}
		}
		for ; out < 8; out++ {
			DATA(8*m+out, U8(0))
		}
	}
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

// vecRegs are the registers the bodies may use, split evenly between the
// unroll registers of words (the constants take the others).
func vecRegs(s isa) []VecPhysical {
	if s.avx512 {
		return []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15}
	}
	return []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9}
}

// constants: the registers the setups load constants into.
func constants(s isa) []VecPhysical {
	if s.avx512 {
		return []VecPhysical{Z31, Z30, Z29, Z28, Z27, Z26, Z25, Z24}
	}
	return []VecPhysical{Y15, Y14, Y13, Y12, Y11, Y10}
}

// vecOp is a vector register, physical or virtual, as an operand.
type vecOp interface {
	Vec
	Op
}

// broadcast loads the 64-bit constant c into every lane of v.
func broadcast(s isa, c uint64, v vecOp) {
	t := GP64()
	MOVQ(U64(c), t)
	broadcastGP(s, t, v)
}

// broadcastGP loads the general-purpose register g into every lane of v
// (AVX2 has no broadcast from a general-purpose register: through v's low
// lane).
func broadcastGP(s isa, g Register, v vecOp) {
	if s.avx512 {
		VPBROADCASTQ(g, v)
		return
	}
	VMOVQ(g, v.AsX())
	VPBROADCASTQ(v.AsX(), v)
}

// broadcastParam loads the float64 parameter name into every lane of v.
func broadcastParam(name string, v vecOp) {
	b, err := Param(name).Resolve()
	if err != nil {
		panic(err)
	}
	VBROADCASTSD(b.Addr, v)
}

func or(s isa, a, b, dst Op) {
	if s.avx512 {
		VPORQ(a, b, dst)
	} else {
		VPOR(a, b, dst)
	}
}

// Compare predicates (VCMPPD's imm8): ordered, quiet, as Go's < and >.
const (
	cmpLT = 0x11
	cmpGT = 0x1E
)

// table loads the address of the table of pairs name (a Go symbol).
func table(name string) Register {
	tbl := GP64()
	LEAQ(NewDataAddr(Symbol{Name: name}, 0), tbl)
	return tbl
}

// A vec is a vector register, physical or virtual.
type vec interface {
	Register
	Vec
}

// lookup sets w and k to the w[i] and float64(k[i]) of the table of pairs
// at tbl for the words at mem, i their low bytes; a is scratch.
func lookup(s isa, tbl Register, mem Mem, w, k, a VecPhysical) {
	lookupStride(s, tbl, mem, 8, w, k, a)
}

// lookupStride is lookup for words stride bytes apart (16: the first
// words of pairs).
func lookupStride(s isa, tbl Register, mem Mem, stride int, w, k, a vec) {
	lookupRows(s, false, tbl, mem, stride, w, k, a)
}

// lookupRows is lookupStride, its 128-bit inserts EVEX-encoded where evex
// (VINSERTF64X2, AVX-512 DQ), which reach the registers above 15: a kernel
// with more live vectors than 16 gets those from avo's allocator.
func lookupRows(s isa, evex bool, tbl Register, mem Mem, stride int, w, k, a vec) {
	insert := func(ops ...Op) { VINSERTF128(ops[0], ops[1], ops[2], ops[3]) }
	if evex {
		insert = func(ops ...Op) { VINSERTF64X2(ops[0], ops[1], ops[2], ops[3]) }
	}
	entry := func(l int) Mem { return rowEntry(tbl, mem, stride, l) }
	// a: the pairs of the even words, k: those of the odd ones, a pair per
	// 128-bit lane, so that the unpacks give the w's and the k's in word
	// order.
	for h, r := range []vec{a, k} {
		VMOVUPD(entry(h), r.AsX())
		insert(U8(1), entry(2+h), r.AsY(), r.AsY())
		if s.avx512 {
			// The upper half in w (free until the unpacks), by 256-bit
			// inserts, which take half the shuffle work of 512-bit ones.
			VMOVUPD(entry(4+h), w.AsX())
			insert(U8(1), entry(6+h), w.AsY(), w.AsY())
			VINSERTF64X4(U8(1), w.AsY(), r, r)
		}
	}
	VUNPCKLPD(k, a, w)
	VUNPCKHPD(k, a, k)
}

// rowEntry returns the row {w[i], float64(k[i])} of the table of pairs at
// tbl for word l of the words at mem, stride bytes apart, i its low byte.
func rowEntry(tbl Register, mem Mem, stride, l int) Mem {
	i := GP64()
	at := mem
	at.Disp += stride * l
	MOVBQZX(at, i)
	SHLQ(U8(4), i)
	return Mem{Base: tbl, Index: i, Scale: 1}
}

// The bit patterns of the conversions' constants.
const (
	mask52 = 1<<52 - 1
	bit52  = 1 << 52
	one    = 0x3FF0000000000000 // 1.0
)

var magic52 = math.Float64bits(0x1p52)

var normals = kind{
	name: "normals",
	doc: []string{"j = int64(u)>>11, i = u&0xFF,",
		"|j| < zigNormal.k[i]; the value is mu + float64(sigma*(float64(j)*zigNormal.w[i]))."},
	setup: func(s isa) func(Mem, VecPhysical, Register, []VecPhysical) {
		c := constants(s)
		abs, sigma, mu := c[0], c[1], c[2]
		broadcast(s, 1<<63-1, abs)
		tbl := table("·normPairs")
		broadcastParam("sigma", sigma)
		broadcastParam("mu", mu)
		var m52, mag, b52 VecPhysical
		if !s.avx512 {
			m52, mag, b52 = c[3], c[4], c[5]
			broadcast(s, mask52, m52)
			broadcast(s, magic52, mag)
			broadcast(s, bit52, b52)
		}
		return func(mem Mem, x VecPhysical, fast Register, t []VecPhysical) {
			if s.avx512 {
				VPSRAQ(U8(11), mem, t[0]) // j
				VCVTQQ2PD(t[0], x)
				lookup(s, tbl, mem, t[1], t[2], t[3])
				VPANDQ(abs, x, t[0])
				VCMPPD(U8(cmpLT), t[2], t[0], fast) // |x| < k[i]
				VMULPD(t[1], x, x)
			} else {
				// float64(j) = (2^52 + m) - (2^52 + 2^52·bit52).
				VMOVDQU(mem, t[0])
				VPSRLQ(U8(11), t[0], t[0])
				VPAND(m52, t[0], x)
				VPOR(mag, x, x)
				VPAND(b52, t[0], t[0])
				VPADDQ(mag, t[0], t[0])
				VSUBPD(t[0], x, x)
				lookup(s, tbl, mem, t[2], t[1], t[0])
				f := fast.(VecPhysical)
				VANDPD(abs, x, f)
				VCMPPD(U8(cmpLT), t[1], f, f) // |x| < k[i]
				VMULPD(t[2], x, x)
			}
			VMULPD(sigma, x, x)
			VADDPD(mu, x, x)
		}
	},
}

// exps and expsMul are the Exponential's ziggurat: x/rate, or x*inv where
// inv = 1/rate exactly (rate a power of two: the same real quotient, so
// the same rounding).
var exps, expsMul = expKind(false), expKind(true)

func expKind(mul bool) kind {
	name, param, op := "exps", "rate", "/ rate"
	if mul {
		name, param, op = "expsMul", "inv", "* inv"
	}
	return kind{
		name: name,
		doc: []string{"j = u>>11, i = u&0xFF,",
			"j < zigExp.k[i]; the value is float64(int64(j))*zigExp.w[i] " + op + "."},
		setup: func(s isa) func(Mem, VecPhysical, Register, []VecPhysical) {
			c := constants(s)
			rate := c[0]
			tbl := table("·expPairs")
			broadcastParam(param, rate)
			var m52, mag, zero VecPhysical
			if !s.avx512 {
				m52, mag, zero = c[1], c[2], c[3]
				broadcast(s, mask52, m52)
				broadcast(s, magic52, mag)
				VPXOR(zero, zero, zero)
			}
			return func(mem Mem, x VecPhysical, fast Register, t []VecPhysical) {
				if s.avx512 {
					VPSRLQ(U8(11), mem, t[0]) // j
					VCVTQQ2PD(t[0], x)
					lookup(s, tbl, mem, t[1], t[2], t[3])
					VCMPPD(U8(cmpLT), t[2], x, fast) // x < k[i]
					VMULPD(t[1], x, x)
				} else {
					// float64(j) = (2^52 + m) - (bit 52 clear ? 2^52 : 0),
					// bit 52 of j the sign bit of u.
					f := fast.(VecPhysical)
					VMOVDQU(mem, t[0])
					VPCMPGTQ(t[0], zero, f) // u's sign bit set
					VPSRLQ(U8(11), t[0], t[0])
					VPAND(m52, t[0], x)
					VPOR(mag, x, x)
					VPANDN(mag, f, f)
					VSUBPD(f, x, x)
					lookup(s, tbl, mem, t[2], t[1], t[0])
					VCMPPD(U8(cmpLT), t[1], x, f) // x < k[i]
					VMULPD(t[2], x, x)
				}
				if mul {
					VMULPD(rate, x, x)
				} else {
					VDIVPD(rate, x, x)
				}
			}
		},
	}
}

var uniforms = kind{
	name: "uniforms",
	doc: []string{"x = lo + float64(width*open01(u))",
		"strictly inside (lo, hi)). width must be finite."},
	setup: func(s isa) func(Mem, VecPhysical, Register, []VecPhysical) {
		c := constants(s)
		ones, bias, width, lo, hi := c[0], c[1], c[2], c[3], c[4]
		broadcast(s, one, ones)
		broadcast(s, math.Float64bits(1-0x1p-53), bias)
		broadcastParam("width", width)
		broadcastParam("lo", lo)
		broadcastParam("hi", hi)
		return func(mem Mem, x VecPhysical, fast Register, t []VecPhysical) {
			uniformValue(s, mem, x, ones, bias, width, lo)
			if s.avx512 {
				VCMPPD(U8(cmpGT), lo, x, fast)
				VCMPPD(U8(cmpLT), hi, x, fast, fast)
			} else {
				f := fast.(VecPhysical)
				VCMPPD(U8(cmpGT), lo, x, f)
				VCMPPD(U8(cmpLT), hi, x, t[0])
				VANDPD(t[0], f, f)
			}
		}
	},
}

// uniformValue sets x to lo + float64(width*open01(u)) for the words u at
// mem.
func uniformValue(s isa, mem Mem, x, ones, bias, width, lo VecPhysical) {
	if s.avx512 {
		VPSRLQ(U8(12), mem, x)
	} else {
		VMOVDQU(mem, x)
		VPSRLQ(U8(12), x, x)
	}
	or(s, ones, x, x)
	VSUBPD(bias, x, x) // open01(u)
	VMULPD(width, x, x)
	VADDPD(lo, x, x)
}

// uniformsInside generates uniformsInsideAVX512 or uniformsInsideAVX2: the
// values of uniforms without the test, for the intervals where every word's
// value is inside (the Go code checks the least and the greatest).
func uniformsInside(s isa) {
	name := "uniformsInside" + s.suffix
	Implement(name)
	Attributes(NOSPLIT)
	Doc(name+" converts the little-endian words u of src into dst[0], dst[1], ...,",
		"x = lo + float64(width*open01(u)), for the first min(len(dst), len(src)/8) words",
		fmt.Sprintf("in whole groups of %d, and returns how many. dst may start at or before src", s.lanes),
		"in the same memory: each group is loaded before its values are stored.")
	dst := Load(Param("dst").Base(), GP64())
	src := Load(Param("src").Base(), GP64())
	n := Load(Param("src").Len(), GP64())
	SHRQ(U8(3), n) // whole words
	m := Load(Param("dst").Len(), GP64())
	CMPQ(m, n)
	CMOVQLT(m, n)
	SHLQ(U8(3), n) // bytes
	c := constants(s)
	ones, bias, width, lo := c[0], c[1], c[2], c[3]
	broadcast(s, one, ones)
	broadcast(s, math.Float64bits(1-0x1p-53), bias)
	broadcastParam("width", width)
	broadcastParam("lo", lo)
	off := GP64()
	XORQ(off, off)
	regs := vecRegs(s)
	for _, u := range []int{4, 1} {
		loop := fmt.Sprintf("%s_loop%d", name, u)
		next := name + "_loop1"
		if u == 1 {
			next = name + "_done"
		}
		Label(loop)
		end := GP64()
		LEAQ(Mem{Base: off, Disp: 8 * s.lanes * u}, end)
		CMPQ(end, n)
		JA(LabelRef(next))
		for v := range u {
			uniformValue(s, Mem{Base: src, Index: off, Scale: 1, Disp: 8 * s.lanes * v}, regs[v], ones, bias, width, lo)
		}
		for v := range u {
			VMOVUPD(regs[v], Mem{Base: dst, Index: off, Scale: 1, Disp: 8 * s.lanes * v})
		}
		ADDQ(U32(8*s.lanes*u), off)
		JMP(LabelRef(loop))
	}
	Label(name + "_done")
	SHRQ(U8(3), off)
	Store(off, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// prefixLanes: entry c (32 bytes, c = 0 to 4) sets the sign bits of the
// first c qword lanes, the mask of VBLENDVPD that takes them.
var prefixLanes Mem

func prefixLanesConstant() {
	prefixLanes = GLOBL("prefixLanes", RODATA|NOPTR)
	for c := 0; c <= 4; c++ {
		for l := 0; l < 4; l++ {
			var m uint64
			if l < c {
				m = ^uint64(0)
			}
			DATA(32*c+8*l, U64(m))
		}
	}
}

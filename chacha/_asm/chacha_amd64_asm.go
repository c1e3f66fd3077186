//go:generate go run . -out ../chacha_amd64.s

// Command _asm generates chacha_amd64.s, the amd64 ChaCha kernels of package
// chacha, with avo, from the Go declarations in chacha_amd64.go
// (asmgen.Package and Implement read each signature from there): one description of the ChaCha
// double round emitted at three widths, each for 16 blocks (1 KiB) and 64
// blocks (4 KiB).
//
//   - blocks{16,64}AVX512: 16 lanes, one state word per ZMM register across
//     16 blocks; every rotation is a VPROLD. Two batches (32 blocks, all 32
//     ZMM registers) are computed side by side; the 1 KiB kernel has one.
//   - blocks{16,64}AVX2: 8 lanes in YMM registers; rotations by 16 and 8
//     are VPSHUFB, by 12 and 7 shift/shift/or.
//   - blocks{16,64}SSSE3: 4 lanes in XMM registers; PSHUFB for 16 and 8.
//
// A kernel blocksN writes exactly the N blocks of the array its dst points
// to (the size is in the type, so the loop count is a constant of the code
// and no length can be wrong), one batch of lanes blocks per iteration. For
// every batch it derives the per-lane block counters (low words with a
// vector add, the carry into word 13 with an unsigned compare), runs
// rounds/2 double rounds, adds the initial state, transposes in registers
// and stores the blocks in stream order to dst, which may be unaligned.
//
// The AVX2 and SSE kernels need 16 registers for the state alone, so they
// keep the initial state in an aligned stack area and spill one register
// around the shift/shift/or rotations and around the transpose.
//
// Regenerate with: cd chacha/_asm && go generate
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/streamrand/streamrand/internal/_asm/asmgen"
)

// Every kernel's Go signature (in chacha_amd64.go) is
//
//	func(rounds int, key *[8]uint32, dst *[N * BlockSize]byte, counter, stream uint64)
//
// with rounds a positive even number.

// Constants, shared by every width (narrower kernels read a prefix). The SSE
// kernel uses them as memory operands, which must be 16-byte aligned: the
// linker aligns a symbol of 16 bytes or more to at least 16.
var (
	sigmaMem    Mem // "expand 32-byte k"
	iotaMem     Mem // 0, 1, ..., 15: lane index
	biasMem     Mem // 0x80000000 in every lane
	iotaBiasMem Mem // lane index ^ 0x80000000
	oneMem      Mem // 1 (one dword, for a broadcast)
	rot16Mem    Mem // PSHUFB mask: rotate each dword left by 16
	rot8Mem     Mem // PSHUFB mask: rotate each dword left by 8
)

func constants() {
	sigmaMem = GLOBL("sigma", RODATA|NOPTR)
	for i, w := range []uint32{0x61707865, 0x3320646e, 0x79622d32, 0x6b206574} {
		DATA(4*i, U32(w))
	}
	iotaMem = GLOBL("iota", RODATA|NOPTR)
	for i := 0; i < 16; i++ {
		DATA(4*i, U32(uint32(i)))
	}
	biasMem = GLOBL("bias", RODATA|NOPTR)
	for i := 0; i < 8; i++ {
		DATA(4*i, U32(0x80000000))
	}
	iotaBiasMem = GLOBL("iotabias", RODATA|NOPTR)
	for i := 0; i < 8; i++ {
		DATA(4*i, U32(uint32(i)^0x80000000))
	}
	oneMem = GLOBL("one", RODATA|NOPTR)
	DATA(0, U32(1))
	rot16Mem = rotMask("rot16", 16)
	rot8Mem = rotMask("rot8", 8)
}

// rotMask emits a 32-byte PSHUFB mask that rotates every dword left by r
// bits (a multiple of 8): output byte j of a dword takes its input byte
// (j - r/8) mod 4.
func rotMask(name string, r int) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i := 0; i < 32; i++ {
		dw, j := i/4, i%4
		DATA(i, U8(uint8(4*dw+(j-r/8+4)%4)))
	}
	return m
}

// kernel describes one width: how each abstract vector operation is emitted.
type kernel struct {
	name    string // Go function name
	lanes   int    // blocks per batch: 4, 8 or 16
	nblocks int    // blocks per call: the N of the dst array
	vec     func(i int) VecPhysical

	// base holds the address of the kernel's stack area, aligned to the
	// vector size, whose vector-sized slots slot(i) hold: for AVX2 and SSE
	// the initial state (slots 0-15, one vector per word) and a spill slot
	// (16); for AVX-512 the counter words 12 and 13 of two batches (0-3),
	// a spill slot (4) and the stream id (6).
	base Register
}

func (k *kernel) vb() int { return 4 * k.lanes } // bytes per vector

func (k *kernel) slot(i int) Mem { return Mem{Base: k.base, Disp: i * k.vb()} }

// spillSlot is where the AVX2 and SSE kernels park one state register.
func (k *kernel) spillSlot() Mem { return k.slot(16) }

// add: x += y.
func (k *kernel) add(x VecPhysical, y Op) {
	switch k.lanes {
	case 4:
		PADDL(y, x)
	default:
		VPADDD(y, x, x)
	}
}

// xor: x ^= y.
func (k *kernel) xor(x VecPhysical, y Op) {
	switch k.lanes {
	case 16:
		VPXORD(y, x, x)
	case 8:
		VPXOR(y, x, x)
	default:
		PXOR(y, x)
	}
}

// move: dst = src (register or memory), unaligned for memory.
func (k *kernel) move(src Op, dst Op) {
	switch k.lanes {
	case 16:
		VMOVDQU32(src, dst)
	case 8:
		VMOVDQU(src, dst)
	default:
		MOVOU(src, dst)
	}
}

// moveAligned: dst = src, src aligned to the vector size (stack slots).
func (k *kernel) moveAligned(src Op, dst Op) {
	switch k.lanes {
	case 16:
		VMOVDQA32(src, dst)
	case 8:
		VMOVDQA(src, dst)
	default:
		MOVO(src, dst)
	}
}

// needsTemp reports whether rotating left by n needs a scratch register.
func (k *kernel) needsTemp(n int) bool {
	return k.lanes != 16 && n != 16 && n != 8
}

// rotl rotates every dword of x left by n, using t as scratch when
// needsTemp(n).
func (k *kernel) rotl(x VecPhysical, n int, t VecPhysical) {
	var mask Mem
	switch n {
	case 16:
		mask = rot16Mem
	case 8:
		mask = rot8Mem
	}
	switch {
	case k.lanes == 16:
		VPROLD(U8(n), x, x)
	case k.lanes == 8 && (n == 16 || n == 8):
		VPSHUFB(mask, x, x)
	case k.lanes == 8:
		VPSLLD(U8(n), x, t)
		VPSRLD(U8(32-n), x, x)
		VPOR(t, x, x)
	case n == 16 || n == 8:
		PSHUFB(mask, x)
	default:
		MOVO(x, t)
		PSLLL(U8(n), t)
		PSRLL(U8(32-n), x)
		POR(t, x)
	}
}

// rotate rotates each of xs left by n. When that takes a scratch register,
// spill (a state word not needed until after the rotations) is parked in
// the spill slot and its register serves as scratch.
func (k *kernel) rotate(xs []VecPhysical, n int, spill VecPhysical) {
	if !k.needsTemp(n) {
		for _, x := range xs {
			k.rotl(x, n, nil)
		}
		return
	}
	k.moveAligned(spill, k.spillSlot())
	for _, x := range xs {
		k.rotl(x, n, spill)
	}
	k.moveAligned(k.spillSlot(), spill)
}

// The quarter rounds of a column round and of a diagonal round, as indices
// of (a, b, c, d) state words.
var (
	columns   = [4][4]int{{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15}}
	diagonals = [4][4]int{{0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14}}
)

// round emits four quarter rounds side by side on the state x: the one
// description of the ChaCha quarter round, for every width.
//
//	a += b; d ^= a; d <<<= 16
//	c += d; b ^= c; b <<<= 12
//	a += b; d ^= a; d <<<= 8
//	c += d; b ^= c; b <<<= 7
func (k *kernel) round(states [][]VecPhysical, qs [4][4]int) {
	type quarters struct{ a, b, c, d []VecPhysical }
	var sq []quarters
	for _, x := range states {
		var q quarters
		for _, i := range qs {
			q.a = append(q.a, x[i[0]])
			q.b = append(q.b, x[i[1]])
			q.c = append(q.c, x[i[2]])
			q.d = append(q.d, x[i[3]])
		}
		sq = append(sq, q)
	}
	// The four quarter rounds of every state (independent batches of
	// blocks) are emitted side by side, one operation at a time, for
	// instruction-level parallelism.
	step := func(a, b, d func(quarters) []VecPhysical, n int, spill func(quarters) VecPhysical) {
		for _, q := range sq {
			for i := range a(q) {
				k.add(a(q)[i], b(q)[i])
			}
		}
		for _, q := range sq {
			for i := range a(q) {
				k.xor(d(q)[i], a(q)[i])
			}
		}
		for _, q := range sq {
			var sp VecPhysical
			if spill != nil {
				sp = spill(q)
			}
			k.rotate(d(q), n, sp)
		}
	}
	a := func(q quarters) []VecPhysical { return q.a }
	b := func(q quarters) []VecPhysical { return q.b }
	c := func(q quarters) []VecPhysical { return q.c }
	d := func(q quarters) []VecPhysical { return q.d }
	// c is not read between "b ^= c" and the next "c += d": c[0] is the
	// register to spill around the rotations of b.
	c0 := func(q quarters) VecPhysical { return q.c[0] }
	step(a, b, d, 16, nil)
	step(c, d, b, 12, c0)
	step(a, b, d, 8, nil)
	step(c, d, b, 7, c0)
}

func (k *kernel) doubleRound(states ...[]VecPhysical) {
	k.round(states, columns)
	k.round(states, diagonals)
}

// Three-operand interleaves (dst = f(a, b)); for SSE dst must not be b.
func (k *kernel) unpck(op string, dst, a, b VecPhysical) {
	if k.lanes == 4 {
		if same(dst, b) && !same(dst, a) {
			panic("unpck: dst aliases the second operand")
		}
		if !same(dst, a) {
			MOVO(a, dst)
		}
		switch op {
		case "l32":
			PUNPCKLLQ(b, dst)
		case "h32":
			PUNPCKHLQ(b, dst)
		case "l64":
			PUNPCKLQDQ(b, dst)
		case "h64":
			PUNPCKHQDQ(b, dst)
		}
		return
	}
	switch op {
	case "l32":
		VPUNPCKLDQ(b, a, dst)
	case "h32":
		VPUNPCKHDQ(b, a, dst)
	case "l64":
		VPUNPCKLQDQ(b, a, dst)
	case "h64":
		VPUNPCKHQDQ(b, a, dst)
	}
}

func same(a, b VecPhysical) bool { return a.Asm() == b.Asm() }

// transpose4 transposes the 4x4 matrices of dwords held in each 128-bit lane
// of rows r, using the scratch register t. It returns the transposed rows in
// order and the register left free.
func (k *kernel) transpose4(r [4]VecPhysical, t VecPhysical) (out [4]VecPhysical, free VecPhysical) {
	a, b, c, d := r[0], r[1], r[2], r[3]
	k.unpck("l32", t, a, b) // t = a0 b0 a1 b1
	k.unpck("h32", a, a, b) // a = a2 b2 a3 b3
	k.unpck("l32", b, c, d) // b = c0 d0 c1 d1
	k.unpck("h32", c, c, d) // c = c2 d2 c3 d3
	k.unpck("l64", d, t, b) // d = a0 b0 c0 d0
	k.unpck("h64", t, t, b) // t = a1 b1 c1 d1
	k.unpck("l64", b, a, c) // b = a2 b2 c2 d2
	k.unpck("h64", a, a, c) // a = a3 b3 c3 d3
	return [4]VecPhysical{d, t, b, a}, c
}

var (
	regDst    = RDI // output pointer
	regN      = RSI // batches (AVX-512: pairs of batches) left
	regKey    = RAX
	regCtr    = R8 // block counter of lane 0
	regStream = R9
	regRounds = R10
	regTmp    = R11
	regBase   = R12 // aligned stack area (AVX2, SSE)
	regLoop   = RCX // double rounds left
	regCtr2   = R13 // block counter of the second batch (AVX-512)
)

func (k *kernel) state() []VecPhysical {
	x := make([]VecPhysical, 16)
	for i := range x {
		x[i] = k.vec(i)
	}
	return x
}

// generate emits the kernel's TEXT.
func (k *kernel) generate() {
	if k.lanes == 16 {
		k.generate16()
		return
	}
	batch := 64 * k.lanes
	iters := k.nblocks / k.lanes
	if iters*k.lanes != k.nblocks {
		panic(fmt.Sprintf("%s: %d blocks are not whole batches of %d", k.name, k.nblocks, k.lanes))
	}
	k.implement()
	Doc(fmt.Sprintf("%s writes the %d ChaCha blocks of dst, %d batches of %d: blocks counter,", k.name, k.nblocks, iters, k.lanes),
		"counter+1, ... of stream id stream, with rounds rounds (even), in stream order.")
	k.loadParams()
	MOVQ(U32(iters), regN)

	x := k.state()
	k.setupStack()

	Label("batch")
	k.countersStack()

	MOVQ(regRounds, regLoop)
	SHRQ(U8(1), regLoop)
	Label("doubleround")
	k.doubleRound(x)
	DECQ(regLoop)
	JNZ(LabelRef("doubleround"))

	Comment("Add the initial state, transpose, store in stream order.")
	switch k.lanes {
	case 8:
		k.finish8(x)
	case 4:
		k.finish4(x)
	}

	ADDQ(U32(k.lanes), regCtr)
	ADDQ(U32(batch), regDst)
	DECQ(regN)
	JNZ(LabelRef("batch"))

	if k.lanes != 4 {
		VZEROUPPER()
	}
	RET()
}

// generate16 emits the AVX-512 kernel. On a core where a vector add has a
// latency of 2 cycles (Zen 5), the four quarter rounds of one batch of 16
// blocks leave most of the vector pipes idle, so the kernel works on two
// batches (32 blocks, Z0-Z15 and Z16-Z31) at once; a kernel of an odd
// number of batches (the 1 KiB one) computes the last alone. With every register holding
// state, the initial state is added back from memory: broadcasts of the
// constants, the key and the stream id, and the lanes' counter words from a
// stack area.
func (k *kernel) generate16() {
	pairs, single := k.nblocks/32, k.nblocks%32/16
	if 32*pairs+16*single != k.nblocks {
		panic(fmt.Sprintf("%s: %d blocks are not whole batches of 16", k.name, k.nblocks))
	}
	k.implement()
	Doc(fmt.Sprintf("%s writes the %d ChaCha blocks of dst: blocks counter,", k.name, k.nblocks),
		"counter+1, ... of stream id stream, with rounds rounds (even), in stream order.")
	k.loadParams()

	// Stack area, 64-byte aligned: counter words 12 and 13 of two batches,
	// a spill slot, the stream id.
	local := AllocLocal(7*64 + 64)
	k.base = regBase
	LEAQ(local, regBase)
	ADDQ(U32(63), regBase)
	ANDQ(I32(-64), regBase)
	MOVQ(regStream, k.slot(6))

	if pairs > 0 {
		MOVQ(U32(pairs), regN)
		Label("pair")
		k.batches16(2, "pair")
		ADDQ(U32(32), regCtr)
		ADDQ(U32(2048), regDst)
		DECQ(regN)
		JNZ(LabelRef("pair"))
	}
	if single > 0 {
		k.batches16(1, "single")
	}
	VZEROUPPER()
	RET()
}

// implement starts the kernel's function, with the signature of its Go
// declaration.
func (k *kernel) implement() {
	Implement(k.name)
	Attributes(NOSPLIT)
}

// loadParams loads the arguments into their registers.
func (k *kernel) loadParams() {
	Load(Param("rounds"), regRounds)
	Load(Param("key"), regKey)
	Load(Param("dst"), regDst)
	Load(Param("counter"), regCtr)
	Load(Param("stream"), regStream)
}

// batches16 emits nb (1 or 2) interleaved batches of 16 blocks, the first
// at block regCtr, written to regDst.
func (k *kernel) batches16(nb int, name string) {
	states := make([][]VecPhysical, nb)
	for b := range states {
		states[b] = make([]VecPhysical, 16)
		for i := range states[b] {
			states[b][i] = k.vec(16*b + i)
		}
	}
	// bcastSrc returns the memory operand of the initial word i (all but
	// the counter words 12 and 13) for a broadcast.
	bcastSrc := func(i int) Mem {
		switch {
		case i < 4:
			return sigmaMem.Offset(4 * i)
		case i < 12:
			return Mem{Base: regKey, Disp: 4 * (i - 4)}
		default: // 14, 15: the stream id
			return k.slot(6).Offset(4 * (i - 14))
		}
	}
	for b, x := range states {
		ctr := regCtr
		if b > 0 {
			ctr = regCtr2
			LEAQ(Mem{Base: regCtr, Disp: 16 * b}, ctr)
		}
		lo, hi := x[12], x[13]
		VPBROADCASTD(ctr.As32(), lo)
		VPADDD(iotaMem, lo, lo)
		VPCMPUD(U8(1), iotaMem, lo, K1) // lo < lane index: the add wrapped
		MOVQ(ctr, regTmp)
		SHRQ(U8(32), regTmp)
		VPBROADCASTD(regTmp.As32(), hi)
		VPADDD_BCST(oneMem, hi, K1, hi)
		VMOVDQU32(lo, k.slot(2*b))
		VMOVDQU32(hi, k.slot(2*b+1))
		for i := 0; i < 16; i++ {
			if i != 12 && i != 13 {
				VPBROADCASTD(bcastSrc(i), x[i])
			}
		}
	}

	MOVQ(regRounds, regLoop)
	SHRQ(U8(1), regLoop)
	Label("doubleround_" + name)
	k.doubleRound(states...)
	DECQ(regLoop)
	JNZ(LabelRef("doubleround_" + name))

	Comment("Add the initial state, transpose, store in stream order.")
	for b, x := range states {
		for i := 0; i < 16; i++ {
			switch i {
			case 12, 13:
				VPADDD(k.slot(2*b+i-12), x[i], x[i])
			default:
				VPADDD_BCST(bcastSrc(i), x[i], x[i])
			}
		}
	}
	if nb == 1 {
		k.transposeStore16(states[0], k.vec(16), 0)
		return
	}
	last := states[1][15]
	VMOVDQU32(last, k.slot(4))
	k.transposeStore16(states[0], last, 0)
	VMOVDQU32(k.slot(4), last)
	k.transposeStore16(states[1], states[0][0], 1024)
}

// transposeStore16 transposes the 16x16 dwords of x (word i of block j in
// lane j of x[i]) and stores block j at disp+64j(regDst), using the scratch
// register t.
func (k *kernel) transposeStore16(x []VecPhysical, t VecPhysical, disp int) {
	var g [4][4]VecPhysical
	for grp := 0; grp < 4; grp++ {
		g[grp], t = k.transpose4([4]VecPhysical{x[4*grp], x[4*grp+1], x[4*grp+2], x[4*grp+3]}, t)
	}
	// Row r of group grp holds in 128-bit lane l words 4grp..4grp+3 of
	// block 4l+r. Transpose the 4x4 matrix of 128-bit lanes.
	for r := 0; r < 4; r++ {
		g0, g1, g2, g3 := g[0][r], g[1][r], g[2][r], g[3][r]
		VSHUFI32X4(U8(0x44), g1, g0, t)  // u0 = g0.l0 g0.l1 g1.l0 g1.l1
		VSHUFI32X4(U8(0xee), g1, g0, g0) // u1 = g0.l2 g0.l3 g1.l2 g1.l3
		VSHUFI32X4(U8(0x44), g3, g2, g1) // v0 = g2.l0 g2.l1 g3.l0 g3.l1
		VSHUFI32X4(U8(0xee), g3, g2, g2) // v1 = g2.l2 g2.l3 g3.l2 g3.l3
		VSHUFI32X4(U8(0x88), g1, t, g3)  // block r
		VSHUFI32X4(U8(0xdd), g1, t, t)   // block 4+r
		VSHUFI32X4(U8(0x88), g2, g0, g1) // block 8+r
		VSHUFI32X4(U8(0xdd), g2, g0, g0) // block 12+r
		k.move(g3, Mem{Base: regDst, Disp: disp + 64*r})
		k.move(t, Mem{Base: regDst, Disp: disp + 64*(4+r)})
		k.move(g1, Mem{Base: regDst, Disp: disp + 64*(8+r)})
		k.move(g0, Mem{Base: regDst, Disp: disp + 64*(12+r)})
	}
}

// setupStack aligns the stack area and fills the loop-invariant initial
// state words (constants, key, stream id) of the AVX2 and SSE kernels.
func (k *kernel) setupStack() {
	vb := k.vb()
	local := AllocLocal(17*vb + vb)
	k.base = regBase
	LEAQ(local, regBase)
	ADDQ(U32(vb-1), regBase)
	ANDQ(I32(-vb), regBase)
	v, w := k.vec(0), k.vec(1)
	bcastMem := func(m Mem, i int) {
		if k.lanes == 8 {
			VPBROADCASTD(m, v)
		} else {
			MOVD(m, v)
			PSHUFD(U8(0), v, v)
		}
		k.moveAligned(v, k.slot(i))
	}
	for i := 0; i < 4; i++ {
		bcastMem(sigmaMem.Offset(4*i), i)
	}
	for i := 0; i < 8; i++ {
		bcastMem(Mem{Base: regKey, Disp: 4 * i}, 4+i)
	}
	k.bcast64(regStream, v, w)
	k.moveAligned(v, k.slot(14))
	k.moveAligned(w, k.slot(15))
}

// bcast64 broadcasts the low and high words of the 64-bit r into lo and hi.
func (k *kernel) bcast64(r Register, lo, hi VecPhysical) {
	if k.lanes == 8 {
		VMOVQ(r, lo.AsX())
		VPSRLQ(U8(32), lo.AsX(), hi.AsX())
		VPBROADCASTD(lo.AsX(), lo)
		VPBROADCASTD(hi.AsX(), hi)
		return
	}
	MOVQ(r, lo)
	PSHUFD(U8(0x55), lo, hi)
	PSHUFD(U8(0x00), lo, lo)
}

// countersStack computes the lanes' counter words 12 and 13 into their
// registers and stack slots and loads the rest of the state from the stack.
func (k *kernel) countersStack() {
	x := k.state()
	lo, hi, t, u := x[12], x[13], x[14], x[15]
	k.bcast64(regCtr, lo, hi)
	k.add(lo, iotaMem)
	// lo <u iota (the add wrapped) as a signed compare of biased values.
	if k.lanes == 8 {
		VPXOR(biasMem, lo, t)
		VMOVDQU(iotaBiasMem, u)
		VPCMPGTD(t, u, u)
		VPSUBD(u, hi, hi)
	} else {
		MOVO(lo, t)
		PXOR(biasMem, t)
		MOVO(iotaBiasMem, u)
		PCMPGTL(t, u)
		PSUBL(u, hi)
	}
	k.moveAligned(lo, k.slot(12))
	k.moveAligned(hi, k.slot(13))
	for i := 0; i < 16; i++ {
		if i != 12 && i != 13 {
			k.moveAligned(k.slot(i), x[i])
		}
	}
}

func (k *kernel) addInit(x []VecPhysical) {
	for i := 0; i < 16; i++ {
		k.add(x[i], k.slot(i))
	}
}

func (k *kernel) finish8(x []VecPhysical) {
	k.addInit(x)
	k.moveAligned(x[15], k.spillSlot())
	for half := 0; half < 2; half++ {
		w := 8 * half // first word of this half
		t := x[15]
		if half == 1 {
			k.moveAligned(k.spillSlot(), x[15])
			t = x[0]
		}
		g0, t := k.transpose4([4]VecPhysical{x[w], x[w+1], x[w+2], x[w+3]}, t)
		g1, t := k.transpose4([4]VecPhysical{x[w+4], x[w+5], x[w+6], x[w+7]}, t)
		// Row r of g0 holds words w..w+3 of block r (low 128 bits) and of
		// block 4+r (high 128 bits); g1 words w+4..w+7.
		for r := 0; r < 4; r++ {
			VPERM2I128(U8(0x20), g1[r], g0[r], t)
			k.move(t, Mem{Base: regDst, Disp: 64*r + 4*w})
			VPERM2I128(U8(0x31), g1[r], g0[r], t)
			k.move(t, Mem{Base: regDst, Disp: 64*(4+r) + 4*w})
		}
	}
}

func (k *kernel) finish4(x []VecPhysical) {
	k.addInit(x)
	k.moveAligned(x[15], k.spillSlot())
	for grp := 0; grp < 4; grp++ {
		t := x[15]
		if grp > 0 {
			t = x[0]
		}
		if grp == 3 {
			k.moveAligned(k.spillSlot(), x[15])
		}
		out, _ := k.transpose4([4]VecPhysical{x[4*grp], x[4*grp+1], x[4*grp+2], x[4*grp+3]}, t)
		for j := 0; j < 4; j++ {
			k.move(out[j], Mem{Base: regDst, Disp: 64*j + 16*grp})
		}
	}
}

func main() {
	asmgen.Package("..")
	ConstraintExpr("gc,!purego") // avo's syntax for gc && !purego
	constants()

	for _, n := range []int{16, 64} {
		(&kernel{name: fmt.Sprintf("blocks%dAVX512", n), lanes: 16, nblocks: n, vec: func(i int) VecPhysical { return zmm[i] }}).generate()
		(&kernel{name: fmt.Sprintf("blocks%dAVX2", n), lanes: 8, nblocks: n, vec: func(i int) VecPhysical { return ymm[i] }}).generate()
		(&kernel{name: fmt.Sprintf("blocks%dSSSE3", n), lanes: 4, nblocks: n, vec: func(i int) VecPhysical { return xmm[i] }}).generate()
	}
	Generate()
}

var (
	xmm = []VecPhysical{X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13, X14, X15}
	ymm = []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15}
	zmm = []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15,
		Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}
)

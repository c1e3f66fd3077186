//go:generate go run . -out ../aesctr_amd64.s

// Command _asm generates aesctr_amd64.s, the amd64 AES-CTR keystream
// kernels of package aesctr, from the Go declarations in aesctr_amd64.go
// (asmgen.Package and Implement read each signature from there):
//
//   - ctrBlocks{64,256}VAES512: VAES on ZMM registers (4 blocks per
//     register), AVX-512
//   - ctrBlocks{64,256}VAES256: VAES on YMM registers (2 blocks per
//     register), AVX2
//   - ctrBlocks{64,256}AESNI: AES-NI on XMM registers (1 block per
//     register), 8 in flight
//
// A kernel ctrBlocksN writes exactly N keystream blocks, the array its dst
// points to (N*16 bytes): block i is AES_k(BE64(stream) || BE64(counter+i)).
// The size is in the type, so the loop count is a constant of the code and
// no length can be wrong. The kernels add to the low 64 bits only; the Go
// caller never passes a batch in which counter+i wraps.
//
// avo has no YMM/ZMM forms of VAESENC and VAESENCLAST (its instruction
// database only knows the VEX.128 forms), so those two are emitted as raw
// ir.Instructions (see vaes below); the Go assembler accepts them.
//
// Regenerate with: cd aesctr/_asm && go generate
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/streamrand/streamrand/internal/_asm/asmgen"
)

// batchBlocks are the sizes, in blocks, of the kernels generated for each
// instruction set: 64 (1 KiB, the keystream layer's batch) and 256 (4 KiB,
// for long reads, where a call per KiB would cost the VAES kernels several
// per cent).
var batchBlocks = []int{64, 256}

func main() {
	asmgen.Package("..")
	ConstraintExpr("gc,!purego") // avo's syntax for gc && !purego

	for _, n := range batchBlocks {
		genAESNI(n)
	}
	for _, n := range batchBlocks {
		genVAES(vaes512, n)
		genVAES(vaes256, n)
	}

	Generate()
}

// Every kernel's Go signature (in aesctr_amd64.go) is
//
//	func(nr int, rk *[240]byte, dst *[N * BlockSize]byte, counter, stream uint64)
//
// nr is 10, 12 or 14 and rk holds nr+1 round keys in memory order.

// Constant vectors, 64 bytes so that ZMM, YMM and XMM code can share them.
var (
	// bswapMask reverses the 16 bytes of each 128-bit lane: it turns the
	// little-endian pair (counter, stream) into BE64(stream) || BE64(counter).
	bswapMask Mem
	// laneOffsets adds 0, 1, 2, 3 to the counters of lanes 0..3.
	laneOffsets Mem
)

func consts() {
	if bswapMask.Symbol.Name != "" {
		return
	}
	bswapMask = GLOBL("bswapMask", NOPTR|RODATA)
	for i := 0; i < 4; i++ {
		DATA(16*i, U64(0x08090a0b0c0d0e0f))
		DATA(16*i+8, U64(0x0001020304050607))
	}
	laneOffsets = GLOBL("laneOffsets", NOPTR|RODATA)
	for i := 0; i < 4; i++ {
		DATA(16*i, U64(uint64(i)))
		DATA(16*i+8, U64(0))
	}
}

// incConst returns a 64-byte constant adding n to the counter (low
// quadword) of every 128-bit lane.
func incConst(n int) Mem {
	name := fmt.Sprintf("inc%d", n)
	if m, ok := incConsts[name]; ok {
		return m
	}
	m := GLOBL(name, NOPTR|RODATA)
	for i := 0; i < 4; i++ {
		DATA(16*i, U64(uint64(n)))
		DATA(16*i+8, U64(0))
	}
	incConsts[name] = m
	return m
}

var incConsts = map[string]Mem{}

// vaes emits the raw VEX/EVEX instruction op (VAESENC or VAESENCLAST) on YMM
// or ZMM registers: key, state -> dst (Go operand order). avo's VAESENC only
// accepts XMM operands, so the instruction is built by hand with its inputs
// and outputs for avo's liveness analysis and register allocator.
func vaes(op string, key, state, dst Op, isa ...string) {
	Instruction(&ir.Instruction{
		Opcode:   op,
		Operands: []Op{key, state, dst},
		Inputs:   []Op{key, state},
		Outputs:  []Op{dst},
		ISA:      isa,
	})
}

// A vaesShape describes one kind of VAES kernel.
type vaesShape struct {
	name string   // suffix of the Go names: ctrBlocks<N><name>
	bits int      // 512 (ZMM) or 256 (YMM)
	regs int      // block registers in flight per loop iteration
	isa  []string // ISA of the raw VAES instructions
}

// The round keys are broadcast from memory into a temporary register once
// per round (one load per regs VAESENCs): the block registers leave too few
// for all 15 keys.
var (
	// 16 ZMM = 64 blocks = 1 KiB per iteration; the 15 round keys do not
	// fit beside them in the 32 vector registers. On Zen 5 this beat 8 ZMM
	// (32 blocks) with every round key held in a register, for AES-128:
	// about 40 against 22-26 GB/s into L1.
	vaes512 = vaesShape{name: "VAES512", bits: 512, regs: 16, isa: []string{"AVX512F", "VAES"}}
	// 8 YMM = 16 blocks per iteration; AVX2 has 16 vector registers.
	vaes256 = vaesShape{name: "VAES256", bits: 256, regs: 8, isa: []string{"AVX", "VAES"}}
)

func (s vaesShape) vec() VecVirtual {
	if s.bits == 512 {
		return ZMM()
	}
	return YMM()
}

// lanes is the number of AES blocks per register.
func (s vaesShape) lanes() int { return s.bits / 128 }

// bcast broadcasts the 128-bit round key at m to every lane of v.
func (s vaesShape) bcast(m Mem, v VecVirtual) {
	if s.bits == 512 {
		VBROADCASTI32X4(m, v)
	} else {
		VBROADCASTI128(m, v)
	}
}

func (s vaesShape) xor(a, b, dst Op) {
	if s.bits == 512 {
		VPXORQ(a, b, dst)
	} else {
		VPXOR(a, b, dst)
	}
}

// move copies a vector: register or memory, unaligned.
func (s vaesShape) move(src, dst Op) {
	if s.bits == 512 {
		VMOVDQU64(src, dst)
	} else {
		VMOVDQU(src, dst)
	}
}

// iterations returns how many loop iterations write n blocks of kernel
// blocksPerIter blocks, which must divide n.
func iterations(n, blocksPerIter int) int {
	if n%blocksPerIter != 0 {
		panic(fmt.Sprintf("%d blocks are not a whole number of %d-block iterations", n, blocksPerIter))
	}
	return n / blocksPerIter
}

func genVAES(s vaesShape, nblocks int) {
	consts()
	name := fmt.Sprintf("ctrBlocks%d%s", nblocks, s.name)
	perIter := s.regs * s.lanes()
	iters := iterations(nblocks, perIter)
	inc := incConst(s.lanes())
	Implement(name)
	Attributes(NOSPLIT)
	Doc(fmt.Sprintf("%s writes the %d AES-CTR keystream blocks counter, counter+1, ...", name, nblocks),
		fmt.Sprintf("of stream to dst, %d blocks (%d %d-bit registers) per iteration.", perIter, s.regs, s.bits),
		fmt.Sprintf("counter+%d must not wrap.", nblocks-1))

	nr := Load(Param("nr"), GP64())
	rk := Load(Param("rk"), GP64())
	dst := Load(Param("dst"), GP64())
	counter := Load(Param("counter"), GP64())
	stream := Load(Param("stream"), GP64())

	Comment("Counter vector: lane i holds the little-endian pair (counter+i, stream).")
	x := XMM()
	VMOVQ(counter, x)
	VPINSRQ(U8(1), stream, x, x)
	ctr := s.vec()
	if s.bits == 512 {
		VSHUFI64X2(U8(0), x.AsZ(), x.AsZ(), ctr)
	} else {
		VINSERTI128(U8(1), x, x.AsY(), ctr)
	}
	VPADDQ(laneOffsets, ctr, ctr)
	bswap := s.vec()
	s.move(bswapMask, bswap)
	incv := s.vec()
	s.move(inc, incv)
	c := &counters{ctr: ctr, bswap: bswap, inc: incv, first: counter, incBE: s.vec(), incIter: s.vec()}
	s.move(incBEConst(s.lanes()), c.incBE)
	s.move(incConst(perIter), c.incIter)

	CMPQ(nr, U8(12))
	JB(LabelRef(name + "_aes128"))
	JE(LabelRef(name + "_aes192"))
	for _, r := range []int{14, 12, 10} {
		Label(fmt.Sprintf("%s_aes%d", name, 128+(r-10)*32))
		s.loop(name, r, iters, rk, dst, c)
		JMP(LabelRef(name + "_done"))
	}
	Label(name + "_done")
	VZEROUPPER()
	RET()
}

// counters holds what a VAES kernel derives its counter blocks from.
type counters struct {
	ctr     VecVirtual // lane i: the little-endian pair (first+i, stream)
	bswap   VecVirtual // bswapMask
	inc     VecVirtual // adds one register's lanes to each counter
	first   Register   // the iteration's first counter
	incBE   VecVirtual // incBEConst(lanes)
	incIter VecVirtual // adds one iteration's blocks to each counter
}

// blocks sets b to the counter blocks of one iteration, BE64(stream) ||
// BE64(first+j), XORed with the round key k0 (AES's first AddRoundKey), and
// advances ctr and first past them. The loop is bound by the number of
// vector operations, so the kernel makes them with as few as the counter
// allows, taking one of three paths per iteration:
//
//   - first a multiple of the blocks per iteration (always, for a start on
//     a 1 KiB batch): the low bytes of the iteration's counters are the
//     first one's OR the block index, so register j is register 0 XOR a
//     constant: one byte swap and one XOR with k0 per iteration and one
//     XOR per register;
//   - else, where the low byte does not carry within the iteration (the
//     first's is at most 256 - blocks per iteration), register j+1 is
//     register j plus the lane count in that byte: one add per register,
//     then the XOR with k0;
//   - else a byte swap and an add per register, then the XOR.
func (s vaesShape) blocks(label string, b []VecVirtual, c *counters, k0 VecVirtual, advanceFirst bool) {
	perIter := len(b) * s.lanes()
	t := GP64()
	MOVQ(c.first, t)
	TESTQ(U32(perIter-1), t)
	JNZ(LabelRef(label + "_unaligned"))
	VPSHUFB(c.bswap, c.ctr, b[0])
	s.xor(k0, b[0], b[0])
	for j := 1; j < len(b); j++ {
		s.xor(xorBEConst(s.lanes(), len(b)).Offset(64*j), b[0], b[j])
	}
	VPADDQ(c.incIter, c.ctr, c.ctr)
	JMP(LabelRef(label + "_blocks"))

	Label(label + "_unaligned")
	ANDQ(U32(0xff), t)
	CMPQ(t, U32(256-perIter))
	JA(LabelRef(label + "_carry"))
	VPSHUFB(c.bswap, c.ctr, b[0])
	for j := 1; j < len(b); j++ {
		VPADDQ(c.incBE, b[j-1], b[j])
	}
	VPADDQ(c.incIter, c.ctr, c.ctr)
	for j := range b {
		s.xor(k0, b[j], b[j])
	}
	JMP(LabelRef(label + "_blocks"))

	Label(label + "_carry")
	for j := range b {
		VPSHUFB(c.bswap, c.ctr, b[j])
		VPADDQ(c.inc, c.ctr, c.ctr)
	}
	for j := range b {
		s.xor(k0, b[j], b[j])
	}
	Label(label + "_blocks")
	if advanceFirst {
		ADDQ(U32(perIter), c.first)
	}
}

// xorBEConst returns n 64-byte constants, one every 64 bytes: constant j
// holds lanes*j in the last byte of every 128-bit lane (bits 56-63 of its
// high quadword), the low byte of a byte-swapped counter.
func xorBEConst(lanes, n int) Mem {
	name := fmt.Sprintf("xorBE%dx%d", lanes, n)
	if m, ok := incConsts[name]; ok {
		return m
	}
	m := GLOBL(name, NOPTR|RODATA)
	for j := 0; j < n; j++ {
		for i := 0; i < 4; i++ {
			DATA(64*j+16*i, U64(0))
			DATA(64*j+16*i+8, U64(uint64(lanes*j)<<56))
		}
	}
	incConsts[name] = m
	return m
}

// incBEConst returns a 64-byte constant adding n to the last byte of every
// 128-bit lane (bits 56-63 of its high quadword): to the low byte of a
// byte-swapped counter.
func incBEConst(n int) Mem {
	name := fmt.Sprintf("incBE%d", n)
	if m, ok := incConsts[name]; ok {
		return m
	}
	m := GLOBL(name, NOPTR|RODATA)
	for i := 0; i < 4; i++ {
		DATA(16*i, U64(0))
		DATA(16*i+8, U64(uint64(n)<<56))
	}
	incConsts[name] = m
	return m
}

// loop emits iters iterations (a loop when more than one) of nr rounds over
// s.regs block registers, storing them at dst and advancing dst.
func (s vaesShape) loop(name string, nr, iters int, rk, dst Register, c *counters) {
	key := func(r int) VecVirtual {
		k := s.vec()
		s.bcast(Mem{Base: rk, Disp: 16 * r}, k)
		return k
	}
	var n Register
	top := fmt.Sprintf("%s_loop%d", name, nr)
	if iters > 1 {
		n = GP64()
		MOVQ(U32(iters), n)
		Label(top)
	}
	b := make([]VecVirtual, s.regs)
	for j := range b {
		b[j] = s.vec()
	}
	k0 := key(0)
	s.blocks(fmt.Sprintf("%s_%d", name, nr), b, c, k0, iters > 1)
	for r := 1; r < nr; r++ {
		k := key(r)
		for j := range b {
			vaes("VAESENC", k, b[j], b[j], s.isa...)
		}
	}
	k := key(nr)
	for j := range b {
		vaes("VAESENCLAST", k, b[j], b[j], s.isa...)
	}
	for j := range b {
		s.move(b[j], Mem{Base: dst, Disp: j * s.bits / 8})
	}
	if iters > 1 {
		ADDQ(U32(s.regs*s.bits/8), dst)
		DECQ(n)
		JNZ(LabelRef(top))
	}
}

// genAESNI emits ctrBlocks<nblocks>AESNI: 8 blocks in XMM registers per
// iteration, AESENC and AESENCLAST with each round key loaded once per round
// (8 blocks and the counter state leave too few of the 16 XMM registers for
// all round keys).
func genAESNI(nblocks int) {
	consts()
	const nb = 8
	name := fmt.Sprintf("ctrBlocks%dAESNI", nblocks)
	iters := iterations(nblocks, nb)
	Implement(name)
	Attributes(NOSPLIT)
	Doc(fmt.Sprintf("%s writes the %d AES-CTR keystream blocks counter, counter+1, ...", name, nblocks),
		"of stream to dst, 8 blocks per iteration with AES-NI.",
		fmt.Sprintf("counter+%d must not wrap.", nblocks-1))
	nr := Load(Param("nr"), GP64())
	rk := Load(Param("rk"), GP64())
	dst := Load(Param("dst"), GP64())
	counter := Load(Param("counter"), GP64())
	stream := Load(Param("stream"), GP64())

	Comment("Counter: the little-endian pair (counter, stream).")
	ctr := XMM()
	hi := XMM()
	MOVQ(counter, ctr)
	MOVQ(stream, hi)
	PUNPCKLQDQ(hi, ctr)
	bswap := XMM()
	MOVOU(bswapMask, bswap)
	one := XMM()
	MOVOU(incConst(1), one)
	n := GP64()

	CMPQ(nr, U8(12))
	JB(LabelRef(name + "_aes128"))
	JE(LabelRef(name + "_aes192"))
	for _, r := range []int{14, 12, 10} {
		Label(fmt.Sprintf("%s_aes%d", name, 128+(r-10)*32))
		top := fmt.Sprintf("%s_loop%d", name, r)
		MOVQ(U32(iters), n)
		Label(top)
		b := make([]VecVirtual, nb)
		k0 := XMM()
		MOVOU(Mem{Base: rk}, k0)
		for j := range b {
			b[j] = XMM()
			MOVO(ctr, b[j])
			PADDQ(one, ctr)
			PSHUFB(bswap, b[j])
			PXOR(k0, b[j])
		}
		for i := 1; i < r; i++ {
			k := XMM()
			MOVOU(Mem{Base: rk, Disp: 16 * i}, k)
			for j := range b {
				AESENC(k, b[j])
			}
		}
		k := XMM()
		MOVOU(Mem{Base: rk, Disp: 16 * r}, k)
		for j := range b {
			AESENCLAST(k, b[j])
		}
		for j := range b {
			MOVOU(b[j], Mem{Base: dst, Disp: 16 * j})
		}
		ADDQ(U32(16*nb), dst)
		DECQ(n)
		JNZ(LabelRef(top))
		JMP(LabelRef(name + "_done"))
	}
	Label(name + "_done")
	RET()
}

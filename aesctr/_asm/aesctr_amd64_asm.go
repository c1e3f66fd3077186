//go:generate go run . -out ../aesctr_amd64.s

// Command _asm generates aesctr_amd64.s, the amd64 AES-CTR keystream
// kernels of package aesctr:
//
//   - ctrVAES512: VAES on ZMM registers (4 blocks per register), AVX-512
//   - ctrVAES256: VAES on YMM registers (2 blocks per register), AVX2
//   - ctrAESNI: AES-NI on XMM registers (1 block per register), 8 in flight
//   - cpuid: the CPUID instruction, to detect VAES without AVX-512
//
// Every kernel writes len(dst)/16 keystream blocks: block i is
// AES_k(BE64(stream) || BE64(counter+i)). The kernels add to the low 64 bits
// only; the Go caller never passes a range in which counter+i wraps.
//
// avo has no YMM/ZMM forms of VAESENC and VAESENCLAST (its instruction
// database only knows the VEX.128 forms), so those two are emitted as raw
// ir.Instructions (see vaes below); the Go assembler accepts them.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("!purego")

	genCPUID()
	genAESNI()
	genVAES(vaes512)
	genVAES(vaes256)

	Generate()
}

// The kernels' Go signature: rk holds rounds+1 round keys in memory order,
// rounds is 10, 12 or 14, len(dst) is a positive multiple of the bytes one
// loop iteration writes (the Go side passes multiples of 1024).
const kernelSignature = "func(rk *[240]byte, rounds int, dst []byte, counter, stream uint64)"

func genCPUID() {
	TEXT("cpuid", NOSPLIT, "func(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)")
	Doc("cpuid executes the CPUID instruction with the given EAX and ECX.")
	Load(Param("eaxArg"), EAX)
	Load(Param("ecxArg"), ECX)
	CPUID()
	Store(EAX, Return("eax"))
	Store(EBX, Return("ebx"))
	Store(ECX, Return("ecx"))
	Store(EDX, Return("edx"))
	RET()
}

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
	if m, ok := incConsts[n]; ok {
		return m
	}
	m := GLOBL(fmt.Sprintf("inc%d", n), NOPTR|RODATA)
	for i := 0; i < 4; i++ {
		DATA(16*i, U64(uint64(n)))
		DATA(16*i+8, U64(0))
	}
	incConsts[n] = m
	return m
}

var incConsts = map[int]Mem{}

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

// A vaesShape describes one VAES kernel.
type vaesShape struct {
	name       string
	bits       int      // 512 (ZMM) or 256 (YMM)
	regs       int      // block registers in flight per loop iteration
	keysInRegs bool     // round keys stay in registers (else one broadcast per round)
	isa        []string // ISA of the raw VAES instructions
}

var (
	// 16 ZMM = 64 blocks = one 1024-byte batch per iteration; the 15 round
	// keys do not fit beside them in the 32 vector registers, so each round
	// broadcasts its key into a temporary (one load per 16 VAESENCs). On
	// Zen 5 this beat 8 ZMM (32 blocks) with all round keys in registers
	// (keysInRegs) for AES-128: about 40 against 22-26 GB/s into L1.
	vaes512 = vaesShape{name: "ctrVAES512", bits: 512, regs: 16, keysInRegs: false, isa: []string{"AVX512F", "VAES"}}
	// 8 YMM = 16 blocks per iteration; AVX2 has 16 vector registers, so the
	// keys are broadcast per round here too.
	vaes256 = vaesShape{name: "ctrVAES256", bits: 256, regs: 8, keysInRegs: false, isa: []string{"AVX", "VAES"}}
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

func (s vaesShape) store(v VecVirtual, m Mem) {
	if s.bits == 512 {
		VMOVDQU64(v, m)
	} else {
		VMOVDQU(v, m)
	}
}

func genVAES(s vaesShape) {
	consts()
	inc := incConst(s.lanes())
	TEXT(s.name, NOSPLIT, kernelSignature)
	Doc(fmt.Sprintf("%s writes the AES-CTR keystream blocks counter, counter+1, ... of", s.name),
		fmt.Sprintf("stream into dst, %d blocks (%d %d-bit registers) per iteration.", s.regs*s.lanes(), s.regs, s.bits),
		fmt.Sprintf("len(dst) must be a positive multiple of %d; counter+len(dst)/16-1 must not wrap.", s.regs*s.lanes()*16))

	rk := Load(Param("rk"), GP64())
	rounds := Load(Param("rounds"), GP64())
	dst := Load(Param("dst").Base(), GP64())
	n := Load(Param("dst").Len(), GP64())
	counter := Load(Param("counter"), GP64())
	stream := Load(Param("stream"), GP64())
	SHRQ(U8(bitsLog2(s.regs*s.lanes()*16)), n) // loop iterations

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
	VMOVDQU64orVMOVDQU(s, bswapMask, bswap)
	incv := s.vec()
	VMOVDQU64orVMOVDQU(s, inc, incv)

	CMPQ(rounds, U8(12))
	JB(LabelRef(s.name + "_aes128"))
	JE(LabelRef(s.name + "_aes192"))
	for _, nr := range []int{14, 12, 10} {
		Label(fmt.Sprintf("%s_aes%d", s.name, 128+(nr-10)*32))
		s.loop(nr, rk, dst, n, ctr, bswap, incv)
		JMP(LabelRef(s.name + "_done"))
	}
	Label(s.name + "_done")
	VZEROUPPER()
	RET()
}

// VMOVDQU64orVMOVDQU loads a constant vector.
func VMOVDQU64orVMOVDQU(s vaesShape, m Mem, v VecVirtual) {
	if s.bits == 512 {
		VMOVDQU64(m, v)
	} else {
		VMOVDQU(m, v)
	}
}

func bitsLog2(n int) int {
	l := 0
	for 1<<l < n {
		l++
	}
	if 1<<l != n {
		panic("not a power of two")
	}
	return l
}

// loop emits the main loop for nr rounds.
func (s vaesShape) loop(nr int, rk, dst, n Register, ctr, bswap, incv VecVirtual) {
	var keys []VecVirtual
	if s.keysInRegs {
		for r := 0; r <= nr; r++ {
			k := s.vec()
			s.bcast(Mem{Base: rk, Disp: 16 * r}, k)
			keys = append(keys, k)
		}
	}
	key := func(r int) VecVirtual {
		if s.keysInRegs {
			return keys[r]
		}
		k := s.vec()
		s.bcast(Mem{Base: rk, Disp: 16 * r}, k)
		return k
	}
	top := fmt.Sprintf("%s_loop%d", s.name, nr)
	Label(top)
	b := make([]VecVirtual, s.regs)
	for j := range b {
		b[j] = s.vec()
		VPSHUFB(bswap, ctr, b[j])
		VPADDQ(incv, ctr, ctr)
	}
	k0 := key(0)
	for j := range b {
		s.xor(k0, b[j], b[j])
	}
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
		s.store(b[j], Mem{Base: dst, Disp: j * s.bits / 8})
	}
	ADDQ(U32(s.regs*s.bits/8), dst)
	DECQ(n)
	JNZ(LabelRef(top))
}

// genAESNI emits ctrAESNI: 8 blocks in XMM registers per iteration, AESENC
// and AESENCLAST with each round key loaded once per round (8 blocks and the
// counter state leave too few of the 16 XMM registers for all round keys).
func genAESNI() {
	consts()
	const nb = 8
	TEXT("ctrAESNI", NOSPLIT, kernelSignature)
	Doc("ctrAESNI writes the AES-CTR keystream blocks counter, counter+1, ... of",
		"stream into dst, 8 blocks per iteration with AES-NI.",
		"len(dst) must be a positive multiple of 128; counter+len(dst)/16-1 must not wrap.")
	rk := Load(Param("rk"), GP64())
	rounds := Load(Param("rounds"), GP64())
	dst := Load(Param("dst").Base(), GP64())
	n := Load(Param("dst").Len(), GP64())
	counter := Load(Param("counter"), GP64())
	stream := Load(Param("stream"), GP64())
	SHRQ(U8(7), n)

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

	CMPQ(rounds, U8(12))
	JB(LabelRef("aesni_aes128"))
	JE(LabelRef("aesni_aes192"))
	for _, nr := range []int{14, 12, 10} {
		Label(fmt.Sprintf("aesni_aes%d", 128+(nr-10)*32))
		top := fmt.Sprintf("aesni_loop%d", nr)
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
		for r := 1; r < nr; r++ {
			k := XMM()
			MOVOU(Mem{Base: rk, Disp: 16 * r}, k)
			for j := range b {
				AESENC(k, b[j])
			}
		}
		k := XMM()
		MOVOU(Mem{Base: rk, Disp: 16 * nr}, k)
		for j := range b {
			AESENCLAST(k, b[j])
		}
		for j := range b {
			MOVOU(b[j], Mem{Base: dst, Disp: 16 * j})
		}
		ADDQ(U32(16*nb), dst)
		DECQ(n)
		JNZ(LabelRef(top))
		JMP(LabelRef("aesni_done"))
	}
	Label("aesni_done")
	RET()
}

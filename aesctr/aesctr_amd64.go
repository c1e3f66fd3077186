//go:build gc && !purego

package aesctr

import "golang.org/x/sys/cpu"

// The amd64 kernels, in aesctr_amd64.s, generated from these declarations
// by the avo program in _asm (cd _asm && go generate). ctrBlocksN writes
// exactly the N blocks of *dst: AES_k(BE64(stream) || BE64(counter+i)) for
// i = 0 .. N-1, adding to the low 64 bits only, so counter+N-1 must not wrap
// (fill never passes a batch in which it does). nr is 10, 12 or 14 and rk
// holds nr+1 round keys in memory order. One parameter order for every
// kernel, the arm64 one included.

//go:noescape
func ctrBlocks64VAES512(nr int, rk *[240]byte, dst *[64 * BlockSize]byte, counter, stream uint64)

//go:noescape
func ctrBlocks256VAES512(nr int, rk *[240]byte, dst *[256 * BlockSize]byte, counter, stream uint64)

//go:noescape
func ctrBlocks64VAES256(nr int, rk *[240]byte, dst *[64 * BlockSize]byte, counter, stream uint64)

//go:noescape
func ctrBlocks256VAES256(nr int, rk *[240]byte, dst *[256 * BlockSize]byte, counter, stream uint64)

//go:noescape
func ctrBlocks64AESNI(nr int, rk *[240]byte, dst *[64 * BlockSize]byte, counter, stream uint64)

//go:noescape
func ctrBlocks256AESNI(nr int, rk *[240]byte, dst *[256 * BlockSize]byte, counter, stream uint64)

// cpuid executes CPUID with the given EAX and ECX.
func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

// xgetbv returns XCR0. Only callable when CPUID reports OSXSAVE.
func xgetbv() (eax, edx uint32)

// vaesEnabled reports whether the VAES kernels may run: the CPU has VAES
// (CPUID.(EAX=7,ECX=0):ECX[9]) and GODEBUG=cpu.avx512vaes=off has not
// turned it off. That switch, x/sys/cpu's only one for VAES, clears
// X86.HasAVX512VAES; but x/sys/cpu sets that flag only where AVX-512 is
// usable, so where it is not (Zen 3, Alder Lake; or not enabled by the OS)
// the CPUID bit alone counts. Usable AVX-512 is decided here from CPUID and
// XCR0 as x/sys/cpu decides it, before GODEBUG: cpu.avx512=off must not make
// cpu.avx512vaes=off ineffective. The VEX.256 VAES forms need nothing from
// the OS beyond the YMM state that X86.HasAVX2 already checks.
func vaesEnabled() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, ebx7, ecx7, _ := cpuid(7, 0)
	if ecx7&(1<<9) == 0 {
		return false
	}
	if _, _, ecx1, _ := cpuid(1, 0); ecx1&(1<<27) == 0 { // no OSXSAVE: no XCR0, no AVX-512
		return true
	}
	const zmmState = 1<<1 | 1<<2 | 1<<5 | 1<<6 | 1<<7 // XMM, YMM, opmask, ZMM0-15 upper, ZMM16-31
	xcr0, _ := xgetbv()
	if ebx7&(1<<16) != 0 && xcr0&zmmState == zmmState { // AVX512F, enabled by the OS
		return cpu.X86.HasAVX512VAES
	}
	return true
}

// The kernels, preferred first, each enabled where this CPU can run it,
// from golang.org/x/sys/cpu, which honours GODEBUG; fill checks them in
// this order. Each tier runs only where the next narrower one may (its
// condition includes that one's, read at init; afterwards each bool is
// independent):
//
//   - cpu.aes=off clears X86.HasAES (and cpu.ssse3=off X86.HasSSSE3): no
//     AES tier, "generic".
//   - cpu.avx2=off clears X86.HasAVX2: no VAES tier (vaes256 is AVX2 code),
//     "aesni".
//   - cpu.avx512vaes=off: no VAES tier (see vaesEnabled), "aesni".
//   - cpu.avx512=off clears X86.HasAVX512 only (so do cpu.avx512f=off and
//     cpu.avx512bw=off their flags): "vaes256".
var (
	useAESNI   = cpu.X86.HasAES && cpu.X86.HasSSSE3
	useVAES256 = useAESNI && cpu.X86.HasAVX2 && vaesEnabled()
	useVAES512 = useVAES256 && cpu.X86.HasAVX512 && cpu.X86.HasAVX512F &&
		cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VAES
)

func init() {
	kernels.Register("vaes512", &useVAES512)
	kernels.Register("vaes256", &useVAES256)
	kernels.Register("aesni", &useAESNI)
}

// fill writes len(dst)/BlockSize keystream blocks (a multiple of BlockSize
// is whole; a shorter tail is left alone) from the 128-bit counter block
// BE64(stream) || BE64(counter), incremented as one big-endian number: a
// kernel call per 4 KiB, then per 1 KiB, then the portable path for what is
// left. A batch in which the low 64 bits wrap (once in 2^64 blocks) goes
// through the portable path, which carries into the stream half.
func (k *kernel) fill(dst []byte, counter, stream uint64) {
	if !useVAES512 && !useVAES256 && !useAESNI {
		k.fillGeneric(dst, counter, stream)
		return
	}
	for ; len(dst) >= bigBatch && counter <= maxCounter-(bigBatchBlocks-1); dst = dst[bigBatch:] {
		b := (*[bigBatch]byte)(dst)
		switch {
		case useVAES512:
			ctrBlocks256VAES512(k.rounds, &k.rk, b, counter, stream)
		case useVAES256:
			ctrBlocks256VAES256(k.rounds, &k.rk, b, counter, stream)
		default:
			ctrBlocks256AESNI(k.rounds, &k.rk, b, counter, stream)
		}
		if counter += bigBatchBlocks; counter < bigBatchBlocks {
			stream++ // the batch ended exactly at the wrap
		}
	}
	for ; len(dst) >= batch; dst = dst[batch:] {
		b := (*[batch]byte)(dst)
		switch {
		case counter > maxCounter-(batchBlocks-1):
			k.fillGeneric(b[:], counter, stream)
		case useVAES512:
			ctrBlocks64VAES512(k.rounds, &k.rk, b, counter, stream)
		case useVAES256:
			ctrBlocks64VAES256(k.rounds, &k.rk, b, counter, stream)
		default:
			ctrBlocks64AESNI(k.rounds, &k.rk, b, counter, stream)
		}
		if counter += batchBlocks; counter < batchBlocks {
			stream++ // the low half wrapped in this batch
		}
	}
	if len(dst) >= BlockSize { // not for whole batches: the portable path may allocate
		k.fillGeneric(dst, counter, stream)
	}
}

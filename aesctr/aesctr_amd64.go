//go:build gc && !purego

package aesctr

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

// The kernels, each enabled at init where this CPU has what the tier rules
// (internal/impl's Tiers) say it needs; fill checks them in that order.
var useVAES512, useVAES256, useAESNI bool

func init() {
	kernels.Register("vaes512", &useVAES512)
	kernels.Register("vaes256", &useVAES256)
	kernels.Register("aesni", &useAESNI)
}

// asmEnabled reports whether fill runs an assembly kernel (with none, every
// batch takes the portable path over crypto/aes).
func asmEnabled() bool { return useVAES512 || useVAES256 || useAESNI }

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

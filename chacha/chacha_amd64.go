//go:build gc && !purego

package chacha

// The assembly kernels, in chacha_amd64.s, generated from these
// declarations by the avo program in _asm (cd _asm && go generate).
// blocksN writes exactly the N blocks of *dst: blocks counter, counter+1,
// ... (mod 2^64) of stream id stream, in stream order, with rounds rounds (a
// positive even number); dst may be unaligned. N is 16 (1 KiB, the
// keystream layer's batch) or 64 (4 KiB, for long reads). One parameter
// order for every kernel.

// blocks16AVX512 and blocks64AVX512 compute 16 blocks at a time, one state
// word per ZMM register (blocks64AVX512 two such batches side by side).
//
//go:noescape
func blocks16AVX512(rounds int, key *[8]uint32, dst *[16 * BlockSize]byte, counter, stream uint64)

//go:noescape
func blocks64AVX512(rounds int, key *[8]uint32, dst *[64 * BlockSize]byte, counter, stream uint64)

// blocks16AVX2 and blocks64AVX2 compute 8 blocks at a time in YMM registers.
//
//go:noescape
func blocks16AVX2(rounds int, key *[8]uint32, dst *[16 * BlockSize]byte, counter, stream uint64)

//go:noescape
func blocks64AVX2(rounds int, key *[8]uint32, dst *[64 * BlockSize]byte, counter, stream uint64)

// blocks16SSSE3 and blocks64SSSE3 compute 4 blocks at a time in XMM
// registers.
//
//go:noescape
func blocks16SSSE3(rounds int, key *[8]uint32, dst *[16 * BlockSize]byte, counter, stream uint64)

//go:noescape
func blocks64SSSE3(rounds int, key *[8]uint32, dst *[64 * BlockSize]byte, counter, stream uint64)

// The kernels, each enabled at init where this CPU has what the tier rules
// (internal/impl's Tiers) say it needs; blocks checks them in that order.
var useAVX512, useAVX2, useSSSE3 bool

func init() {
	kernels.Register("avx512", &useAVX512)
	kernels.Register("avx2", &useAVX2)
	kernels.Register("sse", &useSSSE3)
}

// blocks writes len(dst)/BlockSize blocks of the keystream (a shorter tail
// is left alone): blocks counter, counter+1, ... (mod 2^64) of stream id
// stream. It calls a kernel per 4 KiB, then per 1 KiB, and the portable
// kernel for what is left (nothing, for the whole batches of 1 KiB that the
// keystream layer passes).
func blocks(dst []byte, key *[8]uint32, counter, stream uint64, rounds int) {
	if !useAVX512 && !useAVX2 && !useSSSE3 {
		blocksGeneric(dst, key, counter, stream, rounds)
		return
	}
	for ; len(dst) >= bigBatch; dst = dst[bigBatch:] {
		b := (*[bigBatch]byte)(dst)
		switch {
		case useAVX512:
			blocks64AVX512(rounds, key, b, counter, stream)
		case useAVX2:
			blocks64AVX2(rounds, key, b, counter, stream)
		default:
			blocks64SSSE3(rounds, key, b, counter, stream)
		}
		counter += bigBatch / BlockSize
	}
	for ; len(dst) >= batch; dst = dst[batch:] {
		b := (*[batch]byte)(dst)
		switch {
		case useAVX512:
			blocks16AVX512(rounds, key, b, counter, stream)
		case useAVX2:
			blocks16AVX2(rounds, key, b, counter, stream)
		default:
			blocks16SSSE3(rounds, key, b, counter, stream)
		}
		counter += batch / BlockSize
	}
	if len(dst) >= BlockSize {
		blocksGeneric(dst, key, counter, stream, rounds)
	}
}

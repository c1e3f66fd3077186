//go:build gc && !purego

package aesctr

// The assembly is generated, from any host: GOARCH=arm64 go generate ./aesctr/
// (the generator runs on the host, hence the cleared GOOS and GOARCH).
//
//go:generate env GOOS= GOARCH= go run aesctr_arm64_gen.go -out aesctr_arm64.s

// useARM64 enables the AESE/AESMC kernel, at init, where this CPU has what
// the tier rules (internal/impl's Tiers) say it needs: the AES extension.
var useARM64 bool

func init() { kernels.Register("arm64", &useARM64) }

// asmEnabled reports whether fill runs the assembly kernel (without it,
// every batch takes the portable path over crypto/aes).
func asmEnabled() bool { return useARM64 }

// ctrBlocksNArm64 writes exactly the N blocks of *dst, the AES-CTR
// keystream blocks AES(BE64(stream) || BE64(counter+i)) for i = 0 .. N-1,
// eight at a time. counter+N-1 must not wrap past 2^64 (the 64-bit add does
// not carry into the stream half). nr is 10, 12 or 14 and rk holds nr+1
// round keys in memory order: the amd64 kernels' parameters, in their order.
// Requires the AES extension. Implemented in aesctr_arm64.s.

//go:noescape
func ctrBlocks64Arm64(nr int, rk *[240]byte, dst *[64 * BlockSize]byte, counter, stream uint64)

//go:noescape
func ctrBlocks256Arm64(nr int, rk *[240]byte, dst *[256 * BlockSize]byte, counter, stream uint64)

// fill writes len(dst)/BlockSize keystream blocks (a shorter tail is left
// alone) from the 128-bit counter block BE64(stream) || BE64(counter),
// incremented as one big-endian number: a kernel call per 4 KiB, then per
// 1 KiB, then the portable path for what is left. A batch in which the low
// 64 bits wrap (once in 2^64 blocks) goes through the portable path, which
// carries into the stream half.
func (k *kernel) fill(dst []byte, counter, stream uint64) {
	if !useARM64 {
		k.fillGeneric(dst, counter, stream)
		return
	}
	for ; len(dst) >= bigBatch && counter <= maxCounter-(bigBatchBlocks-1); dst = dst[bigBatch:] {
		ctrBlocks256Arm64(k.rounds, &k.rk, (*[bigBatch]byte)(dst), counter, stream)
		if counter += bigBatchBlocks; counter < bigBatchBlocks {
			stream++ // the batch ended exactly at the wrap
		}
	}
	for ; len(dst) >= batch; dst = dst[batch:] {
		if counter > maxCounter-(batchBlocks-1) {
			k.fillGeneric(dst[:batch], counter, stream)
		} else {
			ctrBlocks64Arm64(k.rounds, &k.rk, (*[batch]byte)(dst), counter, stream)
		}
		if counter += batchBlocks; counter < batchBlocks {
			stream++ // the low half wrapped in this batch
		}
	}
	if len(dst) >= BlockSize { // not for whole batches: the portable path may allocate
		k.fillGeneric(dst, counter, stream)
	}
}

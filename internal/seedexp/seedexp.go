// Package seedexp expands a uint64 seed into key bytes exactly as Rust's
// rand_core 0.6 SeedableRng::seed_from_u64 does, so that
// chacha.NewSource(s) produces the numbers of rand_chacha's
// ChaCha8Rng::seed_from_u64(s). The expansion is fixed forever: changing it
// changes every seeded stream.
package seedexp

// Expand fills key with the expansion of seed: for every 4 bytes, one step
// of the PCG32 state, state = state*6364136223846793005 +
// 11634580027462260723 (mod 2^64), then the little-endian bytes of
// rotr32(uint32(((state>>18)^state)>>27), state>>59). A key whose length is
// not a multiple of 4 gets the leading bytes of the last word.
func Expand(key []byte, seed uint64) {
	const (
		mul = 6364136223846793005
		inc = 11634580027462260723
	)
	state := seed
	for i := 0; i < len(key); i += 4 {
		state = state*mul + inc
		xorshifted := uint32(((state >> 18) ^ state) >> 27)
		rot := uint(state >> 59)
		x := xorshifted>>rot | xorshifted<<((32-rot)&31)
		b := [4]byte{byte(x), byte(x >> 8), byte(x >> 16), byte(x >> 24)}
		copy(key[i:], b[:])
	}
}

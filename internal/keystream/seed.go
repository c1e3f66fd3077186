package keystream

// ExpandSeed fills key with the seed expansion of Rust's rand_core 0.6
// SeedableRng::seed_from_u64: a PCG32 step per 4 bytes, little-endian. This
// makes chacha.NewSource8(s) produce the numbers of rand_chacha's
// ChaCha8Rng::seed_from_u64(s).
func ExpandSeed(key []byte, seed uint64) {
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
		var b [4]byte
		b[0], b[1], b[2], b[3] = byte(x), byte(x>>8), byte(x>>16), byte(x>>24)
		copy(key[i:], b[:])
	}
}

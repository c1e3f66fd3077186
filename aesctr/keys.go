package aesctr

// The AES key schedule of FIPS-197 section 5.2, for the assembly kernels:
// they take the round keys as bytes in memory order (AESENC on amd64, AESE on
// arm64 both read a round key as the 16 bytes of w[4r..4r+3], each word
// big-endian). The portable path uses crypto/aes and does not need it.

// sbox is the AES S-box (FIPS-197 figure 7), computed at init from its
// definition: the inverse in GF(2^8) followed by the affine map.
var sbox [256]byte

func init() {
	// Walk the field with generator 3: p = 3^i, q = 3^-i.
	p, q := byte(1), byte(1)
	for {
		// p *= 3
		p ^= p<<1 ^ byte(int8(p)>>7)&0x1b
		// q /= 3: q *= 0xf6 (the inverse of 3), as shifts.
		q ^= q << 1
		q ^= q << 2
		q ^= q << 4
		if q&0x80 != 0 {
			q ^= 0x09
		}
		x := q ^ (q<<1 | q>>7) ^ (q<<2 | q>>6) ^ (q<<3 | q>>5) ^ (q<<4 | q>>4)
		sbox[p] = x ^ 0x63
		if p == 1 {
			break
		}
	}
	sbox[0] = 0x63
}

// expandKey returns the number of rounds (10, 12 or 14) and writes the
// rounds+1 round keys of key (16, 24 or 32 bytes) into rk.
func expandKey(rk *[15 * 16]byte, key []byte) (rounds int) {
	nk := len(key) / 4
	rounds = nk + 6
	var w [60]uint32
	for i := 0; i < nk; i++ {
		w[i] = uint32(key[4*i])<<24 | uint32(key[4*i+1])<<16 | uint32(key[4*i+2])<<8 | uint32(key[4*i+3])
	}
	rcon := uint32(1)
	for i := nk; i < 4*(rounds+1); i++ {
		t := w[i-1]
		if i%nk == 0 {
			t = subWord(t<<8|t>>24) ^ rcon<<24
			rcon <<= 1
			if rcon&0x100 != 0 {
				rcon ^= 0x11b
			}
		} else if nk > 6 && i%nk == 4 {
			t = subWord(t)
		}
		w[i] = w[i-nk] ^ t
	}
	for i := 0; i < 4*(rounds+1); i++ {
		rk[4*i], rk[4*i+1], rk[4*i+2], rk[4*i+3] = byte(w[i]>>24), byte(w[i]>>16), byte(w[i]>>8), byte(w[i])
	}
	return rounds
}

func subWord(x uint32) uint32 {
	return uint32(sbox[x>>24])<<24 | uint32(sbox[x>>16&0xff])<<16 | uint32(sbox[x>>8&0xff])<<8 | uint32(sbox[x&0xff])
}

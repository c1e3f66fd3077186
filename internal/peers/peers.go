// Package peers builds the generators streamrand is measured against, for
// the benchmarks and the bench command: math/rand/v2's ChaCha8 and PCG,
// crypto/cipher CTR over crypto/aes, golang.org/x/crypto/chacha20 and
// crypto/rand. Each is used the way a Go program would use it to get random
// bytes: stream ciphers XOR their keystream over a zero buffer.
package peers

import (
	"crypto/aes"
	"crypto/cipher"
	crand "crypto/rand"
	"encoding/binary"
	"fmt"
	"math/rand/v2"

	"golang.org/x/crypto/chacha20"
)

// A Peer is one alternative way of getting random bytes.
type Peer struct {
	Name string
	// Read fills p with random bytes.
	Read func(p []byte)
	// Source is the peer as a math/rand/v2 Source; nil where it is not one.
	Source rand.Source
}

// All returns every peer, freshly seeded (of crypto/cipher's CTR, AES-128
// and AES-256 only).
func All() []Peer {
	ps := []Peer{mathChaCha8(), mathPCG()}
	for _, n := range []int{16, 32} {
		ps = append(ps, cipherCTR(n))
	}
	return append(ps, xChaCha20(), cryptoRand())
}

// Named returns the peer of that name, freshly seeded: one of All's, or
// crypto/cipher's CTR with an AES-192 key ("crypto/cipher CTR AES-192").
// The algorithm table names each algorithm's peer (internal/algtable). It
// panics for a name it does not know.
func Named(name string) Peer {
	for _, p := range append(All(), cipherCTR(24)) {
		if p.Name == name {
			return p
		}
	}
	panic("peers: no peer " + name)
}

func mathChaCha8() Peer {
	r := rand.NewChaCha8([32]byte{1})
	return Peer{Name: "math/rand/v2 ChaCha8", Read: func(p []byte) { r.Read(p) }, Source: r}
}

func mathPCG() Peer {
	r := rand.NewPCG(1, 2)
	return Peer{Name: "math/rand/v2 PCG", Source: r, Read: func(p []byte) {
		for ; len(p) >= 8; p = p[8:] {
			binary.LittleEndian.PutUint64(p, r.Uint64())
		}
		if len(p) > 0 {
			var b [8]byte
			binary.LittleEndian.PutUint64(b[:], r.Uint64())
			copy(p, b[:])
		}
	}}
}

// xorZero returns a Read that XORs a keystream over zeros.
func xorZero(xor func(dst, src []byte)) func(p []byte) {
	var zero []byte
	return func(p []byte) {
		if len(zero) < len(p) {
			zero = make([]byte, len(p))
		}
		xor(p, zero[:len(p)])
	}
}

func cipherCTR(keyLen int) Peer {
	b, err := aes.NewCipher(make([]byte, keyLen))
	if err != nil {
		panic(err)
	}
	ctr := cipher.NewCTR(b, make([]byte, aes.BlockSize))
	return Peer{Name: fmt.Sprintf("crypto/cipher CTR AES-%d", 8*keyLen), Read: xorZero(ctr.XORKeyStream)}
}

func xChaCha20() Peer {
	c, err := chacha20.NewUnauthenticatedCipher(make([]byte, chacha20.KeySize), make([]byte, chacha20.NonceSize))
	if err != nil {
		panic(err)
	}
	return Peer{Name: "x/crypto chacha20", Read: xorZero(c.XORKeyStream)}
}

func cryptoRand() Peer {
	return Peer{Name: "crypto/rand", Read: func(p []byte) { crand.Read(p) }}
}

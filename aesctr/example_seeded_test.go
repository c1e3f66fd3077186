package aesctr_test

import (
	"fmt"

	"github.com/streamrand/streamrand/aesctr"
)

// NewSource128, NewSource192 and NewSource256 seed AES-128, AES-192 and
// AES-256 the same way (the first 16, 24 or 32 bytes of rand_core's
// seed_from_u64 expansion); Seed resets any of them in place, keeping its
// key length.
func ExampleNewSource256() {
	s := aesctr.NewSource256(42)
	fmt.Println(s.KeySize())
	first := s.Uint64()
	s.Read(make([]byte, 5000))
	s.Seed(42)
	fmt.Println(s.KeySize(), s.Uint64() == first)
	// Output:
	// 32
	// 32 true
}

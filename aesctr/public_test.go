package aesctr_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/aesctr"
)

// A key length given in bits, as in the algorithm's name, is an error that
// names the length in bytes it means, through both constructors.
func TestKeyLengthInBits(t *testing.T) {
	for _, bits := range []int{128, 192, 256} {
		want := fmt.Sprintf("aesctr: invalid key length %d (want 16, 24 or 32 bytes: AES-%d takes %d)", bits, bits, bits/8)
		s, err := aesctr.NewSecure(bits)
		require.Nil(t, s)
		require.EqualError(t, err, want)
		s, err = aesctr.NewWithKey(make([]byte, bits), 0)
		require.Nil(t, s)
		require.EqualError(t, err, want)
	}
}

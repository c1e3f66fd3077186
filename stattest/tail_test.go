package stattest_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand/stattest"
)

// The two-sided normal p-values keep their accuracy far into the tail:
// they are erfc(|z|/√2) as NIST SP 800-22 §2.1 and §2.3 write them. 95
// ones in 100 bits give Monobit's s_obs = |95-5|/√100 = 9 and p =
// erfc(9/√2) = 2.2571768119076845e-19 (Python 3's math.erfc, the C
// library's, gives that value); computed as 2(1 - Φ(9)) through gonum it
// was exactly 0. Runs of 100 alternating bits: V = 100 runs against a mean
// of 51 for the observed π = 1/2, z = (100 - 50)/(2√200·¼) = √50 and p =
// erfc(√50) = 1.5239706048320995e-23 (Python's math.erfc); it was 0.
func TestPublicNormalTail(t *testing.T) {
	// 11 bytes of ones, 0xfe and 0x00: 95 ones among the first 100 bits.
	bits := strings.Repeat("\xff", 11) + "\xfe\x00"
	res, err := stattest.Monobit(strings.NewReader(bits), 100)
	require.NoError(t, err)
	require.Equal(t, 9.0, res.Statistic)
	require.InEpsilon(t, math.Erfc(9/math.Sqrt2), res.P, 1e-12)
	require.InEpsilon(t, 2.2571768119076845e-19, res.P, 1e-12)
	require.Equal(t, "2.26e-19", fmt.Sprintf("%.3g", res.P))
	require.Equal(t, stattest.Fail, res.Verdict())

	res, err = stattest.Runs(strings.NewReader(strings.Repeat("\x55", 13)), 100)
	require.NoError(t, err)
	require.Equal(t, 100.0, res.Statistic)
	require.InEpsilon(t, math.Erfc(math.Sqrt(50)), res.P, 1e-12)
	require.InEpsilon(t, 1.5239706048320995e-23, res.P, 1e-12)
}

package stattest

import (
	"fmt"
	"io"
	"math"
)

// pokerHand is the number of digits in a hand of the poker test.
const pokerHand = 5

// Poker reads nhands hands of five digits from r and counts, for each hand,
// how many different digits it holds: Knuth TAOCP vol. 2 §3.3.2 D, the
// (simplified) poker test. A digit is digitBits bits, 4 (each byte gives
// two digits, its high nibble first) or 8 (a byte). For d = 2^digitBits
// equally likely digits a hand of k = 5 holds r different ones with
// probability d(d-1)...(d-r+1) S(k,r) / d^k, S the Stirling numbers of the
// second kind. Cells whose expected count is below 5 are merged into their
// neighbour (Knuth's rule), and Pearson's chi-square over the c cells that
// remain has c-1 degrees of freedom (gonum distuv.ChiSquared); the
// statistic is the chi-square value. It detects dependence among a few
// neighbouring digits: too many or too few repeats within a hand, as from
// short cycles or a digit distribution that is not uniform.
func Poker(r io.Reader, nhands int64, digitBits int) (Result, error) {
	if digitBits != 4 && digitBits != 8 {
		return Result{}, fmt.Errorf("stattest: poker digits are 4 or 8 bits, not %d", digitBits)
	}
	name := fmt.Sprintf("poker-%dbit", digitBits)
	if err := checkN(name, nhands, 100); err != nil { // MaxN keeps 5·nhands in range
		return Result{}, err
	}
	var counts [pokerHand + 1]int64 // by number of different digits
	var hand [pokerHand]byte
	k := 0
	var done int64
	add := func(d byte) {
		hand[k] = d
		if k++; k < pokerHand {
			return
		}
		k = 0
		distinct := 0
		for i := range pokerHand {
			fresh := true
			for j := range i {
				if hand[j] == hand[i] {
					fresh = false
					break
				}
			}
			if fresh {
				distinct++
			}
		}
		counts[distinct]++
		done++
	}
	nbytes := nhands * pokerHand
	if digitBits == 4 {
		nbytes = (nbytes + 1) / 2
	}
	err := readChunks(r, nbytes, func(b []byte) {
		for _, c := range b {
			if digitBits == 8 {
				add(c)
			} else if add(c >> 4); done < nhands {
				add(c & 15)
			}
		}
	})
	if err != nil {
		return Result{}, err
	}

	// Probabilities of r different digits, r = 1..5.
	d := math.Ldexp(1, digitBits)
	stirling := [pokerHand + 1]float64{0, 1, 15, 25, 10, 1} // S(5, r)
	var obs, exp []float64
	var o, e float64
	falling := 1.0 // d(d-1)...(d-r+1)
	for r := 1; r <= pokerHand; r++ {
		falling *= d - float64(r-1)
		o += float64(counts[r])
		e += float64(nhands) * falling * stirling[r] / math.Pow(d, pokerHand)
		if e >= 5 || r == pokerHand {
			obs, exp = append(obs, o), append(exp, e)
			o, e = 0, 0
		}
	}
	if n := len(exp); n > 1 && exp[n-1] < 5 { // merge a small last cell down
		obs[n-2] += obs[n-1]
		exp[n-2] += exp[n-1]
		obs, exp = obs[:n-1], exp[:n-1]
	}
	res := Result{Name: name, N: nhands, Unit: "hands"}
	if len(exp) < 2 {
		res.P = math.NaN()
		return res, nil
	}
	res.Statistic, res.P = ChiSquare(obs, exp, len(exp)-1)
	return res, nil
}

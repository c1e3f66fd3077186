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
//
// nhands is from 100 (130 for 8-bit digits, so that the hands with
// repeated digits expect 5 and make a cell of their own) to MaxN.
func Poker(r io.Reader, nhands int64, digitBits int) (Result, error) {
	if digitBits != 4 && digitBits != 8 {
		return Result{}, fmt.Errorf("stattest: poker digits are 4 or 8 bits, not %d", digitBits)
	}
	name := fmt.Sprintf("poker-%dbit", digitBits)
	if err := checkReader(name, r); err != nil {
		return Result{}, err
	}
	d := math.Ldexp(1, digitBits)
	// MaxN keeps 5·nhands in range.
	if err := checkN(name, nhands, pokerLeastHands(d)); err != nil {
		return Result{}, err
	}
	exp, cell := pokerCells(nhands, d)

	var counts [pokerHand + 1]int64 // by number of different digits
	var hand [pokerHand]byte
	k := 0
	var done int64
	add := func(digit byte) {
		hand[k] = digit
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
	obs := make([]float64, len(exp))
	for distinct := 1; distinct <= pokerHand; distinct++ {
		obs[cell[distinct]] += float64(counts[distinct])
	}
	return chiSquareResult(name, "hands", nhands, obs, exp, len(exp)-1), nil
}

// pokerCells returns the expected counts of the cells of nhands hands of
// digits from d values, and the cell of each number r = 1..5 of different
// digits: the r are taken in order and a cell closes once it expects 5
// (Knuth's rule), a small last cell merging into the one before.
func pokerCells(nhands int64, d float64) (exp []float64, cell [pokerHand + 1]int) {
	stirling := [pokerHand + 1]float64{0, 1, 15, 25, 10, 1} // S(5, r)
	var e float64
	falling := 1.0 // d(d-1)...(d-r+1)
	for r := 1; r <= pokerHand; r++ {
		falling *= d - float64(r-1)
		e += float64(nhands) * falling * stirling[r] / math.Pow(d, pokerHand)
		cell[r] = len(exp)
		if e >= 5 || r == pokerHand {
			exp = append(exp, e)
			e = 0
		}
	}
	if n := len(exp); n > 1 && exp[n-1] < 5 { // merge a small last cell down
		exp[n-2] += exp[n-1]
		exp = exp[:n-1]
		for r := range cell {
			cell[r] = min(cell[r], n-2)
		}
	}
	return exp, cell
}

// pokerLeastHands returns the fewest hands, at least 100, that make two
// cells of digits from d values (pokerCells).
func pokerLeastHands(d float64) int64 {
	n := int64(100)
	for {
		if exp, _ := pokerCells(n, d); len(exp) >= 2 {
			return n
		}
		n++
	}
}

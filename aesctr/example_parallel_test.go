package aesctr_test

import (
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/streamrand/streamrand/aesctr"
)

// For parallel work, number the work, not the workers: the dice of player
// i come from stream i of one seed. Playing the players one after another
// or all at once in their own goroutines gives the same scores.
func Example_parallel() {
	var inTurn, atOnce [4]int
	for i := range inTurn {
		inTurn[i] = score(i)
	}
	var wg sync.WaitGroup
	for i := range atOnce {
		wg.Go(func() { atOnce[i] = score(i) })
	}
	wg.Wait()
	fmt.Println(inTurn == atOnce, inTurn)
	// Output:
	// true [3580 3440 3506 3505]
}

// score is the sum of 1000 dice of player i: stream i of the AES-128 key
// that seed 7 gives.
func score(i int) int {
	s := aesctr.NewSource128(7)
	s.SetStream(uint64(i))
	r := rand.New(s)
	sum := 0
	for range 1000 {
		sum += 1 + r.IntN(6)
	}
	return sum
}

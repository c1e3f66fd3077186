package chacha_test

import (
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/streamrand/streamrand/chacha"
)

// For parallel work, number the work, not the workers: piece i of the work
// draws from stream i of one seed, whichever goroutine runs it. So the
// estimate below is the same for 1, 3 or 8 goroutines, and on every
// machine.
func Example_parallel() {
	const pieces, points = 8, 10000
	estimate := func(workers int) float64 {
		inside := make([]int, pieces) // per piece: the sum is then in piece order
		work := make(chan int)
		var wg sync.WaitGroup
		for range workers {
			wg.Go(func() {
				for i := range work {
					s := chacha.NewSource8(42)
					s.SetStream(uint64(i))
					r := rand.New(s)
					for range points {
						x, y := r.Float64(), r.Float64()
						if x*x+y*y < 1 {
							inside[i]++
						}
					}
				}
			})
		}
		for i := range pieces {
			work <- i
		}
		close(work)
		wg.Wait()
		total := 0
		for _, n := range inside {
			total += n
		}
		return 4 * float64(total) / (pieces * points)
	}
	fmt.Println(estimate(1), estimate(3), estimate(8))
	// Output:
	// 3.14665 3.14665 3.14665
}

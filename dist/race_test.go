//go:build race

package dist_test

// raceEnabled is true under the race detector, whose sync.Pool drops a
// random quarter of the values put into it (to expose code that counts on
// getting them back), so a pooled work space is made again that often.
const raceEnabled = true

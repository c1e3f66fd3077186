//go:build race

package stattest

// raceEnabled shortens the rate tests under the race detector, which
// slows them tenfold and looks for data races, not for statistics.
const raceEnabled = true

//go:build !race

package stattest

const raceEnabled = false

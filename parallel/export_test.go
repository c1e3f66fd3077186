package parallel

// SetMinChunk sets the fewest values Fill gives a goroutine, so that tests
// reach its split on small slices, and returns a function restoring it.
func SetMinChunk(n int) (restore func()) {
	old := minChunk
	minChunk = n
	return func() { minChunk = old }
}

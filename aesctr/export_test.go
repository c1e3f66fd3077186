package aesctr

// Backends and SetBackend let the external tests run on every kernel.
var (
	Backends   = backends
	SetBackend = setBackend
)

package dist

// For the external tests' benchmarks: the kernel tiers this machine has
// (then "generic") and a switch to one of them.

// Tiers lists the kernel tiers this CPU can run, best first, then
// "generic" (this package's Go code).
func Tiers() []string { return kernels.Available() }

// SelectTier makes Fill and Rand use only tier name, one of Tiers, and
// returns the function that restores the tier before. Not safe beside
// running samplers.
func SelectTier(name string) (restore func()) { return kernels.Select(name) }

package dist

// The slice forms of exp and log: the kernels (kernels_amd64.go) take the
// whole groups of lanes they can, and the scalar functions the group
// holding an input the kernels leave to them, and the tail. The values are
// the scalar functions' in every case.

// expAll sets xs[i] = exp(xs[i]) for every i.
func expAll(xs []float64) {
	for i := 0; i < len(xs); {
		i += asmExp(xs[i:], xs[i:])
		for end := min(i+kernelWords, len(xs)); i < end; i++ {
			xs[i] = exp(xs[i])
		}
	}
}

// expMulAll sets xs[i] = lambda * exp(xs[i]) for every i.
func expMulAll(xs []float64, lambda float64) {
	for i := 0; i < len(xs); {
		i += asmExpMul(xs[i:], xs[i:], lambda)
		for end := min(i+kernelWords, len(xs)); i < end; i++ {
			xs[i] = lambda * exp(xs[i])
		}
	}
}

// logAll sets xs[i] = log(xs[i]) for every i.
func logAll(xs []float64) {
	for i := 0; i < len(xs); {
		i += asmLog(xs[i:], xs[i:])
		for end := min(i+kernelWords, len(xs)); i < end; i++ {
			xs[i] = log(xs[i])
		}
	}
}

// powLogMulAll sets xs[i] = powLog(xs[i])·k for every i.
func powLogMulAll(xs []float64, k float64) {
	for i := 0; i < len(xs); {
		i += asmPowLogMul(xs[i:], xs[i:], k)
		for end := min(i+kernelWords, len(xs)); i < end; i++ {
			xs[i] = float64(powLog(xs[i]) * k)
		}
	}
}

// powAll sets xs[i] = lambda * exp(powLog(xs[i])·ik) for every i,
// Weibull's power, in two passes over xs (in L1 for a chunk): the kernels
// of one operation each keep more lanes in flight than one kernel of both.
func powAll(xs []float64, ik, lambda float64) {
	powLogMulAll(xs, ik)
	expMulAll(xs, lambda)
}

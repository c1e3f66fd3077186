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

// logAll sets xs[i] = log(xs[i]) for every i.
func logAll(xs []float64) {
	for i := 0; i < len(xs); {
		i += asmLog(xs[i:], xs[i:])
		for end := min(i+kernelWords, len(xs)); i < end; i++ {
			xs[i] = log(xs[i])
		}
	}
}

// powAll sets xs[i] = lambda * exp(log(xs[i])/k) for every i.
func powAll(xs []float64, k, lambda float64) {
	for i := 0; i < len(xs); {
		i += asmPow(xs[i:], xs[i:], k, lambda)
		for end := min(i+kernelWords, len(xs)); i < end; i++ {
			xs[i] = lambda * exp(log(xs[i])/k)
		}
	}
}

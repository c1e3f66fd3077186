//go:build !amd64 || !gc || purego

package fill

// Without assembly the wrappers convert nothing and the portable Go loops
// do all the work.

func asmFloat64s(u []uint64) int                           { return 0 }
func asmNarrow(d []uint32, u []uint64, asFloat32 bool) int { return 0 }
func asmUint64n(u []uint64, n, thresh uint64) int          { return 0 }

func asmZigguratFast(xs *[zigBlockWords]float64, slow *[zigBlockWords / 64]uint64, src []uint64, exp bool) int {
	return 0
}

// asmCompact is never called: asmZigguratFast converts nothing.
func asmCompact(dst []float64, xs *[zigBlockWords]float64, keep *[zigBlockWords / 64]uint64, m int) int {
	panic("fill: asmCompact without kernels")
}

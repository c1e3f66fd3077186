//go:build !amd64 || !gc || purego

package dist

// Without assembly the wrappers convert nothing and the portable Go loops
// do all the work.

const kernelWords = 8

func haveKernels() bool { return false }

func asmNormalBlock(xs *[walkBlock]float64, slow *[walkBlock / 64]uint64, p []byte, mu, sigma float64) int {
	return 0
}

func asmExpBlock(xs *[walkBlock]float64, slow *[walkBlock / 64]uint64, p []byte, rate float64) int {
	return 0
}

func asmUniforms(dst []float64, p []byte, lo, hi, width float64) int   { return 0 }
func asmUniformsInside(dst []float64, p []byte, lo, width float64) int { return 0 }

// asmCompact is never called: the block kernels convert nothing.
func asmCompact(dst []float64, xs []float64, keep *[walkBlock / 64]uint64, m int) int {
	panic("dist: asmCompact without kernels")
}

func asmExp(dst, src []float64) int                    { return 0 }
func asmLog(dst, src []float64) int                    { return 0 }
func asmExpMul(dst, src []float64, lambda float64) int { return 0 }
func asmPowLogMul(dst, src []float64, k float64) int   { return 0 }

func asmBetaRatios(dst, g []float64) int { return 0 }

func asmBoostRun(gs, us []float64, p []byte, l *mtLanes) int { return 0 }

func asmBoostRunZ(zs, gs, us []float64, p []byte, l *mtLanes) int { return 0 }

func asmTMT(dst []float64, p []byte, l *mtLanes, mu, sigma, h float64) int { return 0 }

func haveTBlock() bool { return false }

func asmTBlock(sc *tryScratch, p []byte, l *mtLanes, mu, sigma, h float64) int { return 0 }

func asmMTTries(sc *tryScratch, p []byte, l *mtLanes, mul float64) int { return 0 }

func haveBoostTries() bool { return false }

func asmBoostTries(sc *tryScratch, us *[mtBlockLen]float64, p []byte, l *mtLanes) int { return 0 }

func asmVerdicts(v *verdictScratch, n int) bool { return false }

func asmAlias(dst []int64, p []byte, tab []uint64, mask uint64) int { return 0 }

func asmGeometrics(dst []int64, src []float64, s float64) int { return 0 }

func asmTries(b *tryBatch, p []byte, q *tryParams) (tries, nt int) { return 0, 0 }

func asmTake(dst []int64, b *tryBatch, nb int) (tries, n int) { return 0, 0 }

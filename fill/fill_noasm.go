//go:build !amd64 || !gc || purego

package fill

import "github.com/streamrand/streamrand/internal/bulk"

// Without assembly the wrappers convert nothing and the portable Go loops
// do all the work.

func asmFloat64s(u []uint64) int                           { return 0 }
func asmNarrow(d []uint32, u []uint64, asFloat32 bool) int { return 0 }
func asmUint64n(u []uint64, n, thresh uint64) int          { return 0 }
func asmFusedFloat64s() bool                               { return false }

func asmZiggurat(d []float64, p []byte, b bulk.Source, exp bool) (o, w int) { return 0, 0 }

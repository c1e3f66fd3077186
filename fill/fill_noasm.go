//go:build !amd64 || !gc || purego

package fill

// Without assembly the portable Go loops do all the work; these are never
// called.

const haveAVX512, useAVX512, haveVBMI, useVBMI, haveAVX2, useAVX2 = false, false, false, false, false, false

func float64sAVX512(p []uint64)                                      { panic("unreachable") }
func uint32sAVX512(dst []uint32, src []uint64)                       { panic("unreachable") }
func float32sAVX512(dst []float32, src []uint64)                     { panic("unreachable") }
func normsAVX512(xs []float64, slow []uint16, src []uint64)          { panic("unreachable") }
func uint64nAVX512(dst []uint64, src []uint64, n, thresh uint64) int { panic("unreachable") }
func expsAVX512(xs []float64, slow []uint16, src []uint64)           { panic("unreachable") }
func normsVBMI(xs []float64, slow []uint16, src []uint64)            { panic("unreachable") }
func expsVBMI(xs []float64, slow []uint16, src []uint64)             { panic("unreachable") }
func compactAVX512(dst []float64, src []float64, keep []uint8) int   { panic("unreachable") }
func float64sAVX2(p []uint64)                                        { panic("unreachable") }
func uint32sAVX2(dst []uint32, src []uint64)                         { panic("unreachable") }
func float32sAVX2(dst []float32, src []uint64)                       { panic("unreachable") }
func normsAVX2(xs []float64, slow []uint16, src []uint64)            { panic("unreachable") }
func expsAVX2(xs []float64, slow []uint16, src []uint64)             { panic("unreachable") }
func compactAVX2(dst []float64, src []float64, keep []uint8) int     { panic("unreachable") }
func uint64nAVX2(dst []uint64, src []uint64, n, thresh uint64) int   { panic("unreachable") }

func setAVX512(on bool) (restore func()) { return func() {} }
func setVBMI(on bool) (restore func())   { return func() {} }
func setAVX2(on bool) (restore func())   { return func() {} }

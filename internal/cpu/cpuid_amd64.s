//go:build gc && !purego

#include "textflag.h"

// The package's only assembly, two instructions that no avo generator is
// needed for (x/sys/cpu's cpu_gc_x86.s holds the same).

// func cpuid(eaxArg uint32, ecxArg uint32) (eax uint32, ebx uint32, ecx uint32, edx uint32)
// Requires: CPUID
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eaxArg+0(FP), AX
	MOVL ecxArg+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

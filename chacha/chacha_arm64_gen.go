//go:build ignore

// Generate Go assembly for the arm64 ChaCha kernel, blocks8: 8 blocks per
// call, computed as three independent groups whose instructions are
// interleaved so that an out-of-order core always has work for its vector
// and its integer pipes:
//
//   - blocks 0-3 in NEON "column" form: state word i of the 4 blocks in the
//     4 lanes of Vi (V0-V15), transposed before the store;
//   - blocks 4-6 in NEON "row" form: block 4+j in V(16+4j)..V(19+4j), one row
//     of 4 state words per register, the diagonal round reached by rotating
//     rows a, c, d with EXT (OpenSSL's ARMv8 ChaCha rotates b, c, d; see
//     rowDoubleRound);
//   - block 7 in 16 general-purpose registers (32-bit W operations, ADCW
//     for the additions, see scalarDoubleRound).
//
// The 4-block NEON kernel it replaces had only 4 independent quarter-round
// chains per round and left the integer pipes idle; llvm-mca (scripts/mca.sh)
// predicts this one faster on every modelled core (see docs/backends.md).
//
// The quarter round is written once (quarterRound); each form turns its
// steps into instructions. Run it with `GOARCH=arm64 go generate ./chacha/`
// (the go:generate line is in chacha_arm64.go, which only arm64 builds see)
// or directly:
//
//	go run chacha_arm64_gen.go -out chacha_arm64.s
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"
)

// A step is x += y; z ^= x; z <<<= rot, on state words x, y, z.
type step struct{ x, y, z, rot int }

// quarterRound is ChaCha's quarter round on state words a, b, c, d.
func quarterRound(a, b, c, d int) [4]step {
	return [4]step{{a, b, d, 16}, {c, d, b, 12}, {a, b, d, 8}, {c, d, b, 7}}
}

// The quarter rounds of a column round and of a diagonal round.
var (
	columns   = [4][4]int{{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15}}
	diagonals = [4][4]int{{0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14}}
)

// Vector registers.
const (
	colBase = 0  // V0-V15: state words 0-15 of blocks 0-3 (lane j: block j)
	rowBase = 16 // V16-V27: rows a, b, c, d of blocks 4, 5, 6
	rowBlks = 3
	colTmp  = 28 // V28, V29: temporaries of the 12- and 7-bit rotations of blocks 0-3
	rowTmp  = 30 // V30: the same for blocks 4-6 (V28-V31 are free after the rounds)
	tmp     = 28
	rot8    = 31 // V31: TBL indices rotating each 32-bit lane left by 8
)

// General-purpose registers. DST, KEY, CTR and STREAM hold the arguments;
// ROT16..ROT25 hold right-rotation amounts (RORW by register is one cheap
// operation on every modelled core, RORW by immediate two on some).
var scalar = [16]string{"R9", "R10", "R11", "R12", "R13", "R14", "R15", "R16",
	"R17", "R19", "R20", "R21", "R22", "R23", "R24", "R25"} // state words 0-15 of block 7

var rotReg = map[int]string{16: "ROT16", 12: "ROT20", 8: "ROT24", 7: "ROT25"}

// vecStep emits one step on whole vectors X, Y, Z (T a temporary).
// Rotations: by 16 swaps halfwords (REV32), by 8 permutes bytes (TBL), by 12
// and 7 shift left into Z and shift right and insert from T.
func vecStep(X, Y, Z, T string, rot int) []string {
	add := fmt.Sprintf("VADD\t%s.S4, %s.S4, %s.S4", Y, X, X)
	switch rot {
	case 16:
		return []string{add, fmt.Sprintf("VEOR\t%s.B16, %s.B16, %s.B16", X, Z, Z), fmt.Sprintf("VREV32\t%s.H8, %s.H8", Z, Z)}
	case 8:
		return []string{add, fmt.Sprintf("VEOR\t%s.B16, %s.B16, %s.B16", X, Z, Z), fmt.Sprintf("VTBL\tV%d.B16, [%s.B16], %s.B16", rot8, Z, Z)}
	}
	return []string{add,
		fmt.Sprintf("VEOR\t%s.B16, %s.B16, %s.B16", X, Z, T),
		fmt.Sprintf("VSHL\t$%d, %s.S4, %s.S4", rot, T, Z),
		fmt.Sprintf("VSRI\t$%d, %s.S4, %s.S4", 32-rot, T, Z)}
}

// interleave emits the i-th instruction of every group before the (i+1)-th
// of any: independent chains side by side.
func interleave(groups [][]string) []string {
	var out []string
	for i := 0; ; i++ {
		done := true
		for _, g := range groups {
			if i < len(g) {
				out = append(out, g[i])
				done = false
			}
		}
		if done {
			return out
		}
	}
}

// stepGroup emits one step of independent chains (each vecStep's output):
// their adds side by side, then for rotations by 16 and 8 their XORs and
// rotations side by side, and for 12 and 7 each chain's XOR, shift and
// insert in a row, so that chains sharing a temporary never overlap in
// program order (register renaming still overlaps them in the core).
func stepGroup(chains [][]string, rot int) []string {
	adds, rest := split(chains, 1)
	out := interleave(adds)
	if rot == 16 || rot == 8 {
		return append(out, interleave(rest)...)
	}
	for _, c := range rest {
		out = append(out, c...)
	}
	return out
}

// split cuts each chain after its first n instructions.
func split(chains [][]string, n int) (heads, tails [][]string) {
	for _, c := range chains {
		heads, tails = append(heads, c[:n]), append(tails, c[n:])
	}
	return heads, tails
}

func vreg(n int) string { return fmt.Sprintf("V%d", n) }

// round emits one round of independent quarter rounds qrs: for each of the
// 4 steps, emit gives the instructions of quarter round i's step and join
// arranges those of all quarter rounds.
func round(qrs [][4]int, join func(chains [][]string, rot int) []string, emit func(i int, st step) []string) []string {
	var out []string
	for s := 0; s < 4; s++ {
		var chains [][]string
		for i, qr := range qrs {
			chains = append(chains, emit(i, quarterRound(qr[0], qr[1], qr[2], qr[3])[s]))
		}
		out = append(out, join(chains, quarterRound(0, 1, 2, 3)[s].rot)...)
	}
	return out
}

// columnDoubleRound is a double round of blocks 0-3: the 4 quarter rounds of
// a round run side by side on whole vectors, one lane per block.
func columnDoubleRound() []string {
	var out []string
	for _, qrs := range [][4][4]int{columns, diagonals} {
		out = append(out, round(qrs[:], stepGroup, func(q int, st step) []string {
			return vecStep(vreg(colBase+st.x), vreg(colBase+st.y), vreg(colBase+st.z), vreg(colTmp+q%2), st.rot)
		})...)
	}
	return out
}

// rowDoubleRound is a double round of blocks 4-6. Row r of block j is
// register rowBase+4j+r; the quarter round runs on rows 0-3, i.e. on all 4
// columns at once. The diagonal round needs a[i], b[i+1], c[i+2], d[i+3]
// in one lane; rather than rotating rows b, c, d (OpenSSL's choice) this
// rotates a, c, d by -1, +1, +2 words (lane j: a[j-1], b[j], c[j+1],
// d[j+2]) and leaves b in place. b is the last row a round finishes (its
// rotation by 7 ends the round) and the first the next round reads (a +=
// b), so an EXT on b would lengthen every round's dependency chain by one
// operation; a, c and d are final earlier and their EXTs overlap b's last
// steps. The EXTs are ordered a, d, c, as their rows become final. After
// the diagonal round the rows rotate back.
func rowDoubleRound() []string {
	row := func(j, r int) string { return vreg(rowBase + 4*j + r) }
	var qrs [][4]int
	for range rowBlks {
		qrs = append(qrs, [4]int{0, 1, 2, 3})
	}
	// EXT $n takes bytes n..15 of the row, then 0..n-1: a rotation of the
	// lanes by n/4 words (lane j gets word j+n/4).
	var out []string
	for _, shift := range []map[int]int{{0: 12, 3: 8, 2: 4}, {0: 4, 3: 8, 2: 12}} {
		out = append(out, round(qrs, stepGroup, func(j int, st step) []string {
			return vecStep(row(j, st.x), row(j, st.y), row(j, st.z), vreg(rowTmp), st.rot)
		})...)
		for _, r := range []int{0, 3, 2} {
			for j := range rowBlks {
				out = append(out, fmt.Sprintf("VEXT\t$%d, %s.B16, %s.B16, %s.B16", shift[r], row(j, r), row(j, r), row(j, r)))
			}
		}
	}
	return out
}

// scalarDoubleRound is a double round of block 7 in W registers, the 4
// quarter rounds of a round side by side. Its additions are ADCW with the
// carry flag clear (the loop sets it up and touches no flags): the same sum
// as ADDW, but LLVM's Cyclone model (apple-m1) prices the register form of
// ADDW as a shifted-register operation, two cycles on one of its two shift
// units, which made this one block the busiest resource on that model; ADCW
// is a plain one-cycle ALU operation there and on the Neoverse models.
func scalarDoubleRound() []string {
	var out []string
	for _, qrs := range [][4][4]int{columns, diagonals} {
		out = append(out, round(qrs[:], func(chains [][]string, _ int) []string { return interleave(chains) },
			func(_ int, st step) []string {
				x, y, z := scalar[st.x], scalar[st.y], scalar[st.z]
				return []string{
					fmt.Sprintf("ADCW\t%s, %s, %s", y, x, x),
					fmt.Sprintf("EORW\t%s, %s, %s", x, z, z),
					fmt.Sprintf("RORW\t%s, %s, %s", rotReg[st.rot], z, z),
				}
			})...)
	}
	return out
}

// merge spreads b evenly through a, keeping each one's order.
func merge(a, b []string) []string {
	out := make([]string, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		if j >= len(b) || i < len(a) && i*len(b) <= j*len(a) {
			out = append(out, a[i])
			i++
		} else {
			out = append(out, b[j])
			j++
		}
	}
	return out
}

// The constants of "expand 32-byte k".
var sigma = [4]uint32{0x61707865, 0x3320646e, 0x79622d32, 0x6b206574}

func main() {
	out := flag.String("out", "chacha_arm64.s", "output file")
	flag.Parse()

	var b bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	ins := func(lines []string) {
		for _, l := range lines {
			p("\t%s", l)
		}
	}

	p("// Code generated by chacha_arm64_gen.go. DO NOT EDIT.")
	p("")
	p("//go:build gc && !purego")
	p("")
	p(`#include "textflag.h"`)
	p("")
	p("// Registers, see chacha_arm64_gen.go:")
	p("// V0-V15   state words 0-15 of blocks 0-3 (lane j: block j)")
	p("// V16-V27  rows a, b, c, d of blocks 4, 5, 6 (V16-V19 block 4, ...)")
	p("// V28-V30  temporaries: V28, V29 for blocks 0-3, V30 for blocks 4-6 (V28-V31 after the rounds)")
	p("// V31      TBL indices rotating each 32-bit lane left by 8")
	p("// R9-R17, R19-R25  state words 0-15 of block 7")
	p("")
	for _, d := range [][2]string{{"DST", "R0"}, {"KEY", "R1"}, {"CTR", "R2"}, {"STREAM", "R3"}, {"LOOP", "R4"},
		{"ROT16", "R5"}, {"ROT20", "R6"}, {"ROT24", "R7"}, {"ROT25", "R8"}} {
		p("#define %s %s", d[0], d[1])
	}
	p("")
	p("// func blocks8(rounds int, key *[8]uint32, dst *[8 * BlockSize]byte, counter, stream uint64)")
	p("TEXT ·blocks8(SB), NOSPLIT, $0-40")
	p("\tMOVD\tdst+16(FP), DST")
	p("\tMOVD\tkey+8(FP), KEY")
	p("\tMOVD\tcounter+24(FP), CTR")
	p("\tMOVD\tstream+32(FP), STREAM")
	p("")
	p("\t// Blocks 0-3: constants and key words broadcast, counters counter+j")
	p("\t// as 64-bit lanes (which wrap at 2^64), split into words 12 and 13.")
	p("\tMOVD\t$·chacha8Consts(SB), R4")
	p("\tVLD4R\t(R4), [V0.S4, V1.S4, V2.S4, V3.S4]")
	p("\tVLD4R\t(KEY), [V4.S4, V5.S4, V6.S4, V7.S4]")
	p("\tADD\t$16, KEY, R5")
	p("\tVLD4R\t(R5), [V8.S4, V9.S4, V10.S4, V11.S4]")
	p("\tADD\t$16, R4, R5")
	p("\tVLD1.P\t32(R5), [V%d.D2, V%d.D2]", tmp, tmp+1)
	p("\tVLD1\t(R5), [V%d.B16]", rot8)
	p("\tVDUP\tCTR, V%d.D2", tmp+2)
	p("\tVADD\tV%d.D2, V%d.D2, V%d.D2", tmp+2, tmp, tmp)
	p("\tVADD\tV%d.D2, V%d.D2, V%d.D2", tmp+2, tmp+1, tmp+1)
	p("\tVUZP1\tV%d.S4, V%d.S4, V12.S4", tmp+1, tmp)
	p("\tVUZP2\tV%d.S4, V%d.S4, V13.S4", tmp+1, tmp)
	p("\tVDUP\tSTREAM, V14.S4")
	p("\tLSR\t$32, STREAM, R5")
	p("\tVDUP\tR5, V15.S4")
	p("")
	p("\t// Blocks 4-6: rows of constants, key, and {counter+4+j, stream}.")
	p("\tVLD1\t(R4), [V%d.S4]", rowBase)
	p("\tVLD1\t(KEY), [V%d.S4, V%d.S4]", rowBase+1, rowBase+2)
	for j := 0; j < rowBlks; j++ {
		r := rowBase + 4*j
		if j > 0 {
			for k := 0; k < 3; k++ {
				p("\tVMOV\tV%d.B16, V%d.B16", rowBase+k, r+k)
			}
		}
		p("\tADD\t$%d, CTR, R5", 4+j)
		p("\tVMOV\tR5, V%d.D[0]", r+3)
		p("\tVMOV\tSTREAM, V%d.D[1]", r+3)
	}
	p("")
	p("\t// Block 7 in W registers: constants, key, counter+7, stream.")
	for i, c := range sigma {
		p("\tMOVW\t$%#08x, %s", c, scalar[i])
	}
	for i := 0; i < 8; i += 2 {
		p("\tLDPW\t%d(KEY), (%s, %s)", 4*i, scalar[4+i], scalar[5+i])
	}
	p("\tADD\t$7, CTR, %s", scalar[12])
	p("\tLSR\t$32, %s, %s", scalar[12], scalar[13])
	p("\tMOVD\tSTREAM, %s", scalar[14])
	p("\tLSR\t$32, STREAM, %s", scalar[15])
	p("\tMOVD\t$16, ROT16")
	p("\tMOVD\t$20, ROT20")
	p("\tMOVD\t$24, ROT24")
	p("\tMOVD\t$25, ROT25")
	p("")
	p("\t// rounds/2 double rounds of all three groups, interleaved.")
	p("\tMOVD\trounds+0(FP), LOOP")
	p("\tLSR\t$1, LOOP")
	p("\tCBZ\tLOOP, add")
	p("\t// Clear the carry flag for the ADCWs of block 7 (x + 0 never carries);")
	p("\t// nothing in the loop sets flags.")
	p("\tCMN\t$0, LOOP")
	p("")
	p("doubleround:")
	ins(merge(merge(columnDoubleRound(), rowDoubleRound()), scalarDoubleRound()))
	p("\tSUB\t$1, LOOP")
	p("\tCBNZ\tLOOP, doubleround")
	p("")
	p("add:")
	p("\t// Blocks 0-3: transpose each 4x4 group of words 4k..4k+3 so that")
	p("\t// V(4k+j) holds those words of block j (TRN1/TRN2 on words, then on")
	p("\t// doublewords: one operation each on every modelled core, where the")
	p("\t// A57 model splits ZIP into three). Then all 7 NEON blocks hold rows")
	p("\t// and take the initial state as rows: rows 0-2 (constants, key) are")
	p("\t// the same for every block, loaded once, with no broadcast loads.")
	for k := 0; k < 4; k++ {
		r := 4 * k
		// With a, b, c, d = V(r..r+3), lane j of each from block j:
		// V28 = {a0 b0 a2 b2}, V29 = {a1 b1 a3 b3}, V30 = {c0 d0 c2 d2},
		// V31 = {c1 d1 c3 d3}; then block j's words are the doubleword
		// halves {V28, V30}.d[0] (j=0), {V29, V31}.d[0] (1), .d[1] (2, 3).
		p("\tVTRN1\tV%d.S4, V%d.S4, V28.S4", r+1, r)
		p("\tVTRN2\tV%d.S4, V%d.S4, V29.S4", r+1, r)
		p("\tVTRN1\tV%d.S4, V%d.S4, V30.S4", r+3, r+2)
		p("\tVTRN2\tV%d.S4, V%d.S4, V31.S4", r+3, r+2)
		p("\tVTRN1\tV30.D2, V28.D2, V%d.D2", r)
		p("\tVTRN1\tV31.D2, V29.D2, V%d.D2", r+1)
		p("\tVTRN2\tV30.D2, V28.D2, V%d.D2", r+2)
		p("\tVTRN2\tV31.D2, V29.D2, V%d.D2", r+3)
	}
	p("")
	p("\t// Row 3 of blocks 0-3, {counter+j, stream} as doublewords: counters")
	p("\t// as 64-bit lanes (which wrap at 2^64) paired with the stream by TRN.")
	p("\tMOVD\t$·chacha8Consts(SB), R4")
	p("\tADD\t$16, R4, R5")
	p("\tVLD1\t(R5), [V28.D2, V29.D2]")
	p("\tVDUP\tCTR, V30.D2")
	p("\tVADD\tV30.D2, V28.D2, V28.D2")
	p("\tVADD\tV30.D2, V29.D2, V29.D2")
	p("\tVDUP\tSTREAM, V31.D2")
	p("\tVTRN1\tV31.D2, V28.D2, V30.D2")
	p("\tVADD\tV30.S4, V12.S4, V12.S4")
	p("\tVTRN2\tV31.D2, V28.D2, V30.D2")
	p("\tVADD\tV30.S4, V13.S4, V13.S4")
	p("\tVTRN1\tV31.D2, V29.D2, V28.D2")
	p("\tVADD\tV28.S4, V14.S4, V14.S4")
	p("\tVTRN2\tV31.D2, V29.D2, V29.D2")
	p("\tVADD\tV29.S4, V15.S4, V15.S4")
	p("")
	p("\t// Rows 0-2 of every block: constants, key.")
	p("\tVLD1\t(R4), [V28.S4]")
	p("\tVLD1\t(KEY), [V29.S4, V30.S4]")
	p("")
	p("\t// Blocks 4-6: add the initial rows, row 3 {counter+4+j, stream},")
	p("\t// and store each at 256+64j.")
	p("\tADD\t$256, DST, R5")
	p("\tVMOV\tSTREAM, V31.D[1]")
	for j := 0; j < rowBlks; j++ {
		r := rowBase + 4*j
		p("\tADD\t$%d, CTR, R6", 4+j)
		p("\tVMOV\tR6, V31.D[0]")
		for k := 0; k < 4; k++ {
			p("\tVADD\tV%d.S4, V%d.S4, V%d.S4", 28+k, r+k, r+k)
		}
		p("\tVST1.P\t[V%d.S4, V%d.S4, V%d.S4, V%d.S4], 64(R5)", r, r+1, r+2, r+3)
	}
	p("")
	p("\t// Blocks 0-3: add rows 0-2 and store block j at 64j.")
	for j := 0; j < 4; j++ {
		for k := 0; k < 3; k++ {
			p("\tVADD\tV%d.S4, V%d.S4, V%d.S4", 28+k, 4*k+j, 4*k+j)
		}
		p("\tFSTPQ\t(F%d, F%d), %d(DST)", j, j+4, 64*j)
		p("\tFSTPQ\t(F%d, F%d), %d(DST)", j+8, j+12, 64*j+32)
	}
	p("")
	p("\t// Block 7: add the initial state and store it at 448 (R5).")
	for i, c := range sigma {
		p("\tMOVW\t$%#08x, R6", c)
		p("\tADDW\tR6, %s, %s", scalar[i], scalar[i])
	}
	for i := 0; i < 8; i += 2 {
		p("\tLDPW\t%d(KEY), (R6, R7)", 4*i)
		p("\tADDW\tR6, %s, %s", scalar[4+i], scalar[4+i])
		p("\tADDW\tR7, %s, %s", scalar[5+i], scalar[5+i])
	}
	p("\tADD\t$7, CTR, R6")
	p("\tLSR\t$32, R6, R7")
	p("\tADDW\tR6, %s, %s", scalar[12], scalar[12])
	p("\tADDW\tR7, %s, %s", scalar[13], scalar[13])
	p("\tLSR\t$32, STREAM, R7")
	p("\tADDW\tSTREAM, %s, %s", scalar[14], scalar[14])
	p("\tADDW\tR7, %s, %s", scalar[15], scalar[15])
	for i := 0; i < 16; i += 2 {
		p("\tSTPW\t(%s, %s), %d(R5)", scalar[i], scalar[i+1], 4*i)
	}
	p("\tRET")
	p("")
	p(`// "expand 32-byte k"`)
	for i, c := range sigma {
		p("DATA\t·chacha8Consts+%#02x(SB)/4, $%#08x", 4*i, c)
	}
	p("// 64-bit lane offsets of the counters of blocks 0-3: {0, 1}, {2, 3}")
	for i := 0; i < 4; i++ {
		p("DATA\t·chacha8Consts+%#02x(SB)/8, $%d", 16+8*i, i)
	}
	p("// TBL indices: byte i of each 32-bit lane comes from byte (i+3)%%4 (rotate left 8)")
	p("DATA\t·chacha8Consts+0x30(SB)/8, $0x0605040702010003")
	p("DATA\t·chacha8Consts+0x38(SB)/8, $0x0e0d0c0f0a09080b")
	p("GLOBL\t·chacha8Consts(SB), NOPTR|RODATA, $64")

	src := strings.ReplaceAll(b.String(), "\t\n", "\n")
	if err := os.WriteFile(*out, []byte(src), 0o644); err != nil {
		log.Fatal(err)
	}
}

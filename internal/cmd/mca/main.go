// Command mca predicts the speed of this module's arm64 kernels on several
// Arm cores with LLVM's static pipeline model, llvm-mca. It builds the arm64
// test binaries of chacha and aesctr, disassembles each kernel with
// llvm-objdump, extracts the instructions one iteration executes (see
// trace.go), runs llvm-mca on them for every modelled core and prints one
// table. Run it through scripts/mca.sh, which installs LLVM 19 when missing.
//
// The numbers are a model's estimates, not measurements: no arm64 machine is
// at hand, and LLVM 19 has no model of its own for some of the cores named
// (see the notes the table prints).
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// A variant is one way to run the kernels of a package: the values of the
// arguments that choose the path an iteration takes (round counts). The
// other arguments stay unknown.
type variant struct {
	name string           // row label
	args map[string]int64 // argument name (as in name+off(FP)) -> value
}

// The packages with arm64 kernels. Every TEXT symbol in their *_arm64.s
// files is modelled with each variant, so a renamed or added kernel is
// picked up without editing this list.
var packages = []struct {
	dir      string
	variants []variant
}{
	{"chacha", []variant{
		{"chacha8", map[string]int64{"rounds": 8}},
		{"chacha12", map[string]int64{"rounds": 12}},
		{"chacha20", map[string]int64{"rounds": 20}},
	}},
	{"aesctr", []variant{
		{"aes128ctr", map[string]int64{"nr": 10}},
		{"aes256ctr", map[string]int64{"nr": 14}},
	}},
}

// The modelled cores. LLVM 19 gives apple-m1 the Cyclone (A7) model and
// cortex-a76 the Cortex-A57 model; the resource names in llvm-mca's output
// (CyUnit*, A57Unit*) show which model ran, and the table prints them.
var cores = []string{"neoverse-n1", "neoverse-v1", "neoverse-v2", "apple-m1", "cortex-a76"}

const modulePath = "github.com/streamrand/streamrand/"

func main() {
	mca := flag.String("mca", "llvm-mca-19", "llvm-mca binary")
	objdump := flag.String("objdump", "llvm-objdump-19", "llvm-objdump binary")
	dump := flag.String("dump", "", "if set, write each kernel's iteration (llvm-mca input) into this directory")
	only := flag.String("kernel", "", "model only the kernels whose name contains this")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("mca: ")

	root, err := moduleRoot()
	if err != nil {
		log.Fatal(err)
	}
	tmp, err := os.MkdirTemp("", "mca")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)

	fmt.Printf("llvm-mca model predictions for the arm64 kernels (%s -mtriple=aarch64 -mcpu=CORE -mattr=+aes)\n\n", *mca)
	fmt.Printf("%-10s %-12s %-10s %9s %7s %7s %-6s %7s %-9s %4s %7s %8s\n",
		"kernel", "core", "model", "cyc/iter", "rthru", "pipes", "family", "busiest", "unit", "rob", "cyc/bnd", "cyc/byte")
	for _, p := range packages {
		funcs, err := asmFuncs(filepath.Join(root, p.dir))
		if err != nil {
			log.Fatal(err)
		}
		bin := filepath.Join(tmp, p.dir+".test")
		cmd := exec.Command("go", "test", "-c", "-o", bin, "./"+p.dir)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOARCH=arm64", "GOOS=linux", "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			log.Fatalf("building the arm64 test binary of %s: %v\n%s", p.dir, err, out)
		}
		for _, f := range funcs {
			for _, v := range p.variants {
				if !strings.Contains(v.name, *only) {
					continue
				}
				if err := model(*mca, *objdump, *dump, bin, p.dir, f, v); err != nil {
					log.Fatalf("%s %s: %v", f.name, v.name, err)
				}
			}
		}
	}
	fmt.Print(`
cyc/iter: predicted cycles for one iteration of the kernel's loop (the whole
call when it has no loop), llvm-mca -iterations=30..200; iterations overlap as
far as the modelled out-of-order window allows. rthru: llvm-mca's Block
RThroughput, which bounds each resource group (e.g. "any vector pipe", "the
shift pipes") separately, so it can lie well below what pipes shared by
several groups must do. pipes/family: the simulated work of the busiest
family of like pipes (V0-V3, S0-S3, ...) spread evenly over them, cycles per
iteration: no placement of those operations on those pipes takes less.
busiest/unit: the most cycles any one unit is busy per iteration, and that
unit. rob: how full the reorder buffer is on average (near 100%: the window,
not the pipes, keeps later independent work from starting). cyc/bnd:
cyc/iter over the largest of rthru, pipes and busiest; near 1 means
resource-bound, well above 1 latency-bound. cyc/byte: cyc/iter over the
bytes the iteration stores.
model: the scheduling model LLVM 19 used, read from the resource names in
llvm-mca's output. LLVM 19 has no model for Apple's Firestorm or for
Cortex-A76: -mcpu=apple-m1 runs the Cyclone (Apple A7) model and
-mcpu=cortex-a76 the Cortex-A57 model, so those rows describe older cores.
`)
}

// An asmFunc is one TEXT symbol of a Go assembly file.
type asmFunc struct {
	name string // e.g. "blocks8"
	src  []byte // the file, where argument offsets are read
}

var textRE = regexp.MustCompile(`(?m)^TEXT\s+·(\w+)\(SB\)`)

// asmFuncs lists the functions of the *_arm64.s files in dir.
func asmFuncs(dir string) ([]asmFunc, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_arm64.s"))
	if err != nil {
		return nil, err
	}
	var funcs []asmFunc
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		for _, m := range textRE.FindAllSubmatch(src, -1) {
			funcs = append(funcs, asmFunc{string(m[1]), src})
		}
	}
	if len(funcs) == 0 {
		return nil, fmt.Errorf("no arm64 assembly functions in %s", dir)
	}
	return funcs, nil
}

// model prints the rows of one kernel and variant.
func model(mca, objdump, dump, bin, pkg string, f asmFunc, v variant) error {
	frame, err := argOffsets(f.src, v.args)
	if err != nil {
		return err
	}
	insts, err := disassemble(objdump, bin, modulePath+pkg+"."+f.name+".abi0")
	if err != nil {
		return err
	}
	iter, err := trace(insts, frame)
	if err != nil {
		return err
	}
	stored := 0
	for _, in := range iter {
		stored += storeBytes(in)
	}
	if stored == 0 {
		return fmt.Errorf("the iteration stores no bytes")
	}
	input := mcaInput(iter)
	if dump != "" {
		if err := os.WriteFile(filepath.Join(dump, f.name+"-"+v.name+".s"), []byte(input), 0o644); err != nil {
			return err
		}
	}
	for _, core := range cores {
		r, err := runMCA(mca, core, input)
		if err != nil {
			return fmt.Errorf("%s: %v", core, err)
		}
		bound := max(r.bound, r.family, r.pressure)
		_, unit, _ := strings.Cut(r.busiest, "Unit")
		_, fam, _ := strings.Cut(r.familyName, "Unit")
		fmt.Printf("%-10s %-12s %-10s %9.1f %7.1f %7.1f %-6s %7.1f %-9s %3.0f%% %7.2f %8.3f\n",
			v.name, core, r.model, r.cycles, r.bound, r.family, fam, r.pressure, unit, r.rob, r.cycles/bound, r.cycles/float64(stored))
	}
	fmt.Printf("%-10s (%s.%s: %d instructions, %d bytes stored per iteration)\n", "", pkg, f.name, len(iter), stored)
	return nil
}

// moduleRoot is the directory of the go.mod this command belongs to.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", fmt.Errorf("not inside the module")
	}
	return filepath.Dir(mod), nil
}

// argOffsets finds, in the Go assembly source, the frame offset of each
// named argument (from "name+off(FP)") and returns the argument values keyed
// by offset.
func argOffsets(src []byte, args map[string]int64) (map[int64]int64, error) {
	frame := map[int64]int64{}
	for name, v := range args {
		m := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\+(\d+)\(FP\)`).FindSubmatch(src)
		if m == nil {
			return nil, fmt.Errorf("argument %q not found as %s+off(FP) in the source", name, name)
		}
		off, _ := strconv.ParseInt(string(m[1]), 10, 64)
		frame[off] = v
	}
	return frame, nil
}

// An inst is one disassembled instruction.
type inst struct {
	addr uint64
	op   string   // mnemonic, e.g. "add", "b.ne"
	args []string // operands as llvm-objdump prints them, split at top-level commas
	text string   // "op args" without any <symbol> annotation
}

var lineRE = regexp.MustCompile(`^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$`)

// disassemble returns the instructions of symbol sym in the binary.
func disassemble(objdump, bin, sym string) ([]inst, error) {
	out, err := exec.Command(objdump, "--triple=aarch64", "-d", "--no-show-raw-insn",
		"--disassemble-symbols="+sym, bin).Output()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", objdump, err)
	}
	var insts []inst
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		m := lineRE.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		addr, _ := strconv.ParseUint(m[1], 16, 64)
		rest := m[3]
		if i := strings.Index(rest, "<"); i >= 0 {
			rest = strings.TrimSpace(rest[:i])
		}
		if i := strings.Index(rest, "//"); i >= 0 {
			rest = strings.TrimSpace(rest[:i])
		}
		insts = append(insts, inst{addr: addr, op: m[2], args: splitArgs(rest), text: strings.TrimSpace(m[2] + " " + rest)})
	}
	if len(insts) == 0 {
		return nil, fmt.Errorf("symbol %s not found in %s", sym, bin)
	}
	return insts, nil
}

// splitArgs splits operands at commas outside {} and [].
func splitArgs(s string) []string {
	var args []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case ',':
			if depth == 0 {
				args = append(args, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	if t := strings.TrimSpace(s[start:]); t != "" {
		args = append(args, t)
	}
	return args
}

var regListRE = regexp.MustCompile(`v\d+\.(\d+)([bhsd])`)

// storeBytes is the number of bytes a store instruction writes (0 for any
// other instruction).
func storeBytes(in inst) int {
	size := func(reg string) int {
		switch reg[0] {
		case 'q':
			return 16
		case 'x', 'd':
			return 8
		case 'w', 's':
			return 4
		case 'h':
			return 2
		case 'b':
			return 1
		}
		return 0
	}
	switch in.op {
	case "st1", "st2", "st3", "st4":
		n := 0
		for _, m := range regListRE.FindAllStringSubmatch(in.args[0], -1) {
			lanes, _ := strconv.Atoi(m[1])
			n += lanes * map[string]int{"b": 1, "h": 2, "s": 4, "d": 8}[m[2]]
		}
		return n
	case "stp", "stnp":
		return 2 * size(in.args[0])
	case "str", "stur":
		return size(in.args[0])
	}
	return 0
}

// mcaInput renders the iteration as llvm-mca input. Branch targets become
// "." (llvm-mca does not follow branches; the branch still uses its unit) and
// adrp's page a symbol.
func mcaInput(iter []inst) string {
	var b strings.Builder
	for _, in := range iter {
		text := in.text
		switch {
		case in.op == "b" || strings.HasPrefix(in.op, "b."):
			text = in.op + " ."
		case in.op == "cbz" || in.op == "cbnz":
			text = in.op + " " + in.args[0] + ", ."
		case in.op == "tbz" || in.op == "tbnz":
			text = in.op + " " + in.args[0] + ", " + in.args[1] + ", ."
		case in.op == "adrp" || in.op == "adr":
			text = in.op + " " + in.args[0] + ", table"
		}
		b.WriteString(text)
		b.WriteByte('\n')
	}
	return b.String()
}

type result struct {
	model      string
	cycles     float64 // per iteration
	bound      float64 // Block RThroughput (per resource group, see main)
	family     float64 // the busiest family's simulated cycles over its units, per iteration
	familyName string  // that family, e.g. "V2UnitV"
	pressure   float64 // the simulated cycles of the busiest unit, per iteration
	busiest    string  // that unit
	rob        float64 // average reorder-buffer use, percent
}

// runMCA runs llvm-mca for one core and reads cycles per iteration, the
// block reciprocal throughput and the busiest resource.
func runMCA(mca, core, input string) (result, error) {
	// Enough iterations for a steady state, without simulating millions of
	// instructions for the long unrolled kernels.
	iterations := min(200, max(30, 300000/strings.Count(input, "\n")))
	cmd := exec.Command(mca, "-mtriple=aarch64", "-mcpu="+core, "-mattr=+aes",
		fmt.Sprintf("-iterations=%d", iterations), "-all-stats=false", "-resource-pressure", "-retire-stats", "-instruction-info=false")
	cmd.Stdin = strings.NewReader(input)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return result{}, fmt.Errorf("%v\n%s", err, stderr.String())
	}
	var r result
	var iters, total float64
	var resources []string
	lines := strings.Split(string(out), "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case strings.HasPrefix(l, "Iterations:"):
			iters, _ = strconv.ParseFloat(strings.TrimSpace(strings.TrimPrefix(l, "Iterations:")), 64)
		case strings.HasPrefix(l, "Total Cycles:"):
			total, _ = strconv.ParseFloat(strings.TrimSpace(strings.TrimPrefix(l, "Total Cycles:")), 64)
		case strings.HasPrefix(l, "Average Used ROB Entries per cy:"):
			// "Average Used ROB Entries per cy:  314  ( 98.1% )"
			if m := robRE.FindStringSubmatch(l); m != nil {
				r.rob, _ = strconv.ParseFloat(m[1], 64)
			}
		case strings.HasPrefix(l, "Block RThroughput:"):
			r.bound, _ = strconv.ParseFloat(strings.TrimSpace(strings.TrimPrefix(l, "Block RThroughput:")), 64)
		case l == "Resources:":
			for i++; i < len(lines) && strings.HasPrefix(lines[i], "["); i++ {
				f := strings.Fields(lines[i])
				resources = append(resources, f[len(f)-1])
			}
		case l == "Resource pressure per iteration:":
			if i+2 >= len(lines) {
				break
			}
			var pressures []float64
			for j, v := range strings.Fields(lines[i+2]) {
				p, err := strconv.ParseFloat(v, 64)
				if err != nil || j >= len(resources) {
					p = 0 // "-": unused
				}
				pressures = append(pressures, p)
				if p > r.pressure {
					r.pressure, r.busiest = p, resources[j]
				}
			}
			r.family, r.familyName = familyBound(resources, pressures)
			i += 2
		}
	}
	if iters == 0 || total == 0 || r.bound == 0 || r.pressure == 0 {
		return result{}, fmt.Errorf("unexpected llvm-mca output:\n%s", out)
	}
	r.cycles = total / iters
	r.model = modelName(resources[0])
	return r, nil
}

// familyBound groups the units into families of like pipes by their names
// without trailing digits (V2UnitV0..V2UnitV3 -> V2UnitV, V2UnitL01 and
// V2UnitL2 -> V2UnitL; a resource with several units is listed once per
// unit) and returns the largest family's total pressure over its number of
// units, with that family's name.
func familyBound(resources []string, pressures []float64) (float64, string) {
	total := map[string]float64{}
	units := map[string]int{}
	var order []string
	for j, res := range resources {
		fam := strings.TrimRight(res, "0123456789")
		if units[fam] == 0 {
			order = append(order, fam)
		}
		units[fam]++
		if j < len(pressures) {
			total[fam] += pressures[j]
		}
	}
	best, name := 0.0, ""
	for _, fam := range order {
		if b := total[fam] / float64(units[fam]); b > best {
			best, name = b, fam
		}
	}
	return best, name
}

var robRE = regexp.MustCompile(`:\s*\d+\s*\(\s*([0-9.]+)%`)

// modelName names the scheduling model from a resource name such as
// "V2UnitB" or "CyUnitB".
func modelName(res string) string {
	prefix, _, _ := strings.Cut(res, "Unit")
	switch prefix {
	case "Cy":
		return "Cyclone"
	case "A57":
		return "CortexA57"
	}
	return "Neoverse" + prefix
}

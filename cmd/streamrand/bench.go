package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/fill"
	"github.com/streamrand/streamrand/internal/algtable"
	"github.com/streamrand/streamrand/internal/peers"
)

const benchHead = `usage: streamrand bench [-long] [-size BYTES] [-time DURATION] [-runs N]

Measures the Read throughput of every generator against its peer, the
usual Go way to get the same bytes: chacha8 and chacha12 against
math/rand/v2's ChaCha8, chacha20 against golang.org/x/crypto/chacha20, each
AES-CTR against crypto/cipher's CTR over crypto/aes with a key of the same
size. Then the cost per value of a few rand.Rand methods called in a loop
against package fill's bulk functions, which give the same values.

It prints the machine first and each row as soon as it is measured. Each
figure is the median of several timed runs with their range (wall clock),
and the same work per CPU-second of the measuring thread, which stays
steady when other programs share the cores. A figure whose runs disagree,
or whose thread waited for a CPU through many runs, is measured again; if
it stays scattered it is marked "?" and its ratio "scattered": on a busy
machine no figure is a result. The default run takes under 20 seconds;
-long takes about a minute and gives steadier medians.

`

// runBench measures every algorithm against its peer and the bulk
// functions of package fill against per-call loops, printing each row as
// soon as it is measured.
func runBench(args []string, stdout io.Writer) error {
	b, err := parseBenchFlags(args, stdout)
	if err != nil {
		return err
	}
	return b.run()
}

// parseBenchFlags parses the command line of bench.
func parseBenchFlags(args []string, stdout io.Writer) (*bencher, error) {
	fs := newFlagSet("bench")
	size := sizeVar(fs, "size", 2000000, "2000000", fmt.Sprintf("`N` bytes per Read, 1 to %s (suffix K, M or G for KiB, MiB, GiB)", sizeFlag(maxBenchSize)))
	dur := fs.Duration("time", defaultBenchTime, fmt.Sprintf("time per run, up to %v", maxBenchTime))
	runs := intVar(fs, "runs", defaultBenchRuns, fmt.Sprintf("`N` runs per figure, 1 to %d", maxBenchRuns))
	long := fs.Bool("long", false, fmt.Sprintf("the longer run: -time %v -runs %d, where not given", longBenchTime, longBenchRuns))
	if err := parse(fs, args, benchHead, stdout); err != nil {
		return nil, err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *long {
		if !set["time"] {
			*dur = longBenchTime
		}
		if !set["runs"] {
			*runs = longBenchRuns
		}
	}
	switch {
	case size.n < 1 || size.n > maxBenchSize:
		return nil, badUsage("-size %s: want 1 byte to %s", size, formatSize(maxBenchSize))
	case *dur <= 0 || *dur > maxBenchTime:
		return nil, badUsage("-time %v: want more than 0, up to %v", *dur, maxBenchTime)
	case *runs < 1 || *runs > maxBenchRuns:
		return nil, badUsage("-runs %d: want 1 to %d", *runs, maxBenchRuns)
	}
	return &bencher{size: int(size.n), dur: *dur, runs: *runs, out: stdout}, nil
}

// The defaults and bounds of bench's flags. A run of bench measures 24
// figures of runs × time each: 12 s by default, 66 s with -long, and up to
// maxRepeats figures more on a busy machine. A Read buffer of at most 256
// MiB, a minute per run, 1000 runs.
const (
	defaultBenchTime = 100 * time.Millisecond
	defaultBenchRuns = 5
	longBenchTime    = 250 * time.Millisecond
	longBenchRuns    = 11
	maxBenchSize     = 1 << 28
	maxBenchTime     = time.Minute
	maxBenchRuns     = 1000
)

// A bencher measures and prints.
type bencher struct {
	size int           // bytes per Read
	dur  time.Duration // per run
	runs int           // per figure
	out  io.Writer
	// onRun, if not nil, is called before each timed run (and before the
	// warm-up call), so a test sees when measuring happens.
	onRun func()
	// wallClock and cpuClock, if not nil, replace the wall clock and the
	// measuring thread's CPU time (threadCPUTime), for tests.
	wallClock func() time.Duration
	cpuClock  func() (time.Duration, bool)
	repeats   int  // figures measured again so far (maxRepeats)
	scattered bool // a figure printed was scattered
}

// run prints the machine line, then measures and prints the Read table
// and the fill table, row by row.
func (b *bencher) run() error {
	if _, err := fmt.Fprintf(b.out, "machine: %s\n", machine()); err != nil {
		return fmt.Errorf("writing: %w", err)
	}
	_, cpuOK := b.cpuTime()
	fmt.Fprintf(b.out, "Read of %d bytes in MB/s (10^6 bytes per second): the median of %d runs of %v and their range\n", b.size, b.runs, b.dur)
	if cpuOK {
		fmt.Fprint(b.out, "(wall clock), and the median per CPU-second of the measuring thread (cpu MB/s, steady on a busy\n"+
			"machine). Under each generator its peer; vs peer = its cpu MB/s over its peer's, above 1x is faster.\n\n")
	} else {
		fmt.Fprint(b.out, "(wall clock; this OS gives no CPU time of a thread). Under each generator its peer;\n"+
			"vs peer = its MB/s over its peer's, above 1x is faster.\n\n")
	}
	fmt.Fprintf(b.out, readRow, "generator / peer", "backend", "MB/s", "min-max", "cpu MB/s", "vs peer")
	buf := make([]byte, b.size)
	for _, a := range streamrand.Algorithms() {
		row := algtable.Rows()[a]
		g := streamrand.New(a, 1)
		gen := b.measure(func() { g.Read(buf) }, len(buf))
		p := peers.Named(row.Peer)
		peer := b.measure(func() { p.Read(buf) }, len(buf))
		ratio := b.ratio(fmt.Sprintf("%.2fx", gen.per(peer)), gen, peer)
		if _, err := fmt.Fprintf(b.out, readRow, a, row.Family.Backend(), mbps(gen, gen.median), mbpsRange(gen), mbps(gen, gen.cpu), ratio); err != nil {
			return fmt.Errorf("writing: %w", err)
		}
		fmt.Fprintf(b.out, peerRow, "  "+p.Name, "", mbps(peer, peer.median), mbpsRange(peer), mbps(peer, peer.cpu))
	}
	if err := b.fill(); err != nil {
		return err
	}
	if b.scattered {
		fmt.Fprintf(b.out, "\n?: scattered, not a result. In %d attempts (fewer once %d figures had been measured again) the\n"+
			"middle runs of the figure differed by more than %.0f%% of their median, or the measuring thread\n"+
			"waited for a CPU for over half of many runs: other programs are busy on this machine.\n"+
			"Run bench again when it is quieter, or with -long.\n", maxAttempts, maxRepeats, 100*maxSpread)
	}
	return nil
}

// ratio returns text, the ratio of figures, or "scattered" if one of them is
// (and notes that one was, for the footnote).
func (b *bencher) ratio(text string, figs ...figure) string {
	for _, f := range figs {
		if f.scattered {
			b.scattered = true
			return "scattered"
		}
	}
	return text
}

// readRow is the format of a row of the Read table: fixed widths, so each
// row is printed as soon as it is measured (a tabwriter would hold them all
// back).
const (
	readRow = "%-27s %-8s %7s %13s %9s %9s\n"
	peerRow = "%-27s %-8s %7s %13s %9s\n" // no ratio
)

// mbps formats f's rate v (bytes per second) as MB/s, "-" for 0 (not
// measured), with a "?" if f is scattered.
func mbps(f figure, v float64) string {
	if v == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f", v/1e6) + mark(f)
}

// mark is "?" for a scattered figure, else "".
func mark(f figure) string {
	if f.scattered {
		return "?"
	}
	return ""
}

func mbpsRange(f figure) string {
	return fmt.Sprintf("%.0f-%.0f", f.lo/1e6, f.hi/1e6)
}

// machine describes the machine: the processor's model name (from
// /proc/cpuinfo where there is one, else the architecture), the OS, CPUs,
// the Go version and the backend each package chose on it (each decides
// from the CPU's features; the command does not guess).
func machine() string {
	name := runtime.GOARCH
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" && strings.TrimSpace(v) != "" {
				name = strings.TrimSpace(v)
				break
			}
		}
	}
	var backends []string
	for _, f := range algtable.Families() {
		backends = append(backends, f.Name+" "+f.Backend())
	}
	return fmt.Sprintf("%s, %s/%s, %d CPUs, GOMAXPROCS %d, %s; backends: %s, fill %s",
		name, runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.Version(),
		strings.Join(backends, ", "), fill.Backend())
}

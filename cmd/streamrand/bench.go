package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/peers"
)

// runBench measures every algorithm and every peer: Read throughput on one
// buffer size and the cost of one Uint64, each the median of several runs,
// and prints them with their ratio to the fastest peer.
func runBench(args []string, stdout io.Writer) error {
	fs := newFlagSet("bench")
	size := fs.Int("size", 2000000, fmt.Sprintf("bytes per Read, 1 to %d", maxBenchSize))
	dur := fs.Duration("time", 200*time.Millisecond, fmt.Sprintf("time per measurement run, up to %v", maxBenchTime))
	runs := fs.Int("runs", 5, fmt.Sprintf("runs per figure, 1 to %d; the median is shown", maxBenchRuns))
	head := "usage: streamrand bench [-size BYTES] [-time DURATION] [-runs N]\n\n" +
		"Measures Read throughput and the cost of one Uint64 of every algorithm and its peers.\n\n"
	if err := parse(fs, args, head, stdout); err != nil {
		return err
	}
	switch {
	case *size < 1 || *size > maxBenchSize:
		return badUsage("-size %d: want 1 to %d bytes", *size, maxBenchSize)
	case *dur <= 0 || *dur > maxBenchTime:
		return badUsage("-time %v: want more than 0, up to %v", *dur, maxBenchTime)
	case *runs < 1 || *runs > maxBenchRuns:
		return badUsage("-runs %d: want 1 to %d", *runs, maxBenchRuns)
	}
	type row struct {
		name, backend string
		mbps, ns      float64 // ns is 0 where there is no Uint64
		peer          bool
	}
	var rows []row
	buf := make([]byte, *size)
	for _, a := range streamrand.Algorithms() {
		g := streamrand.New(a, 1)
		backend := aesctr.Backend()
		if a <= streamrand.ChaCha20 {
			backend = chacha.Backend()
		}
		rows = append(rows, row{
			name: a.String(), backend: backend,
			mbps: throughput(func() { g.Read(buf) }, len(buf), *dur, *runs),
			ns:   nsPerUint64(g, *dur, *runs),
		})
	}
	for _, p := range peers.All() {
		r := row{name: p.Name, backend: "-", peer: true, mbps: throughput(func() { p.Read(buf) }, len(buf), *dur, *runs)}
		if p.Source != nil {
			r.ns = nsPerUint64(p.Source, *dur, *runs)
		}
		rows = append(rows, r)
	}
	var bestMBps, bestNs float64
	for _, r := range rows {
		if r.peer {
			bestMBps = max(bestMBps, r.mbps)
			if r.ns > 0 && (bestNs == 0 || r.ns < bestNs) {
				bestNs = r.ns
			}
		}
	}

	fmt.Fprintf(stdout, "CPU: %s, %s/%s, GOMAXPROCS %d; Read of %d bytes; median of %d runs of %v\n",
		cpuName(), runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0), *size, *runs, *dur)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "generator\tbackend\tRead MB/s\tvs best peer\tns/Uint64\tvs best peer\t")
	for _, r := range rows {
		ns, nsRatio := "-", "-"
		if r.ns > 0 {
			ns = fmt.Sprintf("%.2f", r.ns)
			nsRatio = fmt.Sprintf("%.2fx", bestNs/r.ns)
		}
		fmt.Fprintf(tw, "%s\t%s\t%.0f\t%.2fx\t%s\t%s\t\n", r.name, r.backend, r.mbps, r.mbps/bestMBps, ns, nsRatio)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "vs best peer: throughput over the fastest peer's (Read), or the fastest peer's time over this one's (Uint64); above 1x is faster.")
	return benchFill(stdout, *dur, *runs)
}

// The bounds of bench's flags: a Read buffer of at most 256 MiB, a minute
// per run, 1000 runs.
const (
	maxBenchSize = 1 << 28
	maxBenchTime = time.Minute
	maxBenchRuns = 1000
)

// throughput returns the median MB/s (10^6 bytes per second) of f, which
// processes n bytes per call.
func throughput(f func(), n int, d time.Duration, runs int) float64 {
	return float64(n) / median(f, d, runs) / 1e6
}

// nsPerUint64 returns the median nanoseconds per Uint64 of src, called
// statically on its concrete type as a program holding it would.
func nsPerUint64(src rand.Source, d time.Duration, runs int) float64 {
	const batch = 1024
	var s uint64
	var loop func()
	switch g := src.(type) {
	case *chacha.Source:
		loop = func() {
			for range batch {
				s += g.Uint64()
			}
		}
	case *aesctr.Source:
		loop = func() {
			for range batch {
				s += g.Uint64()
			}
		}
	case *rand.PCG:
		loop = func() {
			for range batch {
				s += g.Uint64()
			}
		}
	case *rand.ChaCha8:
		loop = func() {
			for range batch {
				s += g.Uint64()
			}
		}
	default:
		loop = func() {
			for range batch {
				s += src.Uint64()
			}
		}
	}
	t := median(loop, d, runs)
	sink = s
	return t / batch * 1e9
}

var sink uint64

// median runs f repeatedly for about d, runs times, and returns the median
// of the seconds per call.
func median(f func(), d time.Duration, runs int) float64 {
	f() // warm up
	per := make([]float64, runs)
	for i := range per {
		calls := 0
		start := time.Now()
		for time.Since(start) < d {
			f()
			calls++
		}
		per[i] = time.Since(start).Seconds() / float64(calls)
	}
	slices.Sort(per)
	return per[runs/2]
}

// cpuName returns the processor's model name (from /proc/cpuinfo on
// Linux) and the backends the generator packages chose on it (each package
// decides from the CPU's features; the command does not guess).
func cpuName() string {
	name := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				name = strings.TrimSpace(v)
				break
			}
		}
	}
	return fmt.Sprintf("%s (backends: chacha %s, aesctr %s)", name, chacha.Backend(), aesctr.Backend())
}

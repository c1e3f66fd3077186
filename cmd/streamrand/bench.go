package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"golang.org/x/sys/cpu"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/peers"
)

// runBench measures every algorithm and every peer: Read throughput on one
// buffer size and the cost of one Uint64, each the median of several runs,
// and prints them with their ratio to the fastest peer.
func runBench(args []string) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	size := fs.Int("size", 2000000, "bytes per Read")
	dur := fs.Duration("time", 200*time.Millisecond, "time per measurement run")
	runs := fs.Int("runs", 5, "runs per figure; the median is shown")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *size <= 0 || *runs <= 0 || *dur <= 0 {
		return fmt.Errorf("bench: -size, -time and -runs must be positive")
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

	fmt.Printf("CPU: %s, %s/%s, GOMAXPROCS %d; Read of %d bytes; median of %d runs of %v\n",
		cpuName(), runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0), *size, *runs, *dur)
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
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
	fmt.Println("vs best peer: throughput over the fastest peer's (Read), or the fastest peer's time over this one's (Uint64); above 1x is faster.")
	return nil
}

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
// Linux) and the SIMD features that decide the backends.
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
	var feats []string
	for _, f := range []struct {
		has  bool
		name string
	}{
		{cpu.X86.HasAVX512F, "AVX-512"}, {cpu.X86.HasAVX512VAES, "VAES"}, {cpu.X86.HasAVX2, "AVX2"}, {cpu.X86.HasAES, "AES-NI"},
		{cpu.ARM64.HasASIMD, "NEON"}, {cpu.ARM64.HasAES, "AES"},
	} {
		if f.has {
			feats = append(feats, f.name)
		}
	}
	return name + " (" + strings.Join(feats, ", ") + ")"
}

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/stattest"
)

// runTest runs the statistical test battery (see package stattest) over
// one algorithm or all of them, shows progress on stderr, prints a table on
// stdout and returns an error if any test fails.
func runTest(args []string, stdout, stderrOut io.Writer) error {
	fs := newFlagSet("test")
	alg := fs.String("alg", "all", "algorithm, or all: "+fmt.Sprint(streamrand.Algorithms()))
	seed := fs.Uint64("seed", 1, "uint64 seed of the generator (stream 0)")
	bytesFlag := fs.String("bytes", "8M", fmt.Sprintf("data per test and repetition, %s to %s (suffix K, M or G for KiB, MiB, GiB); the battery takes about 16 times this",
		formatSize(stattest.MinBytes), formatSize(stattest.MaxBytes)))
	repeat := fs.Int("repeat", 1, fmt.Sprintf("run every test this many times (1 to %d) on fresh data and add the second-level KS test of the p-values", maxRepeat))
	quiet := fs.Bool("q", false, "no progress on stderr")
	head := "usage: streamrand test [-alg NAME|all] [-seed N] [-bytes N] [-repeat K] [-q]\n\n" +
		"Runs the statistical test battery of package stattest and prints, per test,\n" +
		"the statistic, its p-value and the verdict: pass, weak or fail (see package\n" +
		"stattest: p outside [1e-3, 1-1e-3] or [1e-6, 1-1e-6], the lower tail only\n" +
		"for two-sided p-values). Exits non-zero if any test fails.\n\n"
	if err := parse(fs, args, head, stdout); err != nil {
		return err
	}
	nbytes, err := parseSize(*bytesFlag)
	if err != nil {
		return badUsage("-bytes %s: %v (want %s to %s)", *bytesFlag, err, formatSize(stattest.MinBytes), formatSize(stattest.MaxBytes))
	}
	if nbytes < stattest.MinBytes || nbytes > stattest.MaxBytes {
		return badUsage("-bytes %s: want %s to %s", *bytesFlag, formatSize(stattest.MinBytes), formatSize(stattest.MaxBytes))
	}
	if *repeat < 1 || *repeat > maxRepeat {
		return badUsage("-repeat %d: want 1 to %d", *repeat, maxRepeat)
	}
	algs := streamrand.Algorithms()
	if *alg != "all" {
		a, err := parseAlgorithm(*alg)
		if err != nil {
			return err
		}
		algs = []streamrand.Algorithm{a}
	}

	stderr := stderrOut
	if *quiet {
		stderr = io.Discard
	}
	// On a terminal one status line is rewritten in place; in a log, one
	// line per algorithm and a line every ten seconds.
	interactive := false
	if f, ok := stderr.(*os.File); ok {
		interactive = isTerminal(f)
	}
	fmt.Fprintf(stderr, "battery: %d tests, %s per test, %d repetition(s), seed %d\n",
		len(stattest.Tests()), formatSize(nbytes), *repeat, *seed)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ALGORITHM\tTEST\tN\tSTATISTIC\tP-VALUE\tVERDICT")
	var failed []string
	var counts [3]int
	for _, a := range algs {
		start, last := time.Now(), time.Now()
		b := stattest.Battery{
			Bytes:  nbytes,
			Repeat: *repeat,
			Progress: func(done, total int, test string) {
				switch {
				case interactive:
					fmt.Fprintf(stderr, "\r\033[K%s: %d/%d %s", a, done, total, test)
				case time.Since(last) > 10*time.Second:
					fmt.Fprintf(stderr, "%s: %d/%d %s\n", a, done, total, test)
					last = time.Now()
				}
			},
		}
		rep, err := b.Run(streamrand.New(a, *seed))
		if interactive {
			fmt.Fprint(stderr, "\r\033[K")
		}
		if err != nil {
			return fmt.Errorf("%s: %w", a, err)
		}
		fmt.Fprintf(stderr, "%s: done in %v\n", a, time.Since(start).Round(time.Millisecond))
		for _, s := range rep.Summaries {
			r, name := s.Results[0], s.Name
			if len(s.Second) > 0 {
				r = worst(s.Second)
				name = fmt.Sprintf("%s (2nd level %s)", s.Name, strings.TrimPrefix(r.Name, s.Name+"/"))
			}
			fmt.Fprintf(tw, "%s\t%s\t%d %s\t%.6g\t%.6g\t%s\n", a, name, r.N, r.Unit, r.Statistic, r.P, s.Verdict)
			counts[s.Verdict]++
			if s.Verdict == stattest.Fail {
				failed = append(failed, a.String()+"/"+s.Name)
			}
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d passed, %d weak, %d failed\n", counts[stattest.Pass], counts[stattest.Weak], counts[stattest.Fail])
	if len(failed) > 0 {
		return fmt.Errorf("%d failed: %s", len(failed), strings.Join(failed, ", "))
	}
	return nil
}

// worst returns the result with the worst verdict, the more extreme p on a
// tie.
func worst(rs []stattest.Result) stattest.Result {
	w := rs[0]
	for _, r := range rs[1:] {
		if r.Verdict() > w.Verdict() || r.Verdict() == w.Verdict() && min(r.P, 1-r.P) < min(w.P, 1-w.P) {
			w = r
		}
	}
	return w
}

// maxRepeat bounds -repeat: 16 tests of at least 64 KiB each, 10000 times,
// is already hours of work.
const maxRepeat = 10000

var sizeSuffixes = []struct {
	suffix string
	shift  uint
}{{"K", 10}, {"M", 20}, {"G", 30}}

// parseSize parses a byte count with an optional K, M or G suffix (powers
// of 1024).
func parseSize(s string) (int64, error) {
	shift := uint(0)
	for _, x := range sizeSuffixes {
		if t, ok := strings.CutSuffix(strings.ToUpper(s), x.suffix); ok {
			s, shift = t, x.shift
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, err
	}
	if n < 0 || n > (1<<62)>>shift {
		return 0, errors.New("out of range")
	}
	return n << shift, nil
}

func formatSize(n int64) string {
	for i := len(sizeSuffixes) - 1; i >= 0; i-- {
		x := sizeSuffixes[i]
		if n >= 1<<x.shift && n%(1<<x.shift) == 0 {
			return fmt.Sprintf("%d %siB", n>>x.shift, x.suffix)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/internal/term"
	"github.com/streamrand/streamrand/parallel"
	"github.com/streamrand/streamrand/stattest"
)

// runTest runs the statistical test battery (see package stattest) over
// one algorithm, all of them, or the bytes of a file or of stdin; shows
// progress on stderr, prints a table on stdout and returns an error if any
// test fails.
func runTest(args []string, stdin io.Reader, stdout, stderrOut io.Writer) error {
	cfg, err := parseTestFlags(args, stdout)
	if err != nil {
		return err
	}
	// The generators to test: each a label and a function that runs the
	// battery over it.
	type subject struct {
		label string
		run   func(*stattest.Battery) (*stattest.Report, error)
	}
	var subjects []subject
	if cfg.in != "" {
		label, r, closer, err := openInput(cfg.in, stdin)
		if err != nil {
			return err
		}
		defer closer()
		cr := &countingReader{r: r}
		subjects = append(subjects, subject{label, func(b *stattest.Battery) (*stattest.Report, error) {
			rep, err := b.RunReader(cr)
			if err != nil && cr.eof {
				return nil, inputTooShort(cr.n, cfg.bytes, cfg.repeat)
			}
			return rep, err
		}})
	} else {
		if piped(stdin) {
			fmt.Fprintln(stderrOut, "streamrand test: stdin is not read without -in - (testing the generators of -alg)")
		}
		for _, a := range cfg.algs {
			subjects = append(subjects, subject{a.String(), func(b *stattest.Battery) (*stattest.Report, error) {
				return runParallel(b, parallel.Job{Alg: a, Seed: cfg.seed, Workers: cfg.workers})
			}})
		}
	}

	stderr := stderrOut
	if cfg.quiet {
		stderr = io.Discard
	}
	// On a terminal one status line is rewritten in place; in a log, one
	// line per generator and a line every ten seconds.
	interactive := false
	if f, ok := stderr.(*os.File); ok {
		interactive = term.IsTerminal(f)
	}
	from := fmt.Sprintf("seed %d", cfg.seed)
	if cfg.in != "" {
		from = "the bytes of " + subjects[0].label + " as little-endian uint64s"
	}
	fmt.Fprintf(stderr, "battery: %d tests (some give several results), %s per test, %d repetition(s), %s\n",
		len(stattest.Tests()), formatSize(cfg.bytes), cfg.repeat, from)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	column := "ALGORITHM"
	if cfg.in != "" {
		column = "INPUT"
	}
	fmt.Fprintf(tw, "%s\tTEST\tN\tSTATISTIC\tP-VALUE\tVERDICT\n", column)
	var failed []string
	var counts [3]int
	for _, sub := range subjects {
		start, last := time.Now(), time.Now()
		b := stattest.Battery{
			Bytes:  cfg.bytes,
			Repeat: cfg.repeat,
			Progress: func(done, total int, test string) {
				switch {
				case interactive:
					fmt.Fprintf(stderr, "\r\033[K%s: %d/%d %s", sub.label, done, total, test)
				case time.Since(last) > 10*time.Second:
					fmt.Fprintf(stderr, "%s: %d/%d %s\n", sub.label, done, total, test)
					last = time.Now()
				}
			},
		}
		rep, err := sub.run(&b)
		if interactive {
			fmt.Fprint(stderr, "\r\033[K")
		}
		if err != nil {
			return fmt.Errorf("%s: %s", sub.label, strings.TrimPrefix(err.Error(), "stattest: "))
		}
		fmt.Fprintf(stderr, "%s: done in %v\n", sub.label, time.Since(start).Round(time.Millisecond))
		for _, s := range rep.Summaries {
			r, name := s.Results[0], s.Name
			if len(s.Second) > 0 {
				r = worst(s.Second)
				name = fmt.Sprintf("%s (2nd level %s)", s.Name, strings.TrimPrefix(r.Name, s.Name+"/"))
			}
			fmt.Fprintf(tw, "%s\t%s\t%d %s\t%.6g\t%.6g\t%s\n", sub.label, name, r.N, r.Unit, r.Statistic, r.P, s.Verdict)
			counts[s.Verdict]++
			if s.Verdict == stattest.Fail {
				failed = append(failed, sub.label+"/"+s.Name)
			}
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d results: %d passed, %d weak, %d failed\n", counts[stattest.Pass]+counts[stattest.Weak]+counts[stattest.Fail],
		counts[stattest.Pass], counts[stattest.Weak], counts[stattest.Fail])
	if len(failed) > 0 {
		return fmt.Errorf("%d failed: %s", len(failed), strings.Join(failed, ", "))
	}
	return nil
}

// runParallel runs the battery b (the default tests) over job's
// generator on job.Workers goroutines: run i of the battery (test i mod
// len(tests) of repetition i / len(tests)) reads stream i of the seed from
// its start, whichever goroutine runs it, so the report is the same for any
// number of workers. b.Progress sees the runs done.
func runParallel(b *stattest.Battery, job parallel.Job) (*stattest.Report, error) {
	tests := stattest.Tests()
	if b.Progress != nil {
		job.Progress = func(done, total int64) { b.Progress(int(done), int(total), "") }
	}
	n := int64(b.Repeat * len(tests))
	runs, err := parallel.Map(context.Background(), job, n, func(i int64, g streamrand.Generator) ([]stattest.Result, error) {
		t := tests[i%int64(len(tests))]
		results, err := t.Run(g, g, b.Bytes)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", t.Name, err)
		}
		return results, nil
	})
	if err != nil {
		var ue *parallel.UnitError
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return nil, err
	}
	return stattest.NewReport(b.Bytes, b.Repeat, runs), nil
}

// testConfig is the parsed command line of test.
type testConfig struct {
	algs    []streamrand.Algorithm // when in is ""
	seed    uint64
	in      string // a file name, "-" for stdin, or "" to test algs
	bytes   int64  // per test and repetition
	repeat  int
	workers int // goroutines for -alg; -in runs on one
	quiet   bool
}

const testHead = `usage: streamrand test [-alg NAME|all] [-seed N] [-bytes N | -deep] [-repeat K] [-workers W] [-q]
       streamrand test -in FILE|- [-bytes N | -deep] [-repeat K] [-q]

Runs the statistical test battery of package stattest and prints, per test,
the statistic, its p-value and the verdict: pass, weak or fail (see package
stattest: p outside [1e-3, 1-1e-3] or [1e-6, 1-1e-6], the lower tail only
for two-sided p-values). Exits non-zero if any test fails.

With -in it tests any generator, in any language: the bytes of a file, or
of stdin with -in -, taken as little-endian uint64s (PractRand's stdin64),
for example
  my-generator | streamrand test -in -
The battery reads what it needs (about the number of tests times -bytes
times -repeat) and stops; a shorter input is an error.

`

// parseTestFlags parses the command line of test.
func parseTestFlags(args []string, stdout io.Writer) (testConfig, error) {
	fs := newFlagSet("test")
	alg := fs.String("alg", "all", "algorithm, or all: "+fmt.Sprint(streamrand.Algorithms()))
	seed := uint64Var(fs, "seed", 1, "`uint64` seed of the generator (stream 0)")
	in := fs.String("in", "", "test the bytes of this file instead of an algorithm; - for stdin")
	bytesFlag := sizeVar(fs, "bytes", 8<<20, "8M", fmt.Sprintf("`N` bytes of data per test and repetition, %s to %s (suffix K, M or G for KiB, MiB, GiB); the battery takes about %d times this",
		formatSize(stattest.MinBytes), formatSize(stattest.MaxBytes), len(stattest.Tests())))
	deep := fs.Bool("deep", false, fmt.Sprintf("the deeper level: -bytes %s, 128 times the usual data per test, for a\n"+
		"generator that passes 8M (larger birthday samples see the lattices of LCGs with longer\n"+
		"periods; MT19937's linear bits fail at any size); a few minutes per generator", sizeFlag(stattest.DeepBytes)))
	repeat := intVar(fs, "repeat", 1, fmt.Sprintf("run every test `N` times (1 to %d) on fresh data and judge the repetitions together (second level)", maxRepeat))
	workers := intVar(fs, "workers", runtime.GOMAXPROCS(0), "`N` goroutines that run the tests of -alg at once (each test reads its own stream of the seed,\n"+
		"so the report is the same for any number); -in runs them one after another")
	quiet := fs.Bool("q", false, "no progress on stderr")
	if err := parse(fs, args, testHead, stdout); err != nil {
		return testConfig{}, err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	cfg := testConfig{seed: *seed, in: *in, repeat: *repeat, workers: *workers, quiet: *quiet}
	switch {
	case set["in"] && *in == "":
		return cfg, badUsage("-in: want a file name, or - for stdin")
	case set["in"] && (set["alg"] || set["seed"]):
		return cfg, badUsage("-in tests the bytes it reads: leave out -alg and -seed")
	case set["in"] && set["workers"]:
		return cfg, badUsage("-in runs the tests one after another, on one reader: leave out -workers")
	case *deep && set["bytes"]:
		return cfg, badUsage("-deep sets -bytes %s: give one of them", sizeFlag(stattest.DeepBytes))
	}
	if *deep {
		cfg.bytes = stattest.DeepBytes
	} else {
		if n := bytesFlag.n; n < stattest.MinBytes || n > stattest.MaxBytes {
			return cfg, badUsage("-bytes %s: want %s to %s", bytesFlag, formatSize(stattest.MinBytes), formatSize(stattest.MaxBytes))
		}
		cfg.bytes = bytesFlag.n
	}
	if *workers < 1 {
		return cfg, badUsage("-workers %d: want 1 or more", *workers)
	}
	if *repeat < 1 || *repeat > maxRepeat {
		return cfg, badUsage("-repeat %d: want 1 to %d", *repeat, maxRepeat)
	}
	if cfg.in == "" {
		cfg.algs = streamrand.Algorithms()
		if !strings.EqualFold(*alg, "all") { // names are case-insensitive, as ParseAlgorithm's are
			a, err := parseAlgorithm(*alg)
			if err != nil {
				return cfg, err
			}
			cfg.algs = []streamrand.Algorithm{a}
		}
	}
	return cfg, nil
}

// piped reports whether stdin is a pipe or a file: data a user may have
// meant to test, which test reads only with -in -. (A terminal, /dev/null
// or a closed stdin is not.)
func piped(stdin io.Reader) bool {
	f, ok := stdin.(*os.File)
	if !ok || f == nil {
		return false
	}
	fi, err := f.Stat()
	return err == nil && (fi.Mode()&os.ModeNamedPipe != 0 || fi.Mode().IsRegular() && fi.Size() > 0)
}

// openInput opens the input of -in: stdin for "-" (refused when it is a
// terminal: the battery would wait for megabytes of typing), else the named
// file. It returns the label of the input in the table.
func openInput(name string, stdin io.Reader) (label string, r io.Reader, closer func(), err error) {
	if name == "-" {
		if f, ok := stdin.(*os.File); ok && term.IsTerminal(f) {
			return "", nil, nil, badUsage("-in -: stdin is a terminal; pipe a generator's bytes in (GENERATOR | streamrand test -in -)")
		}
		return "stdin", stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return "", nil, nil, fmt.Errorf("-in: %w", err)
	}
	return name, f, func() { f.Close() }, nil
}

// inputTooShort is the error for an input of n bytes that ended before the
// battery of bytes per test, repeat times, was done: what the battery needs,
// and the -bytes this input is enough for, if any.
func inputTooShort(n, bytes int64, repeat int) error {
	tests := len(stattest.Tests())
	msg := fmt.Sprintf("the input ended after %d bytes; the battery needs about %s (%d tests × %s × %d repetition(s))",
		n, formatSize(int64(tests)*bytes*int64(repeat)), tests, formatSize(bytes), repeat)
	again := ""
	if repeat > 1 {
		again = fmt.Sprintf(" -repeat %d", repeat)
	}
	if b := bytesFor(n, tests*repeat); b > 0 {
		return fmt.Errorf("%s: this input is enough for -bytes %s%s", msg, sizeFlag(b), again)
	}
	return fmt.Errorf("%s: this input is too short for any -bytes: the least, -bytes %s%s, needs about %s",
		msg, sizeFlag(stattest.MinBytes), again, formatSize(int64(tests*repeat)*stattest.MinBytes))
}

// bytesFor returns the largest -bytes, a whole number of KiB, whose runs
// (tests times repetitions) read at most n bytes, or 0 if that is less than
// stattest.MinBytes. A run reads at most -bytes and readSlack more (a few
// tests round up to whole words or blocks).
func bytesFor(n int64, runs int) int64 {
	b := n/int64(runs) - readSlack
	b -= b % 1024
	if b < stattest.MinBytes {
		return 0
	}
	return min(b, stattest.MaxBytes)
}

// readSlack bounds what one run of a test reads beyond -bytes.
const readSlack = 1024

// A countingReader counts the bytes read through it and notes the end of
// its input.
type countingReader struct {
	r   io.Reader
	n   int64
	eof bool
}

func (c *countingReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n += int64(k)
	if err == io.EOF {
		c.eof = true
	}
	return k, err
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

// maxRepeat bounds -repeat: the whole battery of at least 64 KiB per test,
// 10000 times, is already hours of work.
const maxRepeat = 10000

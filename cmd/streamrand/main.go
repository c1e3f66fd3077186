// Command streamrand measures, writes and tests the streamrand generators.
//
//	streamrand bench                  throughput of every algorithm and its peers
//	streamrand stream -alg NAME ...   raw keystream bytes to stdout
//	streamrand test [-alg NAME|all]   statistical test battery
//	streamrand test -in FILE|-        the battery over any byte stream
//
// Sizes (-size, -n, -offset, -bytes) are whole numbers of bytes, written
// 65536, 1_000_000 or 1e6, with an optional unit: K, M, G (the same as
// KiB, MiB, GiB) for powers of 1024, KB, MB, GB for powers of 1000.
//
// Errors are one line on stderr, "streamrand COMMAND: what went wrong", and
// a non-zero exit status (2 for a bad command line, 1 for a failure).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/streamrand/streamrand"
)

// A command is a subcommand: its name, its one line in streamrand -h, and
// what runs it.
type command struct {
	name, help string
	run        func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

// commands are the subcommands, in the order -h lists them.
var commands = []command{
	{"bench", "measure each generator against its usual Go peer, and fill's speed",
		func(args []string, _ io.Reader, stdout, _ io.Writer) error { return runBench(args, stdout) }},
	{"stream", "write a generator's raw keystream to stdout, for outside test suites",
		func(args []string, _ io.Reader, stdout, _ io.Writer) error { return runStream(args, stdout) }},
	{"test", "run the statistical battery on every generator or on any byte stream",
		runTest},
}

// usage is the help of streamrand itself.
func usage() string {
	var b strings.Builder
	b.WriteString("streamrand measures, writes and tests the streamrand generators.\n\n" +
		"usage: streamrand COMMAND [flags]\n\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-8s %s\n", c.name, c.help)
	}
	b.WriteString("\nRun \"streamrand COMMAND -h\" for a command's flags.\n\n" + sizeHelp("size", "n", "offset", "bytes"))
	return b.String()
}

// sizeHelp closes the help of streamrand, and of each command with a size
// flag, naming those flags: the way sizes are written, wrapped to 80
// columns.
func sizeHelp(flags ...string) string {
	var b strings.Builder
	col := 0
	for _, w := range strings.Fields("A size (-" + strings.Join(flags, ", -") + ") is " + sizeSyntax + ".") {
		if col > 0 && col+1+len(w) > 80 {
			b.WriteString("\n")
			col = 0
		} else if col > 0 {
			b.WriteString(" ")
			col++
		}
		b.WriteString(w)
		col += len(w)
	}
	return b.String() + "\n"
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the command line args and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) < 1 {
		fmt.Fprint(stderr, usage())
		return 2
	}
	name, args := args[0], args[1:]
	switch name {
	case "-h", "-help", "--help", "help":
		if name == "help" && len(args) == 1 {
			name, args = args[0], []string{"-h"} // streamrand help CMD
			break
		}
		if name == "help" && len(args) > 1 {
			fmt.Fprintf(stderr, "streamrand help: want one command, not %d arguments (help CMD)\n", len(args))
			return 2
		}
		if _, err := fmt.Fprint(stdout, usage()); err != nil {
			fmt.Fprintf(stderr, "streamrand: %s\n", oneLine(err))
			return 1
		}
		return 0
	}
	i := slices.IndexFunc(commands, func(c command) bool { return c.name == name })
	switch {
	case i < 0 && strings.HasPrefix(name, "-"):
		fmt.Fprintf(stderr, "streamrand: unknown flag %s (streamrand -h lists the commands)\n", name)
		return 2
	case i < 0:
		fmt.Fprintf(stderr, "streamrand: unknown command %q (streamrand -h lists the commands)\n", name)
		return 2
	}
	err := commands[i].run(args, stdin, stdout, stderr)
	var u usageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &u):
		fmt.Fprintf(stderr, "streamrand %s: %s\n", name, oneLine(err))
		return 2
	}
	fmt.Fprintf(stderr, "streamrand %s: %s\n", name, oneLine(err))
	return 1
}

// oneLine returns the message of err on one line, without the
// "streamrand: " prefix of the library's errors (the command line names
// itself already).
func oneLine(err error) string {
	s := strings.ReplaceAll(err.Error(), "streamrand: ", "")
	return strings.Join(strings.Fields(s), " ")
}

// A usageError is a bad command line.
type usageError struct{ err error }

func (u usageError) Error() string { return u.err.Error() }
func (u usageError) Unwrap() error { return u.err }

// badUsage returns a usageError with the formatted message.
func badUsage(format string, a ...any) error {
	return usageError{fmt.Errorf(format, a...)}
}

// newFlagSet returns a flag set that prints nothing itself: parse reports
// its errors and prints the help.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parse parses args with fs and rejects positional arguments. For -h it
// prints head and the flags to stdout and returns flag.ErrHelp.
func parse(fs *flag.FlagSet, args []string, head string, stdout io.Writer) error {
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		w := &errWriter{w: stdout}
		fmt.Fprint(w, head)
		fs.SetOutput(w)
		fs.PrintDefaults()
		var sizes []string
		fs.VisitAll(func(f *flag.Flag) {
			if _, ok := f.Value.(*sizeValue); ok {
				sizes = append(sizes, f.Name)
			}
		})
		if len(sizes) > 0 {
			fmt.Fprint(w, "\n"+sizeHelp(sizes...))
		}
		if w.err != nil {
			return w.err // the help was not written: not a success
		}
		return err
	case err != nil:
		return usageError{flagError(fs, err)}
	case fs.NArg() > 0:
		return badUsage("unexpected argument %q", fs.Arg(0))
	}
	return nil
}

// errWriter writes to w and keeps the first error, after which it writes
// nothing.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

// parseAlgorithm parses the -alg flag.
func parseAlgorithm(name string) (streamrand.Algorithm, error) {
	a, err := streamrand.ParseAlgorithm(name)
	if err != nil {
		return 0, usageError{fmt.Errorf("-alg: %w", err)}
	}
	return a, nil
}

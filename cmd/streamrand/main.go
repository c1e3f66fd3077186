// Command streamrand measures, prints and tests the streamrand generators.
//
//	streamrand bench                  throughput of every algorithm and its peers
//	streamrand stream -alg NAME ...   raw keystream bytes to stdout
//	streamrand test [-alg NAME|all]   statistical test battery
//	streamrand test -in FILE|-        the battery over any byte stream
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
	"strings"

	"github.com/streamrand/streamrand"
)

const usage = `usage:
  streamrand bench [-long] [-size BYTES] [-time DURATION] [-runs N]
  streamrand stream -alg NAME (-seed N | -key HEX) [-stream S] [-offset B] [-n BYTES] [-force]
  streamrand test [-alg NAME|all] [-seed N] [-bytes N | -deep] [-repeat K] [-q]
  streamrand test -in FILE|- [-bytes N | -deep] [-repeat K] [-q]
Run "streamrand COMMAND -h" for a command's flags.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the command line args and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) < 1 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var err error
	switch cmd, args := args[0], args[1:]; cmd {
	case "bench":
		err = runBench(args, stdout)
	case "stream":
		err = runStream(args, stdout)
	case "test":
		err = runTest(args, stdin, stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "streamrand: unknown command %q\n%s", cmd, usage)
		return 2
	}
	var u usageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &u):
		fmt.Fprintf(stderr, "streamrand %s: %s\n", args[0], oneLine(err))
		return 2
	}
	fmt.Fprintf(stderr, "streamrand %s: %s\n", args[0], oneLine(err))
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
		fmt.Fprint(stdout, head)
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return err
	case err != nil:
		return usageError{flagError(fs, err)}
	case fs.NArg() > 0:
		return badUsage("unexpected argument %q", fs.Arg(0))
	}
	return nil
}

// parseAlgorithm parses the -alg flag.
func parseAlgorithm(name string) (streamrand.Algorithm, error) {
	a, err := streamrand.ParseAlgorithm(name)
	if err != nil {
		return 0, usageError{fmt.Errorf("-alg: %w", err)}
	}
	return a, nil
}

// Package command holds the command-line handling the example programs
// share: -h and -help print the usage to stdout and succeed, and any error,
// a bad flag included, is one line on stderr and exit status 2 (the flag
// package's own messages and usage dump on stderr are suppressed).
package command

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// Main runs run with the command's arguments and standard output. An error
// is printed to stderr as one line, "name: error" (the lines of an error
// of several, such as errors.Join's, joined with "; "), and the process
// exits with status 2; flag.ErrHelp (returned by Parse after -h printed the
// usage) is success.
func Main(name string, run func(args []string, out io.Writer) error) {
	if err := run(os.Args[1:], os.Stdout); err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, name+": "+OneLine(err))
		os.Exit(2)
	}
}

// OneLine returns err's message on one line: its lines joined with "; ".
func OneLine(err error) string {
	return strings.Join(strings.FieldsFunc(err.Error(), func(r rune) bool { return r == '\n' || r == '\r' }), "; ")
}

// Parse parses args with fs. The flag package prints nothing: an error is
// returned for Main to report once, in one line; -h and -help print usage
// and then fs's flags to out and return flag.ErrHelp.
func Parse(fs *flag.FlagSet, args []string, usage string, out io.Writer) error {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(out, usage)
		fs.SetOutput(out)
		fs.PrintDefaults()
	}
	return err
}

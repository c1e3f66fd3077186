// Command streamrand measures, prints and tests the streamrand generators.
//
//	streamrand bench                  throughput of every algorithm and its peers
//	streamrand stream -alg NAME ...   raw keystream bytes to stdout
//	streamrand test [-alg NAME|all]   statistical test battery
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
)

const usage = `usage:
  streamrand bench [-size BYTES] [-time DURATION] [-runs N]
  streamrand stream -alg NAME (-seed N | -key HEX) [-stream S] [-offset B] [-n BYTES]
  streamrand test [-alg NAME|all] [-seed N] [-bytes N] [-repeat K] [-q]
Run "streamrand COMMAND -h" for a command's flags.
`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	var err error
	switch cmd, args := os.Args[1], os.Args[2:]; cmd {
	case "bench":
		err = runBench(args)
	case "stream":
		err = runStream(args)
	case "test":
		err = runTest(args)
	case "-h", "-help", "--help", "help":
		fmt.Print(usage)
		return
	default:
		fmt.Fprintf(os.Stderr, "streamrand: unknown command %q\n%s", cmd, usage)
		os.Exit(2)
	}
	if errors.Is(err, flag.ErrHelp) {
		os.Exit(0)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "streamrand:", err)
		os.Exit(1)
	}
}

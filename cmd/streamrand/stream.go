package main

import (
	"bufio"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/internal/term"
)

// runStream writes raw keystream bytes to stdout, for external test
// batteries (dieharder -g 200, PractRand RNG_test stdin64) and for checking
// the stream against other implementations.
func runStream(args []string, stdout io.Writer) error {
	fs := newFlagSet("stream")
	alg := fs.String("alg", "", "algorithm: "+fmt.Sprint(streamrand.Algorithms()))
	seed := uint64Var(fs, "seed", 1, "`uint64` seed (rand_core seed_from_u64 expansion), unless -key is given")
	keyHex := fs.String("key", "", "key in hex (32 bytes for ChaCha; 16, 24 or 32 for AES)")
	stream := uint64Var(fs, "stream", 0, "stream id (a `uint64`)")
	offset := sizeVar(fs, "offset", 0, "", "start at byte `B` of the stream (suffix K, M or G for KiB, MiB, GiB)")
	n := sizeVar(fs, "n", -1, "", "write `N` bytes (suffix K, M or G for KiB, MiB, GiB); without -n, endless")
	force := fs.Bool("force", false, "write to stdout even when it is a terminal")
	head := "usage: streamrand stream -alg NAME [-seed N | -key HEX] [-stream S] [-offset B] [-n BYTES] [-force]\n\n" +
		"Writes the raw keystream to stdout, for a pipe or a file (it refuses a terminal\n" +
		"unless -force), e.g. streamrand stream -alg chacha8 -seed 1 | RNG_test stdin64\n\n"
	if err := parse(fs, args, head, stdout); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *alg == "" {
		return badUsage("-alg is required")
	}
	a, err := parseAlgorithm(*alg)
	if err != nil {
		return err
	}
	if set["seed"] && set["key"] {
		return badUsage("give one of -seed and -key, not both")
	}
	var g streamrand.Generator
	if set["key"] {
		key, err := hex.DecodeString(*keyHex)
		if err != nil {
			return badUsage("-key: %v", err)
		}
		if g, err = streamrand.NewWithKey(a, key, *stream); err != nil {
			return usageError{fmt.Errorf("-key: %w", err)}
		}
	} else {
		g = streamrand.New(a, *seed)
		g.SetStream(*stream)
	}
	if _, err := g.Seek(offset.n, io.SeekStart); err != nil {
		return usageError{fmt.Errorf("-offset: %w", err)}
	}
	if f, ok := stdout.(*os.File); ok && term.IsTerminal(f) && !*force {
		return errors.New("not writing binary to a terminal: pipe or redirect stdout, or give -force")
	}
	return writeStream(stdout, g, n.n)
}

// writeStream copies n bytes of g (all of it when n < 0) to w.
func writeStream(w io.Writer, g io.Reader, n int64) error {
	buf := make([]byte, 1<<20)
	out := bufio.NewWriterSize(w, 0) // no extra copy: buf is written whole
	for n != 0 {
		chunk := buf
		if n > 0 && n < int64(len(chunk)) {
			chunk = chunk[:n]
		}
		g.Read(chunk)
		if _, err := out.Write(chunk); err != nil {
			return fmt.Errorf("writing: %w", err)
		}
		if n > 0 {
			n -= int64(len(chunk))
		}
	}
	return out.Flush()
}

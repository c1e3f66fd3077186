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
)

// runStream writes raw keystream bytes to stdout, for external test
// batteries (dieharder -g 200, PractRand RNG_test stdin64) and for checking
// the stream against other implementations.
func runStream(args []string) error {
	fs := flag.NewFlagSet("stream", flag.ContinueOnError)
	alg := fs.String("alg", "", "algorithm: "+fmt.Sprint(streamrand.Algorithms()))
	seed := fs.Uint64("seed", 0, "uint64 seed (rand_core seed_from_u64 expansion)")
	keyHex := fs.String("key", "", "key in hex (32 bytes for ChaCha; 16, 24 or 32 for AES)")
	stream := fs.Uint64("stream", 0, "stream id")
	offset := fs.Int64("offset", 0, "start at this byte position of the stream")
	n := fs.Int64("n", -1, "number of bytes to write (default: endless)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("stream: unexpected argument %q", fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *alg == "" {
		return errors.New("stream: -alg is required")
	}
	a, err := streamrand.ParseAlgorithm(*alg)
	if err != nil {
		return err
	}
	if set["seed"] == set["key"] {
		return errors.New("stream: give exactly one of -seed and -key")
	}
	var g streamrand.Generator
	if set["key"] {
		key, err := hex.DecodeString(*keyHex)
		if err != nil {
			return fmt.Errorf("stream: -key: %w", err)
		}
		if g, err = streamrand.NewWithKey(a, key, *stream); err != nil {
			return err
		}
	} else {
		g = streamrand.New(a, *seed)
		g.SetStream(*stream)
	}
	if _, err := g.Seek(*offset, io.SeekStart); err != nil {
		return err
	}
	return writeStream(os.Stdout, g, *n)
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
			return fmt.Errorf("stream: %w", err)
		}
		if n > 0 {
			n -= int64(len(chunk))
		}
	}
	return out.Flush()
}

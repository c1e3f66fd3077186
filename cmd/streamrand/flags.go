package main

import (
	"errors"
	"flag"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

var sizeSuffixes = []struct {
	suffix string
	shift  uint
}{{"K", 10}, {"M", 20}, {"G", 30}}

// errNotSize is the reason parseSize gives for text that is not a size.
var errNotSize = errors.New("not a size (want a number with an optional K, M or G suffix)")

// parseSize parses a byte count with an optional K, M or G suffix (powers
// of 1024, either letter case). Its errors are reasons to put after the
// flag and its value.
func parseSize(s string) (int64, error) {
	num, shift := s, uint(0)
	for _, x := range sizeSuffixes {
		if t, ok := strings.CutSuffix(strings.ToUpper(s), x.suffix); ok {
			num, shift = t, x.shift
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		return 0, errNotSize
	case strings.HasPrefix(num, "-"):
		return 0, errors.New("not a size (want 0 or more, with an optional K, M or G suffix)")
	case err != nil || n > maxSize>>shift:
		return 0, fmt.Errorf("too large (at most %d bytes)", int64(maxSize))
	}
	return n << shift, nil
}

// maxSize bounds what parseSize accepts: far beyond any flag's own bound,
// and far from overflow in arithmetic on sizes.
const maxSize = 1 << 62

// formatSize returns n in the largest binary unit that divides it
// ("8 MiB").
func formatSize(n int64) string {
	for i := len(sizeSuffixes) - 1; i >= 0; i-- {
		x := sizeSuffixes[i]
		if n >= 1<<x.shift && n%(1<<x.shift) == 0 {
			return fmt.Sprintf("%d %siB", n>>x.shift, x.suffix)
		}
	}
	if n == 1 {
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}

// sizeFlag returns n as a size flag's value would give it ("1G").
func sizeFlag(n int64) string {
	for i := len(sizeSuffixes) - 1; i >= 0; i-- {
		x := sizeSuffixes[i]
		if n >= 1<<x.shift && n%(1<<x.shift) == 0 {
			return fmt.Sprintf("%d%s", n>>x.shift, x.suffix)
		}
	}
	return fmt.Sprint(n)
}

// A sizeValue is a flag holding a byte count written with an optional K,
// M or G suffix (see parseSize).
type sizeValue struct {
	n    int64
	text string // as given; "" for a default not worth showing in -h
}

// sizeVar defines a size flag with default def, shown in -h as defText
// (not at all if defText is "").
func sizeVar(fs *flag.FlagSet, name string, def int64, defText, usage string) *sizeValue {
	v := &sizeValue{n: def, text: defText}
	fs.Var(v, name, usage)
	return v
}

func (v *sizeValue) String() string { return v.text }

func (v *sizeValue) Set(s string) error {
	n, err := parseSize(s)
	if err != nil {
		return err
	}
	v.n, v.text = n, s
	return nil
}

// invalidValue matches the flag package's error for a value its flag
// cannot take.
var invalidValue = regexp.MustCompile(`^invalid value "(.*)" for flag -([^:]+): (.*)$`)

// flagError rewrites the flag package's "invalid value" errors in the
// command's words, "-NAME VALUE: reason"; others it returns as they are
// (they are one line already).
func flagError(fs *flag.FlagSet, err error) error {
	m := invalidValue.FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	value, name, reason := m[1], m[2], m[3]
	f := fs.Lookup(name)
	if f == nil {
		return err
	}
	if g, ok := f.Value.(flag.Getter); ok {
		switch g.Get().(type) {
		case int, int64:
			reason = "not a whole number"
		case uint, uint64:
			reason = "not a whole number of 0 or more"
		case time.Duration:
			reason = "not a duration (want a number and a unit: 200ms, 2s)"
		}
		if strings.HasSuffix(m[3], "value out of range") {
			reason = "out of range"
		}
	}
	return fmt.Errorf("-%s %s: %s", name, value, reason)
}

package main

import (
	"errors"
	"flag"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"time"
)

var sizeSuffixes = []struct {
	suffix string
	shift  uint
}{{"K", 10}, {"M", 20}, {"G", 30}}

// sizeUnits are the units parseSize takes (in any letter case): K, M and
// G are binary, as KiB, MiB and GiB; KB, MB and GB decimal.
var sizeUnits = map[string]int64{
	"": 1, "B": 1,
	"K": 1 << 10, "KIB": 1 << 10, "KB": 1e3,
	"M": 1 << 20, "MIB": 1 << 20, "MB": 1e6,
	"G": 1 << 30, "GIB": 1 << 30, "GB": 1e9,
}

// sizeSyntax says what a size may be written as: the help of every command
// with a size flag, and the error for text that is not a size, say it.
const sizeSyntax = "a whole number of bytes (65536, 1_000_000, 1e6, 1.5M), with an optional unit: " +
	"K, M, G or KiB, MiB, GiB for powers of 1024, KB, MB, GB for powers of 1000"

// errNotSize is the reason parseSize gives for text that is not a size.
var errNotSize = errors.New("not a size (want " + sizeSyntax + ")")

// sizeRE splits a size into digits, fraction, exponent and unit; digits
// may be grouped with underscores between them, as in Go literals.
var sizeRE = regexp.MustCompile(`^([0-9]+(?:_[0-9]+)*)(?:\.([0-9]+(?:_[0-9]+)*))?(?:[eE]\+?([0-9]+))?([a-zA-Z]*)$`)

// parseSize parses a byte count written as sizeSyntax says: 65536, 64K,
// 64KiB, 64KB, 1_000_000, 1e6, 1.5e3, 1.5M. The value, computed exactly,
// must be a whole number of bytes (1.5M is, 1.5 and 1.5e0 are not). Its
// errors are reasons to put after the flag and its value.
func parseSize(s string) (int64, error) {
	if strings.HasPrefix(s, "-") && sizeRE.MatchString(s[1:]) {
		return 0, errors.New("not a size (want 0 or more)")
	}
	m := sizeRE.FindStringSubmatch(s)
	if m == nil {
		return 0, errNotSize
	}
	intPart, frac, exp, unitName := strings.ReplaceAll(m[1], "_", ""), strings.ReplaceAll(m[2], "_", ""), m[3], m[4]
	unit, ok := sizeUnits[strings.ToUpper(unitName)]
	if !ok {
		return 0, errNotSize
	}
	tooLarge := fmt.Errorf("too large (at most %d bytes)", int64(maxSize))
	// value = intPart.frac * 10^e * unit, exactly, in big integers: the
	// digits of intPart and frac over 10^len(frac).
	digits, ok := new(big.Int).SetString(intPart+frac, 10)
	if !ok {
		return 0, errNotSize
	}
	e := -len(frac)
	if exp != "" {
		x, err := strconv.Atoi(exp)
		if err != nil || x > 100 {
			if digits.Sign() == 0 {
				return 0, nil
			}
			return 0, tooLarge
		}
		e += x
	}
	v := new(big.Int).Mul(digits, big.NewInt(unit))
	ten := big.NewInt(10)
	if e >= 0 {
		v.Mul(v, new(big.Int).Exp(ten, big.NewInt(int64(e)), nil))
	} else {
		den := new(big.Int).Exp(ten, big.NewInt(int64(-e)), nil)
		var q, r big.Int
		q.QuoRem(v, den, &r)
		if r.Sign() != 0 && q.Cmp(big.NewInt(maxSize)) <= 0 {
			return 0, notWhole(s, unitName, new(big.Rat).SetFrac(v, den), -e)
		}
		v = &q
	}
	if v.Cmp(big.NewInt(maxSize)) > 0 {
		return 0, tooLarge
	}
	return v.Int64(), nil
}

// smallerUnit names, for each unit of sizeUnits above a byte, the one 1024
// (or 1000) times smaller, in which a fraction of the larger may be whole.
var smallerUnit = map[string]string{
	"K": "", "KIB": "", "KB": "",
	"M": "K", "MIB": "KiB", "MB": "KB",
	"G": "M", "GIB": "MiB", "GB": "MB",
}

// notWhole is parseSize's error for s, written with unit unitName, whose
// value v is not a whole number of bytes (at most digits decimal places): it
// shows how v comes about, and what to write instead: the whole bytes below
// v, and the whole number of the next smaller unit below it ("1.8M is 1.8 ×
// 1048576 = 1887436.8 bytes; write 1887436 or 1843K").
func notWhole(s, unitName string, v *big.Rat, digits int) error {
	unit := strings.ToUpper(unitName)
	exact := strings.TrimRight(v.FloatString(digits), "0")
	if n := sizeUnits[unit]; n > 1 {
		exact = fmt.Sprintf("%s × %d = %s", strings.TrimSuffix(s, unitName), n, exact)
	}
	floor := new(big.Int).Quo(v.Num(), v.Denom())
	instead := floor.String()
	if small := smallerUnit[unit]; small != "" {
		if n := new(big.Int).Quo(floor, big.NewInt(sizeUnits[strings.ToUpper(small)])); n.Sign() > 0 {
			instead += fmt.Sprintf(" or %s%s", n, small)
		}
	}
	return fmt.Errorf("not a whole number of bytes (%s is %s bytes; write %s)", s, exact, instead)
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

// A sizeValue is a flag holding a byte count (see parseSize).
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

// uint64Var and intVar define flags whose values are decimal (digits,
// grouped by underscores between them as sizes may be; intVar's with an
// optional sign): the flag package's own Uint64 and Int read Go's base
// prefixes, so that -seed 010 would be seed 8 (and 0x10 16), while a size
// reads 010 as 10.
func uint64Var(fs *flag.FlagSet, name string, def uint64, usage string) *uint64 {
	v := decUint64(def)
	fs.Var(&v, name, usage)
	return (*uint64)(&v)
}

func intVar(fs *flag.FlagSet, name string, def int, usage string) *int {
	v := decInt(def)
	fs.Var(&v, name, usage)
	return (*int)(&v)
}

type (
	decUint64 uint64
	decInt    int
)

// decimalRE is a whole number as these flags take it.
var decimalRE = regexp.MustCompile(`^[0-9]+(?:_[0-9]+)*$`)

// Their errors end as strconv's do, "invalid syntax" or "value out of
// range", which flagError turns into its reasons (Get gives the type).
var errSyntax = errors.New("invalid syntax")

// decimal returns s without its underscores if it is a whole number as
// these flags take it (with an optional sign where signed), else
// errSyntax.
func decimal(s string, signed bool) (string, error) {
	digits := s
	if signed {
		digits = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	}
	if !decimalRE.MatchString(digits) {
		return "", errSyntax
	}
	return strings.ReplaceAll(s, "_", ""), nil
}

func (v *decUint64) Set(s string) error {
	d, err := decimal(s, false)
	if err != nil {
		return err
	}
	x, err := strconv.ParseUint(d, 10, 64)
	if err == nil {
		*v = decUint64(x)
	}
	return err
}

func (v *decUint64) String() string { return strconv.FormatUint(uint64(*v), 10) }
func (v *decUint64) Get() any       { return uint64(*v) }

func (v *decInt) Set(s string) error {
	d, err := decimal(s, true)
	if err != nil {
		return err
	}
	x, err := strconv.ParseInt(d, 10, 0)
	if err == nil {
		*v = decInt(x)
	}
	return err
}

func (v *decInt) String() string { return strconv.Itoa(int(*v)) }
func (v *decInt) Get() any       { return int(*v) }

// invalidValue matches the flag package's error for a value its flag
// cannot take.
var invalidValue = regexp.MustCompile(`^invalid value "(.*)" for flag -([^:]+): (.*)$`)

// flagError rewrites the flag package's errors in the command's words:
// "-NAME VALUE: reason" for a value the flag cannot take, "unknown flag
// -NAME" pointing to the command's -h, "-NAME needs a value". Others it
// returns as they are (they are one line already).
func flagError(fs *flag.FlagSet, err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		return fmt.Errorf("unknown flag %s (streamrand %s -h lists the flags)", name, fs.Name())
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
		return fmt.Errorf("%s needs a value", name)
	}
	m := invalidValue.FindStringSubmatch(msg)
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

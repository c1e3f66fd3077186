package command

import (
	"bytes"
	"errors"
	"flag"
	"testing"

	"github.com/stretchr/testify/require"
)

func newFlags() (*flag.FlagSet, *int) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	return fs, fs.Int("n", 3, "how many")
}

// -h and -help print the usage, then the flags as the flag package
// formats them, and return flag.ErrHelp.
func TestParseHelp(t *testing.T) {
	for _, h := range []string{"-h", "-help", "--help"} {
		fs, _ := newFlags()
		var out bytes.Buffer
		err := Parse(fs, []string{h}, "usage: x [flags]\n\n", &out)
		require.ErrorIs(t, err, flag.ErrHelp, h)
		require.Equal(t, "usage: x [flags]\n\n  -n int\n    \thow many (default 3)\n", out.String(), h)
	}
}

// A bad flag is returned, not printed: the flag package's own message and
// usage would otherwise go to stderr before Main's one line.
func TestParseError(t *testing.T) {
	fs, _ := newFlags()
	var out, stray bytes.Buffer
	fs.SetOutput(&stray) // where the flag package would print; Parse silences it
	err := Parse(fs, []string{"-nope"}, "usage\n", &out)
	require.EqualError(t, err, "flag provided but not defined: -nope")
	require.Empty(t, out.String())
	require.Empty(t, stray.String())
}

func TestParseFlags(t *testing.T) {
	fs, n := newFlags()
	var out bytes.Buffer
	require.NoError(t, Parse(fs, []string{"-n", "7", "rest"}, "usage\n", &out))
	require.Equal(t, 7, *n)
	require.Equal(t, []string{"rest"}, fs.Args())
	require.Empty(t, out.String())
}

// An error of several lines (errors.Join) is printed on one.
func TestOneLine(t *testing.T) {
	require.Equal(t, "a; b: c", OneLine(errors.Join(errors.New("a"), errors.New("b: c"))))
	require.Equal(t, "plain", OneLine(errors.New("plain")))
	require.Equal(t, "x; y", OneLine(errors.New("x\r\n\ny\n")))
}

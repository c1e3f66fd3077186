package streamrand_test

import (
	"bytes"
	"fmt"
	"path"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/streamrand/streamrand"
	"github.com/streamrand/streamrand/aesctr"
	"github.com/streamrand/streamrand/chacha"
	"github.com/streamrand/streamrand/internal/algtable"
	"github.com/streamrand/streamrand/internal/impl"
	"github.com/streamrand/streamrand/internal/peers"
)

// This file checks the algorithm table: names, key sizes, the constructors
// New and NewWithKey against the generator packages', and AlgorithmOf.

func TestAlgorithmNames(t *testing.T) {
	require.Len(t, streamrand.Algorithms(), 6)
	for _, a := range streamrand.Algorithms() {
		b, err := streamrand.ParseAlgorithm(a.String())
		require.NoError(t, err)
		require.Equal(t, a, b)
	}
	require.Equal(t, "aes192ctr", streamrand.AES192CTR.String())
	_, err := streamrand.ParseAlgorithm("chacha7")
	require.ErrorContains(t, err, `streamrand: unknown algorithm "chacha7"`)
	require.EqualError(t, err, `streamrand: unknown algorithm "chacha7" (want one of [chacha8 chacha12 chacha20 aes128ctr aes192ctr aes256ctr])`)
	require.Equal(t, "Algorithm(99)", streamrand.Algorithm(99).String())
	require.Panics(t, func() { streamrand.New(streamrand.Algorithm(99), 1) })
}

// TestParseAlgorithmAnyCase: ParseAlgorithm takes a name in any ASCII
// letter case, the constants' Go names included, and nothing else.
func TestParseAlgorithmAnyCase(t *testing.T) {
	goNames := map[string]streamrand.Algorithm{
		"ChaCha8": streamrand.ChaCha8, "ChaCha12": streamrand.ChaCha12, "ChaCha20": streamrand.ChaCha20,
		"AES128CTR": streamrand.AES128CTR, "AES192CTR": streamrand.AES192CTR, "AES256CTR": streamrand.AES256CTR,
	}
	require.Len(t, goNames, len(streamrand.Algorithms()))
	for name, want := range goNames {
		got, err := streamrand.ParseAlgorithm(name)
		require.NoError(t, err, name)
		require.Equal(t, want, got, name)
	}
	for _, a := range streamrand.Algorithms() {
		name := a.String()
		// Every one of the 2^k casings of the name's k letters.
		var letters []int
		for i := 0; i < len(name); i++ {
			if name[i] >= 'a' && name[i] <= 'z' {
				letters = append(letters, i)
			}
		}
		for mask := range 1 << len(letters) {
			b := []byte(name)
			for j, i := range letters {
				if mask>>j&1 == 1 {
					b[i] -= 'a' - 'A'
				}
			}
			got, err := streamrand.ParseAlgorithm(string(b))
			require.NoError(t, err, "%q", b)
			require.Equal(t, a, got, "%q", b)
		}
		// The case of the name changes, never its letters.
		for _, bad := range []string{" " + name, name + " ", name[1:], name + "0", name[:len(name)-1] + "x"} {
			_, err := streamrand.ParseAlgorithm(bad)
			require.ErrorContains(t, err, "streamrand: unknown algorithm", "%q", bad)
		}
	}
	for _, bad := range []string{"", "aes128", "chacha", "aeſ128ctr", "chacha８", "AES-128-CTR"} {
		_, err := streamrand.ParseAlgorithm(bad)
		require.ErrorContains(t, err, fmt.Sprintf("streamrand: unknown algorithm %q", bad))
	}
}

func TestKeySize(t *testing.T) {
	want := map[streamrand.Algorithm]int{
		streamrand.ChaCha8: 32, streamrand.ChaCha12: 32, streamrand.ChaCha20: 32,
		streamrand.AES128CTR: 16, streamrand.AES192CTR: 24, streamrand.AES256CTR: 32,
	}
	for _, a := range streamrand.Algorithms() {
		require.Equal(t, want[a], a.KeySize(), "%s", a)
	}
	for _, a := range []streamrand.Algorithm{streamrand.Algorithm(len(streamrand.Algorithms())), 99, 255} {
		require.Zero(t, a.KeySize(), "%s", a)
	}
}

func TestNewMatchesPackages(t *testing.T) {
	same := func(a, b streamrand.Generator) {
		t.Helper()
		x, y := make([]byte, 3000), make([]byte, 3000)
		a.Read(x)
		b.Read(y)
		require.Equal(t, x, y)
	}
	same(streamrand.New(streamrand.ChaCha8, 5), chacha.NewSource(5))
	same(streamrand.New(streamrand.ChaCha12, 5), chacha.NewSource12(5))
	same(streamrand.New(streamrand.ChaCha20, 5), chacha.NewSource20(5))
	same(streamrand.New(streamrand.AES128CTR, 5), aesctr.NewSource(5))
	same(streamrand.New(streamrand.AES192CTR, 5), aesctr.NewSource192(5))
	same(streamrand.New(streamrand.AES256CTR, 5), aesctr.NewSource256(5))
	// AES-192/256 seeds take the first 24/32 bytes of the same expansion as
	// ChaCha's 32-byte key.
	a192, err := aesctr.NewWithKey(refSeedKey(5, 24), 0)
	require.NoError(t, err)
	a256, err := aesctr.NewWithKey(refSeedKey(5, 32), 0)
	require.NoError(t, err)
	same(streamrand.New(streamrand.AES192CTR, 5), a192)
	same(streamrand.New(streamrand.AES256CTR, 5), a256)
}

func TestNewWithKey(t *testing.T) {
	for _, a := range streamrand.Algorithms() {
		key := bytes.Repeat([]byte{7}, a.KeySize())
		g, err := streamrand.NewWithKey(a, key, 9)
		require.NoError(t, err)
		require.Equal(t, uint64(9), g.Stream())
		_, err = streamrand.NewWithKey(a, key[1:], 0)
		require.ErrorContains(t, err, "streamrand: "+a.String()+" takes a key of")
	}
	g, err := streamrand.NewWithKey(streamrand.ChaCha12, bytes.Repeat([]byte{7}, 32), 9)
	require.NoError(t, err)
	require.Equal(t, 12, g.(*chacha.Source).Rounds())
	_, err = streamrand.NewWithKey(streamrand.Algorithm(len(streamrand.Algorithms())), nil, 0)
	require.ErrorContains(t, err, "streamrand: invalid algorithm")
}

func TestAlgorithmOf(t *testing.T) {
	for _, a := range streamrand.Algorithms() {
		g := streamrand.New(a, 1)
		got, ok := streamrand.AlgorithmOf(g)
		require.True(t, ok)
		require.Equal(t, a, got)
		got, ok = streamrand.AlgorithmOf(streamrand.Locked(g))
		require.True(t, ok)
		require.Equal(t, a, got)
		got, ok = streamrand.AlgorithmOf(streamrand.Locked(streamrand.Locked(g)))
		require.True(t, ok && got == a, "Locked twice: %v %v", got, ok)
	}
	// A Locked Generator follows an UnmarshalBinary to another algorithm
	// of the family.
	l := streamrand.Locked(streamrand.New(streamrand.ChaCha8, 1))
	data, err := streamrand.New(streamrand.ChaCha20, 1).MarshalBinary()
	require.NoError(t, err)
	require.NoError(t, l.UnmarshalBinary(data))
	got, ok := streamrand.AlgorithmOf(l)
	require.True(t, ok && got == streamrand.ChaCha20, "%v %v", got, ok)

	// Zero Sources, nil pointers and foreign Generators have none.
	for _, g := range []streamrand.Generator{new(chacha.Source), new(aesctr.Source), (*chacha.Source)(nil), (*aesctr.Source)(nil), nil, wrapper{streamrand.New(streamrand.ChaCha8, 1)}} {
		_, ok := streamrand.AlgorithmOf(g)
		require.False(t, ok, "%T", g)
	}
}

// wrapper is a Generator of another package.
type wrapper struct{ streamrand.Generator }

// TestAlgorithmFacts: the facts the command and the tests read through
// internal/algtable are the table's: each row's name, parameter and peer,
// its family's name (the package of the Source New returns, and the name
// of its kernel registry) and Backend; every peer exists.
func TestAlgorithmFacts(t *testing.T) {
	want := map[streamrand.Algorithm]struct {
		family string
		param  int
		peer   string
	}{
		streamrand.ChaCha8:   {"chacha", 8, "math/rand/v2 ChaCha8"},
		streamrand.ChaCha12:  {"chacha", 12, "math/rand/v2 ChaCha8"},
		streamrand.ChaCha20:  {"chacha", 20, "x/crypto chacha20"},
		streamrand.AES128CTR: {"aesctr", 16, "crypto/cipher CTR AES-128"},
		streamrand.AES192CTR: {"aesctr", 24, "crypto/cipher CTR AES-192"},
		streamrand.AES256CTR: {"aesctr", 32, "crypto/cipher CTR AES-256"},
	}
	rows := algtable.Rows()
	require.Len(t, rows, len(streamrand.Algorithms()))
	families := map[string]*algtable.Family{}
	for _, a := range streamrand.Algorithms() {
		row := rows[a]
		require.Equal(t, a.String(), row.Name)
		require.Equal(t, want[a].family, row.Family.Name, "%s", a)
		require.Equal(t, want[a].param, row.Param, "%s", a)
		require.Equal(t, want[a].peer, row.Peer, "%s", a)
		require.Equal(t, row.Peer, peers.Named(row.Peer).Name, "%s", a)
		require.Equal(t, row.Family.Name, path.Base(reflect.TypeOf(streamrand.New(a, 1)).Elem().PkgPath()), "%s", a)
		if r := impl.Lookup(row.Family.Name); r != nil {
			require.Equal(t, r.Backend(), row.Family.Backend(), "%s", a)
		} else { // a package without kernels
			require.Equal(t, impl.Generic, row.Family.Backend(), "%s", a)
		}
		if f, ok := families[row.Family.Name]; ok {
			require.Same(t, f, row.Family, "%s: one Family per package", a)
		}
		families[row.Family.Name] = row.Family
	}
	require.Equal(t, chacha.Backend(), families["chacha"].Backend())
	require.Equal(t, aesctr.Backend(), families["aesctr"].Backend())
	require.Equal(t, []*algtable.Family{families["chacha"], families["aesctr"]}, algtable.Families())
}

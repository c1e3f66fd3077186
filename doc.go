// Package streamrand gives random numbers that are fast, the same on every
// machine, and split into as many independent streams as a program needs.
// (The same on every machine: the words and bytes of every generator, and
// every value rand.Rand and package fill compute from them, except
// NormFloat64 and ExpFloat64, whose values math/rand/v2 computes
// differently with GOARCH and GOAMD64.)
// Its generators, built on the ChaCha and AES stream ciphers, are
// math/rand/v2 Sources and io.Readers at once, with O(1) seeking, reads at
// any offset and checkpoints.
//
// The generators are in package chacha (ChaCha8, ChaCha12, ChaCha20) and
// package aesctr (AES-128, AES-192 and AES-256 in counter mode). This
// package chooses one by name, restores a checkpoint of any of them, and
// adapts between Sources and readers:
//
//	r := rand.New(chacha.NewSource(42))           // math/rand/v2: r.IntN(100) is 68 on every machine
//	g := streamrand.New(streamrand.AES128CTR, 42) // a Generator chosen by name
//	io.ReadFull(g, buf)                           // every Generator is an io.Reader too
//	g.SetStream(3)                                // stream 3 of the same seed, independent of stream 0
//	rd := streamrand.NewReader(rand.NewPCG(1, 2)) // the bytes of any Source
//
// The constructors of a generator by seed are New here (any algorithm by
// name) and chacha.NewSource, aesctr.NewSource and their numbered variants;
// NewSource here is something else: a Source over any io.Reader.
//
// # Choosing a generator
//
// ChaCha8 (chacha.NewSource, the round count of math/rand/v2's ChaCha8) is
// the default: fast on any CPU with SIMD, no AES hardware needed. ChaCha12
// and ChaCha20 give more margin for more time; ChaCha20 is RFC 8439's
// cipher. AES-128-CTR (aesctr.NewSource) is the fastest where the CPU has
// AES instructions (x86 AES-NI or VAES, ARMv8 AES) and much slower where it
// has none; its bytes are NIST counter mode, which any AES library
// reproduces. AES-192 and AES-256 are for a policy that asks for the longer
// key. Each generator's bytes are fixed by its definition, so other
// implementations of the same keystream give the same numbers: Rust's
// rand_chacha and Python randomgen's ChaCha for ChaCha, crypto/cipher or
// OpenSSL in CTR mode for AES.
//
// A uint64 seed is for reproducibility, not secrecy: 2^64 seeds can be
// searched. For a stream that others cannot predict, use NewWithKey with a
// secret key from crypto/rand (or chacha.NewSecure, aesctr.NewSecure). For
// keys, tokens and anything that never needs to be replayed, use
// crypto/rand itself.
//
// # Many streams
//
// Number the work, not the workers. Cut the work into units (tasks, chunks
// of Monte Carlo paths, files) and give unit i its own stream: one seed or
// key for the whole run, and SetStream(i) (or NewWithKey(a, key, i)) before
// unit i draws. The numbers of a unit then depend on its number alone, not
// on which goroutine or machine runs it or when, so the result is the same
// for any number of workers (see the parallel example). A stream per
// goroutine instead is reproducible only while each goroutine's share of
// the work is fixed. The streams of one key are independent keystreams;
// ReadAt reads any offset of a stream without moving the position, from
// many goroutines at once. Locked shares one stream among goroutines, like
// crypto/rand.Reader, where it does not matter who draws which numbers.
//
// # Readers and Sources
//
// NewSource makes a math/rand/v2 Source of any io.Reader (crypto/rand.Reader,
// an extendable-output function such as SHAKE); NewReader makes an
// io.Reader of any Source. A seeded Generator can stand in for
// crypto/rand.Reader where keys must be reproducible, as in test fixtures:
// crypto/ed25519's GenerateKey reads its seed from the reader it is given
// (see the ed25519 example). Since Go 1.26 crypto/ecdsa, crypto/rsa and
// crypto/ecdh ignore the reader they are given; their tests set the
// randomness with testing/cryptotest.SetGlobalRandom.
//
// # Checkpoints
//
// MarshalBinary of any Generator is a checkpoint of its algorithm, key,
// stream and position. Unmarshal restores it without being told the
// algorithm, and AlgorithmOf names it. Bad data is an error that matches
// ErrFormat, ErrVersion, ErrChecksum or ErrAlgorithm.
//
// # Numbers in bulk and quality
//
// Package fill fills slices with exactly the numbers rand.Rand's methods
// would give (Float64, NormFloat64, IntN, Perm and the others), several
// times faster than a loop of calls. Give it the Generator itself, not a
// *rand.Rand around it, which takes the per-call path.
//
// Package stattest tests the output of any generator, this module's or
// your own Source or byte stream, with a battery after TestU01's and NIST
// SP 800-22's tests. The command cmd/streamrand runs that battery
// (streamrand test), compares the generators with their peers (streamrand
// bench) and writes a stream to standard output for outside test suites
// (streamrand stream).
//
// # Stability
//
// The keystreams and the seed expansion are fixed forever: the same key or
// seed, stream and position give the same bytes in every version. Every
// other value (package fill's numbers, the checkpoint format, stattest's
// statistics) is held by golden tests and fixed within a major version; at
// v0, where the module is now, each minor version counts as a major one: a
// v0.x.y patch release changes none of them, a new v0.x may.
package streamrand

package streamrand

import (
	"encoding"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"

	"github.com/streamrand/streamrand/internal/bulk"
)

// Package fill reaches the keystream inside a Locked generator through
// package bulk, and holds the lock for the whole call.
func init() {
	bulk.Register(func(src rand.Source) (bulk.Source, sync.Locker) {
		if l, ok := src.(*locked); ok {
			if b, mu := bulk.Of(l.g); b != nil && mu == nil {
				return b, &l.mu
			}
		}
		return nil, nil
	})
	// Package parallel's Fill holds the lock for the whole call and
	// copies the Generator inside.
	bulk.RegisterUnwrap(func(src rand.Source) (rand.Source, sync.Locker) {
		if l, ok := src.(*locked); ok {
			return l.g, &l.mu
		}
		return nil, nil
	})
}

// A Generator is a keystream positioned at a byte offset of one stream:
// *chacha.Source and *aesctr.Source. Uint64 returns the next 8 bytes
// (little-endian), Read the next len(p) bytes (always len(p), nil); Seek
// moves within the stream; SetStream switches to another stream at position
// 0 (rand_chacha's set_stream keeps the position instead: call Seek after
// SetStream for that). ReadAt reads the bytes at any offset of the current
// stream without moving the position. Seed resets the Generator, in place,
// to the state the constructor of its algorithm gives for that seed.
//
// Methods are not safe for concurrent use, with one exception: ReadAt only
// reads the Generator, so calls of ReadAt may run in many goroutines at once
// while no other method runs. For one stream shared by goroutines, see
// Locked.
type Generator interface {
	Uint64() uint64 // a math/rand/v2 Source
	io.ReadSeeker
	io.ReaderAt       // positioned: does not move the position
	Seed(seed uint64) // in place, without allocating
	SetStream(s uint64)
	Stream() uint64
	encoding.BinaryAppender
	encoding.BinaryMarshaler
	encoding.BinaryUnmarshaler
}

// NewSource returns a rand.Source that takes its numbers from r, 8 bytes
// (little-endian) per Uint64, reading r in buffered chunks. Over
// crypto/rand.Reader it is a Source of secure random numbers.
//
// Uint64 panics, with an error wrapping r's error, if r fails or ends
// before 8 more bytes arrive; after 100 successive reads that return no
// bytes and no error it panics with an error wrapping io.ErrNoProgress, as
// bufio does. Bytes that r delivers together with an error are kept: they
// come first if a recovered caller calls Uint64 again, which reads r again.
// NewSource panics if r is nil.
func NewSource(r io.Reader) rand.Source {
	if r == nil {
		panic("streamrand: NewSource: nil io.Reader")
	}
	return &readerSource{r: r}
}

// maxEmptyReads is how many successive (0, nil) reads NewSource's Source
// accepts before it gives up, bufio's limit.
const maxEmptyReads = 100

type readerSource struct {
	r   io.Reader
	buf [512]byte
	off int   // unread data is buf[off:n]
	n   int   // bytes of buf filled
	err error // an error r returned with enough bytes, reported when they run out
}

func (s *readerSource) Uint64() uint64 {
	if s.n-s.off < 8 {
		s.fill()
	}
	v := binary.LittleEndian.Uint64(s.buf[s.off : s.off+8])
	s.off += 8
	return v
}

// fill moves the unread bytes to the front of buf and reads r until at least
// 8 are there. The offsets are updated after every read, so a panic loses
// no byte r delivered.
func (s *readerSource) fill() {
	s.n = copy(s.buf[:], s.buf[s.off:s.n])
	s.off = 0
	for empty := 0; s.n < 8; {
		err := s.err
		s.err = nil
		if err == nil {
			n, rerr := s.r.Read(s.buf[s.n:])
			if n < 0 || n > len(s.buf)-s.n {
				panic(fmt.Errorf("streamrand: NewSource: reader returned %d bytes for a buffer of %d", n, len(s.buf)-s.n))
			}
			s.n += n
			switch {
			case s.n >= 8:
				s.err = rerr // reported once these bytes are used up
				return
			case rerr != nil:
				err = rerr
			case n > 0:
				empty = 0
				continue
			default:
				if empty++; empty < maxEmptyReads {
					continue
				}
				err = fmt.Errorf("%w (%d successive reads returned no data)", io.ErrNoProgress, maxEmptyReads)
			}
		}
		if errors.Is(err, io.EOF) {
			err = fmt.Errorf("%w (reader ended)", err)
		}
		panic(fmt.Errorf("streamrand: NewSource: reading random bytes: %w", err))
	}
}

// Locked returns a Generator that serialises every method of g with a
// mutex, so that one stream can be shared by many goroutines (like
// crypto/rand.Reader). Which goroutine gets which numbers then depends on
// scheduling. For reproducible parallel work, number the work, not the
// workers: give each unit of work its own stream (SetStream), whichever
// goroutine runs it, as the package documentation describes; a stream per
// goroutine is reproducible only if each goroutine's share of the work is
// fixed. Locked panics if g is nil.
func Locked(g Generator) Generator {
	if g == nil {
		panic("streamrand: Locked: nil Generator")
	}
	return &locked{g: g}
}

type locked struct {
	mu sync.Mutex
	g  Generator
}

func (l *locked) Uint64() uint64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.g.Uint64()
}

func (l *locked) Read(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.g.Read(p)
}

func (l *locked) Seek(offset int64, whence int) (int64, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.g.Seek(offset, whence)
}

// ReadAt takes the lock too: a Locked Generator is shared by goroutines
// that may move the position at any time.
func (l *locked) ReadAt(p []byte, off int64) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.g.ReadAt(p, off)
}

func (l *locked) Seed(seed uint64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.g.Seed(seed)
}

func (l *locked) SetStream(s uint64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.g.SetStream(s)
}

func (l *locked) Stream() uint64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.g.Stream()
}

func (l *locked) AppendBinary(b []byte) ([]byte, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.g.AppendBinary(b)
}

func (l *locked) MarshalBinary() ([]byte, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.g.MarshalBinary()
}

func (l *locked) UnmarshalBinary(data []byte) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.g.UnmarshalBinary(data)
}

package parallel

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding"
	"encoding/gob"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/streamrand/streamrand"
)

// A Checkpoint makes Fold save its progress to a file and resume from it:
// a Fold stopped at any moment (cancelled, failed, killed by SIGKILL or a
// power cut) and called again with the same Job, n and ID continues from
// its last save to the same result, to the last bit, as a Fold that never
// stopped.
//
// The file holds the next unit k and the accumulator of units [0, k),
// which takes the place of Fold's acc argument when it resumes, encoded
// with encoding/gob: A's exported fields, or what A's
// MarshalBinary (or GobEncode) returns. A must come back exactly from that
// encoding; a field gob does not save (unexported, a func or a chan) is an
// error. The file also names the computation: the Job's Alg, its Seed (or
// a hash of its Key), n and ID. Fold refuses a file of another
// computation with an error that names the field that differs. The number
// of workers may differ between runs.
//
// Fold saves atomically (a temporary file in the same directory, synced,
// renamed over Path, and the directory synced), so Path always holds a
// whole save, whenever the process dies. It removes the temporary files
// of Path's own pattern (Path.NNN.tmp) that a killed run left, and, before
// the first unit, saves once, so that a directory it cannot write or an A
// that does not survive the encoding fails at once, not after the work.
// Once every unit is done the file says so, and a Fold called again
// returns the saved result at once. One Fold at a time may use a Path.
type Checkpoint struct {
	// Path is the file that holds the progress.
	Path string
	// Every is the least time between saves while units run; 0 means
	// 10 seconds. Fold also saves when it returns: after the last unit,
	// when a unit fails and when ctx is cancelled.
	Every time.Duration
	// ID is what else the result depends on: the parameters of f and
	// combine, a version of their code. A file saved with another ID is
	// refused; the error shows both when they are short text.
	ID []byte
}

// defaultEvery is the time between saves when Checkpoint.Every is 0.
const defaultEvery = 10 * time.Second

// checkpointMagic begins a checkpoint file; its version changes with the
// format.
const checkpointMagic = "streamrand parallel.Checkpoint v1\n"

// A savedRun is what a checkpoint file holds, gob-encoded after the magic
// line and followed by the SHA-256 of everything before it.
type savedRun struct {
	Alg    string // Alg.String()
	Seeded bool   // Key was nil: the key is Seed's expansion
	Seed   uint64
	KeySum [sha256.Size]byte // of the key
	N      int64
	ID     []byte
	Next   int64  // units [0, Next) are done
	Acc    []byte // their accumulator, gob-encoded
}

// foldCheckpoint is Fold for a Job with a Checkpoint.
func foldCheckpoint[T, A any](ctx context.Context, j Job, n int64, f func(int64, streamrand.Generator) (T, error), acc A, combine func(A, T) A) (A, error) {
	c := *j.Checkpoint
	switch {
	case j.Start != 0:
		return acc, fmt.Errorf("parallel: Start is %d with a Checkpoint, want 0: the Checkpoint says where to resume", j.Start)
	case c.Path == "":
		return acc, errors.New("parallel: Checkpoint.Path is empty")
	case c.Every < 0:
		return acc, fmt.Errorf("parallel: Checkpoint.Every is %v, want 0 (10 s) or more", c.Every)
	}
	if _, err := check(j, n); err != nil {
		return acc, err
	}
	every := c.Every
	if every == 0 {
		every = defaultEvery
	}
	me := savedRun{Alg: j.Alg.String(), Seeded: j.Key == nil, Seed: j.Seed, KeySum: sha256.Sum256(j.key()), N: n, ID: c.ID}
	if j.Key != nil {
		me.Seed = 0
	}
	fail := func(err error) (A, error) { return acc, fmt.Errorf("parallel: Checkpoint %s: %w", c.Path, err) }

	if err := removeTemps(c.Path); err != nil {
		return fail(err)
	}
	start, err := resume(c.Path, me, &acc)
	if err != nil {
		return fail(err)
	}
	if start == n {
		// Finished: the answer, with the one Progress call of a Fold
		// that has no unit left to run.
		j.Start, j.Checkpoint = n, nil
		return Fold(ctx, j, n, f, acc, combine)
	}
	// Before the first unit: A must come back from its encoding, and the
	// directory must take a save.
	if err := roundTrip(acc); err != nil {
		return fail(err)
	}
	if err := save(c.Path, me, start, acc); err != nil {
		return fail(err)
	}

	// A save that fails stops the run: work that cannot be saved is not
	// what the caller asked for.
	ctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	next, last := start, time.Now()
	var saveErr error
	saving := func(a A, v T) A {
		a = combine(a, v)
		next++ // a holds units [0, next)
		if saveErr == nil && time.Since(last) >= every {
			if saveErr = save(c.Path, me, next, a); saveErr != nil {
				stop(saveErr)
			}
			last = time.Now()
		}
		return a
	}
	j.Start, j.Checkpoint = start, nil
	acc, err = Fold(ctx, j, n, f, acc, saving)
	if saveErr != nil {
		return fail(saveErr)
	}
	if serr := save(c.Path, me, next, acc); serr != nil {
		if err != nil {
			return acc, fmt.Errorf("%w (and the Checkpoint %s was not saved: %v)", err, c.Path, serr)
		}
		return fail(serr)
	}
	return acc, err
}

// resume reads the checkpoint at path of the run me into *acc and returns
// its next unit, or 0 (and *acc unchanged) if there is no file yet.
func resume[A any](path string, me savedRun, acc *A) (int64, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	body, ok := bytes.CutPrefix(b, []byte(checkpointMagic))
	if !ok {
		return 0, errors.New("not a checkpoint of package parallel")
	}
	if len(body) < sha256.Size || sha256.Sum256(b[:len(b)-sha256.Size]) != [sha256.Size]byte(b[len(b)-sha256.Size:]) {
		return 0, errors.New("damaged: its checksum does not match")
	}
	var s savedRun
	if err := gob.NewDecoder(bytes.NewReader(body[:len(body)-sha256.Size])).Decode(&s); err != nil {
		return 0, fmt.Errorf("damaged: %v", err)
	}
	if err := s.same(me); err != nil {
		return 0, fmt.Errorf("holds another computation: %w", err)
	}
	if s.Next < 0 || s.Next > s.N {
		return 0, fmt.Errorf("damaged: next unit %d of %d", s.Next, s.N)
	}
	a, err := decodeAcc[A](s.Acc)
	if err != nil {
		return 0, fmt.Errorf("the accumulator does not decode as a %v: %v", reflect.TypeFor[A](), err)
	}
	*acc = a
	return s.Next, nil
}

// same returns an error naming the first field of the computation that
// differs between the saved run s and me.
func (s savedRun) same(me savedRun) error {
	switch {
	case s.Alg != me.Alg:
		return fmt.Errorf("its Alg is %s, not %s", s.Alg, me.Alg)
	case s.Seeded && me.Seeded && s.Seed != me.Seed:
		return fmt.Errorf("its Seed is %d, not %d", s.Seed, me.Seed)
	case s.Seeded != me.Seeded && s.Seeded:
		return fmt.Errorf("it was run with Seed %d, not this Key", s.Seed)
	case s.Seeded != me.Seeded:
		return fmt.Errorf("it was run with a Key, not Seed %d", me.Seed)
	case s.KeySum != me.KeySum:
		return errors.New("its Key differs")
	case s.N != me.N:
		return fmt.Errorf("its n is %d, not %d", s.N, me.N)
	case !bytes.Equal(s.ID, me.ID):
		if readable(s.ID) && readable(me.ID) {
			return fmt.Errorf("its ID is %q, not %q", s.ID, me.ID)
		}
		return errors.New("its ID differs")
	}
	return nil
}

// readable reports whether an ID is short printable text, worth showing
// in an error.
func readable(id []byte) bool {
	return len(id) <= 200 && utf8.Valid(id) && !bytes.ContainsFunc(id, func(r rune) bool { return !unicode.IsPrint(r) })
}

// save writes the run me at unit next with accumulator acc to path
// atomically: to a temporary file in the same directory, synced, renamed
// over path, then the directory synced, so that path holds either the old
// save or the new one whenever the process dies.
func save[A any](path string, me savedRun, next int64, acc A) error {
	b, err := encodeAcc(acc)
	if err != nil {
		return fmt.Errorf("encoding the accumulator: %w", err)
	}
	me.Next, me.Acc = next, b
	var out bytes.Buffer
	out.WriteString(checkpointMagic)
	if err := gob.NewEncoder(&out).Encode(me); err != nil {
		return err
	}
	sum := sha256.Sum256(out.Bytes())
	out.Write(sum[:])

	dir, base := filepath.Dir(path), filepath.Base(path)
	f, err := os.CreateTemp(dir, base+".*.tmp")
	if err != nil {
		return err
	}
	_, err = f.Write(out.Bytes())
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return err
	}
	return syncDir(dir)
}

// syncDir makes a rename in dir durable. Windows cannot open a directory
// for it (and its renames need no such step).
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// removeTemps removes the temporary files that save creates for path
// (os.CreateTemp's path.NNN.tmp, NNN digits) and a killed run left.
func removeTemps(path string) error {
	dir, base := filepath.Dir(path), filepath.Base(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		mid, ok := strings.CutPrefix(e.Name(), base+".")
		if mid, ok = strings.CutSuffix(mid, ".tmp"); !ok || mid == "" || strings.Trim(mid, "0123456789") != "" {
			continue
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// roundTrip returns an error unless acc comes back from its gob encoding
// as it was, and A holds no field that gob leaves out.
func roundTrip[A any](acc A) error {
	t := reflect.TypeFor[A]()
	if err := gobSaves(t, t.String(), map[reflect.Type]bool{}); err != nil {
		return fmt.Errorf("the accumulator cannot be saved: %w", err)
	}
	enc, err := encodeAcc(acc)
	if err != nil {
		return fmt.Errorf("the accumulator cannot be saved: %w", err)
	}
	back, err := decodeAcc[A](enc)
	if err != nil {
		return fmt.Errorf("the accumulator does not decode: %w", err)
	}
	if reflect.DeepEqual(acc, back) {
		return nil
	}
	// DeepEqual fails on NaN; the encodings are compared instead (those of
	// a map may differ in order, which DeepEqual already accepted).
	if again, err := encodeAcc(back); err == nil && bytes.Equal(enc, again) {
		return nil
	}
	return fmt.Errorf("a %v does not come back from encoding/gob as it was: give it MarshalBinary and UnmarshalBinary", t)
}

// encodeAcc returns the gob encoding of acc, or the error or panic of
// gob (a nil pointer) or of acc's own MarshalBinary.
func encodeAcc[A any](acc A) (b []byte, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("panic: %v", v)
		}
	}()
	var buf bytes.Buffer
	err = gob.NewEncoder(&buf).Encode(acc)
	return buf.Bytes(), err
}

// decodeAcc decodes a fresh A from b: gob leaves out zero fields, which
// must not keep values of another A.
func decodeAcc[A any](b []byte) (a A, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("panic: %v", v)
		}
	}()
	err = gob.NewDecoder(bytes.NewReader(b)).Decode(&a)
	return a, err
}

var (
	gobEncoder      = reflect.TypeFor[gob.GobEncoder]()
	binaryMarshaler = reflect.TypeFor[encoding.BinaryMarshaler]()
)

// gobSaves returns an error if gob leaves out part of a value of type t
// (named where): an unexported field, or one of func or chan type. Types
// that encode themselves (GobEncode, MarshalBinary) are trusted.
func gobSaves(t reflect.Type, where string, seen map[reflect.Type]bool) error {
	if seen[t] {
		return nil
	}
	seen[t] = true
	for _, i := range []reflect.Type{gobEncoder, binaryMarshaler} {
		if t.Implements(i) || reflect.PointerTo(t).Implements(i) {
			return nil
		}
	}
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			fld := t.Field(i)
			name := where + "." + fld.Name
			if !fld.IsExported() {
				return fmt.Errorf("%s is unexported, and encoding/gob saves only exported fields: export it, or give %v MarshalBinary and UnmarshalBinary", name, t)
			}
			if k := fld.Type.Kind(); k == reflect.Func || k == reflect.Chan {
				return fmt.Errorf("%s is a %v, which encoding/gob does not save", name, k)
			}
			if err := gobSaves(fld.Type, name, seen); err != nil {
				return err
			}
		}
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return gobSaves(t.Elem(), where, seen)
	case reflect.Map:
		if err := gobSaves(t.Key(), where, seen); err != nil {
			return err
		}
		return gobSaves(t.Elem(), where, seen)
	}
	return nil
}

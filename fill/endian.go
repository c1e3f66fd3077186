package fill

import "unsafe"

// littleEndian is whether uint64s are stored least significant byte first:
// then the keystream's bytes are its words as they lie in memory.
var littleEndian = func() bool {
	x := uint64(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

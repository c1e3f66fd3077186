package aesctr

// Kernels lets the external tests run on every kernel.
var Kernels = kernels

// newKernel returns a kernel keyed with key, for the tests of the kernels.
func newKernel(key []byte) (*kernel, error) {
	if err := validKeyLen(len(key)); err != nil {
		return nil, err
	}
	k := new(kernel)
	k.setKey(key)
	return k, nil
}

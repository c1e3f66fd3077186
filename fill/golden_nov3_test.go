//go:build !amd64.v3

package fill_test

const amd64v3 = false

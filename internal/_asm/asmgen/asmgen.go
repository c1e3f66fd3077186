// Package asmgen is what the avo generators of chacha, aesctr, fill and
// dist share. Each generator is a module of its own in its package's _asm
// directory (so avo stays out of the library's go.mod and each generated
// file's header names the generator beside it); this module is theirs, and
// they reach it through a replace directive. Their go.mod files require the
// same versions as this one's, and CI checks that they do.
package asmgen

import (
	"log"
	"os"

	"github.com/mmcloughlin/avo/build"
)

// Package makes the Go package in directory dir (relative to the
// generator's, usually "..") the one whose declarations build.Implement
// reads, so every kernel's signature comes from its hand-written Go
// declaration. The package belongs to the library's module, not to the
// generator's, so it is loaded from its own directory; and as amd64
// whatever the host, since the declarations are in _amd64.go files.
func Package(dir string) {
	wd, err := os.Getwd()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		log.Fatal(err)
	}
	goarch, had := os.LookupEnv("GOARCH")
	os.Setenv("GOARCH", "amd64")
	build.Package(".")
	if had {
		os.Setenv("GOARCH", goarch)
	} else {
		os.Unsetenv("GOARCH")
	}
	if err := os.Chdir(wd); err != nil {
		log.Fatal(err)
	}
}

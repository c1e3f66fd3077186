// Command tiers prints the backends that chacha, aesctr, fill and dist must
// select on a CPU, by the tier rules (internal/impl's Tiers) applied to the
// CPU's /proc/cpuinfo flags, vendor_id and cpu family rather than to Go's
// detection, so that CI (.ci/run) can check with TestBackendSelected that no
// fast path is silently disabled.
//
//	go run ./internal/cmd/tiers                              # this machine
//	chacha=avx512 aesctr=vaes512 fill=avx512vbmi dist=avx512
//	go run ./internal/cmd/tiers -godebug cpu.avx512=off -env # the variables CI sets
//	STREAMRAND_CHACHA_BACKEND=avx2 STREAMRAND_AES_BACKEND=vaes256 STREAMRAND_FILL_BACKEND=avx2 STREAMRAND_DIST_BACKEND=avx2
//	go run ./internal/cmd/tiers -model Haswell               # a CPU of docs/backends.md
//	go run ./internal/cmd/tiers -settings                    # the GODEBUG values CI tests under
//
// The CPU is this machine's (its /proc/cpuinfo, on GOARCH), or one of the
// models of docs/backends.md's first table (-model). The backends are
// those of a build with assembly; with -tags purego every package is
// "generic".
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"runtime"
	"strings"

	"github.com/streamrand/streamrand/internal/cpu"
	"github.com/streamrand/streamrand/internal/impl"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("tiers: ")
	godebug := flag.String("godebug", "", "the GODEBUG value the tests run with")
	goarch := flag.String("goarch", runtime.GOARCH, "the architecture of /proc/cpuinfo's CPU")
	model := flag.String("model", "", "a CPU of docs/backends.md's first table instead of /proc/cpuinfo's: "+modelNames())
	env := flag.Bool("env", false, "print the environment variables TestBackendSelected reads")
	settings := flag.Bool("settings", false, "print the GODEBUG values CI runs the tests under, one a line, and nothing else")
	flag.Parse()
	if flag.NArg() != 0 {
		flag.Usage()
		os.Exit(2)
	}

	if *settings {
		for _, g := range impl.GODEBUGs[1 : len(impl.GODEBUGs)-1] {
			fmt.Println(g)
		}
		return
	}

	var c cpu.CPU
	if *model != "" {
		m, ok := impl.LookupModel(*model)
		if !ok {
			log.Fatalf("no model %q (%s)", *model, modelNames())
		}
		c = m.CPU
	} else {
		b, err := os.ReadFile("/proc/cpuinfo")
		if err != nil {
			log.Fatal(err)
		}
		flags, ok := cpu.ParseCPUInfo(string(b), *goarch)
		if !ok && (*goarch == "amd64" || *goarch == "arm64") {
			log.Fatalf("/proc/cpuinfo lists no flags of an %s CPU", *goarch)
		}
		c = cpu.CPU{GOARCH: *goarch, Flags: flags, Core: cpu.ParseCore(string(b))}
	}
	c.GODEBUG = *godebug

	var out []string
	for _, p := range impl.Packages {
		if *env {
			out = append(out, p.Env+"="+impl.Expect(p.Pkg, c))
		} else {
			out = append(out, p.Pkg+"="+impl.Expect(p.Pkg, c))
		}
	}
	fmt.Println(strings.Join(out, " "))
}

func modelNames() string {
	var names []string
	for _, m := range impl.Models {
		names = append(names, fmt.Sprintf("%q", m.Name))
	}
	return strings.Join(names, ", ")
}

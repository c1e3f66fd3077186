package streamrand_test

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The Markdown files whose Go blocks must compile.
var docFiles = []string{"README.md", "docs/*.md"}

// A snippet is one ```go block of a Markdown file.
type snippet struct {
	file   string // as in docFiles, relative to the module root
	line   int    // of the block's first code line
	code   string
	output *string // the ```output (or ```text) block right after it, if any
}

func (s snippet) String() string { return fmt.Sprintf("%s:%d", s.file, s.line) }

// markdownSnippets returns every ```go block of the files matched by
// docFiles.
func markdownSnippets(t *testing.T) []snippet {
	var files []string
	for _, pattern := range docFiles {
		m, err := filepath.Glob(pattern)
		if err != nil || len(m) == 0 {
			t.Fatalf("%s: no files (%v)", pattern, err)
		}
		files = append(files, m...)
	}
	var out []snippet
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		for i := 0; i < len(lines); i++ {
			info, ok := strings.CutPrefix(lines[i], "```")
			if !ok {
				continue
			}
			start := i + 1
			for i++; i < len(lines) && lines[i] != "```"; i++ {
			}
			body := strings.Join(lines[start:min(i, len(lines))], "\n") + "\n"
			switch strings.TrimSpace(info) {
			case "go":
				out = append(out, snippet{file: file, line: start + 1, code: body})
			case "output", "text":
				// The output of the Go block just before it, when only blank
				// lines lie between them.
				if n := len(out); n > 0 && out[n-1].file == file && out[n-1].output == nil &&
					strings.TrimSpace(strings.Join(lines[out[n-1].line+strings.Count(out[n-1].code, "\n"):start-1], "")) == "" {
					out[n-1].output = &body
				}
			}
		}
	}
	return out
}

// importPaths maps the package names a fragment may use without importing
// them to their import paths: the standard library's usual ones and every
// public package of this module (a directory of the module root).
func importPaths(t *testing.T) map[string]string {
	m := map[string]string{"rand": "math/rand/v2", "hex": "encoding/hex", "binary": "encoding/binary", "ed25519": "crypto/ed25519"}
	for _, p := range []string{"bytes", "context", "errors", "fmt", "io", "log", "math", "os", "slices", "sort", "strconv", "strings", "sync", "time", "runtime"} {
		m[p] = p
	}
	m["streamrand"] = "github.com/streamrand/streamrand"
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() || strings.ContainsAny(name[:1], "._") || slices.Contains([]string{"cmd", "docs", "examples", "internal", "scripts", "testdata"}, name) {
			continue
		}
		if gos, _ := filepath.Glob(filepath.Join(name, "*.go")); len(gos) > 0 {
			m[name] = "github.com/streamrand/streamrand/" + name
		}
	}
	return m
}

// program returns the snippet as a main package. A block with a package
// clause is taken as it is. Any other block is a fragment: its leading
// import declarations stay at the top, the rest becomes the body of func
// main (or, if it does not parse as statements, top-level declarations
// beside an empty main), and the packages it names without importing them
// are imported by their usual paths (importPaths). Nothing else is added:
// a variable the fragment declares and never uses is an error, as in any
// program. //line comments make the compiler's errors name the Markdown
// file and line.
func program(s snippet, paths map[string]string) (string, error) {
	at := func(line int) string { return fmt.Sprintf("//line %s:%d\n", s.file, line) }
	if regexp.MustCompile(`(?m)^package `).MatchString(s.code) {
		return at(s.line) + s.code, nil
	}
	lines := strings.SplitAfter(s.code, "\n")
	n := 0 // lines of leading imports, comments and blank lines
	for n < len(lines) {
		l := strings.TrimSpace(lines[n])
		switch {
		case l == "" || strings.HasPrefix(l, "//"):
			n++
			continue
		case strings.HasPrefix(l, "import ("):
			for n < len(lines) && strings.TrimSpace(lines[n]) != ")" {
				n++
			}
			n++
			continue
		case strings.HasPrefix(l, "import "):
			n++
			continue
		}
		break
	}
	n = min(n, len(lines))
	imports, rest := strings.Join(lines[:n], ""), strings.Join(lines[n:], "")
	var err error
	for _, wrap := range []func(string) string{
		func(body string) string { return "func main() {\n" + at(s.line+n) + body + "}\n" },
		func(body string) string { return at(s.line+n) + body + "\nfunc main() {}\n" },
	} {
		src := "package main\n\n" + at(s.line) + imports + "\n" + wrap(rest)
		var f *ast.File
		f, err = parser.ParseFile(token.NewFileSet(), "", src, parser.ParseComments)
		if err != nil {
			continue
		}
		have := map[string]bool{}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			name := strings.TrimSuffix(p, "/v2")
			name = name[strings.LastIndex(name, "/")+1:]
			if im.Name != nil {
				name = im.Name.Name
			}
			have[name] = true
		}
		unresolved := map[*ast.Ident]bool{}
		for _, id := range f.Unresolved {
			unresolved[id] = true
		}
		var add []string
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && unresolved[x] && !have[x.Name] && paths[x.Name] != "" {
					have[x.Name] = true
					add = append(add, "import "+strconv.Quote(paths[x.Name])+"\n")
				}
			}
			return true
		})
		slices.Sort(add)
		return "package main\n\n" + strings.Join(add, "") + at(s.line) + imports + "\n" + wrap(rest), nil
	}
	return "", fmt.Errorf("%v: neither statements nor declarations: %v", s, err)
}

// printLine matches a line that prints one line of output and states it in
// a comment: fmt.Println(r.IntN(100)) // 68, on every machine
var printLine = regexp.MustCompile(`^\s*fmt\.Print(ln|f)\(.*\)\s*//\s*(.*)$`)

// expectedOutput returns what the snippet says it prints: its ```output
// block, or else one line per fmt.Println or fmt.Printf statement, with the
// value its comment states (the comment up to the first ", ", ": ", "; "
// or " (") or "" where it states none. ok is false when the snippet states
// nothing.
func expectedOutput(s snippet) (want []string, stated, ok bool) {
	if s.output != nil {
		return strings.Split(strings.TrimSuffix(*s.output, "\n"), "\n"), true, true
	}
	for _, l := range strings.Split(s.code, "\n") {
		if !regexp.MustCompile(`^\s*fmt\.Print`).MatchString(l) {
			continue
		}
		v := ""
		if m := printLine.FindStringSubmatch(l); m != nil {
			v = m[2]
			for _, sep := range []string{", ", ": ", "; ", " ("} {
				v, _, _ = strings.Cut(v, sep)
			}
			stated = true
		}
		want = append(want, v)
	}
	return want, false, stated
}

// TestDocsCompile builds every ```go block of README.md and docs/*.md as a
// program (fragments wrapped as program describes), all in one go build,
// and runs each one that prints: its output must match what the text says
// it prints (an ```output block after it, or a comment on each print
// line that states a value). The programs live for the test in a directory
// of the module that starts with "_" (so ./... never sees it), and use the
// module as it is in the working tree.
func TestDocsCompile(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	snippets := markdownSnippets(t)
	if len(snippets) == 0 {
		t.Fatal("no ```go blocks found")
	}
	paths := importPaths(t)
	dir, err := os.MkdirTemp(".", "_docs_test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	bin := filepath.Join(dir, "bin")
	var pkgs []string
	for i, s := range snippets {
		src, err := program(s, paths)
		if err != nil {
			t.Fatal(err)
		}
		pkg := filepath.Join(dir, fmt.Sprintf("s%02d", i))
		if err := os.Mkdir(pkg, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(pkg, "main.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, "./"+filepath.ToSlash(pkg))
	}
	build := exec.Command(goTool, append([]string{"build", "-o", bin + string(filepath.Separator)}, pkgs...)...)
	// For the machine the go command runs on: under go test -exec qemu-*
	// (CI's arm64 and s390x runs) GOARCH names the emulated target, whose
	// programs this process could not start.
	build.Env = append(os.Environ(), "GOOS=", "GOARCH=")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("the Go blocks of the docs do not build (%v):\n%s", err, out)
	}
	for i, s := range snippets {
		if !strings.Contains(s.code, "fmt.Print") && s.output == nil {
			continue
		}
		var stdout, stderr bytes.Buffer
		run := exec.Command(filepath.Join(bin, fmt.Sprintf("s%02d", i)))
		run.Stdout, run.Stderr = &stdout, &stderr
		if err := run.Run(); err != nil {
			t.Errorf("%v: %v\n%s", s, err, stderr.Bytes())
			continue
		}
		want, whole, ok := expectedOutput(s)
		if !ok {
			continue
		}
		got := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
		if len(got) != len(want) {
			t.Errorf("%v: printed %d lines, the text states %d (%q); for output other than a line per print statement, give an ```output block", s, len(got), len(want), stdout.String())
			continue
		}
		for j := range want {
			if want[j] != "" && got[j] != want[j] || whole && got[j] != want[j] {
				t.Errorf("%v: output line %d is %q, the text says %q", s, j+1, got[j], want[j])
			}
		}
	}
}

// stabilityFiles state the stability promise in the same words: the
// README, the package doc and docs/format.md.
var stabilityFiles = []string{"README.md", "doc.go", "docs/format.md"}

// TestDocsStability checks that each of stabilityFiles holds the same
// stability sentence, from "The keystreams and the seed expansion are
// fixed forever" to the end of its paragraph, compared without line
// breaks, comment markers and Markdown backticks.
func TestDocsStability(t *testing.T) {
	const start = "The keystreams and the seed expansion are fixed forever"
	var first, firstFile string
	for _, file := range stabilityFiles {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		text := regexp.MustCompile(`(?m)^// ?`).ReplaceAllString(string(data), "")
		i := strings.Index(text, start)
		if i < 0 {
			t.Errorf("%s: no stability sentence (%q...)", file, start)
			continue
		}
		para, _, _ := strings.Cut(text[i:], "\n\n")
		if j := strings.Index(para, "\npackage "); j >= 0 {
			para = para[:j]
		}
		para = strings.Join(strings.Fields(strings.ReplaceAll(para, "`", "")), " ")
		// The README's paragraph goes on to point to docs/format.md.
		para, _, _ = strings.Cut(para, " The exact contract is in")
		if first == "" {
			first, firstFile = para, file
		} else if para != first {
			t.Errorf("the stability sentence differs:\n%s: %s\n%s: %s", firstFile, first, file, para)
		}
	}
}

// TestDocsREADMELength keeps the README to what a new user reads: at most
// 300 lines; the details belong in docs/.
func TestDocsREADMELength(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n > 300 {
		t.Errorf("README.md has %d lines, more than 300: move details to docs/", n)
	}
}

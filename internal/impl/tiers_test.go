package impl

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTiersWellFormed: every row of Tiers is of one of Packages, on amd64 or
// arm64, needs features of its own architecture only, and has a name unique
// in its package and architecture (and not "generic").
func TestTiersWellFormed(t *testing.T) {
	seen := map[string][]Tier{} // by package and GOARCH
	for _, row := range Tiers {
		desc := fmt.Sprintf("%s %s %s", row.Pkg, row.GOARCH, row.Name)
		require.True(t, slices.ContainsFunc(Packages, func(p Package) bool { return p.Pkg == row.Pkg }), desc)
		require.Contains(t, []string{"amd64", "arm64"}, row.GOARCH, desc)
		require.NotEqual(t, Generic, row.Name, desc)
		for _, f := range row.Needs {
			require.Equal(t, row.GOARCH, f.GOARCH(), "%s needs %v", desc, f)
		}
		for _, c := range row.NotOn {
			require.Equal(t, "amd64", row.GOARCH, "%s: a core to pass over (%v) where CPUID names none", desc, c)
			require.NotEmpty(t, c.Vendor, desc)
		}
		key := row.Pkg + "/" + row.GOARCH
		require.False(t, slices.ContainsFunc(seen[key], func(s Tier) bool { return s.Name == row.Name }), "%s twice", desc)
		seen[key] = append(seen[key], row)
	}
}

// TestExpect: the backends the rules give on CPUs described by their
// /proc/cpuinfo flags, under GODEBUG values.
func TestExpect(t *testing.T) {
	for _, c := range []struct {
		model, godebug       string
		chacha, aesctr, fill string
	}{
		{"Ice Lake-SP", "", "avx512", "vaes512", "avx512vbmi"},
		{"Ice Lake-SP", "cpu.avx512bw=off", "avx512", "vaes256", "avx512"},
		{"Ice Lake-SP", "cpu.avx512dq=off", "avx512", "vaes512", "avx2"},
		{"Ice Lake-SP", "cpu.avx512f=off", "avx2", "vaes256", "avx2"},
		{"Ice Lake-SP", "cpu.avx512vaes=off,cpu.avx512vaes=on", "avx512", "vaes512", "avx512vbmi"},
		// Zen 4 has the same features, and vaes512 is passed over on its
		// family (measured no faster than vaes256 there).
		{"Zen 4", "", "avx512", "vaes256", "avx512vbmi"},
		{"Zen 4", "cpu.avx512bw=off", "avx512", "vaes256", "avx512"},
		{"Zen 4", "cpu.avx512vaes=off", "avx512", "aesni", "avx512vbmi"},
		{"Skylake-SP", "", "avx512", "aesni", "avx512"},
		// D4: on a CPU with VAES but not AVX-512, cpu.avx512vaes=off
		// turns VAES off as well.
		{"Zen 3", "", "avx2", "vaes256", "avx2"},
		{"Zen 3", "cpu.avx512vaes=off", "avx2", "aesni", "avx2"},
		{"Zen 3", "cpu.avx512=off,cpu.avx512vaes=off", "avx2", "aesni", "avx2"},
		{"Zen 3", "cpu.all=off", "generic", "generic", "generic"},
		{"Zen 3", "cpu.all=off,cpu.avx2=on,cpu.aes=on,cpu.ssse3=on,cpu.popcnt=on", "avx2", "aesni", "avx2"},
		{"Zen 3", "cpu.popcnt=off", "avx2", "vaes256", "generic"},
		{"Haswell", "", "avx2", "aesni", "avx2"},
		{"Westmere", "", "sse", "aesni", "generic"},
		{"arm64", "", "neon", "arm64", "generic"},
		{"arm64", "cpu.aes=off", "neon", "generic", "generic"},
		{"arm64", "cpu.asimd=off", "generic", "arm64", "generic"},
		{"other", "", "generic", "generic", "generic"},
	} {
		m, ok := LookupModel(c.model)
		require.True(t, ok, c.model)
		m.CPU.GODEBUG = c.godebug
		got := []string{Expect("chacha", m.CPU), Expect("aesctr", m.CPU), Expect("fill", m.CPU)}
		require.Equal(t, []string{c.chacha, c.aesctr, c.fill}, got, "%s, GODEBUG=%s", c.model, c.godebug)
	}
}

// TestDocs: docs/backends.md's tables say what Tiers says. The first names
// each row's backends on the CPUs of Models (in its order, each row naming
// its model); the second and the rules table are what godebugTable and
// rulesTable write from Tiers, line for line.
func TestDocs(t *testing.T) {
	b, err := os.ReadFile("../../docs/backends.md")
	require.NoError(t, err)
	doc := string(b)

	backticked := regexp.MustCompile("`([^`]*)`")
	cpus := docTable(t, doc, "| CPU |")
	require.Len(t, cpus, len(Models), "the rows of the CPU table, one per Model")
	for i, row := range cpus {
		m := Models[i]
		require.Contains(t, row[0], m.Name, "row %d of the CPU table is Models[%d]", i+1, i)
		require.Len(t, row, 1+len(Packages), "row %q", row[0])
		for j, p := range Packages {
			var names []string // the backends the cell names
			for _, sub := range backticked.FindAllStringSubmatch(row[1+j], -1) {
				if sub[1] == Generic || slices.ContainsFunc(Tiers, func(t Tier) bool { return t.Pkg == p.Pkg && t.Name == sub[1] }) {
					names = append(names, sub[1])
				}
			}
			require.Equal(t, []string{Expect(p.Pkg, m.CPU)}, names, "%s on %s (%q)", p.Pkg, m.Name, row[0])
		}
	}

	for _, want := range [][]string{godebugTable(), rulesTable()} {
		at := strings.Index(doc, want[0]+"\n")
		require.GreaterOrEqual(t, at, 0, "docs/backends.md has no table headed %s; it should read:\n%s", want[0], strings.Join(want, "\n"))
		got := strings.Split(doc[at:], "\n")[:len(want)+1]
		require.Equal(t, strings.Join(want, "\n")+"\n", strings.Join(got, "\n"), "docs/backends.md's table should read:\n%s", strings.Join(want, "\n"))
	}
}

// docTable returns the cells of the rows of the table of doc whose header
// line starts with header.
func docTable(t *testing.T, doc, header string) [][]string {
	at := strings.Index(doc, "\n"+header)
	require.GreaterOrEqual(t, at, 0, "docs/backends.md has no table headed %s", header)
	var rows [][]string
	for i, line := range strings.Split(doc[at+1:], "\n") {
		if !strings.HasPrefix(line, "|") {
			break
		}
		if i < 2 { // the header and the separator
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), " | ")
		for k := range cells {
			cells[k] = strings.TrimSpace(cells[k])
		}
		rows = append(rows, cells)
	}
	return rows
}

// godebugTable is the table of the backends under each of GODEBUGs on
// Models' "Ice Lake-SP", which has every feature and passes over no tier.
func godebugTable() []string {
	names := []string{"`GODEBUG=`"}
	for _, p := range Packages {
		names = append(names, "`"+p.Pkg+".Backend()`")
	}
	lines := []string{"| " + strings.Join(names, " | ") + " |", "|" + strings.Repeat(" --- |", len(names))}
	all, _ := LookupModel("Ice Lake-SP")
	for _, g := range GODEBUGs {
		c := all.CPU
		c.GODEBUG = g
		cells := []string{"(unset)"}
		if g != "" {
			cells[0] = "`" + g + "`"
		}
		for _, p := range Packages {
			cells = append(cells, "`"+Expect(p.Pkg, c)+"`")
		}
		lines = append(lines, "| "+strings.Join(cells, " | ")+" |")
	}
	return lines
}

// rulesTable is Tiers as a table: each alternative, preferred first, with
// the features it needs (and their /proc/cpuinfo flags) and the GODEBUG
// switches that turn it off.
func rulesTable() []string {
	lines := []string{
		"| package | kernels, preferred first | need (`/proc/cpuinfo` flag) | `GODEBUG=cpu.X=off` turns it off for X = |",
		"| --- | --- | --- | --- |",
	}
	for _, row := range Tiers {
		name := fmt.Sprintf("%s: `%s`", row.GOARCH, row.Name)
		for _, c := range row.NotOn {
			name += fmt.Sprintf(", not on %v", c)
		}
		var needs, switches []string
		for _, f := range row.Needs {
			needs = append(needs, fmt.Sprintf("%v (`%s`)", f, f.Flag()))
			for _, s := range f.Switches() {
				if !slices.Contains(switches, s) {
					switches = append(switches, s)
				}
			}
		}
		lines = append(lines, fmt.Sprintf("| `%s` | %s | %s | %s |", row.Pkg, name, strings.Join(needs, ", "), quoted(switches)))
	}
	return lines
}

func quoted(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "`" + n + "`"
	}
	return strings.Join(q, ", ")
}

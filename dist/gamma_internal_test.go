package dist

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamrand/streamrand/chacha"
)

// TestMTDecide checks decide against the logs' test it stands in for:
// where it is sure, its answer is logTest's, on the tries that miss the
// squeeze (the only ones that reach it) at shapes 1.0001 to 1e6, random
// and crafted at the edge, log q within 2^-20 to 2^-50 of 3d·R(y); and it
// decides most of the random ones, both the rejected and the taken (else
// it saves nothing).
func TestMTDecide(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	n := 200000
	if testing.Short() {
		n = 20000
	}
	for _, shape := range []float64{1.0001, 1.2, 1.5, 2, 3, 10, 100, 1e6} {
		var m mtGamma
		m.init(shape)
		var count [2]int   // random tries rejected, taken by logTest
		var decided [2]int // of those, decided by decide
		edge, edgeDecided := 0, 0
		for i, try := 0, 0; i < n; try++ {
			x, _ := normalFast(r.Uint64())
			y := float64(m.c * x)
			if y <= -1 {
				continue
			}
			var q float64
			random := try%2 == 0
			if random {
				q = open01(r.Uint64())
			} else {
				// At the edge: log q = 3d·R(y)·(1 + e), |e| tiny.
				y2 := y * y
				rr := float64(log1p(y)) - y + float64(0.5*y2) - float64(y2*y*(1.0/3))
				e := math.Ldexp(r.Float64()-0.5, -20-r.IntN(31))
				q = exp(float64(m.d3*rr) * (1 + e))
				if !(q > 0 && q < 1) {
					continue
				}
			}
			x2 := x * x
			if m.c2*(x2*x2) < (1-q)*min(1, 1+y) {
				continue // taken by the squeeze
			}
			i++
			logs := m.logTest(y, q)
			sure, accept := m.decide(y, q)
			if sure && accept != logs {
				t.Fatalf("shape %v, y %v, q %v: decide says %v, the logs %v", shape, y, q, accept, logs)
			}
			if random {
				count[b2u(logs)]++
				if sure {
					decided[b2u(logs)]++
				}
			} else {
				edge++
				if sure {
					edgeDecided++
				}
			}
		}
		if edge == 0 || edgeDecided > edge/2 {
			t.Fatalf("shape %v: %d of %d tries at the edge decided: the edge is not reached", shape, edgeDecided, edge)
		}
		for a, name := range []string{"rejected", "taken"} {
			if (shape <= 3 && count[a] < 50) || (count[a] >= 40 && decided[a] < count[a]*2/3) {
				t.Fatalf("shape %v: %d random tries %s, %d decided without logs", shape, count[a], name, decided[a])
			}
			t.Logf("shape %v: %d of %d tries %s decided without logs", shape, decided[a], count[a], name)
		}
	}
}

// TestLMSLogLow checks lmsLogLow against math.Log: for every top byte i,
// the least q = open01(u) of the words u with that byte lies above
// exp(lmsLogLow[i]) by a margin of about 2^-30 of itself (so every
// lx < lmsLogLow[i] has exp(lx) < q, as lms's test computes it), and the
// bound is within 1/i of log q (so it takes most of the tries it could).
func TestLMSLogLow(t *testing.T) {
	if !math.IsInf(lmsLogLow[0], -1) {
		t.Fatalf("lmsLogLow[0] = %v, want -Inf", lmsLogLow[0])
	}
	for i := 1; i < 256; i++ {
		q := open01(uint64(i) << 56)
		gap := math.Log(q) - lmsLogLow[i]
		if !(gap >= 0x1p-31) || !(gap <= 1/float64(i)) {
			t.Fatalf("top byte %d: log q - lmsLogLow = %v, want in [2^-31, 1/%d]", i, gap, i)
		}
		if x := exp(lmsLogLow[i]); !(x < q) {
			t.Fatalf("top byte %d: exp(lmsLogLow) = %v, not below q = %v", i, x, q)
		}
	}
}

// TestLMSDirichletBlocks holds Dirichlet's blocks (lmsQuick, lmsLogs for a
// symmetric Alpha below 1/4, the boosts' powers and the logs over a block)
// and its chunks of per-value draws to row and logRow, one vector at a
// time, on a twin Source's words, over many vectors (the public
// TestLMSFillIsRandLoop holds Gamma, Beta and StudentsT to Rand loops).
func TestLMSDirichletBlocks(t *testing.T) {
	n := 200000
	if testing.Short() {
		n = 40000
	}
	for _, d := range []Dirichlet{
		{Alpha: []float64{0.1, 0.1, 0.1, 0.1, 0.1}},
		{Alpha: []float64{1e-310, 1e-310, 1e-310}}, // every log -Inf: logRow's vertex
		{Alpha: []float64{0.1, 0.2, 0.3, 0.5, 1, 2.5}},
		{Alpha: []float64{0.3, 0.7, 2, 0.45}},
		{Alpha: []float64{1, 2, 3.5, 10, 1.5}}, // row's draws, a chunk at a time
		{Alpha: []float64{0.5, 1, 2e7, 2.5}},   // the same with Z²/2 and a big shape (no fast path)
		{Alpha: append(make([]float64, 0, 40), 2, 1, 0.5, 7, 2, 1, 0.5, 7, 2, 1, 0.5, 7, 2, 1, 0.5, 7, 2, 1, 0.5, 7,
			2, 1, 0.5, 7, 2, 1, 0.5, 7, 2, 1, 0.5, 7, 2, 1, 0.5, 7, 2, 1, 0.5, 7)}, // more than dirichletKept
	} {
		k := len(d.Alpha)
		xs := make([]float64, n/k*k)
		src, twin := chacha.NewSource(9), chacha.NewSource(9)
		d.Fill(src, xs)
		var kept [dirichletKept]gammaSampler
		logs := false
		for c, a := range d.Alpha {
			if c < dirichletKept {
				kept[c].init(a, 1)
			}
			logs = logs || a < lmsMax
		}
		w := open(twin)
		var s gammaSampler
		one := make([]float64, k)
		for r := 0; r < len(xs); r += k {
			if logs {
				d.logRow(&w, one, &kept, &s)
			} else {
				d.row(&w, one, &kept, &s)
			}
			for c, x := range one {
				if math.Float64bits(x) != math.Float64bits(xs[r+c]) {
					t.Fatalf("Dirichlet%v: vector %d, place %d of the Fill is %v, the per-value draws give %v", d.Alpha, r/k, c, xs[r+c], x)
				}
			}
		}
		w.done()
		if src.Uint64() != twin.Uint64() {
			t.Fatalf("Dirichlet%v: Fill left the Source elsewhere than the per-value draws", d.Alpha)
		}
	}
}

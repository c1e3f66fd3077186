package main

import (
	"runtime"
	"slices"
	"time"
)

// A figure is one measured rate, in units (bytes, values) per second.
type figure struct {
	median, lo, hi float64 // wall clock: the median run and the range
	cpu            float64 // per CPU-second of the thread, median; 0 if not measured
	// scattered: in every attempt the runs disagreed, or the thread was
	// off the CPU for much of them (steady): not a result.
	scattered bool
	spread    float64 // of the middle runs, over their median (steady)
}

// per returns f's rate over g's: per CPU-second where both have it, else
// wall clock.
func (f figure) per(g figure) float64 {
	if f.cpu > 0 && g.cpu > 0 {
		return f.cpu / g.cpu
	}
	return f.median / g.median
}

// rate returns per CPU-second where measured, else the wall-clock median.
func (f figure) rate() float64 {
	if f.cpu > 0 {
		return f.cpu
	}
	return f.median
}

// When a figure is steady enough to print as a result: leaving out the
// quarter of its runs farthest from the median at each end (runs/4 of
// each, rounded down), the rates of the others (per CPU-second where
// measured) lie within maxSpread of their median; and no more than runs/4
// runs had the measuring thread on a CPU for less than minCPUShare of their
// wall time. On a quiet machine the runs agree within a few per cent and
// the thread has the CPU the whole time; on a busy one runs differ several
// times over, and a thread that waits for a CPU comes back to cold caches.
const (
	maxSpread   = 0.10
	minCPUShare = 0.5
)

// A scattered figure is measured again, up to maxAttempts times in all,
// while the run has repeats left (maxRepeats: on a busy machine the run
// takes at most maxRepeats figures' time more, 3 s by default).
const (
	maxAttempts = 3
	maxRepeats  = 6
)

// measure calls f (which processes n units per call) repeatedly for b.dur,
// b.runs times, after one warm-up call, on one locked OS thread; if the
// runs are scattered, it measures them again (see maxAttempts) and returns
// the steadiest attempt, marked scattered if none was steady.
func (b *bencher) measure(f func(), n int) figure {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if b.onRun != nil {
		b.onRun()
	}
	f()
	var best figure
	for attempt := 1; ; attempt++ {
		fig := b.attempt(f, n)
		if attempt == 1 || fig.spread < best.spread || best.scattered && !fig.scattered {
			best = fig
		}
		if !fig.scattered || attempt == maxAttempts || b.repeats >= maxRepeats {
			return best
		}
		b.repeats++
	}
}

// attempt times b.runs runs of f and judges them.
func (b *bencher) attempt(f func(), n int) figure {
	wallNow, cpuNow := b.wallClock, b.cpuTime
	if wallNow == nil {
		wallNow = sinceStart
	}
	wall := make([]float64, 0, b.runs)
	var cpu []float64
	offCPU := 0 // runs with the thread on a CPU for less than minCPUShare of the time
	for range b.runs {
		if b.onRun != nil {
			b.onRun()
		}
		c0, cpuOK := cpuNow()
		start := wallNow()
		calls := 0
		var elapsed time.Duration
		for calls == 0 || elapsed < b.dur {
			f()
			calls++
			elapsed = wallNow() - start
		}
		c1, _ := cpuNow()
		work := float64(calls) * float64(n)
		wall = append(wall, work/elapsed.Seconds())
		if cpuOK && c1 > c0 {
			cpu = append(cpu, work/(c1-c0).Seconds())
			if float64(c1-c0) < minCPUShare*float64(elapsed) {
				offCPU++
			}
		}
	}
	slices.Sort(wall)
	fig := figure{median: wall[len(wall)/2], lo: wall[0], hi: wall[len(wall)-1]}
	basis := wall
	if len(cpu) == len(wall) {
		slices.Sort(cpu)
		fig.cpu = cpu[len(cpu)/2]
		basis = cpu
	}
	fig.spread = middleSpread(basis)
	fig.scattered = fig.spread > maxSpread || offCPU > len(wall)/4
	return fig
}

// middleSpread returns the range of the sorted rates without the len/4
// lowest and len/4 highest, over the median.
func middleSpread(sorted []float64) float64 {
	k := len(sorted) / 4
	mid := sorted[k : len(sorted)-k]
	return (mid[len(mid)-1] - mid[0]) / sorted[len(sorted)/2]
}

// cpuTime returns the measuring thread's CPU time (threadCPUTime, or the
// test's cpuClock).
func (b *bencher) cpuTime() (time.Duration, bool) {
	if b.cpuClock != nil {
		return b.cpuClock()
	}
	return threadCPUTime()
}

// sinceStart is the wall clock of bench: monotonic time since the
// program started.
func sinceStart() time.Duration { return time.Since(started) }

var started = time.Now()

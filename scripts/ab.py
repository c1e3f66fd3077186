#!/usr/bin/env python3
"""Is NEW faster than OLD? Two test binaries run in turn, benchmark by benchmark.

On a shared machine a benchmark's speed drifts by up to 2x within minutes,
far more than most changes move it, so two runs taken minutes apart (or
two benchstat files) compare the drift as much as the code. Here each
round runs both binaries once, back to back (OLD first in even rounds, NEW
first in odd ones, so that neither always runs on the later half of a
drift), and for each benchmark the round's ratio OLD time ÷ NEW time is
taken; the rounds' ratios are then summarised by their median and by the
rounds in which NEW was faster, with a two-sided sign test: the chance of
so lopsided a count (or more) if neither binary were faster.

    git stash; go test -c -o /tmp/old.test ./dist; git stash pop
    go test -c -o /tmp/new.test ./dist
    python3 scripts/ab.py /tmp/old.test /tmp/new.test 'Dist/Gamma\\(2\\)/Fill/chacha8' 30 200ms

Times are CPU time per byte where the benchmark reports cpuB/s (8e9 /
cpuB/s: ns per 8-byte value), else ns/op. The binaries run in the
directory of the package they test (set by -dir, default: the one holding
this script's repository's dist). Read a median ratio within a few percent
of 1, or a sign test above 0.05, as no difference shown.
"""
import argparse
import math
import os
import statistics
import subprocess
import sys
from collections import defaultdict


def times(binary, pattern, benchtime, cwd):
    """Each benchmark's time in one run of binary: name -> ns."""
    out = subprocess.run(
        [binary, "-test.run", "^$", "-test.bench", pattern, "-test.benchtime", benchtime],
        cwd=cwd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{binary} failed:\n{out.stdout}{out.stderr}")
    got = {}
    for line in out.stdout.splitlines():
        f = line.split()
        if not f or not f[0].startswith("Benchmark"):
            continue
        if "cpuB/s" in f:
            got[f[0]] = 8e9 / float(f[f.index("cpuB/s") - 1])
        elif "ns/op" in f:
            got[f[0]] = float(f[f.index("ns/op") - 1])
    return got


def sign_test(wins, n):
    """Two-sided p of a count at least as far from n/2 as wins, for a fair coin."""
    k = max(wins, n - wins)
    tail = sum(math.comb(n, i) for i in range(k, n + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("old")
    p.add_argument("new")
    p.add_argument("pattern")
    p.add_argument("rounds", nargs="?", type=int, default=20)
    p.add_argument("benchtime", nargs="?", default="200ms")
    p.add_argument("-dir", default=os.path.join(here, "..", "dist"))
    a = p.parse_args()
    if a.rounds < 1:
        sys.exit("rounds must be at least 1")
    runs = defaultdict(lambda: ([], []))  # name -> (old times, new times), round by round
    for r in range(a.rounds):
        order = [(0, a.old), (1, a.new)]
        if r % 2:
            order.reverse()
        got = {}
        for i, binary in order:
            got[i] = times(binary, a.pattern, a.benchtime, a.dir)
        for name in got[0].keys() & got[1].keys():
            runs[name][0].append(got[0][name])
            runs[name][1].append(got[1][name])
    if not runs:
        sys.exit(f"no benchmark matched {a.pattern!r} in both binaries")
    print(f"{'benchmark':58s} {'old':>8s} {'new':>8s}  old/new  new faster  sign test")
    for name in sorted(runs):
        old, new = runs[name]
        ratios = [o / n for o, n in zip(old, new)]
        wins = sum(x > 1 for x in ratios)
        print(f"{name:58s} {statistics.median(old):8.3f} {statistics.median(new):8.3f}"
              f"  {statistics.median(ratios):6.3f}  {wins:3d}/{len(ratios):<3d}     p = {sign_test(wins, len(ratios)):.3f}")


if __name__ == "__main__":
    main()

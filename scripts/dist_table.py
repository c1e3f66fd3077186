#!/usr/bin/env python3
"""Medians of dist's benchmarks beside numpy's, for docs/performance.md.

    go test ./dist -run '^$' -bench 'Dist|Categorical|Sample|Vector' -count 5 > go.txt
    /usr/bin/python3 scripts/numpy_dist.py > numpy.txt
    python3 scripts/dist_table.py go.txt numpy.txt [more numpy runs...]

Prints, for each benchmark row, the median CPU nanoseconds per value
(8e9 / cpuB/s: 8 bytes a value), or per call for Sample and
WeightedSample (the bytes a call reports, from ns/op and MB/s, over
cpuB/s), and numpy's figure for the
same row name (the least of the numpy files given: runs before and after
the Go run, so that a busy moment counts against numpy only once).
"""
import re
import statistics
import sys
from collections import defaultdict

LINE = re.compile(r"^Benchmark(\S+?)(-\d+)?\s+\d+\s+(.*)$")


def go_rows(path):
    """name -> list of CPU ns per value (or per call for rows without ns/value)."""
    rows = defaultdict(list)
    for line in open(path):
        m = LINE.match(line.strip())
        if not m:
            continue
        name, rest = m.group(1), m.group(3)
        metrics = dict((unit, float(v)) for v, unit in re.findall(r"([\d.e+]+) (\S+)", rest))
        cpu = metrics.get("cpuB/s")
        if not cpu:
            continue
        if "ns/value" in metrics and not name.startswith("Sample/"):
            per = metrics["ns/value"]
            # bytes per value from wall figures: MB/s * ns/value / 1000
            nbytes = metrics["MB/s"] * per / 1000
        else:
            nbytes = metrics["MB/s"] * metrics["ns/op"] / 1000  # bytes per call
        rows[name].append(nbytes / cpu * 1e9)
    return {k: statistics.median(v) for k, v in rows.items()}


def numpy_rows(paths):
    best = {}
    for p in paths:
        for line in open(p):
            m = re.match(r"^(\S+)\s+([\d.]+) ns/(value|call)", line)
            if m:
                v = float(m.group(2))
                best[m.group(1)] = min(v, best.get(m.group(1), v))
    return best


def main():
    go = go_rows(sys.argv[1])
    np_ = numpy_rows(sys.argv[2:])
    for name in sorted(go):
        ref = None
        if "/Fill/" in name and name.startswith(("Dist/", "Vector/")):
            ref = np_.get(name[name.index("/") + 1 : name.rindex("/Fill/")])
        elif name.startswith("Categorical/") and "/Fill/" in name:
            ref = np_.get("Categorical(" + name.split("/")[1] + ")")
        elif name.startswith("Sample/"):
            ref = np_.get(name[len("Sample/") :])
        extra = f"  numpy {ref:9.2f}  numpy/Go {ref / go[name]:5.1f}x" if ref else ""
        print(f"{name:58s} {go[name]:10.2f}{extra}")

if __name__ == "__main__":
    main()

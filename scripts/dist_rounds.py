#!/usr/bin/env python3
"""numpy ÷ Go for dist's Fill rows, from rounds that run both back to back.

A shared machine's speed can drift by 2x within minutes, and a ratio of a
numpy run and a Go run taken minutes apart carries that drift. Here each
round runs numpy's rows (scripts/numpy_dist.py) and then the Go
benchmarks once (-count 1), and a row's ratio is the median over the
rounds of that round's numpy ns ÷ Go ns; the ns columns are medians too.

    go test -c -o /tmp/dist.test ./dist
    python3 scripts/dist_rounds.py /tmp/dist.test [rounds [bench pattern]]

Run it from the repository's root; set GODEBUG=cpu.avx512=off in the
environment for the AVX2 tier. The default pattern takes every Fill row
that numpy has a peer for.
"""
import os
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dist_table  # noqa: E402

PATTERN = "Dist/.*/Fill/|Vector/.*/Fill/|Vector/Multinomial.*/.*/Fill/|Categorical/.*/Fill/"


def numpy_name(go_name):
    """The numpy row a Go benchmark name is compared with, or None."""
    if "/Fill/" in go_name and go_name.startswith(("Dist/", "Vector/")):
        return go_name[go_name.index("/") + 1 : go_name.rindex("/Fill/")]
    if go_name.startswith("Categorical/") and "/Fill/" in go_name:
        return "Categorical(" + go_name.split("/")[1] + ")"
    return None


def run(args, path):
    with open(path, "w") as f:
        subprocess.run(args, stdout=f, stderr=subprocess.STDOUT, check=True, cwd="dist")


def main():
    binary = os.path.abspath(sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    pattern = sys.argv[3] if len(sys.argv) > 3 else PATTERN
    here = os.path.dirname(os.path.abspath(__file__))
    ratios, go_ns, np_ns = defaultdict(list), defaultdict(list), defaultdict(list)
    with tempfile.TemporaryDirectory() as tmp:
        np_out, go_out = os.path.join(tmp, "numpy.txt"), os.path.join(tmp, "go.txt")
        for _ in range(rounds):
            run(["/usr/bin/python3", os.path.join(here, "numpy_dist.py")], np_out)
            run([binary, "-test.run", "^$", "-test.bench", pattern,
                 "-test.benchtime", "0.2s", "-test.count", "1"], go_out)
            np_ = dist_table.numpy_rows([np_out])
            for name, ns in dist_table.go_rows(go_out).items():
                ref = np_.get(numpy_name(name) or "")
                if ref:
                    ratios[name].append(ref / ns)
                    go_ns[name].append(ns)
                    np_ns[name].append(ref)
    for name in sorted(ratios):
        r = ratios[name]
        print(f"{name:58s} {statistics.median(go_ns[name]):8.2f}  numpy {statistics.median(np_ns[name]):8.2f}"
              f"  numpy/Go {statistics.median(r):5.1f}x  (rounds {min(r):.1f}-{max(r):.1f}x)")


if __name__ == "__main__":
    main()

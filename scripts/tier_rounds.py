#!/usr/bin/env python3
"""dist's kernel tiers side by side: BenchmarkTiers in rounds.

Each round runs every tier's benchmarks once (-count 1), the tiers in
turn (in reverse order every other round), so that a tier and the one
below it run minutes apart at most, and a row's ratio is the median over
the rounds of that round's ratio, beside the rounds the faster tier won.
A tier should beat the one below it, or tie.

    go test -c -o /tmp/dist.test ./dist
    python3 scripts/tier_rounds.py /tmp/dist.test [rounds [law pattern]]
"""
import os
import re
import statistics
import subprocess
import sys
from collections import defaultdict

LINE = re.compile(r"BenchmarkTiers/(.+)/(\w+)/tier=(\w+)-\d+\s.*\s([\d.]+) ns/value")


def tiers(binary):
    """The tiers the binary's benchmark runs on this machine, best first."""
    out = subprocess.run([binary, "-test.run", "^$", "-test.bench", "Tiers/^Normal.0,1.$/chacha8/",
                          "-test.benchtime", "1x"],
                         capture_output=True, text=True, check=True).stdout
    return list(dict.fromkeys(m.group(3) for m in map(LINE.search, out.splitlines()) if m))


def main():
    binary = os.path.abspath(sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    law = sys.argv[3] if len(sys.argv) > 3 else ".*"
    names = tiers(binary)
    ns = defaultdict(lambda: defaultdict(dict))  # (law, source) -> round -> tier -> ns
    for r in range(rounds):
        for t in names if r % 2 == 0 else names[::-1]:
            out = subprocess.run([binary, "-test.run", "^$", "-test.bench", f"Tiers/{law}/.*/tier={t}$",
                                  "-test.benchtime", "0.15s"], capture_output=True, text=True, check=True).stdout
            for m in map(LINE.search, out.splitlines()):
                if m:
                    ns[(m.group(1), m.group(2))][r][m.group(3)] = float(m.group(4))
    print(f"{'law':22s} {'source':10s}" + "".join(f"{t:>9s}" for t in names)
          + "".join(f"   {b}÷{a} (won)" for a, b in zip(names, names[1:])))
    for (name, src), by in ns.items():
        cols = "".join(f"{statistics.median(x[t] for x in by.values()):9.2f}" for t in names)
        pairs = ""
        for a, b in zip(names, names[1:]):
            q = [x[b] / x[a] for x in by.values()]
            pairs += f"   {statistics.median(q):5.2f}x ({sum(v > 1 for v in q)}/{len(q)})"
        print(f"{name:22s} {src:10s}{cols}{pairs}")


if __name__ == "__main__":
    main()

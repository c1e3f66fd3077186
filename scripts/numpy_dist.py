#!/usr/bin/env python3
"""numpy's speed on dist's benchmark rows, the peer of BenchmarkDist.

Prints one line per row: the row's name as BenchmarkDist names it, and
numpy's ns per value (median of RUNS, thread CPU time, 10^6 values into a
preallocated array where numpy allows out=, else a fresh one) for the
faster of PCG64 and SFC64. Run it beside `go test ./dist -run '^$' -bench
Dist` in the same moment, on the same machine:

    /usr/bin/python3 scripts/numpy_dist.py

numpy comes from Debian's python3-numpy (apt-get install python3-numpy).
"""
import statistics
import sys
import time

import numpy as np

N = 1_000_000
RUNS = 7

def random_cov(d, seed):
    """A d×d covariance like dist's randomCov: A·Aᵀ/d + diag(0.1 + i%3)."""
    a = 2 * np.random.default_rng(seed).random((d, d)) - 1
    return a @ a.T / d + np.diag([0.1 + i % 3 for i in range(d)])


MVN_MU, MVN_COV = np.zeros(10), random_cov(10, 1)

ROWS = [
    ("Uniform(0,1)", lambda g: g.random(N)),
    ("Normal(0,1)", lambda g: g.standard_normal(N)),
    ("Exponential(1)", lambda g: g.standard_exponential(N)),
    ("LogNormal(0,1)", lambda g: g.lognormal(0, 1, N)),
    ("Weibull(1.5,1)", lambda g: g.weibull(1.5, N)),
    ("Gamma(0.1)", lambda g: g.standard_gamma(0.1, N)),
    ("Gamma(0.3)", lambda g: g.standard_gamma(0.3, N)),
    ("Gamma(0.5)", lambda g: g.standard_gamma(0.5, N)),
    ("Gamma(2)", lambda g: g.standard_gamma(2, N)),
    ("Gamma(10)", lambda g: g.standard_gamma(10, N)),
    ("Beta(2,5)", lambda g: g.beta(2, 5, N)),
    ("Beta(0.5,0.5)", lambda g: g.beta(0.5, 0.5, N)),
    ("Beta(0.2,0.8)", lambda g: g.beta(0.2, 0.8, N)),
    ("ChiSquared(3)", lambda g: g.chisquare(3, N)),
    ("StudentsT(5)", lambda g: g.standard_t(5, N)),
    ("StudentsT(1)", lambda g: g.standard_t(1, N)),
    ("Poisson(3)", lambda g: g.poisson(3, N)),
    ("Poisson(100)", lambda g: g.poisson(100, N)),
    ("Poisson(1e4)", lambda g: g.poisson(1e4, N)),
    ("Binomial(20,0.3)", lambda g: g.binomial(20, 0.3, N)),
    ("Binomial(1000,0.5)", lambda g: g.binomial(1000, 0.5, N)),
    ("Binomial(1e6,0.3)", lambda g: g.binomial(1000000, 0.3, N)),
    ("Geometric(0.1)", lambda g: g.geometric(0.1, N)),
    # The vector laws (BenchmarkVector): N values, N/10 vectors of 10.
    ("MultivariateNormal(d=10)", lambda g: g.multivariate_normal(MVN_MU, MVN_COV, N // 10)),
    ("MultivariateNormal(d=10,cholesky)", lambda g: g.multivariate_normal(MVN_MU, MVN_COV, N // 10, method="cholesky")),
    ("Dirichlet(ones(10))", lambda g: g.dirichlet(np.ones(10), N // 10)),
    ("Dirichlet(1..10)", lambda g: g.dirichlet(np.arange(1.0, 11.0), N // 10)),
    ("Dirichlet(0.1*ones(10))", lambda g: g.dirichlet(np.full(10, 0.1), N // 10)),
    ("Dirichlet(0.1..1)", lambda g: g.dirichlet(np.arange(1.0, 11.0) / 10, N // 10)),
    ("Multinomial(100,ones(10)/10)", lambda g: g.multinomial(100, np.full(10, 0.1), N // 10)),
    ("Multinomial(1e6,ones(10)/10)", lambda g: g.multinomial(10**6, np.full(10, 0.1), N // 10)),
]


def choice_p(n):
    """n weights uniform in (0, 1] like dist's benchWeights, normalised."""
    w = 1 - np.random.default_rng(n).random(n)
    return w / w.sum()


P10, P1E3, P1E6 = choice_p(10), choice_p(1000), choice_p(10**6)

# Weighted choice with replacement (BenchmarkCategorical's Fill): N values.
ROWS += [
    ("Categorical(n=10)", lambda g: g.choice(10, N, p=P10)),
    ("Categorical(n=1000)", lambda g: g.choice(1000, N, p=P1E3)),
    ("Categorical(n=1000000)", lambda g: g.choice(10**6, N, p=P1E6)),
]

# Without replacement (BenchmarkSample): ns per call, each row's calls
# timed together. numpy's weighted choice needs n floats of p and copies
# them, so it is not timed at n = 10^8.
CALL_ROWS = [
    ("Sample/k=10/n=1000", lambda g: g.choice(1000, 10, replace=False), 10000),
    ("Sample/k=10/n=1000000", lambda g: g.choice(10**6, 10, replace=False), 10000),
    ("Sample/k=10/n=100000000", lambda g: g.choice(10**8, 10, replace=False), 10000),
    ("WeightedSample/k=10/n=1000", lambda g: g.choice(1000, 10, replace=False, p=P1E3), 2000),
    ("WeightedSample/k=10/n=1000000", lambda g: g.choice(10**6, 10, replace=False, p=P1E6), 5),
]


def ns_per_value(gen, f):
    f(gen)  # warm up
    times = []
    for _ in range(RUNS):
        t0 = time.thread_time_ns()
        f(gen)
        times.append((time.thread_time_ns() - t0) / N)
    return statistics.median(times)


def ns_per_call(gen, f, calls):
    f(gen)  # warm up
    times = []
    for _ in range(RUNS):
        t0 = time.thread_time_ns()
        for _ in range(calls):
            f(gen)
        times.append((time.thread_time_ns() - t0) / calls)
    return statistics.median(times)


def main():
    only = sys.argv[1:]
    print(f"numpy {np.__version__}, {N} values per call, median of {RUNS}, thread CPU time")
    for name, f in ROWS:
        if only and not any(o in name for o in only):
            continue
        best = min(
            (ns_per_value(np.random.Generator(bg(1)), f), bg.__name__)
            for bg in (np.random.PCG64, np.random.SFC64)
        )
        print(f"{name:20s} {best[0]:7.2f} ns/value  ({best[1]})")
    for name, f, calls in CALL_ROWS:
        if only and not any(o in name for o in only):
            continue
        best = min(
            (ns_per_call(np.random.Generator(bg(1)), f, calls), bg.__name__)
            for bg in (np.random.PCG64, np.random.SFC64)
        )
        print(f"{name:20s} {best[0]:10.0f} ns/call  ({best[1]})")


if __name__ == "__main__":
    main()

#!/usr/bin/env bash
# dieharder.sh ALG [SEED]: run a subset of Robert G. Brown's dieharder
# battery on the raw keystream of one streamrand algorithm.
#
# Builds cmd/streamrand once into a temporary directory, then for each test
# pipes `streamrand stream -alg ALG -seed SEED` (stream 0 from position 0,
# endless) into `dieharder -g 200` (raw binary on stdin). The subset takes
# about 1.5 minutes on a 2-core machine; set DIEHARDER_TESTS to a list of
# test numbers (dieharder -l) to run others. The last line is
#   dieharder: N passed, W weak, F failed
# and the exit status is non-zero if any test FAILED (p < 1e-6 in dieharder's
# assessment) or dieharder did not produce a result. WEAK (p < 0.005 or
# p > 0.995) is expected now and then: about one in 100 results.
#
# Full battery and PractRand: see docs/quality.md.
set -u

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $0 ALG [SEED]   (ALG: chacha8 chacha12 chacha20 aes128ctr aes192ctr aes256ctr)" >&2
	exit 2
fi
alg=$1
seed=${2:-1}

if ! command -v dieharder >/dev/null 2>&1; then
	echo "dieharder.sh: dieharder is not installed; on Debian or Ubuntu: apt-get install -y dieharder" >&2
	exit 2
fi

# Diehard: 0 birthdays, 1 OPERM5, 3 6x8 binary rank, 4 bitstream, 8 count
# the 1s (stream), 9 count the 1s (byte), 10 parking lot, 11 minimum
# distance (2-D), 12 3-D sphere, 13 squeeze, 15 runs, 16 craps; NIST STS:
# 100 monobit, 101 runs; RGB: 203 lagged sum, 204 Kolmogorov-Smirnov;
# DAB: 206 DCT, 207 fill tree. Left out for time: 2 (32x32 rank, ~35 s),
# 17 (GCD, ~4 min), 102 (STS serial, 30 results), 205, 208, 209.
tests=${DIEHARDER_TESTS:-"0 1 3 4 8 9 10 11 12 13 15 16 100 101 203 204 206 207"}

root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/streamrand" ./cmd/streamrand) || exit 1
bin=$tmp/streamrand

# Fail early, with streamrand's message, on a bad algorithm name or seed.
"$bin" stream -alg "$alg" -seed "$seed" -n 16 >/dev/null || exit 2

echo "dieharder $(dieharder -l 2>/dev/null | grep -o 'version [0-9.]*' | head -1) on streamrand stream -alg $alg -seed $seed"
passed=0 weak=0 failed=0 broken=0
header=
start=$SECONDS
for d in $tests; do
	t0=$SECONDS
	# streamrand's stderr is dropped: it ends with a broken pipe when
	# dieharder has read enough.
	out=$("$bin" stream -alg "$alg" -seed "$seed" 2>/dev/null | timeout 900 dieharder -g 200 -d "$d" 2>&1)
	lines=$(grep -E '\|[[:space:]]*(PASSED|WEAK|FAILED)[[:space:]]*$' <<<"$out")
	if [ -z "$lines" ]; then
		echo "dieharder -d $d produced no result:" >&2
		echo "$out" >&2
		broken=$((broken + 1))
		continue
	fi
	if [ -z "$header" ]; then
		header=$(grep -m1 'test_name' <<<"$out")
		echo "$header"
	fi
	echo "$lines" | sed "s/\$/  ($((SECONDS - t0)) s)/"
	passed=$((passed + $(grep -c PASSED <<<"$lines")))
	weak=$((weak + $(grep -c WEAK <<<"$lines")))
	failed=$((failed + $(grep -c FAILED <<<"$lines")))
done
echo "elapsed: $((SECONDS - start)) s"
if [ "$broken" -gt 0 ]; then
	echo "dieharder.sh: $broken test(s) produced no result" >&2
	failed=$((failed + broken))
fi
echo "dieharder: $passed passed, $weak weak, $failed failed"
[ "$failed" -eq 0 ]

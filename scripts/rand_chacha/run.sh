#!/usr/bin/env bash
# Builds and runs the rand_chacha peer offline from Debian's packaged crates
# (apt-get install librust-rand-chacha-dev cargo), with the native CPU's
# features (AVX2 etc.) enabled, as a Rust user would build for speed.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p .cargo
cat > .cargo/config.toml <<'CFG'
[source.crates-io]
replace-with = "debian"
[source.debian]
directory = "/usr/share/cargo/registry"
CFG
RUSTFLAGS="-C target-cpu=native" cargo run --release --offline -q

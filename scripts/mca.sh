#!/usr/bin/env bash
# Predicts the speed of the arm64 kernels (chacha, aesctr) on Neoverse N1,
# V1, V2, the apple-m1 and cortex-a76 models with LLVM 19's llvm-mca, and
# prints one table (internal/cmd/mca). Installs llvm-19 from Debian when missing.
# Model predictions, not measurements. Extra arguments go to internal/cmd/mca
# (-kernel chacha8, -dump DIR).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v llvm-mca-19 >/dev/null || ! command -v llvm-objdump-19 >/dev/null; then
	SUDO=""
	[ "$(id -u)" -ne 0 ] && SUDO=sudo
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq llvm-19 >/dev/null
fi
llvm-mca-19 --version | grep -m1 'LLVM version'
go run ./internal/cmd/mca "$@"

#!/usr/bin/env bash
# Prints the size of every .wasm file of a build, raw and gzipped (Trunk runs it after each build).
set -euo pipefail
dir="${1:-${TRUNK_STAGING_DIR:-dist}}"
for f in "$dir"/*.wasm; do
  [ -e "$f" ] || continue
  raw=$(wc -c <"$f")
  gz=$(gzip -9c "$f" | wc -c)
  printf '[wasm size] %-40s %8d bytes raw %8d bytes gzip\n' "$(basename "$f")" "$raw" "$gz"
done

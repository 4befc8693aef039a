#!/usr/bin/env bash
# Prints the size of every .wasm file of a build, raw and gzipped: the gzip copy the server sends
# (written by precompress.mjs, which runs first), else gzip -9 of the file.
set -euo pipefail
dir="${1:-dist}"
for f in "$dir"/*.wasm; do
  [ -e "$f" ] || continue
  raw=$(wc -c <"$f")
  if [ -e "$f.gz" ]; then gz=$(wc -c <"$f.gz"); else gz=$(gzip -9c "$f" | wc -c); fi
  printf '[wasm size] %-40s %8d bytes raw %8d bytes gzip\n' "$(basename "$f")" "$raw" "$gz"
done

#!/usr/bin/env bash
# Regenerates static/puzzles.tsv, the shipped puzzle set: `topochess puzzles` on every preset
# (mates in up to 3 moves: 60 on the folded board, 20 on each other preset; material won in up
# to 3 moves: 20 on the folded board, 8 on each other preset), seeded, so a rerun writes the same
# file.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --release -p topochess-cli --target-dir "${PUZZLE_TARGET:-target}"
out=static/puzzles.tsv
tmp=$(mktemp)
for id in $("${PUZZLE_TARGET:-target}"/release/topochess presets); do
  count=20 material=8
  [ "$id" = folded ] && count=60 material=20
  "${PUZZLE_TARGET:-target}"/release/topochess puzzles --variant "$id" --count "$count" \
    --material "$material" --games 3000 --max-mate 3 --seed 1 --jobs "${PUZZLE_JOBS:-$(nproc)}" \
    2>/dev/null >> "$tmp"
done
mv "$tmp" "$out"
wc -l "$out"

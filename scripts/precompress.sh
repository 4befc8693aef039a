#!/usr/bin/env bash
# Writes a gzip copy (NAME.gz, level 9) beside each text and wasm file of a build, for servers
# that send precompressed files (the game server does, to browsers that accept gzip). Trunk runs
# it after each build (scripts/post-build.sh), after the service worker is stamped: the copies are
# not in its list.
set -euo pipefail
dir="${1:-${TRUNK_STAGING_DIR:-dist}}"
find "$dir" -type f \( -name '*.wasm' -o -name '*.js' -o -name '*.css' -o -name '*.html' \
  -o -name '*.svg' -o -name '*.webmanifest' -o -name '*.tsv' \) -print0 |
  while IFS= read -r -d '' f; do
    gzip -9 -n -c "$f" > "$f.gz"
  done

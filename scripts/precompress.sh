#!/usr/bin/env bash
# The gzip and brotli copies of a build's files (see precompress.mjs).
set -euo pipefail
dir="${1:-dist}"
node "$(dirname "$0")/precompress.mjs" "$dir"

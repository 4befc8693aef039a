#!/usr/bin/env bash
# What follows each build (scripts/build-site.mjs runs it on its staging folder): the service worker
# stamped with the build's files, then their gzip and brotli copies, then the wasm sizes (the
# gzip copies' own), in that order.
set -euo pipefail
here="$(dirname "$0")"
bash "$here/stamp-sw.sh" "$@"
bash "$here/precompress.sh" "$@"
bash "$here/wasm-sizes.sh" "$@"

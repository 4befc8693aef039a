#!/usr/bin/env bash
# What follows each build (Trunk runs it in the staging folder's place): the wasm sizes, the
# service worker stamped with the build's files, then their gzip and brotli copies, in that order.
set -euo pipefail
here="$(dirname "$0")"
bash "$here/wasm-sizes.sh" "$@"
bash "$here/stamp-sw.sh" "$@"
bash "$here/precompress.sh" "$@"

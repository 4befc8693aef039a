#!/usr/bin/env bash
# Builds the game and serves it on http://127.0.0.1:8080 (set PORT to change the port).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
. scripts/env.sh
exec trunk serve --release --address 127.0.0.1 --port "${PORT:-8080}"

#!/usr/bin/env bash
# Builds the game and serves it with the live-game server on http://127.0.0.1:8080 (PORT changes
# the port; the games are kept in data/games.sqlite, or under DATA).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
. scripts/env.sh
node scripts/build-site.mjs
cargo build --profile server --locked -p topochess-server
exec target/server/topochess-server --addr "127.0.0.1:${PORT:-8080}" --dist dist --data "${DATA:-data}"

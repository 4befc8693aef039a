#!/usr/bin/env bash
# Regenerates crates/search/src/tuned.rs: the evaluation weights of every surface family fitted to
# the engine's own games (`topochess tune`, Texel tuning). Seeded: a rerun writes the same file,
# whatever the number of cores. About 10 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --release -p topochess-cli
./target/release/topochess tune --games 600 --nodes 2000 --passes 40 --seed 1 \
  --jobs "$(nproc)" --write crates/search/src/tuned.rs
cargo fmt --all

#!/usr/bin/env bash
# Installs what is missing, then runs every check: formatting, lints, native tests, the wasm32
# build of the core, perft in the wasm build against the native one, the release web build, and
# the end-to-end tests in headless Chromium.
# Ends with one summary line: "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
. scripts/env.sh
logs=target/test-logs
mkdir -p "$logs"
step() { printf '\n== %s\n' "$*"; }

step "formatting (cargo fmt --check)"
cargo fmt --all -- --check

step "lints (cargo clippy -D warnings), native and wasm32"
cargo clippy --workspace --exclude topochess-web --all-targets --locked -- -D warnings
cargo clippy -p topochess-web --target wasm32-unknown-unknown --locked -- -D warnings
cargo clippy -p topochess-web --lib --tests --locked -- -D warnings

step "native unit and integration tests"
cargo test --workspace --exclude topochess-web --locked 2>&1 | tee "$logs/cargo-test.log"
# The app's state machine, storage and links are plain Rust: tested natively too.
cargo test -p topochess-web --lib --locked 2>&1 | tee -a "$logs/cargo-test.log"

step "wasm32 build of the core crate"
cargo build -p topochess-core --target wasm32-unknown-unknown --release --locked

step "perft in the wasm build (Node.js) against the native build"
# The generator has code of its own in WebAssembly, which the native tests do not run.
cargo build --release -p topochess-cli --locked
cargo build --release --target wasm32-unknown-unknown -p topochess-wasm-bench --locked
wasm-bindgen --target nodejs --out-dir target/wasm-perft \
  target/wasm32-unknown-unknown/release/topochess_wasm_bench.wasm
node crates/wasm-bench/perft-check.mjs target/wasm-perft target/release/topochess | tee "$logs/wasm-perft.log"

step "release web build (Trunk)"
trunk build --release 2>&1 | tee "$logs/trunk.log" | grep -E 'wasm size|error|warn' || true
test -f dist/index.html

step "end-to-end tests in headless Chromium"
node --test --test-concurrency=1 tests/e2e/ 2>&1 | tee "$logs/e2e.log"

passed=$(grep -hoE 'test result: [a-zA-Z]+\. [0-9]+ passed' "$logs/cargo-test.log" | awk '{s+=$4} END {print s+0}')
failed=$(grep -hoE '[0-9]+ failed;' "$logs/cargo-test.log" | awk '{s+=$1} END {print s+0}')
wasm_pass=$(awk '/^wasm perft/ {print $4}' "$logs/wasm-perft.log")
wasm_fail=$(awk '/^wasm perft/ {print $6 - $4}' "$logs/wasm-perft.log")
e2e_pass=$(grep -hoE '^# pass [0-9]+' "$logs/e2e.log" | awk '{s+=$3} END {print s+0}')
e2e_fail=$(grep -hoE '^# fail [0-9]+' "$logs/e2e.log" | awk '{s+=$3} END {print s+0}')
printf '\nscreenshots: target/e2e/\n'
echo "$((passed + wasm_pass + e2e_pass)) passed, $((failed + wasm_fail + e2e_fail)) failed"

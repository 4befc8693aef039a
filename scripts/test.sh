#!/usr/bin/env bash
# Installs what is missing, then runs every check: formatting, lints, native tests, the wasm32
# build of the core, perft in the wasm build against the native one, the release web build, and
# the end-to-end tests in headless Chromium.
#
# Every step runs even when an earlier one failed (a step that needs a failed one's output is
# reported as failed), and the run ends with one summary line, "N passed, N failed": the tests
# counted from each runner's own report, plus one failure for each step that failed as a whole
# (formatting, a lint, a build, a runner that stopped before reporting). The exit status is
# non-zero whenever anything failed.
#
# What each step builds, so that nothing is compiled twice without a reason:
# - the lints: clippy's own driver is the workspace's compiler (`RUSTC_WORKSPACE_WRAPPER`, as
#   `cargo clippy` does it, but compiling code too) in the native tests' build and in the site's,
#   so that each is linted as it is made and no check build of the same code is made beside them
#   (the page's for wasm32 took 88 CPU-seconds; linted in the site's build, 5);
# - the docs: cargo's check build (metadata only), the core alone;
# - the native tests: the `test` profile (Cargo.toml says which crates are at full speed), into
#   target/debug/, the whole workspace (the page's crate too, but not its wasm modules' binaries:
#   web/Cargo.toml) in one command, so that the crates they share are built once with the
#   features of all. Its build of the binaries the integration
#   tests run, `topochess` and `topochess-server`, is the one the wasm perft check compares against
#   and the one the end-to-end tests serve with: neither measures the native code's speed, so no
#   second, LTO-linked build of either is made. The test binaries then run two at a time
#   (scripts/test-binaries.mjs), where `cargo test` runs one after another;
# - the site: its release build (scripts/build-site.mjs), the modules as shipped (`ui` for the
#   page and the views, `release` for the engine), since the size budget and the page's own speed
#   are measured on them, but compiled through clippy's driver, which turns off rustc's MIR
#   optimisations (LLVM's are as shipped): the same code, the modules 0.5 % larger (the page's
#   2.9 KB gzipped, the engine's 0.8, the views' 0.6), so the sizes printed are an upper bound;
# - the core and its perft bench for wasm32: `release`.
# The wasm32 steps (the clone's packages and wasm-bindgen installed where missing, the site's
# build and lint, the bench's build) run beside the native build and tests, in a target folder of
# their own (target/web: cargo lets one command at a time build in a folder): neither side keeps
# both cores busy throughout (a crate compiling alone at the end of a build, the link-time
# optimisation of one module, tests that wait on sockets), and the other fills the gaps. The
# native steps' output is shown as it comes; the wasm32 steps' is kept in target/test-logs/web.log
# and its summary shown once they end.
# At the end: the time each step took, and the size of target/.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# What the machine needs; the clone's packages and wasm-bindgen are installed by the wasm32 steps,
# first (see web_steps below), beside the native build, which needs neither.
scripts/setup.sh --machine || { echo "0 passed, 1 failed"; exit 1; }
. scripts/env.sh
# A clean clone gains nothing from incremental compilation, whose caches would double the build's
# size on disk.
if [ -n "${CI:-}" ]; then export CARGO_INCREMENTAL=0; fi
logs=target/test-logs
rm -rf "$logs"
mkdir -p "$logs"
passed=0
failed=0
broken=() # the steps that failed as a whole
timings=() # "seconds step" of each step, printed at the end
step_name=
step_start=$SECONDS
# Starts a step (and closes the timing of the one before).
step() {
  [ -n "$step_name" ] && timings+=("$((SECONDS - step_start)) $step_name")
  step_name=$*
  step_start=$SECONDS
  printf '\n== %s\n' "$*"
}
# Runs a command; a non-zero exit marks the step named by $1 as failed.
check() {
  local name=$1
  shift
  if ! "$@"; then
    broken+=("$name")
    return 1
  fi
}
# Counts the test results in a log of test binaries' output (libtest's "test result" lines); a run
# that failed ($2, its status) without a failed test to show for it (a crash, a build error)
# fails as a step, named by $3.
count_tests() {
  local log=$1 status=$2 what=$3 p f
  p=$(grep -hoE 'test result: [a-zA-Z]+\. [0-9]+ passed' "$log" | awk '{s+=$4} END {print s+0}')
  f=$(grep -hoE '[0-9]+ failed;' "$log" | awk '{s+=$1} END {print s+0}')
  passed=$((passed + p))
  failed=$((failed + f))
  if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
    broken+=("$what")
  fi
}

step "a PostgreSQL server of the tests' own (scripts/postgres.sh)"
# The store suite, the servers sharing a database and the cluster's end-to-end tests run on it.
# When it cannot start, the step fails and so do those tests (each says why): never a skip.
if pg_url=$(scripts/postgres.sh start); then
  export TOPOCHESS_TEST_POSTGRES=$pg_url
  trap 'scripts/postgres.sh stop' EXIT
else
  broken+=("PostgreSQL for the tests (scripts/postgres.sh start)")
fi

step "formatting (cargo fmt --check)"
check "formatting" cargo fmt --all -- --check

# clippy's driver, the compiler of the workspace's own crates in the native builds and the site's
# (see above).
clippy_driver=$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver)
check "clippy's driver (rustup component add clippy)" test -x "$clippy_driver"
linted() { env RUSTC_WORKSPACE_WRAPPER="$clippy_driver" "$@"; }

step "the wasm32 builds, started beside the native steps (their log: target/test-logs/web.log)"
web_target=$PWD/target/web
# Runs the wasm32 steps one after another; each failure is a line of $logs/web-broken.txt and
# each step's time a line of $logs/web-timings.txt.
web_steps() {
  local start clone_job
  # The npm packages (wasm-opt for the site's build, Playwright and axe-core for the end-to-end
  # tests) and berserk's venv (the API's tests), in the clone: downloads, 15 s of a core on a
  # clean clone, beside wasm-bindgen's install (minutes on a fresh machine, where it is the
  # longest wait of these steps), both before the site's build, which needs both.
  (
    start=$SECONDS
    scripts/setup.sh --clone || echo "the clone's packages (scripts/setup.sh --clone)" >>"$logs/web-broken.txt"
    echo "$((SECONDS - start)) the clone's packages installed where missing (scripts/setup.sh --clone)" >>"$logs/web-timings.txt"
  ) &
  clone_job=$!
  start=$SECONDS
  # wasm-bindgen, compiled from source on a fresh machine (minutes), beside the native build,
  # which does not need it; the site's build and the perft check do.
  scripts/setup.sh --wasm-bindgen || echo "wasm-bindgen (scripts/setup.sh --wasm-bindgen)" >>"$logs/web-broken.txt"
  echo "$((SECONDS - start)) wasm-bindgen installed where missing (scripts/setup.sh --wasm-bindgen)" >>"$logs/web-timings.txt"
  # Its failures are lines of web-broken.txt; a subshell that stopped part way names none.
  wait "$clone_job" || echo "the clone's packages (stopped part way)" >>"$logs/web-broken.txt"
  export CARGO_TARGET_DIR=$web_target
  start=$SECONDS
  rm -rf dist
  # Linted as it compiles (see above): the page's crate with its binaries, the engine's worker
  # and the crates they use, for wasm32.
  if ! { linted node scripts/build-site.mjs >"$logs/site.log" 2>&1 && test -f dist/index.html; }; then
    echo "release web build (the end-to-end tests need it)" >>"$logs/web-broken.txt"
  fi
  # Any warning fails the lint, as `-D warnings` would (cargo's "generated N warnings").
  if grep -E '^warning: `.*` \(.*\) generated [0-9]+ warnings?' "$logs/site.log"; then
    echo "clippy (web, wasm32): the warnings in target/test-logs/site.log" >>"$logs/web-broken.txt"
  fi
  echo "$((SECONDS - start)) release web build, linted (scripts/build-site.mjs)" >>"$logs/web-timings.txt"
  start=$SECONDS
  # The generator has code of its own in WebAssembly, which the native tests do not run: its
  # perft is checked against the native build's once both are built. (Built in one command with
  # the engine's module, so as to build the core and the search once, it built everything the
  # engine links again: 126 s where this takes 40.)
  cargo build --release --target wasm32-unknown-unknown -p topochess-core -p topochess-wasm-bench \
    --locked || echo "wasm32 build of the core and its perft bench" >>"$logs/web-broken.txt"
  echo "$((SECONDS - start)) the wasm32 build of the perft bench" >>"$logs/web-timings.txt"
  # Its status says whether any step failed.
  [ ! -s "$logs/web-broken.txt" ]
}
: >"$logs/web-broken.txt"
: >"$logs/web-timings.txt"
web_steps >"$logs/web.log" 2>&1 &
web_job=$!

step "the native tests' build, linted as it compiles"
# clippy's driver is the compiler of the workspace's own crates (what `cargo clippy` does, with
# code generated too): the build that the tests run is the one linted, and no check build of the
# same code is made beside it. Every native cargo command below uses it, so that none of them
# rebuilds what another built. cargo's report of the build (its JSON messages) names the test
# binaries, which the tests' step runs; its text goes to the terminal and $logs/build.log, and
# what each crate took and how many compiled at once to target/cargo-timings/.
# --all-targets: the examples and the benchmarks are built (and linted) too, as clippy would.
{
  linted cargo test --locked --no-run --timings --workspace --all-targets \
    --message-format=json-render-diagnostics >"$logs/build.json"
} 2>&1 | tee "$logs/build.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || broken+=("native tests' build")

step "lints: none in the native build (cargo clippy -D warnings, as above)"
# Cargo reports each crate's warnings as "`crate` (target) generated N warnings"; with clippy's
# driver they include its lints. Any warning fails the step, as `-D warnings` would. (The page's
# code for wasm32 is linted in the site's build, among the wasm32 steps.)
if grep -E '^warning: `.*` \(.*\) generated [0-9]+ warnings?' "$logs/build.log"; then
  broken+=("clippy (native): the warnings above")
fi

step "the rules core's documentation (cargo doc, links checked)"
check "cargo doc (core)" env RUSTDOCFLAGS="-D warnings" cargo doc -p topochess-core --no-deps --locked

step "native unit and integration tests"
# Every test binary of the build above, two at a time, each binary's output whole once it ends;
# then the examples in the docs (the libraries' doc tests, which `cargo test` runs last; the
# workspace as built, so that no crate is built again with other features).
if [ -s "$logs/build.json" ]; then
  node scripts/test-binaries.mjs "$logs/build.json" 2>&1 | tee "$logs/cargo-test.log"
  count_tests "$logs/cargo-test.log" "${PIPESTATUS[0]}" "native test binaries (scripts/test-binaries.mjs)"
fi
# Not the page's crate nor the wasm perft bench's, which have none (`doctest = false`): cargo
# would build their libraries for them, which no test binary links (15 s at the end of the step).
# Left out, they leave web-sys with fewer features, built again for the worker (5 s).
linted cargo test --doc --workspace --exclude topochess-web --exclude topochess-wasm-bench \
  --locked 2>&1 | tee "$logs/doc-tests.log"
count_tests "$logs/doc-tests.log" "${PIPESTATUS[0]}" "doc tests (cargo test --doc)"

step "the wasm32 builds' end (the site, linted, and the perft bench)"
# A failed step is named in web-broken.txt; a job that failed and named none stopped part way (a
# signal, a broken script), which fails the run too.
web_status=0
wait "$web_job" || web_status=$?
if [ "$web_status" -ne 0 ] && [ ! -s "$logs/web-broken.txt" ]; then
  echo "the wasm32 builds (stopped with status $web_status before naming a failed step)" >>"$logs/web-broken.txt"
fi
# What they said, in short: the lint's and the builds' errors, the sizes, any warning. The whole
# of it is in the log.
grep -E '^(error|warning)(\[|:)|wasm size|warn' "$logs/web.log" "$logs/site.log" | head -60
while read -r line; do
  [ -n "$line" ] && timings+=("$line (beside the native steps)")
done <"$logs/web-timings.txt"
while read -r name; do
  [ -n "$name" ] && broken+=("$name")
done <"$logs/web-broken.txt"
if grep -q "release web build" "$logs/web-broken.txt"; then
  tail -40 "$logs/site.log"
fi

step "perft in the wasm32 build (Node.js) against the native build"
# The native side is the test build's `topochess` (built by the native tests above).
bench=$web_target/wasm32-unknown-unknown/release/topochess_wasm_bench.wasm
if check "wasm perft build" test -f "$bench" \
  && check "wasm perft build" test -x target/debug/topochess \
  && check "wasm perft build" wasm-bindgen --target nodejs --out-dir target/wasm-perft "$bench"; then
  node crates/wasm-bench/perft-check.mjs target/wasm-perft target/debug/topochess \
    | tee "$logs/wasm-perft.log"
  # "wasm perft 4: P of N positions as native"; no such line: the check itself broke.
  if grep -q '^wasm perft' "$logs/wasm-perft.log"; then
    passed=$((passed + $(awk '/^wasm perft/ {print $4}' "$logs/wasm-perft.log")))
    failed=$((failed + $(awk '/^wasm perft/ {print $6 - $4}' "$logs/wasm-perft.log")))
  else
    broken+=("wasm perft check")
  fi
fi

if test -f dist/index.html && ! grep -q "release web build" "$logs/web-broken.txt"; then
  step "end-to-end tests in headless Chromium"
  # The live games' tests start the game server themselves: the test build's (see above).
  export TOPOCHESS_SERVER=$PWD/target/debug/topochess-server
  check "game server build (by the native tests)" test -x "$TOPOCHESS_SERVER"
  # The test files by name (a folder argument is searched differently by Node 20 and 22), two at
  # a time: each file has its own browser, servers and ports, and while one waits on its pages
  # the other draws (the suite took 10.4 minutes one file at a time, 7 two at a time). The files
  # that take longest start first, so that the last to run alone is a short one.
  e2e_files=()
  for name in solid live board library arenas play trust home analysis a11y; do
    e2e_files+=("tests/e2e/$name.test.mjs")
  done
  for file in tests/e2e/*.test.mjs; do
    [[ " ${e2e_files[*]} " == *" $file "* ]] || e2e_files+=("$file")
  done
  node --test --test-concurrency=2 "${e2e_files[@]}" 2>&1 | tee "$logs/e2e.log"
  status=${PIPESTATUS[0]}
  # node's runner ends with "# pass N", "# fail N", "# cancelled N" (a test past its timeout),
  # "# skipped N" and "# todo N"; without them it stopped early. A cancelled, skipped or todo
  # test is a failure here: each hides a test that did not pass.
  # The slowest tests, from the runner's own timings (TAP's duration_ms).
  echo "the slowest end-to-end tests (s):"
  awk '/^# Subtest: / {name = substr($0, index($0, ":") + 2)}
       /duration_ms:/ {printf "%8.1f  %s\n", $2 / 1000, name}' "$logs/e2e.log" | sort -rn | head -8
  if grep -qE '^# pass [0-9]+' "$logs/e2e.log"; then
    count() { grep -hoE "^# $1 [0-9]+" "$logs/e2e.log" | awk '{s+=$3} END {print s+0}'; }
    not_passed=$(( $(count fail) + $(count cancelled) + $(count skipped) + $(count todo) ))
    passed=$((passed + $(count pass)))
    failed=$((failed + not_passed))
    if [ "$status" -ne 0 ] && [ "$not_passed" -eq 0 ]; then
      broken+=("end-to-end tests (node exited with $status)")
    fi
  else
    broken+=("end-to-end tests")
  fi
fi

step "done"
printf '\nscreenshots: target/e2e/\n'
echo "time each step took (s):"
printf '  %s\n' "${timings[@]}"
echo "whole run: $SECONDS s; target/ holds $(du -sh target 2>/dev/null | cut -f1)"
for name in "${broken[@]}"; do
  echo "failed step: $name"
done
failed=$((failed + ${#broken[@]}))
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

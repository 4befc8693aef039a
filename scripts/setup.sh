#!/usr/bin/env bash
# Installs whatever is missing for building, serving and testing Topochess, at pinned versions.
# Idempotent: anything already present at the pinned version is skipped.
#
#   scripts/setup.sh                  everything
#   scripts/setup.sh --machine        what the machine needs (Rust's parts, Debian's packages)
#   scripts/setup.sh --clone          what lives in the clone (npm packages, berserk's venv)
#   scripts/setup.sh --wasm-bindgen   wasm-bindgen alone
#
# wasm-bindgen is compiled from source, minutes of a fresh machine, and the clone's packages are
# downloaded and unpacked (15 s of one core): scripts/test.sh installs both beside the native
# build, which needs neither, rather than before everything.
set -euo pipefail
cd "$(dirname "$0")/.."
part=${1:-all}
case $part in
  all | --machine | --clone | --wasm-bindgen) ;;
  *) echo "usage: scripts/setup.sh [--machine | --clone | --wasm-bindgen]" >&2; exit 2 ;;
esac

WASM_BINDGEN_VERSION=0.2.100

say() { printf '[setup] %s\n' "$*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

if ! command -v cargo >/dev/null 2>&1; then
  if [ -x "$HOME/.cargo/bin/cargo" ]; then
    export PATH="$HOME/.cargo/bin:$PATH"
  else
    say "cargo not found: install Rust with rustup first" >&2
    exit 1
  fi
fi

# Each part: whether it is asked for.
wants() { [ "$part" = all ] || [ "$part" = "$1" ]; }

if wants --machine && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32 target"
  rustup target add wasm32-unknown-unknown
fi
if wants --machine; then
  rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy
  rustup component list --installed 2>/dev/null | grep -q '^rustfmt' || rustup component add rustfmt
fi

# wasm-bindgen (the CLI must equal the crate's version in Cargo.lock), compiled from crates.io: no
# prebuilt binary can be fetched here. It is built for a quicker install, not for its own speed
# (opt-level 1, no LTO, many codegen units: 3 min 7 s instead of 3 min 29 s on 2 cores), and
# writes the same modules as fast all the same (half a second for the page's). --force: cargo's own
# record of what it installed may name it when the binary is gone or another version replaced it.
if wants --wasm-bindgen && ! wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION\$"; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=false \
    CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_DEBUG=false CARGO_INCREMENTAL=0 \
    cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --locked --force
fi

# What lives in the clone, once the machine has Node.js and Python (below, or an earlier
# `--machine`).
clone_part() {
  # wasm-opt (binaryen 123) and Playwright (driving the system Chromium), pinned in
  # tests/package-lock.json.
  if ! (cd tests && npm ls --depth=0 >/dev/null 2>&1); then
    say "installing npm packages (wasm-opt, playwright-core, axe-core)"
    (cd tests && npm ci --no-audit --no-fund --loglevel=error)
  fi
  # From PyPI, lichess's own client berserk at pinned versions in tests/api/.venv: the API's
  # tests run it unchanged against a real server.
  local venv=tests/api/.venv
  if ! cmp -s tests/api/requirements.txt "$venv/requirements.txt"; then
    say "installing berserk from PyPI (tests/api/requirements.txt)"
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check -r tests/api/requirements.txt
    cp tests/api/requirements.txt "$venv/requirements.txt"
  fi
}
if [ "$part" = --clone ]; then
  clone_part
  say "the clone's packages ready"
fi
if [ "$part" = --wasm-bindgen ] || [ "$part" = --clone ]; then
  exit 0
fi

# Chromium, its headless shell (the end-to-end tests' browser: the same engine, lighter to start)
# and ChromeDriver, from Debian.
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1 \
  || ! command -v chromium-headless-shell >/dev/null 2>&1; then
  say "installing Chromium, its headless shell and ChromeDriver from Debian"
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-headless-shell chromium-driver
fi

# PostgreSQL (the store of several servers: the tests start a server of their own with
# scripts/postgres.sh) and nginx (the load balancer in front of two servers in the tests), from
# Debian. Neither is needed to serve the game on SQLite.
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || ! [ -x /usr/sbin/nginx ]; then
  say "installing PostgreSQL and nginx from Debian"
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql nginx
fi

# Node.js runs the end-to-end tests, wasm-opt and the build's compression: 18 or newer (the
# tests name their files, so Node 18, 20 and 22 run the same ones). Missing, Debian's is installed.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  say "installing Node.js and npm from Debian"
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q nodejs npm
fi
node_major=$(node --version | sed 's/^v\([0-9]*\).*/\1/')
if [ "$node_major" -lt 18 ]; then
  say "Node.js $(node --version) is too old: 18 or newer is needed" >&2
  exit 1
fi
say "Node.js $(node --version)"

# Python 3 with venv (Debian's), for berserk's venv (the clone's part).
if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  say "installing Python 3 and venv from Debian"
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q python3 python3-venv
fi
if [ "$part" = all ]; then
  clone_part
  say "tools ready"
else
  say "the machine's tools ready"
fi

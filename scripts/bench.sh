#!/usr/bin/env bash
# Perft node rates: native (with shakmaty in the same run) and the same perft in the wasm build
# under Node.js and in headless Chromium, the search rate, and the download size. Prints the ratios
# the targets are stated in.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >/dev/null
. scripts/env.sh
out=target/bench
mkdir -p "$out"
cargo build -q --release -p topochess-cli
cargo build -q --release --target wasm32-unknown-unknown -p topochess-wasm-bench
wasm-bindgen --target nodejs --out-dir "$out/wasm" target/wasm32-unknown-unknown/release/topochess_wasm_bench.wasm
# Timed as the site ships its module: through wasm-opt at the level index.html gives it.
level=$(sed -n '/data-bin="engine"/s/.*data-wasm-opt="\([^"]*\)".*/\1/p' index.html)
wasm-opt "-O$level" "$out/wasm/topochess_wasm_bench_bg.wasm" -o "$out/wasm/topochess_wasm_bench_bg.wasm"
echo "wasm: timed after wasm-opt -O$level, as the site ships it"
# The same module for a page, timed in headless Chromium too: the site runs there, on a V8 that is
# not Node.js's (Debian's Chromium, installed by scripts/setup.sh).
wasm-bindgen --target web --out-dir "$out/web" target/wasm32-unknown-unknown/release/topochess_wasm_bench.wasm
wasm-opt "-O$level" "$out/web/topochess_wasm_bench_bg.wasm" -o "$out/web/topochess_wasm_bench_bg.wasm"
# Native (the fastest of 7 rounds, with shakmaty in turn), wasm (each Node.js process its fastest
# run) and wasm in Chromium (each browser its fastest run) in turn, three times: one process's
# figure swings by up to a tenth, so each is the fastest of the three, printed with the spread.
: > "$out/native-runs.txt"
: > "$out/wasm-runs.txt"
: > "$out/chromium-runs.txt"
for run in 1 2 3; do
  cargo bench -q -p topochess-perft-bench 2>/dev/null | grep 'nodes/s' >> "$out/native-runs.txt"
  node crates/wasm-bench/bench.mjs "$out/wasm" >> "$out/wasm-runs.txt"
  node crates/wasm-bench/chromium.mjs "$out/web" >> "$out/chromium-runs.txt"
done
# The fastest of the runs per line, the slowest over the fastest as its spread.
fastest() {
  awk -v runs="$2" '/perft/ {k=$1" "$2; t=$7+0; if (!(k in lo) || t<lo[k]) {lo[k]=t; line[k]=$0}; if (t>hi[k]) hi[k]=t; if (!(k in seen)) {seen[k]=1; order[++n]=k}}
    /search bench/ {r=$8+0; if (r>best) {best=r; sline=$0}}
    END {for (i=1; i<=n; i++) {k=order[i]; l=line[k]; sub(/ \(min of.*/, "", l);
      printf "%s (fastest of %s, spread %.2fx)\n", l, runs, hi[k]/lo[k]}
      if (sline != "") {sub(/\(fastest of 3\)/, "(fastest of 3 in each of 3 processes)", sline); print sline}}' "$1"
}
fastest "$out/native-runs.txt" "3 runs of the fastest of 7" | tee "$out/native.txt"
awk '/^topochess standard/ {t=$7} /^shakmaty  standard/ {printf "standard perft 5: topochess takes %.2fx shakmaty'"'"'s time (target: at most 2x)\n", t/$7}' "$out/native.txt"
fastest "$out/wasm-runs.txt" "3 processes" | tee "$out/wasm.txt"
# Node.js 20 (V8 11.3, of 2023) for reference: the target is read in Chromium, where the site runs.
awk '/^topochess.*perft/ {native[$2]=$7} /^wasm .*perft/ {printf "%s: wasm under Node.js 20 takes %.2fx the native time (for reference)\n", $2, $7/native[$2]}' \
  "$out/native.txt" "$out/wasm.txt"
fastest "$out/chromium-runs.txt" "3 browser runs" | tee "$out/chromium.txt"
awk '/^topochess.*perft/ {native[$2]=$7} /^chromium .*perft/ {printf "%s: wasm in Chromium takes %.2fx the native time (target: at most 1.5x)\n", $2, $7/native[$2]}' \
  "$out/native.txt" "$out/chromium.txt"
awk '/^topochess standard/ {s=$7; sn=$5} /^topochess folded/ {printf "folded perft 5 takes %.2fx the time of standard perft 5 (target: at most 1.3x)\n", $7/s}
     /^topochess torus-8x14/ {printf "torus-8x14 perft 4 takes %.2fx standard perft 5'"'"'s time per node (target: at most 1.5x)\n", ($7/$5)/(s/sn)}' "$out/native.txt"
./target/release/topochess bench --depth 6 | tail -2 | tee "$out/search-native.txt"
awk '/nodes\/s$/ {n=$1} END {print n}' "$out/search-native.txt" > "$out/native-rate"
awk -v native="$(cat "$out/native-rate")" '/wasm search bench/ {printf "search: wasm rate is %.2f of the native rate (target: at least 0.5)\n", $8/native}' "$out/wasm.txt"
# Instructions per search node: exact where this machine's timings swing (valgrind, when installed).
if command -v valgrind >/dev/null; then
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    ./target/release/topochess bench --depth 6 2>&1 |
    awk '/^signature/ {n=$2} /I *refs/ {gsub(",", "", $NF); i=$NF}
      END {printf "search: %d instructions per node at depth 6 (signature %d; valgrind cachegrind)\n", i/n, n}'
fi
# Four-piece tables, native and wasm interleaved, three rounds: the fastest of each with the spread.
: > "$out/tablebase.txt"
for round in 1 2 3; do
  for case in "standard KRvKN" "folded KQvKR" "torus KBNvK"; do
    set -- $case
    ./target/release/topochess tablebase --variant "$1" --material "$2" |
      awk -v c="$1 $2" '/^built in/ {print "native", c, $3}' >> "$out/tablebase.txt"
    node crates/wasm-bench/tablebase.mjs "$out/wasm" "$1" "$2" >> "$out/tablebase.txt"
  done
done
awk '{k=$2" "$3; key=$1" "k; if (!(key in lo) || $4<lo[key]) lo[key]=$4; if ($4>hi[key]) hi[key]=$4; cases[k]=1}
  END {for (k in cases) printf "tablebase %s: native %.2f s (%.2f-%.2f), wasm %.2f s (%.2f-%.2f), wasm/native %.2fx (targets: seconds native, under 60 s in the browser)\n",
    k, lo["native " k], lo["native " k], hi["native " k], lo["wasm " k], lo["wasm " k], hi["wasm " k], lo["wasm " k]/lo["native " k]}' "$out/tablebase.txt"
# The download: the release build's three modules. The first screen needs the page's (app-*); the
# engine worker's (engine_bg) is fetched once the app runs, before anyone asks the computer; the
# views' (views_bg) when a player first opens the 3D view or the surface lab.
node scripts/build-site.mjs 2>&1 | grep 'wasm size' | tee "$out/download.txt"
awk '/ app-/ {gz += $(NF-2)} END {printf "download: %d KB gzip for the first screen (target: at most 400 KB)\n", gz/1000}' "$out/download.txt"
awk '/ engine_bg/ {printf "download: %d KB gzip more for the engine, after the first screen\n", $(NF-2)/1000}' "$out/download.txt"
awk '/ views_bg/ {printf "download: %d KB gzip more for the 3D view and the surface lab, the first time a player opens one\n", $(NF-2)/1000}' "$out/download.txt"
# What the game server sends a browser that takes brotli: the build's .br copy.
for f in dist/app-*_bg.wasm.br; do
  printf 'download: %d KB brotli on the wire for the first screen\n' $(( $(wc -c < "$f") / 1000 ))
done
# The first load on a slow line (1.6 Mbps, 150 ms, CPU 4x slower), cold and warm, of that build.
node tests/e2e/load-time.mjs | tee "$out/load.txt"
# Interaction to next paint of the actions a player repeats, unthrottled and with the CPU 4x slower.
node tests/e2e/interaction-time.mjs | tee "$out/interaction.txt"

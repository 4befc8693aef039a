#!/usr/bin/env bash
# Our engine against Fairy-Stockfish-X, the one outside engine that plays some of our surfaces
# under our rules. Nothing is downloaded here: bring its source yourself, e.g.
#   git clone https://github.com/RainRat/Fairy-Stockfish-X ../Fairy-Stockfish-X
#   scripts/peers.sh ../Fairy-Stockfish-X [games] [ms]
# It builds the engine (make, g++) unless a binary is already there, checks that its perft agrees
# with ours on every shared game (the start to depth 4 and three middlegame positions to depth
# 3), and plays a match on each: our rules core referees, colours alternate, openings are seeded.
set -euo pipefail
src=${1:?usage: scripts/peers.sh FAIRY_STOCKFISH_X_SOURCE [games] [ms]}
games=${2:-100}
ms=${3:-100}
src=$(cd "$src" && pwd)
cd "$(dirname "$0")/.."
fsx="$src/src/stockfish"
ini="$src/src/variants.ini"
if [ ! -x "$fsx" ]; then
  make -C "$src/src" -j"$(nproc)" build ARCH="${FSX_ARCH:-x86-64}" >/dev/null
fi
cargo build -q --release -p topochess-cli
ours=target/release/topochess

# Their name, our variant and castling.
shared=("cylinder cylinder none" "cylinder-castling cylinder standard" "toroidal-chess torus none")
positions_cylinder=(
  "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
  "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
)
positions_torus=(
  "r1b2b1r/pp4pp/n1p1kp1n/3pp3/3PP3/N1PQKP1N/PP4PP/R1B2B1R w - - 0 2"
  "r1b2b1r/pp4pp/n2qkp1n/2ppp3/3PP3/N1PQKP1N/PP4PP/R1B2B1R w - - 0 2"
  "8/8/3k4/8/3P4/3K4/8/8 w - - 0 1"
)

# Fairy-Stockfish's perft count of a position (startpos or a FEN) to a depth.
their_perft() {
  local name=$1 where=$2 depth=$3
  printf 'setoption name VariantPath value %s\nsetoption name UCI_Variant value %s\nposition %s\ngo perft %s\nquit\n' \
    "$ini" "$name" "$where" "$depth" | "$fsx" 2>/dev/null | sed -n 's/^Nodes searched: //p'
}

disagreements=0
check() {
  local name=$1 id=$2 castling=$3 fen=$4 depth=$5
  local where mine theirs
  if [ -z "$fen" ]; then
    where=startpos
    mine=$("$ours" perft --variant "$id" --castling "$castling" --depth "$depth" | tail -1)
  else
    where="fen $fen"
    mine=$("$ours" perft --variant "$id" --castling "$castling" --fen "$fen" --depth "$depth" 2>/dev/null | tail -1)
  fi
  theirs=$(their_perft "$name" "$where" "$depth")
  if [ "$mine" = "$theirs" ]; then
    echo "perft $name $where depth $depth: $mine (both)"
  else
    echo "perft $name $where depth $depth: ours $mine, theirs ${theirs:-none}: DISAGREE"
    disagreements=$((disagreements + 1))
  fi
}

for entry in "${shared[@]}"; do
  read -r name id castling <<<"$entry"
  check "$name" "$id" "$castling" "" 4
  if [ "$id" = torus ]; then fens=("${positions_torus[@]}"); else fens=("${positions_cylinder[@]}"); fi
  for fen in "${fens[@]}"; do
    check "$name" "$id" "$castling" "$fen" 3
  done
done
if [ "$disagreements" -gt 0 ]; then
  echo "$disagreements perft counts disagree: no match is played on rules that differ" >&2
  exit 1
fi

echo "matches: $games games each, $ms ms a move for both, 2-ply seeded openings, $(date -u +%F)"
for entry in "${shared[@]}"; do
  read -r name id castling <<<"$entry"
  "$ours" match --variant "$id" --castling "$castling" --first engine --second "uci:$fsx" \
    --option "VariantPath=$ini" --games "$games" --ms "$ms" --opening 2 --seed 1 \
    2> "target/peers-$name.log"
done

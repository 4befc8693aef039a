// The wasm build's perft against the native build's, on every preset's start position and on the
// tricky positions of crates/core/tests/perft_positions.rs (pins, checks, en passant, castling round
// an edge): the generator has code of its own in WebAssembly (`cfg!(target_arch = "wasm32")`),
// which the native tests do not run.
// node crates/wasm-bench/perft-check.mjs <dir of wasm-bindgen nodejs output> <native topochess>
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const wasm = require(join(resolve(process.argv[2]), 'topochess_wasm_bench.js'));
const cli = resolve(process.argv[3]);
const native = (args) => execFileSync(cli, args, { encoding: 'utf8' }).trim().split('\n').pop();

const depth = 4;
const cases = [];
for (const id of execFileSync(cli, ['presets'], { encoding: 'utf8' }).split('\n').filter(Boolean)) {
  cases.push([id, '']);
}
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const source = readFileSync(join(root, 'crates/core/tests/perft_positions.rs'), 'utf8');
// Each ("preset", "FEN") pair of the file: the check() calls and the TRICKY list.
for (const [, id, fen] of source.matchAll(/"([a-z0-9-]+)",\s*"([^"]*\/[^"]*)"/g)) cases.push([id, fen]);
if (cases.length < 25) throw new Error(`only ${cases.length} positions found`);

let failed = 0;
for (const [id, fen] of cases) {
  const args = ['perft', '--variant', id, '--depth', String(depth)];
  if (fen) args.push('--fen', fen);
  const expected = Number(native(args));
  const got = wasm.perft_from(id, fen, depth);
  if (got !== expected || !(expected > 0)) {
    failed++;
    console.log(`not ok: ${id} ${fen || 'start'} perft ${depth}: wasm ${got}, native ${expected}`);
  }
}
console.log(`wasm perft ${depth}: ${cases.length - failed} of ${cases.length} positions as native`);
process.exit(failed ? 1 : 0);

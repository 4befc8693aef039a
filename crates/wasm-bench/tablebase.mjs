// Times one table's build in the wasm build (Node.js):
// node crates/wasm-bench/tablebase.mjs <dir of wasm-bindgen output> <variant> <material>
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const wasm = require(join(resolve(process.argv[2]), 'topochess_wasm_bench.js'));
const [id, material] = process.argv.slice(3);
const t = performance.now();
const stored = wasm.tablebase_build(id, material);
if (stored < 0) throw new Error(`no table for ${id} ${material}`);
console.log(`wasm ${id} ${material} ${((performance.now() - t) / 1000).toFixed(2)}`);

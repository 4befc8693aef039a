// Times perft in the wasm build (Node.js): node crates/wasm-bench/bench.mjs <dir of wasm-bindgen output>
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const wasm = require(join(resolve(process.argv[2]), 'topochess_wasm_bench.js'));
const cases = [['standard', 5], ['folded', 5], ['torus-8x14', 4]];
for (const [id, depth] of cases) {
  // The position (and its variant's tables) is built before the clock starts, as natively.
  const start = new wasm.StartPosition(id);
  let best = Infinity;
  let nodes = 0;
  const started = performance.now();
  for (let run = 0; run < 3 || performance.now() - started < 2000; run++) {
    const t = performance.now();
    nodes = start.perft(depth);
    best = Math.min(best, performance.now() - t);
  }
  const rate = nodes / best / 1e3;
  console.log(`wasm      ${id.padEnd(12)} perft ${depth}: ${String(nodes).padStart(10)} nodes ${best.toFixed(1).padStart(8)} ms ${rate.toFixed(1).padStart(7)} Mnodes/s`);
}
{
  // The searches alone are timed (inside, by the host's clock), as natively; the fastest of three
  // runs, as the first also waits for the engine's code to be optimised (the browser's engine
  // worker searches move after move, so it runs optimised code).
  let nodes = 0;
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const [n, ms] = wasm.search_bench(6);
    nodes = n;
    best = Math.min(best, ms);
  }
  console.log(`wasm search bench depth 6: signature ${nodes}, ${Math.round(nodes / best * 1000)} nodes/s (fastest of 3)`);
}

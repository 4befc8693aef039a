// Times perft in the wasm build (Node.js): node crates/wasm-bench/bench.mjs <dir of wasm-bindgen output>
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { timePerfts } from './timing.mjs';

const require = createRequire(import.meta.url);
const wasm = require(join(resolve(process.argv[2]), 'topochess_wasm_bench.js'));
for (const line of timePerfts(wasm.StartPosition, 'wasm')) console.log(line);
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

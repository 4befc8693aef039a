// How the bench times perft in the wasm build, shared by bench.mjs (Node.js) and chromium.mjs (a
// page in headless Chromium), so that both time the same cases the same way.

/** The timed cases: preset id and depth. */
export const CASES = [['standard', 5], ['folded', 5], ['torus-8x14', 4]];

/**
 * Times each case's perft with the module's `StartPosition`: the position (and its variant's
 * tables) built before the clock starts, as natively, then the fastest of at least 3 runs over
 * 2 s. Returns one line per case in the bench's form, starting with `label`.
 */
export function timePerfts(StartPosition, label) {
  return CASES.map(([id, depth]) => {
    const start = new StartPosition(id);
    let best = Infinity;
    let nodes = 0;
    const started = performance.now();
    for (let run = 0; run < 3 || performance.now() - started < 2000; run++) {
      const t = performance.now();
      nodes = start.perft(depth);
      best = Math.min(best, performance.now() - t);
    }
    const rate = nodes / best / 1e3;
    return `${label.padEnd(10)}${id.padEnd(12)} perft ${depth}: ${String(nodes).padStart(10)} nodes ${best.toFixed(1).padStart(8)} ms ${rate.toFixed(1).padStart(7)} Mnodes/s`;
  });
}

// Times perft in the wasm build in headless Chromium (where the site runs; its V8 is not
// Node.js's): node crates/wasm-bench/chromium.mjs <dir of wasm-bindgen --target web output>
// Prints lines in bench.mjs's form, "chromium" in place of "wasm".
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { extname, join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { chromium } = createRequire(join(root, 'tests', 'package.json'))('playwright-core');
const dir = resolve(process.argv[2]);
const page = `<!doctype html><script type="module">
import init, { StartPosition } from './topochess_wasm_bench.js';
await init();
const lines = [];
for (const [id, depth] of [['standard', 5], ['folded', 5], ['torus-8x14', 4]]) {
  // As bench.mjs: the position built first, the fastest of at least 3 runs over 2 s.
  const start = new StartPosition(id);
  let best = Infinity, nodes = 0;
  const started = performance.now();
  for (let run = 0; run < 3 || performance.now() - started < 2000; run++) {
    const t = performance.now();
    nodes = start.perft(depth);
    best = Math.min(best, performance.now() - t);
  }
  const rate = nodes / best / 1e3;
  lines.push('chromium  ' + id.padEnd(12) + ' perft ' + depth + ': ' + String(nodes).padStart(10) +
    ' nodes ' + best.toFixed(1).padStart(8) + ' ms ' + rate.toFixed(1).padStart(7) + ' Mnodes/s');
}
window.result = lines.join('\\n');
</script>`;
const types = { '.js': 'text/javascript', '.wasm': 'application/wasm' };
const server = createServer(async (req, res) => {
  const path = new URL(req.url, 'http://localhost').pathname;
  if (path === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(page);
  try {
    const body = await readFile(join(dir, path.slice(1)));
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const tab = await browser.newPage();
  await tab.goto(`http://127.0.0.1:${server.address().port}/`);
  await tab.waitForFunction(() => window.result, null, { timeout: 120000 });
  console.log(await tab.evaluate(() => window.result));
} finally {
  await browser.close();
  server.close();
}

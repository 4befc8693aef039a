// Times perft in the wasm build in headless Chromium (where the site runs; its V8 is not
// Node.js's): node crates/wasm-bench/chromium.mjs <dir of wasm-bindgen --target web output>
// Prints lines in bench.mjs's form, "chromium" in place of "wasm".
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { extname, join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const { chromium } = createRequire(join(root, 'tests', 'package.json'))('playwright-core');
const dir = resolve(process.argv[2]);
// The page times the cases as bench.mjs does, with the same module (timing.mjs, served beside it).
const page = `<!doctype html><script type="module">
import init, { StartPosition } from './topochess_wasm_bench.js';
import { timePerfts } from './timing.mjs';
await init();
window.result = timePerfts(StartPosition, 'chromium').join('\\n');
</script>`;
const types = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };
const server = createServer(async (req, res) => {
  const path = new URL(req.url, 'http://localhost').pathname;
  if (path === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(page);
  try {
    const file = path === '/timing.mjs' ? join(here, 'timing.mjs') : join(dir, path.slice(1));
    const body = await readFile(file);
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

// The first screen's download: the page's first module, as the server sends it (its gzip copy,
// and brotli's beside), within its budget. Every first visit fetches it before the first board;
// a first visit to a live game's link fetches the link's module instead (live play, without the
// front page and the New game dialog), within the same budget. The whole app's module and the
// views' come after, when first used (web/src/app/whole.rs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { dist } from './harness.mjs';

/** The budget of a first screen's module, gzip as shipped: 320 KiB. */
const BUDGET = 320 * 1024;

/** The size in bytes of each of the build's files whose name matches `pattern`. */
function sizes(pattern) {
  return readdirSync(dist).filter((f) => pattern.test(f)).map((f) => ({ file: f, bytes: statSync(join(dist, f)).size }));
}

test('the first screen\'s module is within its budget, gzip as shipped, and the page starts it', () => {
  const [gzip, ...more] = sizes(/^first-[0-9a-f]{16}_bg\.wasm\.gz$/);
  assert.ok(gzip, `no first module's gzip copy in ${dist}`);
  assert.equal(more.length, 0, 'one first module');
  const [brotli] = sizes(/^first-[0-9a-f]{16}_bg\.wasm\.br$/);
  console.log(`# first module: ${(gzip.bytes / 1024).toFixed(1)} KiB gzip, ${(brotli.bytes / 1024).toFixed(1)} KiB brotli (budget ${BUDGET / 1024} KiB gzip)`);
  assert.ok(gzip.bytes <= BUDGET, `${gzip.file}: ${gzip.bytes} bytes, over the budget of ${BUDGET}`);
  // The page names it as the module a first visit starts, and the whole app's beside it.
  const page = readFileSync(join(dist, 'index.html'), 'utf8');
  const modules = JSON.parse(/window\.topochessModules = (\{.*\});/.exec(page)[1]);
  assert.equal(modules.first.wasm, `./${gzip.file.replace(/\.gz$/, '')}`);
  assert.match(modules.whole.wasm, /^\.\/app-[0-9a-f]{16}_bg\.wasm$/);
});

test('the module a live game\'s link starts is within the same budget', () => {
  const [gzip] = sizes(/^link-[0-9a-f]{16}_bg\.wasm\.gz$/);
  assert.ok(gzip, `no link module's gzip copy in ${dist}`);
  const [brotli] = sizes(/^link-[0-9a-f]{16}_bg\.wasm\.br$/);
  console.log(`# the link's module: ${(gzip.bytes / 1024).toFixed(1)} KiB gzip, ${(brotli.bytes / 1024).toFixed(1)} KiB brotli (budget ${BUDGET / 1024} KiB gzip)`);
  assert.ok(gzip.bytes <= BUDGET, `${gzip.file}: ${gzip.bytes} bytes, over the budget of ${BUDGET}`);
  const page = readFileSync(join(dist, 'index.html'), 'utf8');
  const modules = JSON.parse(/window\.topochessModules = (\{.*\});/.exec(page)[1]);
  assert.equal(modules.link.wasm, `./${gzip.file.replace(/\.gz$/, '')}`);
});

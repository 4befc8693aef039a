// The built site in headless Chromium: the board from the core's start position, and the engine
// worker streaming answers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, openPage, screenshot } from './harness.mjs';

let server;
let session;

before(async () => {
  server = await serveDist();
  session = await openPage(server.url);
  await session.page.waitForSelector('svg.board [data-square]');
});

after(async () => {
  await session?.browser.close();
  await server?.close();
});

test('the folded board shows 64 squares and 32 pieces, without console errors', async () => {
  const { page, errors } = session;
  assert.equal(await page.locator('svg.board [data-square]').count(), 64);
  assert.equal(await page.locator('svg.board [data-piece]').count(), 32);
  assert.equal(await page.locator('[data-square="e1"] [data-piece]').textContent(), '\u265a');
  assert.equal(await page.locator('[data-square="e4"] [data-piece]').count(), 0);
  await screenshot(page, 'start-folded');
  assert.deepEqual(errors, []);
});

test('the engine worker streams the move-tree count depth by depth', async () => {
  const { page, errors } = session;
  await page.click('#count');
  await page.waitForSelector('#depths li[data-depth="3"]', { timeout: 30000 });
  const rows = await page.locator('#depths li').allTextContents();
  assert.deepEqual(rows.slice(0, 3), [
    'depth 1: 20 positions', 'depth 2: 392 positions', 'depth 3: 9318 positions',
  ]);
  assert.deepEqual(errors, []);
});

test('the worker can be stopped mid-job and answers again afterwards', async () => {
  const { page } = session;
  await page.selectOption('#variant', 'torus');
  await page.click('#count');
  await page.click('#stop');
  await page.waitForSelector('#count');
  await page.click('#count');
  await page.waitForSelector('#depths li[data-depth="2"]', { timeout: 30000 });
  assert.equal(await page.locator('#depths li[data-depth="1"]').textContent(), 'depth 1: 49 positions');
});

test('an 8x14 preset draws its tall board', async () => {
  const { page, errors } = session;
  await page.selectOption('#variant', 'torus-8x14');
  await page.waitForSelector('[data-square="a14"]');
  assert.equal(await page.locator('svg.board [data-square]').count(), 112);
  assert.equal(await page.locator('svg.board [data-piece]').count(), 48);
  await screenshot(page, 'start-torus-8x14');
  assert.deepEqual(errors, []);
});

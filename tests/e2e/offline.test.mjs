// The site kept for offline use: after one visit it opens and plays without a network, and a new
// build is offered, never forced.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, serveDist, screenshot, newGame, type, moves, openGames, reload } from './harness.mjs';

/** Waits until the service worker has kept this build and controls the page. */
async function kept(page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    }
  });
}

test('after one visit the site opens offline: the computer plays, puzzles and lessons open', { timeout: 120000 }, async () => {
  const server = await serveDist('/topochess/');
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  try {
    await page.goto(server.play);
    await page.waitForSelector('svg.normal [data-square]');
    await kept(page);
    // The manifest names the app and its icons, relative to the site's folder.
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector('link[rel="manifest"]').href;
      return { href, body: await (await fetch(href)).json() };
    });
    assert.equal(manifest.body.display, 'standalone');
    assert.equal(manifest.body.start_url, './');
    assert.ok(manifest.body.icons.some((i) => i.sizes === '512x512'));
    assert.ok(manifest.href.includes('/topochess/'));
    await context.setOffline(true);
    // The first visit's page, its network gone: the whole app's module, which the page never
    // fetched itself, comes from the service worker's copy the first time the player goes beyond
    // the first screen's module.
    assert.equal(await page.evaluate(() => typeof window.wasmBindings.leave), 'function', 'the first module runs');
    await page.click('#nav-puzzles');
    await page.waitForSelector('#puzzle-solution');
    assert.equal(await page.evaluate(() => typeof window.wasmBindings.leave), 'undefined', 'the whole app runs');
    await reload(page);
    await page.waitForSelector('svg.normal [data-square]');
    await page.waitForSelector('#offline-mark');
    await newGame(page, { variant: 'folded', opponent: 'white', level: 1 });
    await type(page, 'e4');
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 2, null, { timeout: 30000 });
    await screenshot(page, 'offline-play');
    // The 3D view, whose module this visit never fetched: the service worker kept it too.
    await page.click('#nav-settings');
    await page.selectOption('#view-mode', 'solid');
    await page.click('#nav-play');
    await page.waitForSelector('.solid-canvas');
    await page.waitForFunction(() => document.querySelectorAll('.solid-square').length > 0);
    // The Games screen, from the same module: the game just played is listed.
    await openGames(page);
    assert.equal(await page.locator('#games .game-row').count(), 1);
    await page.click('#nav-puzzles');
    // A puzzle on the board (the set is fetched apart from the page's module: the service
    // worker keeps it too).
    await page.waitForSelector('#puzzle-solution');
    await page.click('#nav-learn');
    await page.click('#learn-open-folded');
    await page.waitForSelector('#learn-prompt');
    // A new page, offline from the start, opens too.
    const other = await context.newPage();
    await other.goto(server.url);
    await other.waitForSelector('#home');
    await other.click('#nav-puzzles');
    await other.waitForSelector('#puzzle-solution');
    await context.setOffline(false);
    await page.waitForSelector('#offline-mark', { state: 'detached' });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.close();
  }
});

test('a new build is offered, not forced: the game goes on until the player reloads, and is kept', { timeout: 120000 }, async () => {
  const server = await serveDist();
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await page.goto(server.play);
    await page.waitForSelector('svg.normal [data-square]');
    await kept(page);
    await type(page, 'e4');
    await type(page, 'e5');
    // A new build: the worker's script changes.
    server.served.rewrite = (path, text) => (path.endsWith('sw.js') ? `${text}\n// a new build\n` : text);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await page.waitForSelector('#update-ready', { timeout: 20000 });
    // Not by itself: the game goes on.
    await type(page, 'Nf3');
    assert.deepEqual(await moves(page), ['e4', 'e5', 'Nf3']);
    await screenshot(page, 'update-offer');
    await Promise.all([page.waitForEvent('load'), page.click('#update-reload')]);
    await page.waitForSelector('#moves .mv');
    assert.deepEqual(await moves(page), ['e4', 'e5', 'Nf3']);
    assert.equal(await page.locator('#update-ready').count(), 0);
  } finally {
    await browser.close();
    await server.close();
  }
});

// The page's modules as a first visit meets them (web/src/app/whole.rs): the first screen's module
// alone before the first board (the link's, with live play, for a live game's link); the whole
// app's fetched the first time the player goes beyond it, with a word while it comes, the game
// kept, a live game going on; a module out of reach said, and fetched when it is back; every later
// visit started by the whole app at once; what was asked for before the hand-over (the sign-in
// form, a game with a friend) done after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, serveDist, startGameServer, screenshot, moves, type, newGame, reload } from './harness.mjs';
import { waitMoves, desktops, newLiveGame, joinAndOpenWithE4E5 } from './live-harness.mjs';

/** Runs `body(page, wasm, server)` in a new browser on a new static server; `wasm` lists the
 * page's wasm modules fetched, by name (`first`, `link`, `app`, `engine`, `views`). `options`: the
 * browser context's (`serviceWorkers: 'block'` where a test holds or refuses the network: the
 * service worker, which keeps every file once installed, would answer in its place). */
async function firstVisit(body, server = null, options = {}) {
  const served = server ?? await serveDist();
  const browser = await launch();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const wasm = [];
    page.on('request', (r) => {
      const m = /\/(first|link|app|engine|views)[-_][^/]*\.wasm$/.exec(r.url());
      if (m) wasm.push(m[1]);
    });
    await body(page, wasm, served);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    if (!server) await served.close();
  }
}

/** The whole app's module held until `release()`: resolves to { release }. */
async function holdWhole(page) {
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route(/\/app-[0-9a-f]{16}_bg\.wasm$/, async (route) => { await held; await route.continue(); });
  return { release };
}

test('a first visit: the first module alone draws the board; Puzzles fetches the whole app once, says so, and the game is kept', () => firstVisit(async (page, wasm, server) => {
  await page.goto(server.play);
  await page.waitForSelector('svg.normal [data-square]');
  assert.deepEqual(wasm, ['first'], 'the first board comes with the first module alone');
  for (const m of ['e4', 'e5']) await type(page, m);
  assert.deepEqual(await moves(page), ['e4', 'e5']);
  const { release } = await holdWhole(page);
  await page.click('#nav-puzzles');
  // While it comes: a word, and a page that takes no clicks meanwhile.
  await page.waitForSelector('#whole-opening');
  assert.equal(await page.locator('#whole-opening').textContent(), 'Opening the puzzles…');
  assert.equal(await page.locator('.app[inert]').count(), 1);
  await screenshot(page, 'whole-opening');
  release();
  await page.waitForSelector('#puzzle-rating, .puzzle-list, #puzzles', { timeout: 15000 });
  await page.waitForFunction(() => location.hash.startsWith('#/puzzles'));
  assert.equal(await page.locator('#whole-opening').count(), 0);
  assert.equal(await page.locator('.app-host').count(), 1, 'one app on the page');
  assert.deepEqual(wasm.filter((w) => w !== 'engine'), ['first', 'app']);
  // The game on the board went over with it, and the next screens need no other fetch.
  await page.click('#nav-play');
  await page.waitForSelector('#san-input');
  assert.deepEqual(await moves(page), ['e4', 'e5']);
  await type(page, 'Nf3');
  assert.deepEqual(await moves(page), ['e4', 'e5', 'Nf3']);
  await page.click('#nav-learn');
  await page.waitForSelector('.lesson-card');
  assert.deepEqual(wasm.filter((w) => w !== 'engine'), ['first', 'app']);
  // Back goes where the player was.
  await page.goBack();
  await page.waitForSelector('#san-input');
  assert.deepEqual(await moves(page), ['e4', 'e5', 'Nf3']);
}, null, { serviceWorkers: 'block' }));

test('the whole app out of reach: the player is told, the first module plays on, and it is fetched once it is back', () => firstVisit(async (page, wasm, server) => {
  await page.goto(server.play);
  await page.waitForSelector('svg.normal [data-square]');
  await page.route(/\/app-[0-9a-f]{16}_bg\.wasm$/, (route) => route.abort());
  await page.click('#nav-explore');
  await page.waitForSelector('#notice');
  assert.match(await page.locator('#notice').textContent(), /could not be loaded.*Your game is saved/);
  assert.equal(await page.locator('.app[inert]').count(), 0, 'the page takes clicks again');
  await type(page, 'e4');
  assert.deepEqual(await moves(page), ['e4']);
  await page.unroute(/\/app-[0-9a-f]{16}_bg\.wasm$/);
  await page.click('#nav-explore');
  await page.waitForSelector('#gallery .entry', { timeout: 15000 });
  await page.click('#nav-play');
  await page.waitForSelector('#san-input');
  assert.deepEqual(await moves(page), ['e4']);
}, null, { serviceWorkers: 'block' }));

test('a reload while the whole app is on its way: the game is kept, and the next step beyond fetches it', () => firstVisit(async (page, wasm, server) => {
  await page.goto(server.play);
  await page.waitForSelector('svg.normal [data-square]');
  for (const m of ['d4', 'd5']) await type(page, m);
  // Held for good: the reload drops the page that asked for it.
  await holdWhole(page);
  await page.click('#nav-puzzles');
  await page.waitForSelector('#whole-opening');
  await reload(page);
  await page.waitForSelector('#san-input');
  assert.deepEqual(await moves(page), ['d4', 'd5']);
  assert.equal(await page.evaluate(() => typeof window.wasmBindings.leave), 'function', 'the first module again');
  await page.unroute(/\/app-[0-9a-f]{16}_bg\.wasm$/);
  await page.click('#nav-puzzles');
  await page.waitForSelector('#puzzle-rating', { timeout: 15000 });
  await page.click('#nav-play');
  await page.waitForSelector('#san-input');
  assert.deepEqual(await moves(page), ['d4', 'd5']);
}, null, { serviceWorkers: 'block' }));

test('the whole app takes over while the computer thinks: its reply comes once, and the game goes on', { timeout: 60000 }, () => firstVisit(async (page, wasm, server) => {
  await page.goto(server.play);
  await page.waitForSelector('svg.normal [data-square]');
  await newGame(page, { variant: 'standard', opponent: 'white', level: 8 });
  await type(page, 'e4');
  // The first module's engine is searching (level 8 takes its time, its depths told meanwhile)
  // when the player goes beyond the first module.
  await page.waitForSelector('#thinking');
  const { release } = await holdWhole(page);
  await page.click('#nav-puzzles');
  await page.waitForSelector('#whole-opening');
  release();
  await page.waitForSelector('#puzzle-rating', { timeout: 15000 });
  assert.deepEqual(wasm.filter((w) => w !== 'engine'), ['first', 'app']);
  assert.equal(await page.locator('.app-host').count(), 1, 'one app on the page');
  await page.click('#nav-play');
  await page.waitForSelector('#san-input');
  // The reply: one, whichever engine found it (the first module's left with its app). Stop,
  // clicked in the page, makes a search still going move at once.
  const stop = () => page.evaluate(() => document.querySelector('#stop')?.click());
  await stop();
  await waitMoves(page, 2);
  assert.equal((await moves(page))[0], 'e4');
  assert.equal(await page.locator('#status').textContent(), 'White to move');
  await type(page, 'd4');
  await page.waitForSelector('#thinking');
  await stop();
  await waitMoves(page, 4);
  assert.equal(await page.locator('#status').textContent(), 'White to move', 'no second reply to the first move');
}, null, { serviceWorkers: 'block' }));

test('every visit after the first starts the whole app at once, from the service worker\'s copy', () => firstVisit(async (page, wasm, server) => {
  await page.goto(server.play);
  await page.waitForSelector('svg.normal [data-square]');
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  wasm.length = 0;
  await reload(page);
  await page.waitForSelector('svg.normal [data-square]');
  assert.deepEqual(wasm.filter((w) => w !== 'engine'), ['app']);
  assert.equal(await page.evaluate(() => typeof window.wasmBindings.leave), 'undefined', 'the whole app\'s module runs');
}));

test('an address the first module does not show starts the whole app at once', () => firstVisit(async (page, wasm, server) => {
  await page.goto(`${server.url}#/learn`);
  await page.waitForSelector('.lesson-card');
  assert.deepEqual(wasm.filter((w) => w !== 'engine'), ['app']);
}));

test('asked for in the first module, done by the whole app: the sign-in form, a game with a friend', { timeout: 60000 }, async () => {
  const data = mkdtempSync(join(tmpdir(), 'topochess-whole-'));
  const server = await startGameServer(data);
  try {
    await firstVisit(async (page, wasm) => {
      // Not the front page (which takes the whole app as soon as it is here, for the lobby).
      await page.goto(server.play);
      await page.waitForSelector('svg.normal [data-square]');
      assert.deepEqual(wasm, ['first']);
      await page.click('#account-open');
      await page.waitForSelector('dialog[open] input[type="password"]', { timeout: 15000 });
      assert.ok(wasm.includes('app'));
    }, server);
    await firstVisit(async (page, wasm) => {
      await page.goto(server.url);
      await page.waitForSelector('#home');
      // The front page is taken over for its lobby; then a friend's game is made as from any page.
      await page.waitForFunction(() => typeof window.wasmBindings?.leave === 'undefined' && document.querySelector('#home'));
      assert.ok(wasm.includes('app'));
      await page.click('#home-friend');
      await page.click('#ng-start');
      await page.waitForSelector('#live-link');
    }, server);
    await firstVisit(async (page, wasm) => {
      await page.goto(server.play);
      await page.waitForSelector('svg.normal [data-square]');
      await page.click('#new-game-open');
      await page.selectOption('#ng-opponent', 'live-white');
      await page.click('#ng-start');
      await page.waitForSelector('#live-link', { timeout: 15000 });
      assert.deepEqual(wasm.filter((w) => w !== 'engine'), ['first', 'app']);
    }, server);
  } finally {
    await server.kill();
    rmSync(data, { recursive: true, force: true });
  }
});

/** A live game between White (`a`) and Black (`b`), who opens its link on a first visit and
 * plays 1.e4 e5: runs `body(a, b, wasm)`, `wasm` the modules Black's page fetched, by name; page
 * errors on Black's side fail it. */
async function liveLinkGame(body) {
  const data = mkdtempSync(join(tmpdir(), 'topochess-whole-live-'));
  const server = await startGameServer(data);
  const browser = await launch();
  try {
    const [ca, cb] = await desktops(browser, 2);
    const a = await ca.newPage();
    const link = await newLiveGame(a, server);
    const b = await cb.newPage();
    const errors = [];
    b.on('pageerror', (e) => errors.push(e.message));
    const wasm = [];
    b.on('request', (r) => {
      const m = /\/(first|link|app|engine|views)[-_][^/]*\.wasm$/.exec(r.url());
      if (m) wasm.push(m[1]);
    });
    await joinAndOpenWithE4E5(a, b, link);
    assert.deepEqual(wasm, ['link'], 'the link\'s module alone plays the game');
    await body(a, b, wasm);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.kill();
    rmSync(data, { recursive: true, force: true });
  }
}

test('a live game\'s link opens with the link\'s module; mid-game its player goes beyond it, and the game goes on in the whole app', { timeout: 90000 }, () => liveLinkGame(async (a, b, wasm) => {
  await b.click('#nav-puzzles');
  await b.waitForSelector('#puzzle-rating', { timeout: 20000 });
  assert.deepEqual(wasm.filter((w) => w !== 'engine'), ['link', 'app']);
  // White moves while Black is away from the board; Black comes back to it, and plays on.
  await type(a, 'Nf3');
  await b.click('#nav-play');
  await waitMoves(b, 3);
  await type(b, 'Nc6');
  await waitMoves(a, 4);
  assert.deepEqual(await moves(b), ['e4', 'e5', 'Nf3', 'Nc6']);
}));

test('the link\'s module leaves the front page and the New game dialog to the whole app: asked for mid-game, they open there, the game going on', { timeout: 90000 }, () => liveLinkGame(async (a, b, wasm) => {
  assert.equal(await b.locator('#saved-games').count(), 0, 'the saved games are the whole app\'s');
  // New game, in the header: the whole app comes, and opens the dialog over the live game.
  const { release } = await holdWhole(b);
  await b.click('#new-game-open');
  await b.waitForSelector('#whole-opening');
  assert.equal(await b.locator('#whole-opening').textContent(), 'Opening the New game dialog\u2026');
  assert.equal(await b.locator('.app[inert]').count(), 1);
  release();
  await b.waitForSelector('#new-game', { timeout: 20000 });
  assert.deepEqual(wasm.filter((w) => w !== 'engine'), ['link', 'app']);
  await b.click('#ng-cancel');
  await b.waitForSelector('#new-game', { state: 'detached' });
  await type(a, 'Nf3');
  await waitMoves(b, 3);
  await type(b, 'Nc6');
  await waitMoves(a, 4);
  // The front page, from the whole app now, and back to the game.
  await b.click('#nav-home');
  await b.waitForSelector('#lobby');
  await b.goBack();
  await waitMoves(b, 4);
  assert.deepEqual(await moves(b), ['e4', 'e5', 'Nf3', 'Nc6']);
}));

test('the link\'s module with the whole app out of reach: New game says so, and the live game goes on on its board', { timeout: 90000 }, () => liveLinkGame(async (a, b) => {
  await b.route(/\/app-[0-9a-f]{16}_bg\.wasm$/, (route) => route.abort());
  await b.click('#new-game-open');
  await b.waitForSelector('#notice');
  assert.match(await b.locator('#notice').textContent(), /could not be loaded/);
  assert.equal(await b.locator('.app[inert]').count(), 0, 'the page takes clicks again');
  assert.match(await b.evaluate(() => location.hash), /^#\/live\//, 'still at the game');
  await type(a, 'Nf3');
  await waitMoves(b, 3);
  await type(b, 'Nc6');
  await waitMoves(a, 4);
  assert.deepEqual(await moves(b), ['e4', 'e5', 'Nf3', 'Nc6']);
}));

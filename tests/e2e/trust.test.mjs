// Trust: a player never loses a game, and the computer never plays a move it did not search.
// Each test does things in the awkward order a player (or a flaky worker) will.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSession, serveDist, openPage, screenshot, newGame, type, moves, openSettings, openPlay, storedLibrary, storedWhen, addressMatching, reload } from './harness.mjs';

const session = useSession();

const sq = (name) => `svg.normal [data-square="${name}"]`;
const moveCount = (page) => page.locator('#moves .mv').count();

async function waitMoves(page, n, timeout = 15000) {
  await page.waitForFunction((n) => document.querySelectorAll('#moves .mv').length >= n, n, { timeout });
}

test('a share link adds its game beside the saved one, and a reload keeps the moves made since', async () => {
  const { page, server } = session;
  // The player's own game, and their view settings.
  await type(page, 'e4');
  await type(page, 'e5');
  await openSettings(page);
  await page.selectOption('#view-mode', 'normal');
  await page.check('#dark');
  // Someone else's game as a link, opened while the settings are shown: the game screen shows it.
  const link = `${server.url}#variant=cylinder&castling=standard&moves=d2d4%20d7d5`;
  await page.goto(link);
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 2);
  assert.deepEqual(await moves(page), ['d4', 'd5']);
  assert.match(await page.locator('#game-name').textContent(), /Cylinder/);
  await addressMatching(page, /^#\/play\/\d+$/); // the address names the game, no longer the link
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', 'theme kept');
  await openSettings(page);
  assert.equal(await page.locator('#view-mode').inputValue(), 'normal', 'views kept');
  await openPlay(page);
  // A move in the link's game survives a reload.
  await type(page, 'c4');
  await reload(page);
  await waitMoves(page, 3);
  assert.deepEqual(await moves(page), ['d4', 'd5', 'c4']);
  // The player's own game is still there, and opens.
  await page.click('#saved-games summary');
  const other = page.locator('#saved-games .saved-game:not(.current) .open-game');
  assert.equal(await other.count(), 1);
  assert.match(await other.textContent(), /Folded/);
  await other.click();
  await waitMoves(page, 2);
  assert.deepEqual(await moves(page), ['e4', 'e5']);
  // The same link opened twice (the address changes only in its fragment: no reload).
  await page.evaluate((l) => { location.href = l; }, link);
  await page.waitForFunction(() => /^#\/play\/\d+$/.test(location.hash) && /Cylinder/.test(document.querySelector('#game-name').textContent));
  const address = await page.evaluate(() => location.hash);
  await page.evaluate((l) => { location.href = l; }, link);
  await page.waitForFunction((a) => location.hash === a, address);
  const count = (await storedLibrary(page)).games.length;
  assert.equal(count, 3, 'own game, the link game moved on, the link opened afresh once');
  await screenshot(page, 'trust-saved-games');
});

test('a bad link says why and changes nothing', async () => {
  const { page, server } = session;
  await type(page, 'e4');
  // Kept: the saved game holds the move.
  const before = await storedWhen(page, (lib) => lib.games.some((g) => g.moves.length === 1), 'e4 stored');
  await page.goto(`${server.url}#variant=folded&castling=none&moves=e2e4%20e7e6%20Ke1e9`);
  await page.waitForSelector('#notice');
  assert.match(await page.locator('#notice').textContent(), /could not be opened: move Ke1e9/);
  assert.deepEqual(await moves(page), ['e4'], 'the saved game is shown');
  await page.waitForTimeout(200);
  const after = await storedLibrary(page);
  assert.deepEqual(after.games.map((g) => g.moves), before.games.map((g) => g.moves));
});

test('a pasted FEN with castling rights the folded board cannot use is accepted with a notice', async () => {
  const { page } = session;
  await page.evaluate(() => { document.querySelector('#transfer').open = true; });
  await page.fill('#import-text', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  await page.click('#import-load');
  await page.waitForSelector('#notice');
  assert.match(await page.locator('#notice').textContent(), /castling rights were dropped/);
  assert.equal(await page.locator('svg.normal [data-piece]').count(), 32);
});

test('a new level-8 game while the computer thinks answers with a searched move, not at once', async () => {
  const { page, errors } = session;
  await newGame(page, { variant: 'standard', opponent: 'black', level: 8 });
  await page.waitForSelector('#thinking');
  await newGame(page, { variant: 'standard', opponent: 'black', level: 8 });
  // No answer within the first 100 ms (a stopped search used to answer with Nc3 in ~40 ms).
  await page.waitForTimeout(100);
  assert.equal(await moveCount(page), 0, 'no move within 100 ms');
  // The search reports real depths (a reply found without searching would say none), then a
  // stop makes it move.
  await page.waitForFunction(() => Number(/depth (\d+)/.exec(document.querySelector('#thinking-text')?.textContent ?? '')?.[1]) >= 3, null, { timeout: 10000 });
  assert.equal(await moveCount(page), 0, 'still thinking: level 8 takes its time');
  // Its evaluation is hidden while it plays (analysis shows it).
  assert.doesNotMatch(await page.locator('#thinking-text').textContent(), /[+-]\d+\.\d\d|#/);
  // Stop, clicked in the page: on a loaded machine the think may end by itself between the
  // look above and a click from outside (its button then gone).
  await page.evaluate(() => document.querySelector('#stop')?.click());
  await waitMoves(page, 1, 5000);
  assert.equal(await page.locator('#status').textContent(), 'Black to move');
  // Import while the computer thinks: the import wins, no unsearched move is played.
  await page.click('#takeback');
  await page.waitForSelector('#thinking');
  await page.evaluate(() => { document.querySelector('#transfer').open = true; });
  await page.fill('#import-text', '[Variant "standard"]\n\n1. e4 *');
  await page.click('#import-load');
  await page.waitForTimeout(300);
  assert.deepEqual(await moves(page), ['e4'], 'the imported game, no engine move added');
  assert.deepEqual(errors, []);
});

test("the computer's reply arriving while the player browses history is kept", async () => {
  const { page } = session;
  // The engine's messages are held back while the player browses, so the reply arrives after
  // the clicks whatever the machine's speed (an early reply is the other order, tested apart).
  await page.addInitScript(() => {
    const Real = window.Worker;
    window.__engineHeld = null;
    window.Worker = class extends Real {
      set onmessage(f) {
        super.onmessage = f && ((e) => (window.__engineHeld ? window.__engineHeld.push(() => f.call(this, e)) : f.call(this, e)));
      }
      get onmessage() { return super.onmessage; }
    };
  });
  await reload(page);
  await newGame(page, { variant: 'folded', opponent: 'white', level: 7 });
  await type(page, 'e4');
  await waitMoves(page, 2, 12000);
  await page.evaluate(() => { window.__engineHeld = []; });
  await type(page, 'd4');
  await page.waitForSelector('#thinking');
  await page.click('#back');
  await page.click('#back');
  assert.match(await page.locator('#status').textContent(), /Looking at move 1 of 3/);
  assert.equal(await moveCount(page), 3, 'no reply yet');
  // The reply arrives while the player looks at move 1.
  await page.evaluate(() => { const held = window.__engineHeld; window.__engineHeld = null; held.forEach((deliver) => deliver()); });
  await waitMoves(page, 4, 12000);
  assert.match(await page.locator('#status').textContent(), /Looking at move 1 of 4/, 'kept, and the view stays');
  // Typing while browsing offers to go back to the live position.
  await type(page, 'Nf3');
  await page.click('#go-live');
  assert.match(await page.locator('#status').textContent(), /White to move/);
});

test('a worker killed mid-search is detected, said, and a retry brings the computer back', async () => {
  const { page } = session;
  // The engine's worker is made with the first job, and Playwright hears of it a moment after the
  // page shows the computer thinking: its event is listened for from before the game.
  const spawned = page.waitForEvent('worker');
  spawned.catch(() => {}); // awaited only when no worker is known by then
  await newGame(page, { variant: 'folded', opponent: 'black', level: 8 });
  await page.waitForSelector('#thinking');
  if (page.workers().length === 0) await spawned;
  const workers = page.workers();
  assert.ok(workers.length >= 1, 'the engine runs in a worker');
  await Promise.all(workers.map((w) => w.evaluate(() => self.close()).catch(() => {})));
  // The computer may have answered before its worker closed (level 8 moves at once when its
  // search settles): then the next search is the one that meets the closed worker.
  await page.waitForFunction(() => document.querySelector('#engine-trouble')
    || document.querySelectorAll('#moves .mv').length >= 1, null, { timeout: 20000 });
  if (await page.locator('#engine-trouble').count() === 0) await type(page, 'Nf6');
  // The watchdog speaks after 6 s of silence; a loaded test machine starts the job late.
  await page.waitForSelector('#engine-trouble', { timeout: 20000 });
  assert.match(await page.locator('#engine-trouble').textContent(), /stopped responding/);
  await screenshot(page, 'trust-worker-lost');
  const before = await moveCount(page);
  await page.click('#engine-retry');
  // The computer is back: it searches (depth 3 and on) and moves, or has moved already; stop
  // hurries it if it still thinks (clicked in the page: it may answer between a click's
  // checks and the click).
  await page.waitForFunction((n) => document.querySelectorAll('#moves .mv').length > n
    || Number(/depth (\d+)/.exec(document.querySelector('#thinking-text')?.textContent ?? '')?.[1]) >= 3,
  before, { timeout: 10000 });
  await page.evaluate(() => document.querySelector('#stop')?.click());
  await waitMoves(page, before + 1, 5000);
});

test('a worker that fails to load is said too, not a spinner forever', async () => {
  const { browser } = session;
  // No service worker: it would answer the worker's request from its copy, past the route.
  const page = await browser.newPage({ serviceWorkers: 'block' });
  // The page loads the module first; the worker loads the same module again: that one fails.
  let loads = 0;
  await page.route('**/*_bg.wasm', (route) => (loads++ === 0 ? route.continue() : route.abort()));
  await page.goto(session.server.play);
  await page.waitForSelector('svg.normal [data-square]');
  await newGame(page, { variant: 'folded', opponent: 'black', level: 2 });
  // The watchdog speaks after 6 s of silence; a loaded test machine starts the job late.
  await page.waitForSelector('#engine-trouble', { timeout: 20000 });
  assert.ok(loads >= 2, 'the worker asked for the module');
  await page.close();
});

test('a panic shows a crash panel with the PGN, and the saved game stays', async () => {
  const { page } = session;
  await type(page, 'e4');
  await type(page, 'e5');
  await storedWhen(page, (lib) => lib.games.some((g) => g.moves.length === 2), 'e4 e5 stored');
  await page.evaluate(() => {
    try { window.wasmBindings.showCrashPanel(); } catch (e) { /* the panic aborts the call */ }
  });
  await page.waitForSelector('#crash');
  assert.match(await page.locator('#crash-pgn').inputValue(), /1\. e4 e5/);
  await screenshot(page, 'trust-crash');
  await page.click('#crash-reload');
  await waitMoves(page, 2);
});

test('right and middle buttons do not move pieces', async () => {
  const { page } = session;
  const from = await page.locator(sq('e2')).boundingBox();
  const to = await page.locator(sq('e4')).boundingBox();
  for (const button of ['right', 'middle']) {
    await page.mouse.click(from.x + from.width / 2, from.y + from.height / 2, { button });
    await page.mouse.click(to.x + to.width / 2, to.y + to.height / 2, { button });
  }
  assert.equal(await moveCount(page), 0);
  assert.equal(await page.locator('svg.normal .cell.selected').count(), 0);
});

test('the site works served from a sub-path', async () => {
  const server = await serveDist('/topochess/');
  const { browser, page, errors } = await openPage(server.play);
  try {
    await page.waitForSelector('svg.normal [data-square]');
    await newGame(page, { variant: 'folded', opponent: 'white', level: 2 });
    await type(page, 'e4');
    await waitMoves(page, 2);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.close();
  }
});

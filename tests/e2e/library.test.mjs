// The games library and correspondence play by link, between two players in two browser
// contexts (each with its own storage), as two people would play.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { useSession, screenshot, newGame, type, moves, openGames, storedLibrary, storedLines, storedWhen, reload, drawn, addressMatching, holdShelf, releaseShelf } from './harness.mjs';

const session = useSession();

async function ready(page) {
  await page.waitForSelector('svg.normal [data-square]');
}

/** Opens `link` in `page` (a reload of the link's page, as when it is pasted in a new tab). */
async function open(page, link) {
  await page.goto('about:blank');
  await page.goto(link);
  await ready(page);
}

test('the Games screen lists, filters, renames, deletes with undo, exports and imports', async () => {
  const { page } = session;
  await type(page, 'e4');
  await newGame(page, { variant: 'cylinder' });
  await type(page, 'd4');
  await type(page, 'd5');
  await newGame(page, { variant: 'standard' });
  await type(page, 'e4');
  await page.click('#resign');
  await page.click('#resign-yes');
  await openGames(page);
  const rows = page.locator('#games .game-row');
  assert.equal(await rows.count(), 3);
  assert.equal(await rows.first().locator('.result').textContent(), '1-0', 'newest first');
  await page.selectOption('#games-sort', 'oldest');
  assert.match(await rows.first().textContent(), /Folded/);
  await page.selectOption('#games-variant', 'cylinder');
  assert.equal(await rows.count(), 1);
  assert.match(await rows.first().locator('.last').textContent(), /d5 \(1\)/);
  assert.equal(await rows.first().locator('.turn').textContent(), 'White');
  // Rename the players of that game.
  await rows.first().locator('.rename-game').click();
  await page.fill('#rename-white', 'Ann');
  await page.fill('#rename-black', 'Bo');
  // The names are edited right under the game's row, and Enter saves them.
  assert.equal(await page.locator('.game-row + .rename-row #rename-form').count(), 1);
  await page.press('#rename-black', 'Enter');
  // Each change shows once the library has written it (a transaction of a few milliseconds).
  await rows.first().locator('.white', { hasText: 'Ann' }).waitFor();
  // Delete, then undo.
  await rows.first().locator('.delete-game').click();
  await rows.first().waitFor({ state: 'detached' });
  await page.click('#undo');
  await rows.first().waitFor();
  assert.equal(await rows.count(), 1);
  assert.equal(await rows.first().locator('.black').textContent(), 'Bo');
  await page.selectOption('#games-variant', '');
  assert.equal(await rows.count(), 3);
  await screenshot(page, 'games-screen');
  // Export all as one PGN file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#games-export')]);
  const text = await readFile(await download.path(), 'utf8');
  assert.equal((text.match(/\[Event /g) ?? []).length, 3);
  assert.match(text, /\[White "Ann"\]/);
  // Import a file of 60 games: the progress bar reaches the end, the list grows.
  const many = Array.from({ length: 60 }, (_, i) =>
    `[Event "import ${i}"]\n[White "W${i}"]\n[Black "B${i}"]\n[Variant "folded"]\n\n1. e4 e5 2. Nf3 *\n`).join('\n');
  await page.setInputFiles('#games-import', { name: 'many.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(many) });
  await page.waitForFunction(() => /60 games added/.test(document.querySelector('#import-progress')?.textContent ?? ''));
  assert.equal(await rows.count(), 63);
  // The exported file imported again adds nothing: each of its games is recognised.
  await page.setInputFiles('#games-import', { name: 'again.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(text) });
  await page.waitForFunction(() => /0 games added, 3 already in your games/.test(document.querySelector('#import-progress')?.textContent ?? ''));
  assert.equal(await rows.count(), 63);
  // A file that is no PGN says so.
  await page.setInputFiles('#games-import', { name: 'junk.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from('\u0000\u0001 not a game at all') });
  await page.waitForFunction(() => /No game could be read/.test(document.querySelector('#import-progress')?.textContent ?? ''));
  assert.equal(await rows.count(), 63);
  // Opening one from the list plays it.
  await page.selectOption('#games-variant', 'cylinder');
  await rows.first().locator('.open-game').click();
  await ready(page);
  assert.deepEqual(await moves(page), ['d4', 'd5']);
  // Nothing was dropped: all 63 are still kept after a reload.
  await reload(page);
  await ready(page);
  await openGames(page);
  assert.equal(await rows.count(), 63);
});

test('a correspondence game exchanged by links between two players', async () => {
  const ann = session.page;
  const context = await session.browser.newContext({ viewport: { width: 1400, height: 900 } });
  const bo = await context.newPage();
  const errors = [];
  bo.on('pageerror', (e) => errors.push(String(e)));
  try {
    await bo.goto(session.server.play);
    await ready(bo);
    // Ann starts as White on the folded board.
    await ann.click('#new-game-open');
    await ann.selectOption('#ng-variant', 'folded');
    await ann.selectOption('#ng-opponent', 'corr-white');
    await ann.fill('#ng-my-name', 'Ann');
    await ann.fill('#ng-their-name', 'Bo');
    await ann.click('#ng-start');
    // Ten plies, each a link opened by the other player: the game's exchange, kept across two
    // reloads.
    const plies = ['a3', 'a6', 'b3', 'b6', 'c3', 'c6', 'd3', 'd6', 'e3', 'e6'];
    const links = [];
    for (let i = 0; i < plies.length; i++) {
      const [me, other] = i % 2 === 0 ? [ann, bo] : [bo, ann];
      await type(me, plies[i]);
      assert.equal(await me.locator('#moves .mv').count(), i + 1, `${plies[i]} played`);
      // A player cannot move for the opponent: the opponent's move comes by link.
      await type(me, plies[i + 1] ?? 'Nf3');
      assert.equal(await me.locator('#moves .mv').count(), i + 1, 'no move for the other side');
      assert.match(await me.locator('#notice').textContent(), /comes to you by link/);
      const link = await me.locator('#send-link').inputValue();
      links.push(link);
      // The other opens the link; a reload (every fifth ply, of either player) keeps the game.
      await open(other, link);
      assert.equal(await other.locator('#moves .mv').count(), i + 1);
      if (i % 5 === 4) {
        await reload(other);
        await ready(other);
        assert.equal(await other.locator('#moves .mv').count(), i + 1, 'kept across a reload');
      }
    }
    assert.deepEqual(await ann.locator('#moves .mv').allTextContents(), await bo.locator('#moves .mv').allTextContents());
    assert.match(await bo.locator('.opponent').textContent(), /Bo \(you\) against Ann/);
    await screenshot(ann, 'correspondence-ann');
    // A stale link (Bo's first) asks before anything changes, and keeping changes nothing.
    await open(ann, links[1]);
    assert.match(await ann.locator('#notice').textContent(), /older than the game you keep/);
    await ann.click('#link-keep');
    assert.equal(await ann.locator('#moves .mv').count(), plies.length);
    // A tampered link is refused.
    const last = links[links.length - 1];
    const tampered = last.replace('white=Ann', 'white=Eve');
    await open(ann, tampered);
    assert.match(await ann.locator('#notice').textContent(), /changed or corrupted/);
    // The library shows whose turn it is on each side.
    await openGames(ann);
    const annRow = ann.locator('#games .game-row').first();
    assert.equal(await annRow.locator('.turn').textContent(), 'yours');
    assert.equal(await annRow.locator('.white').textContent(), 'Ann');
    await openGames(bo);
    const boRow = bo.locator('#games .game-row').first();
    assert.equal(await boRow.locator('.turn').textContent(), 'theirs');
    assert.equal(await boRow.locator('.black').textContent(), 'Bo');
    console.log(`# correspondence link after ${plies.length} plies: ${last.length} characters`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a move whose save the browser had not written when the page reloaded is kept', async () => {
  const { page } = session;
  await type(page, 'e4');
  await storedWhen(page, (lib) => lib.games.some((g) => g.moves.join(' ') === 'e2e4'), '1.e4 stored');
  // From now on this page's writes to the shelf are refused (as a reload in the middle of a
  // transaction leaves them): 1...e5 is played, and not written.
  await page.evaluate(() => {
    IDBObjectStore.prototype.put = function () { throw new DOMException('held back by the test', 'UnknownError'); };
  });
  await type(page, 'e5');
  await page.waitForSelector('#notice');
  assert.match(await page.locator('#notice').textContent(), /could not be saved/);
  assert.deepEqual(await storedLines(page), ['e2e4']);
  // The reload finds the move the tab kept aside, and writes it.
  await reload(page);
  await ready(page);
  assert.deepEqual(await moves(page), ['e4', 'e5']);
  await storedWhen(page, (lib) => lib.games.some((g) => g.moves.join(' ') === 'e2e4 e7e5'), '1...e5 put back on the shelf');
  assert.equal((await storedLibrary(page)).games.length, 1, 'once, not as a second game');
});

test('a move and a reload in the same task, before its frame: the move, kept when the page is left, is there', async () => {
  const { page } = session;
  await newGame(page, { variant: 'standard' });
  await type(page, 'd4');
  // The save waits for the move's frame (web/src/common/after_paint.rs); this page is left before
  // that frame: the move typed and the reload asked for in one task.
  await page.evaluate(() => {
    const input = document.querySelector('#san-input');
    input.value = 'd5';
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    location.reload();
  });
  await ready(page);
  assert.deepEqual(await moves(page), ['d4', 'd5']);
  await storedWhen(page, (lib) => lib.games.some((g) => g.moves.join(' ') === 'd2d4 d7d5'), '1...d5 on the shelf');
});

/** Goes Back to the game at `first` (1.e4), and waits until the page shows it. */
async function backToFirst(page, first) {
  await page.goBack();
  await page.waitForFunction((h) => location.hash === h, first);
  await page.waitForFunction(() => [...document.querySelectorAll('#moves .mv')].map((m) => m.textContent).join() === 'e4');
}

/** Plays 1.e4, then 1.d4 in a new game while the shelf is held (its writes wait), and goes Back
 * to the first game while they wait: returns the first game's address. */
async function twoGamesOnAHeldShelf(page) {
  await type(page, 'e4');
  await storedWhen(page, (lib) => lib.games.some((g) => g.moves.join(' ') === 'e2e4'), '1.e4 stored');
  const first = await addressMatching(page, /^#\/play\/\d+$/);
  await holdShelf(page);
  await newGame(page, { variant: 'standard' });
  await type(page, 'd4');
  await page.waitForFunction((f) => /^#\/play\/\d+$/.test(location.hash) && location.hash !== f, first);
  await drawn(page);
  // Back while the new game's saves wait: the first game's save is asked for behind them.
  await backToFirst(page, first);
  await drawn(page);
  return first;
}

test('games switched between while their saves wait: each keeps its moves, on the page and on the shelf', async () => {
  const { page } = session;
  await twoGamesOnAHeldShelf(page);
  await releaseShelf(page);
  await page.goForward();
  await page.waitForFunction(() => [...document.querySelectorAll('#moves .mv')].map((m) => m.textContent).join() === 'd4');
  await storedWhen(page, (lib) => ['e2e4', 'd2d4'].every((l) => lib.games.some((g) => g.moves.join(' ') === l)), 'both games on the shelf');
});

test('games switched between while their saves wait, and a reload before they are written: both kept', async () => {
  const { page } = session;
  const first = await twoGamesOnAHeldShelf(page);
  await reload(page);
  await page.waitForSelector('#moves .mv');
  assert.deepEqual(await moves(page), ['e4'], 'the game of the address');
  await storedWhen(page, (lib) => ['e2e4', 'd2d4'].every((l) => lib.games.some((g) => g.moves.join(' ') === l)), 'both games on the shelf');
  await page.goForward();
  await page.waitForFunction((f) => location.hash !== f, first);
  await page.waitForFunction(() => [...document.querySelectorAll('#moves .mv')].map((m) => m.textContent).join() === 'd4');
});

test('two tabs of one game keep in step, and when they diverge both lines are kept', async () => {
  const context = await session.browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const a = await context.newPage();
    await a.goto(session.server.play);
    await ready(a);
    await newGame(a, { variant: 'standard' });
    await type(a, 'e4');
    // Tab B opens the same game, then A goes on: B follows each move.
    const b = await context.newPage();
    await b.goto(session.server.play);
    await ready(b);
    assert.deepEqual(await moves(b), ['e4']);
    for (const m of ['e5', 'Nf3', 'Nc6', 'Bc4']) await type(a, m);
    await b.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 5);
    assert.deepEqual(await moves(b), ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4']);
    assert.match(await b.locator('#notice').textContent(), /another tab/);
    // Tab C, which does not hear the shelf's broadcasts (a tab that has not heard yet): when it
    // takes the game another way, A's line stays and C's is kept apart.
    const c = await context.newPage();
    await c.addInitScript(() => {
      BroadcastChannel.prototype.addEventListener = function () {};
    });
    await c.goto(session.server.play);
    await ready(c);
    assert.equal((await moves(c)).length, 5);
    // A plays on, which C does not hear of (the shelf holds the move, nothing told C); C takes
    // 3.Bc4 back and plays 3.d4 instead.
    await type(a, 'Nf6');
    await storedWhen(c, (lib) => lib.games.some((g) => g.moves.includes('g8f6')), 'A\'s 3...Nf6 stored');
    await c.bringToFront();
    await c.click('#takeback');
    assert.match(await c.locator('#notice').textContent(), /both lines are kept/);
    await type(c, 'd4');
    const stored = await storedWhen(a, (lib) => lib.games.some((g) => g.moves.join(' ') === 'e2e4 e7e5 g1f3 b8c6 d2d4'), 'C\'s 3.d4 stored');
    const lines = stored.games.map((g) => g.moves.join(' '));
    assert.ok(lines.includes('e2e4 e7e5 g1f3 b8c6 f1c4 g8f6'), lines.join(' | '));
    // After a reload each tab shows its own line; nothing was overwritten.
    await reload(a);
    await ready(a);
    assert.deepEqual(await moves(a), ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6']);
    await reload(c);
    await ready(c);
    assert.deepEqual(await moves(c), ['e4', 'e5', 'Nf3', 'Nc6', 'd4']);
    await screenshot(c, 'library-two-tabs-kept-apart');
  } finally {
    await context.close();
  }
});

test('two tabs answering the same position at the same instant: both lines are kept, every time', { timeout: 120000 }, async () => {
  const context = await session.browser.newContext({ viewport: { width: 1000, height: 800 } });
  try {
    const a = await context.newPage();
    await a.goto(session.server.play);
    await ready(a);
    let b = null;
    // Each tab types its move and presses Enter at one agreed instant (by its own clock).
    const at = (page, move, when) => page.evaluate(([move, when]) => new Promise((done) => {
      setTimeout(() => {
        const input = document.querySelector('#san-input');
        input.value = move;
        input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
        done();
      }, when - Date.now());
    }), [move, when]);
    for (let round = 0; round < 5; round++) {
      // Back to the first tab (the last round's second tab was in front): a tab behind another
      // draws no frames, and a click waits for one.
      await a.bringToFront();
      await newGame(a, { variant: 'standard' });
      await type(a, 'e4');
      await type(a, 'e5');
      // A new tab each round: it opens the game the library holds now (a reload would show
      // the tab its own game).
      await b?.close();
      b = await context.newPage();
      await b.goto(session.server.play);
      await ready(b);
      assert.deepEqual(await moves(b), ['e4', 'e5'], `round ${round}: the same game in both tabs`);
      const when = Date.now() + 300;
      await Promise.all([at(a, 'Nf3', when), at(b, 'Nc3', when)]);
      // Both lines in the library, each tab still showing its own.
      await storedWhen(a, (lib) => {
        const games = lib.games.map((g) => g.moves.join(' '));
        return games.includes('e2e4 e7e5 g1f3') && games.includes('e2e4 e7e5 b1c3');
      }, `round ${round}: both lines stored`, 5000);
      assert.deepEqual(await moves(a), ['e4', 'e5', 'Nf3']);
      assert.deepEqual(await moves(b), ['e4', 'e5', 'Nc3']);
    }
    // A reload shows each tab its own line.
    await reload(a);
    await ready(a);
    assert.deepEqual(await moves(a), ['e4', 'e5', 'Nf3']);
    await reload(b);
    await ready(b);
    assert.deepEqual(await moves(b), ['e4', 'e5', 'Nc3']);
  } finally {
    await context.close();
  }
});

// The analysis board in headless Chromium: the engine's lines and bar, a click on a line, side
// lines promoted and annotated, the best move's arrow over an edge, reload, and a page that
// stays responsive while the engine runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  useSession, screenshot, type, loadText, newGame, phonePage, watchLongTasks, longTasks, clickToFrame, openGames, reload, drawn } from './harness.mjs';

const session = useSession();

const sq = (view, name) => `svg.${view} [data-square="${name}"]`;
const treeMoves = (page) => page.locator('#move-tree .tree-move').allTextContents();
const current = (page) => page.locator('#move-tree .tree-move.current').textContent();

/** Waits until the engine has reported lines of at least `depth`. */
async function linesAtDepth(page, depth, timeout = 15000) {
  await page.waitForFunction((d) => {
    const m = /depth (\d+)/.exec(document.querySelector('#analysis-status')?.textContent ?? '');
    return m && Number(m[1]) >= d;
  }, depth, { timeout });
}

test('analysis from a game: three lines, the bar, arrows, a line played by a click', async () => {
  const { page, errors } = session;
  for (const m of ['e4', 'e5', 'Nf3']) await type(page, m);
  const boxes = () => page.evaluate(() => [...document.querySelectorAll('svg.board')].map((b) => {
    const r = b.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height].map(Math.round).join(' ');
  }));
  const onGame = await boxes();
  await page.click('#analyse');
  await page.waitForSelector('#eval-bar');
  // On a wide screen the boards keep their size and place: the bar stands between the boards and
  // the panel, which gives up its width for it.
  assert.deepEqual(await boxes(), onGame);
  const [bar, views, panel] = await page.evaluate(() => ['#eval-bar', 'svg.extended', 'main > aside, main > .kept-panel:not([hidden]) > aside']
    .map((s) => document.querySelector(s).getBoundingClientRect()).map((r) => [r.left, r.right, r.height]));
  assert.ok(bar[0] >= views[1] && bar[1] <= panel[0] && bar[2] > 100, `bar ${bar}, views ${views}, panel ${panel}`);
  await linesAtDepth(page, 4);
  assert.equal(await page.locator('#engine-lines .pv').count(), 3);
  const scores = await page.locator('#engine-lines .pv-score').allTextContents();
  for (const s of scores) assert.match(s, /^([+-]\d+\.\d\d|#-?\d+)$/, s);
  // Black to move: the lines start with Black's move number.
  assert.match(await page.locator('#engine-lines .pv').first().textContent(), /^\S+\s*2\.\.\./);
  // The bar is White's share, between 0 and 100, and moves as the search deepens.
  const share = Number(await page.locator('#eval-bar').getAttribute('data-share'));
  assert.ok(share > 0 && share < 100, `share ${share}`);
  // The best move and the second line's drawn on both views.
  for (const view of ['normal', 'extended']) {
    assert.equal(await page.locator(`svg.${view} .drawing.best`).count(), 1, view);
    assert.equal(await page.locator(`svg.${view} .drawing.second`).count(), 1, view);
  }
  // Read the line and click its second move in one go: the engine may report a new line anytime.
  const firstLine = await page.evaluate(() => {
    const moves = [...document.querySelectorAll('#engine-lines .pv:first-child .pv-move')];
    moves[1].click();
    return moves.map((m) => m.textContent);
  });
  assert.deepEqual(await treeMoves(page), ['e4', 'e5', 'Nf3', ...firstLine.slice(0, 2)]);
  assert.equal(await current(page), firstLine[1]);
  // Fewer lines on request.
  await page.selectOption('#lines', '1');
  await page.waitForFunction(() => document.querySelectorAll('#engine-lines .pv').length === 1, null, { timeout: 10000 });
  assert.equal(await page.locator('svg.normal .drawing.second').count(), 0);
  await screenshot(page, 'analysis-desktop');
  assert.deepEqual(errors, []);
});

test('a side line is made on the board, promoted, annotated, and kept across a reload', async () => {
  const { page, errors, server } = session;
  for (const m of ['e4', 'e5', 'Nf3', 'Nc6']) await type(page, m);
  await page.click('#analyse');
  // Back to after 1... e5 and play 2. Nc3 instead of 2. Nf3: a side line.
  await page.click('#an-back');
  await page.click('#an-back');
  assert.equal(await current(page), 'e5');
  await page.click(sq('normal', 'b1'));
  await page.click(sq('normal', 'c3'));
  await drawn(page);
  assert.equal(await current(page), 'Nc3');
  assert.equal(await page.locator('#move-tree .variations .tree-move').count(), 1);
  assert.equal(await page.locator('#promote').isDisabled(), false);
  // Annotate it: a glyph and a comment.
  await page.click('#nag-5');
  await page.fill('#comment', 'the Vienna');
  await page.locator('#comment').blur();
  await page.waitForFunction(() => document.querySelector('#move-tree .comment')?.textContent === 'the Vienna');
  assert.equal(await current(page), 'Nc3!?');
  // Promote it: it is the main line now, the game's moves the side line.
  await page.click('#promote');
  assert.deepEqual((await treeMoves(page)).slice(0, 3), ['e4', 'e5', 'Nc3!?']);
  assert.deepEqual(await page.locator('#move-tree .variations .tree-move').allTextContents(), ['Nf3', 'Nc6']);
  assert.equal(await page.locator('#promote').isDisabled(), true);
  // The PGN has the side line, the glyph and the comment.
  await page.evaluate(() => { document.querySelector('.analysis-panel details').open = true; });
  const pgn = await page.locator('#analysis-pgn').inputValue();
  assert.match(pgn, /2\. Nc3!\? \{the Vienna\} \(2\. Nf3 Nc6\) \*/, pgn);
  // A reload right after: the analysis, its screen and the node shown come back.
  await page.reload();
  await page.waitForSelector('#move-tree');
  assert.equal(await current(page), 'Nc3!?');
  assert.deepEqual(await page.locator('#move-tree .variations .tree-move').allTextContents(), ['Nf3', 'Nc6']);
  // Delete the side line from its first move; the game is untouched.
  await page.locator('#move-tree .variations .tree-move', { hasText: 'Nf3' }).click();
  await page.click('#delete-node');
  assert.equal(await page.locator('#move-tree .variations').count(), 0);
  assert.equal(await current(page), 'e5');
  await page.click('#back-to-game');
  assert.deepEqual(await page.locator('#moves .mv').allTextContents(), ['e4', 'e5', 'Nf3', 'Nc6']);
  // A PGN with side lines loads into the analysis.
  await page.click('#nav-analysis');
  await page.waitForSelector('.analysis-panel details');
  await page.evaluate(() => { document.querySelector('.analysis-panel details').open = true; });
  await page.fill('#analysis-import', '[Variant "cylinder"]\n1. e4 (1. d4 d5 {solid}) 1... c5 *');
  await page.click('#analysis-load');
  // The side line follows the main move it replaces, as on lichess: 1. e4 (1. d4 d5) 1... c5.
  assert.deepEqual(await treeMoves(page), ['e4', 'd4', 'd5', 'c5']);
  assert.match(await page.locator('#game-name').textContent(), /Cylinder/i, 'the analysis names its surface');
  await page.click('#nav-play');
  await page.waitForSelector('#san-input');
  assert.match(await page.locator('#game-name').textContent(), /Folded/, 'the game stays');
  assert.deepEqual(await page.locator('#moves .mv').allTextContents(), ['e4', 'e5', 'Nf3', 'Nc6']);
  assert.deepEqual(errors, [], server.url);
});

test('the best move is drawn over the fold, and the page answers at once while it thinks', async () => {
  const { page, errors } = session;
  // On the folded board the rook takes the queen over the fold: c1 up the c-file to f8.
  await loadText(page, '5q1k/8/8/8/8/8/6PP/2R3K1 w - - 0 1');
  await page.click('#analyse');
  await page.waitForFunction(() => /Rxf8\+/.test(document.querySelector('#engine-lines .pv')?.textContent ?? ''), null, { timeout: 15000 });
  const best = page.locator('svg.normal .drawing.best');
  assert.ok(await best.count() >= 1);
  assert.ok(await best.locator('.edge-marker').count() >= 2, 'it leaves at an edge and comes back in');
  // The extended view, which the board's frame does not wait for, draws it in the task after.
  await page.waitForSelector('svg.extended .drawing.best', { state: 'attached' });
  await screenshot(page, 'analysis-over-the-fold');
  // Clicks are answered within 100 ms while the engine runs (it searches in slices).
  await linesAtDepth(page, 3);
  // The line's second move, read and clicked in one go (the engine may report a new line anytime).
  await page.evaluate(() => document.querySelectorAll('#engine-lines .pv:first-child .pv-move')[1].click());
  await page.click('#an-first');
  await linesAtDepth(page, 3);
  const times = await page.evaluate(async () => {
    const out = [];
    for (const id of ['#an-last', '#an-first', '#an-last', '#an-first', '#an-last']) {
      const before = document.querySelector('#move-tree').innerHTML;
      const start = performance.now();
      document.querySelector(id).click();
      while (document.querySelector('#move-tree').innerHTML === before && performance.now() - start < 2000) {
        await new Promise((r) => requestAnimationFrame(r));
      }
      out.push(performance.now() - start);
    }
    return out;
  });
  // Idle, a click is answered in 20-60 ms; with another test file's browser beside it on the two
  // cores, 52-115 ms were seen, and three times that on a machine loaded by a second build. The
  // bounds are for that loaded machine: a median of 400 ms and no click over 1 s. A search on the
  // page's own thread would hold each click for a whole iteration of the engine, seconds at the
  // depths it reaches here.
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
  assert.ok(median < 400, `clicks answered in ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
  for (const t of times) assert.ok(t < 1000, `a click answered in ${t.toFixed(0)} ms`);
  assert.ok(await page.locator('#engine-on').isChecked());
  await page.uncheck('#engine-on');
  await page.waitForSelector('text=The engine is off.');
  assert.equal(await page.locator('svg.normal .drawing.best').count(), 0);
  console.log(`# clicks answered in ${times.map((t) => t.toFixed(0)).join(', ')} ms while analysing`);
  assert.deepEqual(errors, []);
});

test('analysis on a phone, from the explorer, with touch', async () => {
  const { context, page, errors } = await phonePage(session);
  await page.waitForSelector('svg.normal [data-square]');
  await page.click('#nav-explore');
  await page.click('#analyse-diagram');
  await page.waitForSelector('#engine-lines .pv', { timeout: 15000 });
  // A tap-tap move on the board goes into the analysis.
  await page.tap(sq('normal', 'e2'));
  await page.tap(sq('normal', 'e4'));
  await drawn(page);
  assert.equal(await current(page), 'e4');
  await screenshot(page, 'analysis-phone');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scrolling (${width}px)`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a 30-ply game reviewed: progress, a graph, the blunder and its better move over the fold', async () => {
  const { page, errors } = session;
  // 1. g3 leaves the rook to the queen over the fold; 1. Rxf8+ took the queen the same way.
  const game = '[Variant "folded"]\n[SetUp "1"]\n[FEN "5q1k/pp4pp/8/8/8/8/PP4PP/2R3K1 w - - 0 1"]\n\n'
    + '1. g3 Qxc1+ 2. Kg2 Qf5 3. a4 Qa2 4. Kf2 Qb3 5. Kg2 Qh1+ 6. Kh3 h5 7. Kh4 Qc4+ 8. Kg5 Qf8+ '
    + '9. Kg6 Qc7 10. h4 b6 11. Kg5 Qc5+ 12. Kg6 Qc8 13. g4 Qc6+ 14. Kg5 a6 15. a5 Qc8 *';
  await page.click('#nav-analysis');
  await page.waitForSelector('.analysis-panel details');
  await page.evaluate(() => { document.querySelector('.analysis-panel details').open = true; });
  await page.fill('#analysis-import', game);
  await page.click('#analysis-load');
  assert.equal(await page.locator('#move-tree .tree-move').count(), 30);
  await page.click('#review-start');
  await page.waitForSelector('#review-progress');
  assert.match(await page.locator('#review-count').textContent(), /of 31 positions/);
  // Progress is shown as it goes, and the page answers meanwhile.
  await page.waitForFunction(() => /^([1-9]\d*) of 31/.test(document.querySelector('#review-count')?.textContent ?? ''), null, { timeout: 20000 });
  // The review runs in the worker, for many seconds: a click is drawn within a few frames (tens
  // of ms idle; the bound of 1 s is for a machine loaded by a second build), measured in the page
  // (a page blocked by the review would take the whole review).
  await watchLongTasks(page);
  const clicked = await clickToFrame(page, '#an-first');
  assert.ok(clicked < 1000, `a click while reviewing was drawn after ${clicked.toFixed(0)} ms`);
  await page.waitForSelector('#review-start', { timeout: 90000 });
  // Nothing held the page for long while the review ran (a review on the page's own thread
  // would show as one task of many seconds); the longest are the redraws of its progress, under
  // 400 ms idle, and the bound of 1.5 s is for a loaded machine.
  const held = await longTasks(page);
  assert.ok(held.every((ms) => ms < 1500), `long tasks while reviewing: ${held.map(Math.round)} ms`);
  // The panel with its graph and table fits beside the boards (the page had grown to 1,471 px).
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth),
    'no sideways scroll with the review shown');
  // The graph: one clickable column per position, the judged moves marked.
  assert.equal(await page.locator('#review-graph .graph-ply').count(), 31);
  assert.ok(await page.locator('#review-graph .judged.blunder').count() >= 1);
  const white = await page.locator('#review-white').textContent();
  assert.match(white, /\d+%$/, white);
  assert.ok(Number(await page.locator('#review-white .blunder').textContent()) >= 1);
  await screenshot(page, 'review-desktop');
  // Click 1. g3 in the graph: a blunder, Rxf8+ was best, drawn over the fold.
  await page.locator('#review-graph .graph-ply[data-ply="1"]').click({ force: true });
  assert.equal(await page.locator('#move-tree .tree-move.current').textContent(), 'g3');
  assert.match(await page.locator("#judgement").textContent(), /^Blunder: .* Rxf8[+#] was best\.$/);
  const better = page.locator('svg.normal .drawing.better');
  assert.ok(await better.count() >= 1);
  assert.ok(await better.locator('.edge-marker').count() >= 2, 'it leaves at the fold and comes back in');
  // The extended view, which the board's frame does not wait for, draws it in the task after.
  await page.waitForSelector('svg.extended .drawing.better', { state: 'attached' });
  await screenshot(page, 'review-blunder');
  // The review is in the PGN ([%eval] and [%best]) and loads back with it.
  const pgn = await page.locator('#analysis-pgn').inputValue();
  assert.match(pgn, /1\. g3 \{\[%eval -?\d+\.\d\d\] \[%best /, pgn);
  await page.fill('#analysis-import', pgn);
  await page.click('#analysis-load');
  assert.equal(await page.locator('#review-graph .graph-ply').count(), 31);
  assert.ok(await page.locator('#review-graph .judged.blunder').count() >= 1);
  // And after a reload.
  await reload(page);
  await page.waitForSelector('#review-graph');
  assert.ok(await page.locator('#review-graph .judged.blunder').count() >= 1);
  assert.deepEqual(errors, []);
});

test('after a game, "Review the game" reviews it; a review is cancelled', async () => {
  const { page, errors } = session;
  for (const m of ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5']) await type(page, m);
  assert.equal(await page.locator('#review-game').count(), 0, 'not while the game goes on');
  await page.click('#resign');
  await page.click('#resign-yes');
  // A review of 7 positions takes a fraction of a second: cancelled from inside the page the
  // moment its Cancel button is drawn (a click from outside could come after it ended).
  await page.evaluate(() => {
    new MutationObserver((_, observer) => {
      const cancel = document.querySelector('#review-cancel');
      if (!cancel) return;
      observer.disconnect();
      window.reviewCount = document.querySelector('#review-count')?.textContent;
      cancel.click();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.click('#review-game');
  await page.waitForSelector('#review-start');
  assert.match(await page.evaluate(() => window.reviewCount), /of 7 positions/);
  assert.equal(await page.locator('#review-cancel').count(), 0, 'cancelled');
  // The engine goes back to the lines of the position shown.
  await page.waitForSelector('#engine-lines .pv', { timeout: 15000 });
  assert.deepEqual(errors, []);
});

test('a review is saved with its game: opened again from the Games screen and exported', async () => {
  const { page, errors } = session;
  for (const m of ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6']) await type(page, m);
  await page.click('#analyse');
  await page.click('#review-start');
  await page.waitForSelector('#review-graph', { timeout: 60000 });
  await page.waitForSelector('#review-start');
  // Another game, then this one again from the library.
  await page.click('#back-to-game');
  await newGame(page, { variant: 'cylinder' });
  await openGames(page);
  const row = page.locator('#games .game-row').filter({ hasText: 'Nf6' });
  await row.locator('.open-game').click();
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 6);
  await page.click('#analyse');
  assert.equal(await page.locator('#review-graph .graph-ply').count(), 7, 'the review came back with the game');
  assert.ok(await page.locator('#review-graph .judged.blunder').count() >= 1, 'Nf6 lets Qxf7 mate');
  // The library's export carries it as PGN comments.
  await openGames(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#games-export')]);
  const text = await (await import('node:fs/promises')).readFile(await download.path(), 'utf8');
  assert.match(text, /\[%eval [^\]]+\] \[%best Qxf7#\]/);
  assert.deepEqual(errors, []);
});

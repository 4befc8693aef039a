// The endgame atlas in headless Chromium: a cell computed in the worker with progress, its
// details and the findings in words, kept across a reload, the longest mate opened on the
// analysis board; four-piece tables built in seconds, one stopped, one too large; the longest
// mate played out against the computer, which mates from the table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSession, screenshot, newGame, loadText, reload } from './harness.mjs';

const session = useSession();
const cell = (v, m) => `td[data-variant="${v}"][data-material="${m}"]`;

/** Waits until the cell `sel` shows a progress bar that has moved. */
const progressShown = (page, sel) => page.waitForFunction((s) => {
  const p = document.querySelector(`${s} progress`);
  return p && Number(p.value) > 0;
}, sel, { timeout: 30000 });

test('a cell is computed in the worker, explained, kept, and opened on the analysis board', async () => {
  const { page, errors } = session;
  await page.click('#nav-atlas');
  // The atlas is drawn by the views' module, fetched the first time it is opened.
  await page.waitForSelector('#atlas-table');
  assert.ok(await page.locator('#atlas-table tr').count() >= 10, 'a row per 8x8 surface');
  // King and rook on the folded board: the page says they mate; the table says they do not.
  await page.click(`${cell('folded', 'KRvK')} button`);
  await page.waitForSelector(`${cell('folded', 'KRvK')} .verdict`, { timeout: 60000 });
  assert.match(await page.locator(`${cell('folded', 'KRvK')} .verdict`).textContent(), /^draw, 0\.9% won \(longest mate 1\)$/);
  assert.match(await page.locator('#atlas-white').textContent(), /^White to move: 145992 legal, 1344 won, 144648 drawn, 0 lost; longest mate 1$/);
  const findings = await page.locator('#atlas-findings').textContent();
  assert.match(findings, /king \+ rook can force a bare king.*it does not hold: only positions already one move from mate are won/);
  // King and queen on the flat board: mate in at most 10 from everywhere.
  await page.click(`${cell('standard', 'KQvK')} button`);
  await page.waitForSelector(`${cell('standard', 'KQvK')} .verdict`, { timeout: 60000 });
  assert.equal(await page.locator(`${cell('standard', 'KQvK')} .verdict`).textContent(), 'forced win, longest mate 10');
  await screenshot(page, 'atlas');
  // Kept across a reload: shown at once, nothing computed again.
  await reload(page);
  await page.click('#nav-atlas');
  assert.equal(await page.locator(`${cell('standard', 'KQvK')} .verdict`).textContent(), 'forced win, longest mate 10');
  await page.click(`${cell('standard', 'KQvK')} button`);
  assert.equal(await page.locator('.building').count(), 0);
  // Typical positions beside the longest mate: two won ones and two drawn (none here: all won).
  assert.ok(await page.locator('#atlas-positions tr').count() >= 3);
  // The longest mate on the analysis board: the engine reads the table the atlas built, so its
  // line is the perfect one at once.
  await page.click('#atlas-longest');
  await page.waitForSelector('#engine-lines .pv', { timeout: 15000 });
  assert.match(await page.locator('#game-name').textContent(), /Standard/);
  assert.equal(await page.locator('svg.normal [data-piece]').count(), 3);
  await page.waitForFunction(() => document.querySelector('#engine-lines .pv-score')?.textContent === '#10',
    null, { timeout: 15000 });
  assert.deepEqual(errors, []);
});

test('four-piece tables are built in seconds with progress; one is stopped, one is too large', async () => {
  const { page, errors } = session;
  await page.click('#nav-atlas');
  // Bishop and knight on the folded board: progress, then the same figures as the command line.
  const kbn = cell('folded', 'KBNvK');
  await page.click(`${kbn} button`);
  await progressShown(page, kbn);
  // Each table's stage in words (the smaller tables first, each starting as the last ends).
  assert.match(await page.locator(`${kbn} .stage`).textContent(), /^K[BN]*vK: (starting|positions|mates)$/);
  await page.waitForSelector(`${kbn} .verdict`, { timeout: 60000 });
  assert.equal(await page.locator('#atlas-white').textContent(),
    'White to move: 7919320 legal, 7878096 won, 41224 drawn, 0 lost; longest mate 22');
  const seconds = Number((await page.locator('#atlas-details .muted').first().textContent()).match(/Built in ([\d.]+) s/)[1]);
  // The details (below the table) were brought into view.
  assert.ok(await page.evaluate(() => {
    const r = document.querySelector('#atlas-details').getBoundingClientRect();
    return r.top < innerHeight && r.bottom > 0;
  }), 'the details are in view');
  assert.ok(seconds < 60, `built in ${seconds} s`);
  // Queen against rook on the flat board, stopped while it builds.
  const kqkr = cell('standard', 'KQvKR');
  await page.click(`${kqkr} button`);
  await progressShown(page, kqkr);
  await page.click('#atlas-stop');
  await page.waitForSelector('.building', { state: 'detached' });
  assert.match(await page.locator(kqkr).textContent(), /compute/);
  // Four pieces on the Klein 8x14 board would need about 40 million positions: refused in words.
  await page.click(`${cell('klein-8x14', 'KQvKR')} button`);
  await page.waitForSelector(`${cell('klein-8x14', 'KQvKR')} .failed`, { timeout: 30000 });
  assert.match(await page.locator(`${cell('klein-8x14', 'KQvKR')} .failed`).getAttribute('title'), /too large for the browser/);
  await screenshot(page, 'atlas-four-pieces');
  // The worker is free again: the game's computer answers.
  await page.click('#nav-play');
  assert.deepEqual(errors, []);
});

/** The square of the black king in the page's FEN (an 8x8 board). */
async function blackKing(page) {
  const rows = (await page.inputValue('#fen-out')).split(' ')[0].split('/');
  for (let r = 0; r < rows.length; r++) {
    let f = 0;
    for (const ch of rows[r]) {
      if (/\d/.test(ch)) f += Number(ch);
      else if (ch === 'k') return 'abcdefgh'[f] + (rows.length - r);
      else f += 1;
    }
  }
  throw new Error('no black king');
}

test('the longest mate played out: the computer mates from the table in the moves it said', async () => {
  const { page, errors } = session;
  await page.click('#nav-atlas');
  const kqk = cell('standard', 'KQvK');
  await page.click(`${kqk} button`);
  await page.waitForSelector(`${kqk} .verdict`, { timeout: 60000 });
  await page.click('#atlas-defend-it');
  await page.waitForSelector('svg.normal [data-square]');
  assert.match(await page.locator('#game-name').textContent(), /Standard/);
  // The player defends the bare king, each time with its first legal step.
  let white = 0;
  for (let turn = 0; turn < 12; turn++) {
    await page.waitForFunction((n) => document.querySelectorAll('#moves .mv').length >= 2 * n + 1
      || document.querySelector('#status.over'), turn, { timeout: 60000 });
    white = (await page.locator('#moves .mv').count() + 1) >> 1;
    if (await page.locator('#status.over').count()) break;
    const king = await blackKing(page);
    await page.click(`svg.normal [data-square="${king}"]`);
    const dest = await page.locator('svg.normal .cell.dest').first().getAttribute('data-square');
    await page.click(`svg.normal [data-square="${dest}"]`);
    await page.waitForFunction((n) => document.querySelectorAll('#moves .mv').length >= 2 * n + 2, turn);
  }
  const list = await page.locator('#moves .mv').allTextContents();
  assert.match(list[list.length - 1], /#/, `ends in mate: ${list.join(' ')}`);
  assert.ok(white <= 10, `mated in ${white} moves, the table said 10 at most`);
  assert.equal(await page.locator('#moves .mv .from-table').count(), white, 'every computer move from the table');
  assert.match(await page.locator('#status').textContent(), /[Cc]heckmate|wins/);
  await screenshot(page, 'atlas-played-out');
  assert.deepEqual(errors, []);
});

test('the computer plays a three-piece ending from its table, and the move list says so', async () => {
  const { page, errors } = session;
  // The player has Black's bare king; the computer (level 6) has king and queen on the cylinder.
  await newGame(page, { variant: 'cylinder', opponent: 'black', level: 6 });
  await loadText(page, '8/8/8/3k4/8/8/8/KQ6 w - - 0 1');
  await page.waitForSelector('#moves .mv .from-table', { timeout: 60000 });
  assert.equal(await page.locator('#moves .mv').count(), 1);
  assert.equal(await page.locator('#moves .mv .from-table').textContent(), 'tablebase');
  assert.deepEqual(errors, []);
});

// The puzzles in headless Chromium: the opponent's last move shown, a puzzle solved with the
// defender answering, one failed by a wrong move (refused) and its solution shown, the rating
// moving each time, the filters, and a reload keeping the rating, the history and the screen.
// The solutions are read from the shipped set (static/puzzles.tsv) by the FEN the page shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useSession, screenshot, phonePage, reload } from './harness.mjs';

const session = useSession();
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const set = readFileSync(join(root, 'static', 'puzzles.tsv'), 'utf8').trim().split('\n')
  .map((line) => line.split('\t'))
  .map(([variant, fen, solution, mate, themes, rating, before, last]) =>
    ({ variant, fen, solution: solution.split(' '), mate, themes, rating, before, last }));
const sq = (name) => `svg.normal [data-square="${name}"]`;
const squares = (mv) => mv.match(/^([a-z]+\d+)([a-z]+\d+)([qrbn]?)$/).slice(1);

/** The puzzle on the board, found in the set by the FEN shown. */
async function current(page) {
  const fen = (await page.locator('.puzzle-fen').textContent()).trim();
  const p = set.find((x) => x.fen === fen);
  assert.ok(p, `the position shown is a puzzle's: ${fen}`);
  return p;
}

/** Plays a move by clicking its squares (a promotion picked in the chooser). */
async function play(page, mv) {
  const [from, to, promo] = squares(mv);
  await page.click(sq(from));
  await page.click(sq(to));
  if (promo) {
    const piece = { q: 'Q', r: 'R', b: 'B', n: 'N' }[promo];
    await page.click(`svg.normal .promotion .choice[data-san*="=${piece}"]`);
  }
}

const rating = async (page) => parseInt(await page.locator('#puzzle-rating').textContent(), 10);
const feedback = (page) => page.locator('#puzzle-feedback').textContent();

test('a puzzle solved: the lead-in move shown, the defender answers, the rating rises', async () => {
  const { page, errors } = session;
  await page.click('#nav-puzzles');
  await page.waitForSelector('.puzzle-fen');
  const p = await current(page);
  assert.equal(await rating(page), 1000);
  // A newcomer's first puzzle is on the folded board, and its themes wait until it is over.
  assert.equal(p.variant, 'folded');
  const hidden = await page.locator('#puzzle-about').textContent();
  for (const theme of p.themes.split(',')) {
    assert.ok(!hidden.toLowerCase().includes(theme.replace('-', ' ')), `${theme} shown early: ${hidden}`);
  }
  // Seen from the solver's side: the solver's first rank at the bottom.
  const solver = p.fen.split(' ')[1];
  const [bottom, top] = solver === 'w' ? ['a1', 'a8'] : ['a8', 'a1'];
  // Read in one go in the page (the board may re-render between two separate reads).
  await page.waitForFunction(([b, t]) => {
    const y = (n) => document.querySelector(`svg.normal [data-square="${n}"]`)?.getBoundingClientRect().y;
    return y(b) > y(t);
  }, [bottom, top], { timeout: 5000 });
  // The opponent's last move is on the board and named.
  if (p.last !== '-') {
    const [from, to] = squares(p.last);
    assert.match(await page.locator(sq(from)).getAttribute('class'), /\blast\b/);
    assert.match(await page.locator(sq(to)).getAttribute('class'), /\blast\b/);
    assert.match(await feedback(page), / played .*Find the best move/);
  }
  await screenshot(page, 'puzzle-start');
  for (let i = 0; i < p.solution.length; i += 2) {
    await play(page, p.solution[i]);
    if (i + 1 < p.solution.length) {
      assert.match(await feedback(page), /^Best move!/);
      // The defender's answer comes after a pause, then the player moves again.
      await page.waitForFunction(() => /Keep going/.test(document.querySelector('#puzzle-feedback').textContent));
      assert.equal(await page.locator('#puzzle-moves .mv').count(), i + 2);
    }
  }
  await page.waitForFunction(() => document.querySelector('#puzzle-feedback').textContent === 'Solved!');
  assert.match(await page.locator('#puzzle-change').textContent(), /^\+\d+$/);
  assert.ok(await rating(page) > 1000);
  // Solved, the themes are shown.
  const about = (await page.locator('#puzzle-about').textContent()).toLowerCase();
  for (const theme of p.themes.split(',')) assert.ok(about.includes(theme.replace('-', ' ')), about);
  assert.equal(await page.locator('#puzzle-history li').count(), 1);
  assert.match(await page.locator('#puzzle-history li').textContent(), /^✓/);
  // The solution's paths are drawn at the end, and its moves can be looked at again.
  assert.ok(await page.locator('svg.normal .drawing.best').count() > 0);
  await page.click('#puzzle-back');
  assert.equal(await page.locator('#puzzle-moves button.on').count(), p.solution.length > 1 ? 1 : 0);
  await screenshot(page, 'puzzle-solved');
  assert.deepEqual(errors, []);
});

test('a wrong move is refused and fails the puzzle; the solution is shown; a reload keeps it all', async () => {
  const { page, errors } = session;
  await page.click('#nav-puzzles');
  await page.waitForSelector('.puzzle-fen');
  // A mate in 1 on the folded board, through the filters.
  await page.selectOption('#puzzle-surface', 'folded');
  await page.selectOption('#puzzle-theme', 'mate-in-1');
  assert.match(await page.locator('#game-name').textContent(), /Folded/);
  const p = await current(page);
  assert.equal(p.variant, 'folded');
  assert.equal(p.mate, 'mate-in-1');
  const fen = p.fen;
  // A move of the solution's piece to another square (the only mate is the solution's).
  const [from, to] = squares(p.solution[0]);
  await page.click(sq(from));
  const dests = await page.locator('svg.normal .cell.dest:not(.ghost)').evaluateAll(
    (cells) => cells.map((c) => c.getAttribute('data-square')));
  const other = dests.find((d) => d !== to);
  assert.ok(other, 'the piece has another move');
  await page.click(sq(other));
  assert.match(await feedback(page), /is not the best move\. Try something else\.$/);
  assert.equal((await page.locator('.puzzle-fen').textContent()).trim(), fen, 'the move was not played');
  assert.match(await page.locator('#puzzle-change').textContent(), /^-\d+$/);
  const failed = await rating(page);
  assert.ok(failed < 1000);
  await screenshot(page, 'puzzle-wrong');
  await page.click('#puzzle-solution');
  assert.equal(await feedback(page), 'The solution, played out.');
  assert.equal(await page.locator('#puzzle-moves .mv').count(), 1);
  assert.equal(await rating(page), failed, 'failed once, rated once');
  assert.match(await page.locator('#puzzle-history li').first().textContent(), /^✗ Chess on a Folded Magnetic Board \(\d+\) -\d+$/);
  // A reload: the puzzle screen, the rating, the history and the filters are kept.
  await reload(page);
  await page.waitForSelector('.puzzle-fen');
  assert.equal(await rating(page), failed);
  assert.equal(await page.locator('#puzzle-history li').count(), 1);
  assert.equal(await page.locator('#puzzle-surface').inputValue(), 'folded');
  // The same puzzle, from its start, no longer rated: solving it leaves the rating.
  assert.equal((await page.locator('.puzzle-fen').textContent()).trim(), fen);
  await play(page, p.solution[0]);
  await page.waitForFunction(() => document.querySelector('#puzzle-feedback').textContent === 'Solved!');
  assert.equal(await rating(page), failed);
  assert.equal(await page.locator('#puzzle-change').count(), 0);
  // The next puzzle is another one within the filters.
  await page.click('#puzzle-next');
  const q = await current(page);
  assert.notEqual(q.fen, fen);
  assert.equal(q.variant, 'folded');
  assert.equal(q.mate, 'mate-in-1');
  assert.deepEqual(errors, []);
});

test('a puzzle on a phone (touch): tap to move, nothing overflows sideways', async () => {
  const { context, page, errors } = await phonePage(session);
  try {
    await page.tap('#nav-puzzles');
    await page.waitForSelector('.puzzle-fen');
    await page.selectOption('#puzzle-theme', 'mate-in-1');
    const p = await current(page);
    const [from, to] = squares(p.solution[0]);
    await page.tap(sq(from));
    await page.tap(sq(to));
    if (squares(p.solution[0])[2]) {
      const piece = { q: 'Q', r: 'R', b: 'B', n: 'N' }[squares(p.solution[0])[2]];
      await page.tap(`svg.normal .promotion .choice[data-san*="=${piece}"]`);
    }
    await page.waitForFunction(() => document.querySelector('#puzzle-feedback').textContent === 'Solved!');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'nothing overflows sideways');
    await screenshot(page, 'puzzle-phone');
  } finally {
    await context.close();
  }
  assert.deepEqual(errors, []);
});

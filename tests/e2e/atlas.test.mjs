// The endgame atlas in headless Chromium: a cell computed in the worker with progress, its
// details and the findings in words, kept across a reload, the longest mate opened on the
// analysis board, and a long build stopped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSession, screenshot, newGame, loadText } from './harness.mjs';

const session = useSession();
const cell = (v, m) => `td[data-variant="${v}"][data-material="${m}"]`;

test('a cell is computed in the worker, explained, kept, and opened on the analysis board', async () => {
  const { page, errors } = session;
  await page.click('#nav-atlas');
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
  await page.reload();
  await page.click('#nav-atlas');
  assert.equal(await page.locator(`${cell('standard', 'KQvK')} .verdict`).textContent(), 'forced win, longest mate 10');
  await page.click(`${cell('standard', 'KQvK')} button`);
  assert.equal(await page.locator('.building').count(), 0);
  // The longest mate on the analysis board, the engine on it.
  await page.click('#atlas-longest');
  await page.waitForSelector('#engine-lines .pv', { timeout: 15000 });
  assert.match(await page.locator('#game-name').textContent(), /Standard/);
  assert.equal(await page.locator('svg.normal [data-piece]').count(), 3);
  assert.deepEqual(errors, []);
});

test('a four-piece build shows its progress and stops', async () => {
  const { page, errors } = session;
  await page.click('#nav-atlas');
  await page.click(`${cell('torus', 'KBNvK')} button`);
  await page.waitForFunction((sel) => {
    const p = document.querySelector(`${sel} progress`);
    return p && Number(p.value) > 0;
  }, cell('torus', 'KBNvK'), { timeout: 30000 });
  assert.match(await page.locator(`${cell('torus', 'KBNvK')} .stage`).textContent(), /K[BN]*vK: positions/);
  await page.click('#atlas-stop');
  await page.waitForSelector('.building', { state: 'detached' });
  assert.match(await page.locator(`${cell('torus', 'KBNvK')}`).textContent(), /compute/);
  // The worker is free again: the game's computer answers.
  await page.click('#nav-play');
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

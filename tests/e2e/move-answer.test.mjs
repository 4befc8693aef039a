// What a move does before the frame that shows it, and what waits for the task after it: the board
// drawn once, the move list adding the move's elements and leaving the others be, and the game's
// save, which waits for the frame but is written when the page goes first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSession, newGame, type, moves, drawn, centre } from './harness.mjs';

const session = useSession();

test('a move draws the board once before its frame, and the move list keeps the elements it had', async () => {
  const { page } = session;
  await newGame(page, { variant: 'standard' });
  // The board's renders at the move's pointer-up (where the board acts) and in the frame after it.
  await page.evaluate(() => {
    const renders = () => Number(document.querySelector('svg.normal').dataset.renders);
    document.addEventListener('pointerup', () => {
      const up = renders();
      requestAnimationFrame(() => { window.drawnBeforeFrame = renders() - up; });
    }, { capture: true });
  });
  // Nf3 as a person plays it: a press on g1, the pointer carried to f3, a press there.
  const [g1, f3] = [await centre(page, 'g1'), await centre(page, 'f3')];
  await page.mouse.move(...g1);
  await page.mouse.down();
  await page.mouse.up();
  await drawn(page);
  await page.mouse.move(...f3, { steps: 5 });
  await page.mouse.down();
  await page.mouse.up();
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 1);
  await drawn(page);
  const drawnBeforeFrame = await page.evaluate(() => window.drawnBeforeFrame);
  // The list's elements as they are, each kept through the next move.
  for (const san of ['e5', 'e4']) await type(page, san);
  await page.evaluate(() => { window.listed = [...document.querySelector('#moves').children]; });
  await type(page, 'Nc6');
  assert.deepEqual(await moves(page), ['Nf3', 'e5', 'e4', 'Nc6']);
  // Every element the list had still there, where it was, with what it said.
  const kept = await page.evaluate(() => {
    const now = [...document.querySelector('#moves').children];
    return window.listed.map((e, i) => now[i] === e && e.isConnected);
  });
  assert.deepEqual({ drawnBeforeFrame, kept }, { drawnBeforeFrame: 1, kept: [true, true, true, true, true] });
  assert.deepEqual(await page.evaluate(() => window.listed.map((e) => e.textContent)), ['1.', 'Nf3', 'e5', '2.', 'e4']);
});

test('a move is kept when the page goes before the frame that would have saved it', async () => {
  const { page } = session;
  await newGame(page, { variant: 'standard' });
  await type(page, 'e4');
  await drawn(page);
  // No frame comes from now on (the page's own frame callbacks are never called): the save of
  // the next move waits for one, and the reload comes first.
  await page.evaluate(() => { window.requestAnimationFrame = () => 0; });
  await type(page, 'c5');
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 2);
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length >= 1);
  assert.deepEqual(await moves(page), ['e4', 'c5']);
});

test('a move on the board is kept when the page goes before the frame that would have handed it over', async () => {
  const { page } = session;
  await newGame(page, { variant: 'standard' });
  await type(page, 'e4');
  await drawn(page);
  // No frame comes from now on: the board shows the move at once and would hand it to the app
  // (which saves it) after the frame; the reload comes first.
  await page.evaluate(() => { window.requestAnimationFrame = () => 0; });
  await page.click('svg.normal [data-square="c7"]');
  await page.click('svg.normal [data-square="c5"]');
  await page.waitForSelector('svg.normal [data-square="c5"] [data-piece]');
  assert.deepEqual(await moves(page), ['e4'], 'shown on the board, not yet handed to the app');
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length >= 1);
  assert.deepEqual(await moves(page), ['e4', 'c5']);
});

test('a move leaves the saved games\' list alone until its save, which comes after the frame', async () => {
  const { page } = session;
  await newGame(page, { variant: 'standard' });
  await type(page, 'e4');
  await type(page, 'e5');
  await page.waitForFunction(() => /1 move\b/.test(document.querySelector('#saved-games .current')?.textContent ?? ''));
  const renders = () => page.evaluate(() => Number(document.querySelector('#saved-games').dataset.renders));
  // The list's renders at the move's key press and in the frame that shows the move.
  await page.evaluate(() => {
    const renders = () => Number(document.querySelector('#saved-games').dataset.renders);
    document.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      const down = renders();
      requestAnimationFrame(() => { window.listedBeforeFrame = renders() - down; });
    }, { capture: true });
  });
  const before = await renders();
  await type(page, 'Nf3');
  // The save then gives the list its new library: the game on the board has two moves now.
  await page.waitForFunction(() => /2 moves\b/.test(document.querySelector('#saved-games .current')?.textContent ?? ''));
  assert.equal(await page.evaluate(() => window.listedBeforeFrame), 0, 'the list not drawn before the move\'s frame');
  assert.ok(await renders() > before, 'drawn again once the game is saved');
});

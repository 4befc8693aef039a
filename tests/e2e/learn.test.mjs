// The Learn screen in headless Chromium: a lesson step done wrong (refused, the reason and the
// move's path shown) and right (played, its path drawn, what it shows said), a count answered,
// the progress kept across a reload, and the lesson's end offering a game on its surface.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSession, screenshot, phonePage, reload } from './harness.mjs';

const session = useSession();
const sq = (name) => `svg.normal [data-square="${name}"]`;

async function move(page, from, to) {
  await page.click(sq(from));
  await page.click(sq(to));
}

test('a lesson step done wrong, then right; a count; the progress kept across a reload', async () => {
  const { page, errors } = session;
  await page.click('#nav-learn');
  // The lessons are the whole app's: fetched on this first visit, then drawn.
  await page.waitForSelector('.lesson-card');
  assert.equal(await page.locator('.lesson-card').count(), 5);
  await screenshot(page, 'learn-list');
  await page.click('#learn-open-folded');
  assert.match(await page.locator('#learn-prompt').textContent(), /Move the rook to the green ring on f3/);
  // The ring is drawn on the board, green.
  assert.ok(await page.locator('svg.normal .drawing.shape.green').count() >= 1);
  // Wrong: the rook to c4 misses the ring. Refused, the reason given, the move's path drawn.
  await move(page, 'c1', 'c4');
  assert.match(await page.locator('#learn-feedback').textContent(), /That square has no green ring\. Try again\./);
  assert.equal(await page.locator(`${sq('c1')} [data-piece]`).count(), 1, 'the rook stays');
  assert.ok(await page.locator('svg.normal .drawing.second').count() >= 1);
  await page.click('#learn-hint-show');
  assert.match(await page.locator('#learn-hint').textContent(), /c file/);
  await screenshot(page, 'learn-wrong');
  // Right: over the fold to f3.
  await move(page, 'c1', 'f3');
  assert.match(await page.locator('#learn-feedback').textContent(), /^Right: Rf3\./);
  assert.match(await page.locator('#learn-point').textContent(), /partner/);
  assert.equal(await page.locator(`${sq('f3')} [data-piece]`).count(), 1);
  assert.ok(await page.locator('svg.normal .drawing.better').count() >= 1);
  await screenshot(page, 'learn-right');
  // A count: wrong, then right; every move of the bishop drawn.
  await page.click('#learn-next');
  assert.match(await page.locator('#learn-prompt').textContent(), /How many squares can the bishop on c3/);
  await page.click('#count-20');
  assert.match(await page.locator('#learn-feedback').textContent(), /Fewer than 20/);
  await page.click('#count-19');
  assert.match(await page.locator('#learn-feedback').textContent(), /^Right: 19\./);
  assert.equal(await page.locator('svg.normal .drawing.best').count() >= 19, true);
  // A reload keeps the two steps done.
  await reload(page);
  await page.click('#nav-learn');
  assert.match(await page.locator('.lesson-card[data-lesson="folded"] .lesson-progress').textContent(), /2 of 5 steps/);
  await page.click('#learn-open-folded');
  assert.match(await page.locator('#learn-prompt').textContent(), /^Step 3 of 5\./);
  assert.equal(await page.locator('.step-dot.done').count(), 2);
  assert.deepEqual(errors, []);
});

test('a whole lesson on a phone (touch), ending with a game on its surface', async () => {
  const { context, page, errors } = await phonePage(session);
  try {
    await page.tap('#nav-learn');
    await page.tap('#learn-open-torus');
    await page.tap(sq('d1'));
    await page.tap(sq('d8'));
    assert.match(await page.locator('#learn-feedback').textContent(), /^Right: Rd8\./);
    await page.tap('#learn-next');
    await page.tap(sq('a1'));
    await page.tap(sq('h8'));
    assert.match(await page.locator('#learn-feedback').textContent(), /^Right: Bxh8\./);
    await page.tap('#learn-next');
    await page.tap('#count-8');
    assert.match(await page.locator('#learn-end').textContent(), /Lesson complete: The torus\./);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'nothing overflows sideways');
    await screenshot(page, 'learn-phone-end');
    await page.tap('#learn-play');
    assert.match(await page.locator('#game-name').textContent(), /Torus/i);
    assert.match(await page.locator('#status').textContent(), /White to move/);
    assert.equal(await page.locator('#nav-play').getAttribute('aria-pressed'), 'true');
  } finally {
    await context.close();
  }
  assert.deepEqual(errors, []);
});

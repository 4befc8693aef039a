// The modal dialogs (New game, the account's sign-in and API tokens) as a person meets them: the
// page behind dimmed and out of reach of the pointer, the wheel and the keyboard, a screen reader
// told the dialog is modal, and a form taller than the screen scrolled within the dialog, its top
// in view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSession, newGame, type, moves, centre, screenshot } from './harness.mjs';

const session = useSession();

/** The controls of the open dialog that Tab visits, by id. */
const controls = (page) => page.evaluate(() => [...document.querySelectorAll('dialog[open] :is(button, select, input, a[href])')]
  .filter((e) => !e.disabled).map((e) => e.id));
const focused = (page) => page.evaluate(() => document.activeElement?.id ?? '');

test('New game over a game: the page behind takes no click and no focus, and the dialog is modal to a screen reader', async () => {
  const { page, errors } = session;
  await newGame(page, { variant: 'standard' });
  await type(page, 'e4');
  await page.click('#new-game-open');
  await page.waitForSelector('#new-game');
  assert.equal(await page.getByRole('dialog', { name: 'New game' }).getAttribute('aria-modal'), 'true');
  // Clicks where the board and the header's tabs show through, dimmed: they reach the dialog's
  // backdrop, which keeps the dialog open, and nothing behind it.
  const tab = await page.locator('#nav-learn').boundingBox();
  for (const [x, y] of [await centre(page, 'e7'), await centre(page, 'a8'), [tab.x + tab.width / 2, tab.y + tab.height / 2]]) {
    assert.equal(await page.evaluate(([x, y]) => document.elementFromPoint(x, y).matches('dialog'), [x, y]), true, `the backdrop at ${x},${y}`);
    await page.mouse.click(x, y);
  }
  assert.equal(await page.locator('#new-game').count(), 1, 'still open');
  assert.equal(await page.locator('.lesson-card').count(), 0, 'still the game screen');
  // The focus goes round the form both ways: Shift+Tab on the first control to the last, Tab
  // on the last back to the first (by way of the browser's own controls at most), and never to a
  // control of the page behind.
  const ids = await controls(page);
  await page.focus(`#${ids[0]}`);
  await page.keyboard.press('Shift+Tab');
  assert.equal(await focused(page), ids.at(-1), 'Shift+Tab on the first control');
  for (let i = 0; i < 2 && (await focused(page)) !== ids[0]; i++) {
    await page.keyboard.press('Tab');
    assert.ok(['', ...ids].includes(await focused(page)), `Tab ${i + 1} from the last: ${await focused(page)}`);
  }
  assert.equal(await focused(page), ids[0], 'Tab on the last control comes back to the first');
  await page.click('#ng-cancel');
  await page.waitForSelector('#new-game', { state: 'detached' });
  assert.deepEqual(await moves(page), ['e4'], 'the game as it was');
  assert.deepEqual(errors, []);
});

test('on a short screen the dialog scrolls: its top in view when it opens, Start a scroll away', async () => {
  const { page } = session;
  await page.setViewportSize({ width: 740, height: 260 });
  try {
    await page.click('#new-game-open');
    await page.waitForSelector('#new-game');
    const form = await page.locator('#new-game').boundingBox();
    assert.ok(form.y >= 0 && form.height > 260, `the form's top in view (${form.y}), taller than the screen (${form.height})`);
    await screenshot(page, 'new-game-short-screen');
    await page.selectOption('#ng-variant', 'torus');
    await page.click('#ng-start');
    await page.waitForSelector('#new-game', { state: 'detached' });
    assert.match(await page.locator('.game-name').first().textContent(), /torus/i);
  } finally {
    await page.setViewportSize({ width: 1400, height: 900 });
  }
});

test('a wheel over the dialog scrolls nothing behind it', async () => {
  const { page } = session;
  await page.setViewportSize({ width: 900, height: 500 });
  try {
    assert.ok(await page.evaluate(() => document.documentElement.scrollHeight > innerHeight + 300), 'a page that scrolls');
    await page.click('#new-game-open');
    await page.waitForSelector('#new-game');
    await page.mouse.move(20, 480);
    await page.mouse.wheel(0, 400);
    // The wheel's scroll is done (or not) by the next frames; the page's position is read after.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    assert.equal(await page.evaluate(() => scrollY), 0);
  } finally {
    await page.setViewportSize({ width: 1400, height: 900 });
  }
});

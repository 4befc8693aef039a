// The explorer, its gallery and the surface lab in headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSession, screenshot, openLab, reload, drawn } from './harness.mjs';

const session = useSession();

test('every gallery entry shows the count its page states', async () => {
  const { page, errors } = session;
  await page.click('#nav-explore');
  // The explorer is the whole app's: fetched on this first visit, then drawn.
  await page.waitForSelector('#gallery .entry');
  const entries = await page.locator('#gallery .entry').count();
  assert.ok(entries >= 15);
  for (let i = 0; i < entries; i++) {
    const entry = page.locator(`#gallery .entry[data-entry="${i}"]`);
    const count = await entry.getAttribute('data-count');
    await entry.click();
    const reach = await page.locator('#reach').textContent();
    assert.match(reach, new RegExp(`: ${count} squares$`), `entry ${i}: ${reach}`);
    // The board marks exactly that many squares (a stationary move marks the piece's own).
    assert.equal(await page.locator('svg.normal .cell.dest').count(), Number(count), `entry ${i} marks`);
  }
  await page.click('#gallery .entry[data-entry="9"]');
  await page.check('#all-paths');
  await screenshot(page, 'explorer-cairns-bishop');
  assert.deepEqual(errors, []);
});

test('an edited position starts a game, and an illegal one says why', async () => {
  const { page } = session;
  await page.click('#nav-explore');
  await page.click('#ex-clear');
  assert.equal(await page.locator('svg.normal [data-piece]').count(), 0);
  await page.click('#tool-K');
  await page.click('svg.normal [data-square="e1"]');
  await page.click('#play-hotseat');
  assert.match(await page.locator('#notice').textContent(), /black has 0 kings/);
  await page.click('#tool-k');
  await page.click('svg.normal [data-square="e5"]');
  await page.click('#tool-R');
  await page.click('svg.normal [data-square="a1"]');
  // The attack map counts attackers of each side.
  await page.check('#heat');
  assert.ok(await page.locator('svg.normal .heat').count() > 0);
  await page.click('#tool-select');
  await page.click('svg.normal [data-square="a1"]');
  // The explorer opened on the folded board: the a-file runs on over the fold into the h-file.
  assert.equal(await page.locator('#reach').textContent(), 'Rook a1: 20 squares');
  await page.click('#play-hotseat');
  await page.waitForSelector('#status');
  assert.equal(await page.locator('#status').textContent(), 'White to move');
  assert.equal(await page.locator('svg.normal [data-piece]').count(), 3);
  await page.click('svg.normal [data-square="a1"]');
  await page.click('svg.normal [data-square="a5"]');
  await drawn(page);
  assert.equal(await page.locator('#moves .mv').first().textContent(), 'Ra5+');
});

test('the lab: a 6x6 projective plane is classified, explored and played', async () => {
  const { page, errors } = session;
  await openLab(page);
  await page.selectOption('#lab-ew', 'twist');
  await page.selectOption('#lab-ns', 'twist');
  await page.selectOption('#lab-w', '6');
  await page.selectOption('#lab-h', '6');
  assert.equal(await page.locator('#lab-kind').textContent(), 'projective plane');
  assert.equal(await page.locator('#lab-euler').textContent(), '1');
  await screenshot(page, 'lab-projective-plane');
  await page.click('#lab-explore');
  assert.equal(await page.locator('svg.normal [data-square]').count(), 36);
  await page.click('svg.normal [data-square="b1"]');
  assert.match(await page.locator('#reach').textContent(), /^Bishop b1: \d+ squares$/);
  await openLab(page);
  await page.click('#lab-play');
  await page.waitForSelector('#status');
  assert.equal(await page.locator('svg.normal [data-square]').count(), 36);
  assert.match(await page.locator('#game-name').textContent(), /Lab: 6x6 board, twist east-west, twist north-south/);
  await page.click('svg.normal [data-square="b2"]');
  const dest = page.locator('svg.normal .cell.dest').first();
  const to = await dest.getAttribute('data-square');
  await dest.click();
  await drawn(page);
  assert.equal(await page.locator('#moves .mv').count(), 1, `moved the b-pawn to ${to}`);
  // The game survives a reload on a lab surface too.
  await reload(page);
  await page.waitForSelector('#moves .mv');
  assert.equal(await page.locator('svg.normal [data-square]').count(), 36);
  assert.deepEqual(errors, []);
});

test('the lab says when no game is possible, hides the facts of an impossible board, and follows a lab game after a reload', async () => {
  const { page, errors } = session;
  await openLab(page);
  // Sizes 13 and 15 are offered.
  for (const n of ['13', '15']) {
    assert.equal(await page.locator(`#lab-w option[value="${n}"]`).count(), 1);
    assert.equal(await page.locator(`#lab-h option[value="${n}"]`).count(), 1);
  }
  // 4x4 twisted both ways: the armies cannot stand apart; Play is disabled and the lab says why.
  await page.selectOption('#lab-ew', 'twist');
  await page.selectOption('#lab-ns', 'twist');
  await page.selectOption('#lab-w', '4');
  await page.selectOption('#lab-h', '4');
  assert.match(await page.locator('#lab-no-game').textContent(), /No game is possible/);
  assert.ok(await page.locator('#lab-play').isDisabled());
  assert.ok(await page.locator('#lab-play-computer').isDisabled());
  // 5x4 wrapped top to bottom now starts with pieces.
  await page.selectOption('#lab-ew', 'flat');
  await page.selectOption('#lab-ns', 'wrap');
  await page.selectOption('#lab-w', '5');
  assert.equal(await page.locator('#lab-no-game').count(), 0);
  // An odd edge under a pole: the error, and no facts about a surface that is not there.
  await page.selectOption('#lab-ns', 'pole');
  await page.selectOption('#lab-h', '7');
  assert.equal(await page.locator('#lab-error').count(), 1);
  assert.equal(await page.locator('#lab-kind').count(), 0);
  // And no board: the game's 8x8 board was shown in its place.
  assert.equal(await page.locator('svg.board').count(), 0);
  assert.equal(await page.locator('#lab-empty').count(), 1);
  // 6x10 folded east-west, poles north-south: the armies start face to face across the fold,
  // and the lab says so; the flat 8x8 board does not.
  await page.selectOption('#lab-ew', 'fold');
  await page.selectOption('#lab-ns', 'pole');
  await page.selectOption('#lab-w', '6');
  await page.selectOption('#lab-h', '10');
  assert.match(await page.locator('#lab-start-captures').textContent(), /face to face.*Rxa10\+.*Rxa1\+/);
  await page.selectOption('#lab-ew', 'flat');
  await page.selectOption('#lab-ns', 'flat');
  await page.selectOption('#lab-w', '8');
  await page.selectOption('#lab-h', '8');
  assert.equal(await page.locator('#lab-start-captures').count(), 0);
  // A lab game on 8x6 wrap/fold; after a reload the lab's menus show its surface.
  await page.selectOption('#lab-ew', 'wrap');
  await page.selectOption('#lab-ns', 'fold');
  await page.selectOption('#lab-w', '8');
  await page.selectOption('#lab-h', '6');
  await page.click('#lab-play');
  await page.waitForSelector('#status');
  await reload(page);
  await page.waitForSelector('svg.normal [data-square]');
  await openLab(page);
  assert.equal(await page.locator('#lab-ew').inputValue(), 'wrap');
  assert.equal(await page.locator('#lab-ns').inputValue(), 'fold');
  assert.equal(await page.locator('#lab-w').inputValue(), '8');
  assert.equal(await page.locator('#lab-h').inputValue(), '6');
  assert.deepEqual(errors, []);
});

test('play from here keeps the castling rights of kings and rooks at home, as the player ticks them', async () => {
  const { page } = session;
  await page.click('#nav-explore');
  await page.selectOption('#ex-variant', 'standard');
  await page.click('#ex-clear');
  for (const [tool, squares] of [['K', ['e1']], ['R', ['a1', 'h1']], ['k', ['e8']], ['r', ['a8', 'h8']]]) {
    await page.click(`#tool-${tool}`);
    for (const s of squares) await page.click(`svg.normal [data-square="${s}"]`);
  }
  for (const right of ['K', 'Q', 'k', 'q']) assert.ok(await page.locator(`#ex-castle-${right}`).isChecked(), right);
  await page.uncheck('#ex-castle-q');
  await screenshot(page, 'explore-castling-rights');
  await page.click('#play-hotseat');
  await page.waitForSelector('#status');
  await page.evaluate(() => { document.querySelector('#transfer').open = true; });
  assert.equal(await page.locator('#fen-out').inputValue(), 'r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1');
  await page.fill('#san-input', 'O-O-O');
  await page.press('#san-input', 'Enter');
  assert.equal(await page.locator('#moves .mv').first().textContent(), 'O-O-O');
});

// The explorer, its gallery and the surface lab in headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSession, screenshot } from './harness.mjs';

const session = useSession();

test('every gallery entry shows the count its page states', async () => {
  const { page, errors } = session;
  await page.click('#nav-explore');
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
  assert.equal(await page.locator('#moves .mv').first().textContent(), 'Ra5+');
});

test('the lab: a 6x6 projective plane is classified, explored and played', async () => {
  const { page, errors } = session;
  await page.click('#nav-lab');
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
  await page.click('#nav-lab');
  await page.click('#lab-play');
  await page.waitForSelector('#status');
  assert.equal(await page.locator('svg.normal [data-square]').count(), 36);
  assert.match(await page.locator('#game-name').textContent(), /Lab: 6x6 board, twist east-west, twist north-south/);
  await page.click('svg.normal [data-square="b2"]');
  const dest = page.locator('svg.normal .cell.dest').first();
  const to = await dest.getAttribute('data-square');
  await dest.click();
  assert.equal(await page.locator('#moves .mv').count(), 1, `moved the b-pawn to ${to}`);
  // The game survives a reload on a lab surface too.
  await page.reload();
  await page.waitForSelector('#moves .mv');
  assert.equal(await page.locator('svg.normal [data-square]').count(), 36);
  assert.deepEqual(errors, []);
});

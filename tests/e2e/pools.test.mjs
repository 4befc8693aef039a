// Quick pairing as people meet it, from the front page: two guests press the same pool in
// browsers of their own and are put on one live game's board at once, one White and one Black,
// and play; a page that leaves leaves the pool (an observer's count goes back to nothing); a
// player waiting alone is offered the computer, plays it, and is taken to the live game when an
// opponent comes; the grid on a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, startGameServer, screenshot, type, reload } from './harness.mjs';
import { waitMoves, desktops } from './live-harness.mjs';

const cell = (id) => `button.pool[data-pool="${id}"]`;

/** Whether `page`'s board has White at the bottom (its a1 below its a8). */
const whiteBelow = (page) => page.evaluate(() => {
  const y = (s) => document.querySelector(`svg.normal [data-square="${s}"]`).getBoundingClientRect().y;
  return y('a1') > y('a8');
});

/** Waits until `page`'s cell of pool `id` says `text`. */
const cellSays = (page, id, text) => page.waitForFunction(
  ([sel, text]) => document.querySelector(sel)?.textContent.includes(text), [cell(id), text],
  { timeout: 15000 });

test('two guests press one pool and play; a page that leaves leaves; the computer meanwhile', { timeout: 180000 }, async () => {
  const data = await mkdtemp(join(tmpdir(), 'topochess-pools-'));
  const server = await startGameServer(data);
  const browser = await launch();
  try {
    const [ca, cb, cc, cd] = await desktops(browser, 4);
    const [a, b, c, d] = await Promise.all([ca, cb, cc, cd].map((x) => x.newPage()));
    const errors = [];
    for (const p of [a, b, c, d]) p.on('pageerror', (e) => errors.push(String(e)));
    for (const p of [a, b, d]) {
      await p.goto(server.url);
      await p.waitForSelector(cell('folded-3+2'));
    }
    assert.match(await a.locator('#pools').textContent(), /another guest in a casual game/);
    assert.equal(await a.locator('.pool-grid tbody tr').count(), 5);
    // Every cell says who waits and plays there, noughts too.
    const counts = await a.locator('.pool-grid .pool-count').allTextContents();
    assert.equal(counts.length, 25);
    for (const c of counts) assert.match(c, /^\d+ waiting · \d+ playing$/);
    await screenshot(a, 'pools-grid');

    // A presses Folded 3+2: the bar says so; B sees one waiting there.
    await a.click(cell('folded-3+2'));
    await a.waitForSelector('#pool-bar');
    assert.match(await a.locator('#pool-bar').textContent(), /Looking for an opponent: Folded 3\+2/);
    assert.equal(await a.locator(cell('folded-3+2')).getAttribute('aria-pressed'), 'true');
    await cellSays(b, 'folded-3+2', '1 waiting');

    // B presses it: both are on the board of one live game, one side each, the clocks 3+2.
    await b.click(cell('folded-3+2'));
    for (const p of [a, b]) {
      await p.waitForSelector('#live-panel');
      await p.waitForSelector('#pool-bar', { state: 'detached' });
    }
    assert.equal(a.url().split('#')[1], b.url().split('#')[1], 'one game');
    const [aWhite, bWhite] = [await whiteBelow(a), await whiteBelow(b)];
    assert.notEqual(aWhite, bWhite, 'one White, one Black');
    const [white, black] = aWhite ? [a, b] : [b, a];
    assert.match(await white.locator('.clock').first().textContent(), /3:00/);
    await type(white, 'e4');
    await waitMoves(black, 1);
    await type(black, 'e5');
    await waitMoves(white, 2);
    await screenshot(black, 'pools-paired');
    // The observer sees the game counted as played in its pool.
    await cellSays(d, 'folded-3+2', '1 playing');

    // C presses Torus 1+0, the observer sees it; C's page closes: nobody waits there.
    await c.goto(server.url);
    await c.click(cell('torus-1+0'));
    await c.waitForSelector('#pool-bar');
    await cellSays(d, 'torus-1+0', '1 waiting');
    await c.close();
    await cellSays(d, 'torus-1+0', '0 waiting');

    // Alone in Cylinder 1+0: after a while (20 s on the page's clock, which the test moves on)
    // the computer is offered at the player's level (4 for a guest); the game against it is
    // played while the place is kept.
    await cc.clock.install();
    const e = await cc.newPage();
    e.on('pageerror', (err) => errors.push(String(err)));
    await e.goto(server.url);
    await e.click(cell('cylinder-1+0'));
    await e.waitForSelector('#pool-bar');
    assert.equal(await e.locator('#pool-computer').count(), 0, 'not offered at once');
    await e.clock.fastForward(20000);
    await e.waitForSelector('#pool-computer', { timeout: 10000 });
    assert.match(await e.locator('#pool-computer').textContent(), /level 4/);
    await e.click('#pool-computer');
    await e.waitForSelector('svg.normal [data-square]');
    await e.waitForSelector('#pool-bar');
    await e.waitForSelector('#pool-computer', { state: 'detached' });
    await type(e, 'e4');
    await waitMoves(e, 2);
    await screenshot(e, 'pools-computer-meanwhile');
    // An opponent comes: the live game replaces the computer's, the player told.
    await d.click(cell('cylinder-1+0'));
    for (const p of [d, e]) await p.waitForSelector('#live-panel', { timeout: 15000 });
    await e.waitForSelector('#pool-bar', { state: 'detached' });
    assert.match(await e.locator('.notice').first().textContent(), /opponent is here/);
    assert.equal(await waitMoves(e, 0).then(() => 0), 0);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.kill();
  }
});

test('the pools on a phone: the grid fits, a press shows the wait, a rated wait its range', { timeout: 60000 }, async () => {
  const data = await mkdtemp(join(tmpdir(), 'topochess-pools-phone-'));
  const server = await startGameServer(data);
  const browser = await launch();
  try {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
    const page = await phone.newPage();
    await page.goto(server.url);
    await page.waitForSelector(cell('sphere-grayber-15+10'));
    await page.locator('#pools').scrollIntoViewIfNeeded();
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(sideways <= 0, `no sideways scroll (${sideways} px)`);
    // A double tap joins once: its second tap is not a leave.
    await page.tap(cell('sphere-grayber-15+10'));
    await page.tap(cell('sphere-grayber-15+10'));
    await page.waitForSelector('#pool-bar');
    assert.equal(await page.locator(cell('sphere-grayber-15+10')).getAttribute('aria-pressed'), 'true', 'still waiting');
    await screenshot(page, 'pools-phone');
    assert.equal(await page.locator('#pool-range').count(), 0, 'a guest meets any guest: no range');
    await page.tap('#pool-leave');
    await page.waitForSelector('#pool-bar', { state: 'detached' });
    // Leaving is said.
    assert.match(await page.locator('.notice').first().textContent(), /You left the .* pool/);
    // Signed in, the wait is rated and says the ratings it is paired with, as the range widens.
    const made = await page.evaluate(async () => (await fetch('api/account/signup', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'pia', password: 'pia plays on a sphere' }),
    })).status);
    assert.equal(made, 201);
    await reload(page);
    await page.waitForSelector(cell('sphere-grayber-15+10'));
    await page.tap(cell('sphere-grayber-15+10'));
    await page.waitForSelector('#pool-range');
    assert.match(await page.locator('#pool-bar').textContent(), /\(rated\)/);
    assert.match(await page.locator('#pool-range').textContent(), /^ratings (1[34]\d\d)–(1[67]\d\d)/);
    const width = async () => {
      const [lo, hi] = (await page.locator('#pool-range').textContent()).match(/\d+/g).map(Number);
      return hi - lo;
    };
    const first = await width();
    await page.waitForFunction((first) => {
      const n = document.querySelector('#pool-range')?.textContent.match(/\d+/g)?.map(Number);
      return n && n[1] - n[0] > first;
    }, first, { timeout: 10000 });
    await screenshot(page, 'pools-phone-rated');
    await page.tap('#pool-leave');
  } finally {
    await browser.close();
    await server.kill();
  }
});

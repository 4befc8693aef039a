// Topochess TV as a watcher meets it: #/tv shows the game being played (paired from the pools by
// two guests), its moves as they come; when it ends, the result stays a few seconds and TV goes
// on to the next game; a channel keeps to its preset, and an empty one says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, startGameServer, screenshot, type } from './harness.mjs';
import { waitMoves, desktops } from './live-harness.mjs';

const cell = (id) => `button.pool[data-pool="${id}"]`;

/** Two pages paired in pool `id` from the front page: [White's, Black's]. */
async function paired(server, [p, q], id) {
  for (const page of [p, q]) {
    await page.goto(server.url);
    await page.waitForSelector(cell(id));
  }
  await p.click(cell(id));
  await p.waitForSelector('#pool-bar');
  await q.click(cell(id));
  for (const page of [p, q]) await page.waitForSelector('#live-panel');
  const whiteBelow = (page) => page.evaluate(() => {
    const y = (s) => document.querySelector(`svg.normal [data-square="${s}"]`).getBoundingClientRect().y;
    return y('a1') > y('a8');
  });
  return (await whiteBelow(p)) ? [p, q] : [q, p];
}

test('TV follows the game being played, and the next when it ends', { timeout: 150000 }, async () => {
  const data = await mkdtemp(join(tmpdir(), 'topochess-tv-'));
  const server = await startGameServer(data);
  const browser = await launch();
  try {
    const contexts = await desktops(browser, 5);
    // TV's page runs on a clock the test moves on (it runs as time does until then): how long an
    // ended game stays is counted on it.
    await contexts[4].clock.install();
    const [a, b, c, d, tv] = await Promise.all(contexts.map((x) => x.newPage()));
    const errors = [];
    for (const p of [a, b, c, d, tv]) p.on('pageerror', (e) => errors.push(String(e)));

    await tv.goto(`${server.url}#/tv`);
    await tv.waitForSelector('#tv-nothing');
    // Nothing on: TV says so, and shows no board of its own to play on.
    await tv.waitForSelector('#tv-empty');
    for (const playable of ['svg.normal', '#takeback', '#san-input', '#resign']) {
      assert.equal(await tv.locator(playable).count(), 0, `${playable} on an empty TV`);
    }
    await screenshot(tv, 'tv-empty');

    const [w1, b1] = await paired(server, [a, b], 'folded-1+0');
    await type(w1, 'e4');
    await waitMoves(b1, 1);
    await type(b1, 'e5');
    // TV puts the game on, as a spectator, and follows its moves.
    await tv.waitForSelector('#live-watching', { timeout: 15000 });
    await waitMoves(tv, 2);
    assert.ok(tv.url().endsWith('#/tv'), `TV keeps its address: ${tv.url()}`);
    // A viewer only watches: no move to type, nothing to take back.
    for (const playable of ['#takeback', '#san-input', '#hint']) {
      assert.equal(await tv.locator(playable).count(), 0, `${playable} on TV`);
    }
    await screenshot(tv, 'tv-watching');

    // A second game starts: TV stays with the first while it goes on.
    const [w2, b2] = await paired(server, [c, d], 'cylinder-3+2');
    await type(w2, 'e4');
    await waitMoves(b2, 1);
    await type(w1, 'Nf3');
    await waitMoves(tv, 3);

    // The first ends: its result is shown, then TV goes on to the second.
    await w1.click('#resign');
    await w1.click('#resign-yes');
    await tv.waitForFunction(() => /resign/i.test(document.querySelector('#status, .status')?.textContent ?? ''), null, { timeout: 10000 });
    await tv.clock.fastForward(4000);
    assert.equal(await tv.locator('#moves .mv').count(), 3, 'the ended game is still on 4 s later');
    assert.match(await tv.locator('#status, .status').first().textContent(), /resign/i);
    await tv.clock.fastForward(2000);
    await waitMoves(tv, 1);
    await tv.waitForSelector('#live-watching');

    // The Cylinder channel shows the cylinder game; the Folded channel has none now.
    await tv.click('.tv-channel:has-text("Cylinder")');
    await tv.waitForFunction(() => location.hash === '#/tv/cylinder');
    await waitMoves(tv, 1);
    await tv.click('.tv-channel:has-text("Folded")');
    await tv.waitForFunction(() => location.hash === '#/tv/folded');
    await tv.waitForSelector('#tv-nothing');
    // The games watched are not the viewer's: none is among their games.
    await tv.click('#nav-games');
    await tv.waitForSelector('#games');
    assert.equal(await tv.locator('#games .game-row').count(), 0, 'no watched game kept');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.kill();
  }
});

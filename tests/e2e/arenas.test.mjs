// Arena tournaments as people meet them, from the front page: a player makes one with the form;
// four players, each in a browser of their own, find a two-minute arena in the list, join it,
// and are put on their games' boards at once; one goes berserk; when a game ends its players are
// paired again at once, never with the opponent just played; they pause from the arena's page
// and finish their games; the standings follow live, each sheet with its points; a spectator
// watches a game from a sheet; at the end the podium. The arena's page on a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, startGameServer, screenshot, type, axeViolations } from './harness.mjs';
import { waitMoves, desktops, signUp } from './live-harness.mjs';

/** The live game `page` shows (its address's id), once it shows one. */
async function liveGame(page, other) {
  await page.waitForFunction((other) => {
    const m = /#\/live\/([0-9a-f]+)/.exec(location.hash);
    return m && m[1] !== other && document.querySelector('#live-arena');
  }, other, { timeout: 20000 });
  return /#\/live\/([0-9a-f]+)/.exec(page.url())[1];
}

/** Whether `page`'s board has White at the bottom. */
const whiteBelow = (page) => page.evaluate(() => {
  const y = (s) => document.querySelector(`svg.normal [data-square="${s}"]`).getBoundingClientRect().y;
  return y('a1') > y('a8');
});

/**
 * A game server and a browser of their own, `names` each signed up in a desktop context of their
 * own, and with `spectator` a spectator's context in dark mode: runs `play` with { server,
 * browser, pages } (the players' pages, then the spectator's), then checks that no page threw
 * and closes everything.
 */
async function withPlayers(label, names, spectator, play) {
  const data = await mkdtemp(join(tmpdir(), `topochess-${label}-`));
  const server = await startGameServer(data);
  const browser = await launch();
  try {
    const contexts = await desktops(browser, names.length);
    if (spectator) contexts.push(await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark', serviceWorkers: 'block' }));
    const pages = await Promise.all(contexts.map((c) => c.newPage()));
    const errors = [];
    for (const p of pages) p.on('pageerror', (e) => errors.push(String(e)));
    for (const [i, name] of names.entries()) await signUp(pages[i], server, name);
    await play({ server, browser, pages });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.kill();
  }
}

test('a player makes an arena with the form from the front page: it starts in a minute, counts down, and its maker plays in it', { timeout: 120000 }, () => withPlayers('arena-form', ['anna'], false, async ({ pages: [anna] }) => {
  // The front page shows the arenas being played or next to start, and leads to the list of
  // them all: the site's hourly arenas (one starts every hour and lasts 50 minutes).
  await anna.waitForSelector('#home-arenas .arena-row');
  assert.match(await anna.locator('#home-arenas').textContent(), /Hourly .* Arena/);
  await anna.click('#lobby-tournaments');
  await anna.waitForSelector('#arenas .arena-row');
  assert.match(await anna.locator('#arenas-created').textContent(), /Hourly .* Arena/);
  // A player makes one with the form: it starts in a minute, and its page counts down.
  await anna.click('#arena-create summary');
  // The name a nameless arena gets is said in the form, for the board chosen.
  await anna.selectOption('#arena-new-preset', 'cylinder');
  assert.equal(await anna.locator('#arena-new-name').getAttribute('placeholder'), 'left empty: Cylinder Arena');
  await anna.fill('#arena-new-name', 'Sunday cylinders');
  await anna.selectOption('#arena-new-clock', '5+3');
  await anna.selectOption('#arena-new-starts', '1');
  await anna.check('#arena-new-bots');
  await anna.click('#arena-new-submit');
  await anna.waitForFunction(() => document.querySelector('#arena-name')?.textContent === 'Sunday cylinders');
  // Its maker plays in it, as on lichess: in the standings, and offered to withdraw.
  await anna.waitForFunction(() => /1 player · bots welcome by anna/.test(document.querySelector('#arena-facts')?.textContent ?? ''));
  assert.match(await anna.locator('#arena-facts').textContent(), /Cylinder · 5\+3 · rated · 30 minutes · 1 player · bots welcome by anna/);
  assert.match(await anna.locator('#arena-countdown').textContent(), /Starts in (1:00|0:[45]\d)/);
  assert.equal(await anna.locator('#arena-withdraw').textContent(), 'Withdraw');
  assert.match(await anna.locator('#arena-standings').textContent(), /anna/);
  await screenshot(anna, 'arenas-made');
  assert.deepEqual(await axeViolations(anna), [], 'what a screen reader meets on an arena to come');
}));

const names = ['anna', 'boris', 'carl', 'dora'];
test('four players play an arena from the front page to its podium', { timeout: 300000 }, () => withPlayers('arenas', names, true, async ({ server, browser, pages }) => {
  const [anna, boris, carl, dora, watcher] = pages;
  const players = [anna, boris, carl, dora];
  // The arena played: two minutes of 1+0 on the cylinder, made through the API.
  const made = await anna.evaluate(async () => {
    const r = await fetch('api/tournaments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Two-minute arena', preset: 'cylinder', clock: { limit: 60, increment: 0 }, minutes: 2, rated: true }),
    });
    return r.json();
  });
  const started = Date.now();
  for (const p of players) {
    await p.goto(server.url);
    if (p === anna) {
      // Being played, it is among the first the front page offers (the hourly arenas may be
      // played too: two of them at once in the minutes after the hour).
      await p.click('#home-arenas li:nth-child(-n+3) a:has-text("Two-minute arena")');
    } else {
      await p.click('#lobby-tournaments');
      await p.click('#arenas-started a:has-text("Two-minute arena")');
    }
    if (p === anna) {
      // Its maker is in it already: offered a pause, not a join.
      await p.waitForSelector('#arena-withdraw:has-text("Pause")');
    } else {
      await p.waitForSelector('#arena-join');
      await p.click('#arena-join');
    }
  }
  // Joined, each is put on a game's board at once.
  const first = await Promise.all(players.map((p) => liveGame(p, null)));
  const games = [...new Set(first)];
  assert.equal(games.length, 2, 'two games of two');
  const pair = (game) => players.filter((_, i) => first[i] === game);
  const [[a1, b1], [a2, b2]] = [pair(games[0]), pair(games[1])];
  const [w1, k1] = (await whiteBelow(a1)) ? [a1, b1] : [b1, a1];
  const [w2, k2] = (await whiteBelow(a2)) ? [a2, b2] : [b2, a2];
  // White of the first game goes berserk: half the minute, said on both boards.
  await w1.click('#live-berserk');
  await k1.waitForSelector('#live-berserked');
  assert.match(await w1.locator('#live-berserked').textContent(), /Berserk: White/);
  await w1.waitForFunction(() => [...document.querySelectorAll('.clock')].some((c) => /0:[23]\d/.test(c.textContent)));
  assert.equal(await w1.locator('#live-berserk').count(), 0, 'once');
  await screenshot(w1, 'arenas-berserk');
  // Both games: two moves each, then Black resigns the first and White the second.
  for (const [w, k] of [[w1, k1], [w2, k2]]) {
    await type(w, 'e4');
    await waitMoves(k, 1);
    await type(k, 'e5');
    await waitMoves(w, 2);
  }
  await k1.click('#resign');
  await k1.click('#resign-yes');
  await w2.click('#resign');
  await w2.click('#resign-yes');
  // Everyone is paired again at once, on the board, and not with the opponent just met.
  const second = await Promise.all(players.map((p, i) => liveGame(p, first[i])));
  for (const g of new Set(second)) {
    const together = players.filter((_, i) => second[i] === g);
    assert.equal(together.length, 2);
    assert.notEqual(first[players.indexOf(together[0])], first[players.indexOf(together[1])], 'a new opponent');
  }

  // The second games begin (each side moves within the 30 s an arena gives); everyone pauses
  // from the arena's page, their game going on; back on the board Black resigns: nobody is
  // paired again.
  const whites = [];
  const seconds = [];
  for (const g of new Set(second)) {
    const [x, y] = players.filter((_, i) => second[i] === g);
    const [w, k] = (await whiteBelow(x)) ? [x, y] : [y, x];
    whites.push(w);
    seconds.push([w, k]);
    await type(w, 'e4');
    await waitMoves(k, 1);
    await type(k, 'e5');
    await waitMoves(w, 2);
  }
  await Promise.all(players.map(async (p) => {
    await p.click('#live-arena-link');
    await p.click('#arena-withdraw');
    await p.waitForFunction(() => document.querySelector('#arena-join')?.textContent === 'Come back');
    await p.goBack();
    // Back on the board, the game as it was: its rows and the way to the tournament.
    await p.waitForSelector('#live-arena-link');
  }));
  for (const [, k] of seconds) {
    await k.click('#resign');
    await k.click('#resign-yes');
  }
  const wins = (p) => [w1, k2].filter((x) => x === p).length + whites.filter((x) => x === p).length;

  // A spectator follows the standings live and watches a game from the arena's page.
  await watcher.goto(server.url);
  await watcher.click('#lobby-tournaments');
  await watcher.click('#arenas-started a:has-text("Two-minute arena")');
  await watcher.waitForSelector('#arena-standings');
  assert.deepEqual(await axeViolations(watcher), [], 'the standings in dark mode');
  const winnerOf = (p) => names[players.indexOf(p)];
  const row = (name) => watcher.locator(`.arena-standing[data-name="${name}"]`);
  await watcher.waitForFunction(() => document.querySelectorAll('.arena-sheet .sheet-game').length === 8);
  for (const p of players) {
    // Two wins in a row are a streak, not yet a double: 2 points each.
    assert.match(await row(winnerOf(p)).locator('.arena-score').textContent(), new RegExp(`^${2 * wins(p)}`), winnerOf(p));
  }
  assert.equal(await row(winnerOf(w1)).locator('.sheet-berserk').count(), 1, 'the berserk marked');
  assert.match(await row(winnerOf(w1)).locator('.sheet-game').first().getAttribute('title'), /win: 2 points.*berserk/);
  assert.equal(await watcher.locator('.arena-standing.paused').count(), 4);
  await screenshot(watcher, 'arenas-standings');
  // A game is watched from a sheet; its page leads back.
  await watcher.locator('.sheet-game').first().click();
  await watcher.waitForSelector('#live-watching');
  await watcher.click('#live-arena-link');
  await watcher.waitForSelector('#arena-standings');

  // The arena's two minutes pass (the server's time moved past its end); the podium.
  await server.advance(Math.max(0, started + 125000 - Date.now()));
  await watcher.waitForSelector('#arena-podium', { timeout: 10000 });
  assert.equal(await watcher.locator('#arena-countdown').textContent(), 'Finished');
  const podium = await watcher.locator('#arena-podium .podium-place').allTextContents();
  assert.equal(podium.length, 3);
  const best = Math.max(...players.map(wins));
  assert.ok(players.some((p) => wins(p) === best && podium[0].includes(winnerOf(p))), podium[0]);
  assert.match(podium[0], new RegExp(`${2 * best} points, 2 games`));
  assert.equal(await watcher.locator('#arena-join').count(), 0, 'nobody joins a finished arena');
  assert.equal(await watcher.locator('#arena-sign-in').count(), 0, 'nor is a guest asked to sign in to');
  // On a 1366 px desktop the three places stand in one row.
  await watcher.setViewportSize({ width: 1366, height: 768 });
  const tops = await watcher.locator('#arena-podium .podium-place').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  assert.equal(new Set(tops).size, 1, `the podium's places in one row: tops ${tops}`);
  await screenshot(watcher, 'arenas-podium');
  assert.deepEqual(await axeViolations(watcher), [], 'what a screen reader meets at the podium, in dark mode');
  // On a phone: the arena's page fits without a sideways scroll.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  const small = await phone.newPage();
  await small.goto(`${server.url}#/tournament/${made.id}`);
  await small.waitForSelector('#arena-podium');
  assert.ok(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no sideways scroll');
  await screenshot(small, 'arenas-phone');
}));

test('joining an arena far off shows at once; a player who never makes a first move is counted down, loses as "did not move", and is told how to come back', { timeout: 120000 }, async () => {
  const data = await mkdtemp(join(tmpdir(), 'topochess-arenas-nostart-'));
  const server = await startGameServer(data);
  const browser = await launch();
  try {
    const contexts = await desktops(browser, 2);
    const [eva, finn] = await Promise.all(contexts.map((c) => c.newPage()));
    const errors = [];
    for (const p of [eva, finn]) p.on('pageerror', (e) => errors.push(String(e)));
    await signUp(eva, server, 'eva');
    await signUp(finn, server, 'finn');
    // An arena 45 minutes off: Join and Withdraw show at once on its page, and a double click
    // is one request.
    const later = await eva.evaluate(async () => {
      const r = await fetch('api/tournaments', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Evening arena', preset: 'cylinder', clock: { limit: 60, increment: 0 }, minutes: 30, starts_in: 2700 }),
      });
      return r.json();
    });
    await eva.goto(`${server.url}#/tournament/${later.id}`);
    // Its maker is in it from the start; she withdraws, and it shows at once.
    await eva.waitForFunction(() => document.querySelector('#arena-withdraw')?.textContent === 'Withdraw');
    assert.match(await eva.locator('#arena-facts').textContent(), / 1 player /);
    await eva.click('#arena-withdraw');
    await eva.waitForFunction(() => document.querySelector('#arena-join')?.textContent === 'Join', null, { timeout: 5000 });
    assert.match(await eva.locator('#arena-facts').textContent(), / 0 players /);
    await eva.dblclick('#arena-join');
    await eva.waitForFunction(() => document.querySelector('#arena-withdraw')?.textContent === 'Withdraw', null, { timeout: 5000 });
    assert.match(await eva.locator('#arena-facts').textContent(), / 1 player /);
    assert.equal(await eva.locator('.arena-standing').count(), 1);
    await eva.click('#arena-withdraw');
    await eva.waitForFunction(() => document.querySelector('#arena-join')?.textContent === 'Join', null, { timeout: 5000 });
    assert.match(await eva.locator('#arena-facts').textContent(), / 0 players /);
    // A double click whose answer came between its two clicks: the second lands on Withdraw,
    // ready by then, and is still no request (the page's requests counted as it makes them).
    await eva.click('#arena-join');
    await eva.waitForFunction(() => {
      const b = document.querySelector('#arena-withdraw');
      return b?.textContent === 'Withdraw' && !b.disabled;
    }, null, { timeout: 5000 });
    const sent = await eva.evaluate(async () => {
      const made = [];
      const fetch = window.fetch;
      window.fetch = (...args) => { made.push(String(args[0]?.url ?? args[0])); return fetch(...args); };
      const second = new MouseEvent('click', { bubbles: true, cancelable: true, detail: 2 });
      document.querySelector('#arena-withdraw').dispatchEvent(second);
      // The click's handler and the request it would start run before the next task.
      await new Promise((r) => setTimeout(r, 0));
      window.fetch = fetch;
      return made;
    });
    assert.deepEqual(sent, [], 'the second click of a double click is no request');
    await eva.click('#arena-withdraw');
    await eva.waitForFunction(() => document.querySelector('#arena-join')?.textContent === 'Join', null, { timeout: 5000 });
    assert.match(await eva.locator('#arena-facts').textContent(), / 0 players /);
    const made = await eva.evaluate(async () => {
      const r = await fetch('api/tournaments', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Quiet arena', preset: 'cylinder', clock: { limit: 60, increment: 0 }, minutes: 5, rated: true }),
      });
      return r.json();
    });
    await eva.goto(`${server.url}#/tournament/${made.id}`);
    await eva.waitForSelector('#arena-withdraw');
    await finn.goto(`${server.url}#/tournament/${made.id}`);
    await finn.click('#arena-join');
    const game = await liveGame(eva, null);
    assert.equal(await liveGame(finn, null), game, 'paired together');
    const [white, black] = (await whiteBelow(eva)) ? [eva, finn] : [finn, eva];
    // From the pairing, White is counted down to the first move, and Black sees it too.
    await white.waitForSelector('#live-first-move');
    assert.match(await white.locator('#live-first-move').textContent(), /Make your first move: \d+ s left, or you lose this game/);
    assert.match(await black.locator('#live-first-move').textContent(), /White has \d+ s to make a first move/);
    await screenshot(white, 'arenas-first-move');
    // White never moves: past the 30 s (the server's time moved on), White has lost.
    await server.advance(31000);
    for (const p of [white, black]) {
      await p.waitForFunction(() => /Black wins: White did not move/.test(document.querySelector('#status, .status')?.textContent ?? ''), null, { timeout: 10000 });
      assert.equal(await p.locator('#live-first-move').count(), 0);
    }
    assert.doesNotMatch(await white.locator('body').textContent(), /resigned/);
    // White is told the arena paused them, and how to come back.
    assert.match(await white.locator('#live-no-start').textContent(), /did not make your first move in time.*paused you/);
    assert.equal(await black.locator('#live-no-start').count(), 0);
    await screenshot(white, 'arenas-no-start');
    await white.click('#live-no-start a');
    await white.waitForFunction(() => document.querySelector('#arena-join')?.textContent === 'Come back');
    // The archive says so too: the PGN's Termination.
    const whiteName = white === eva ? 'eva' : 'finn';
    const pgn = await white.evaluate(async (n) => (await fetch(`api/games/user/${n}`)).text(), whiteName);
    assert.match(pgn, /\[Termination "Abandoned"\]/);
    assert.match(pgn, /\[Result "0-1"\]/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.kill();
  }
});

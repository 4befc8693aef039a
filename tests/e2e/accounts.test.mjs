// Accounts as people meet them, from the front page: two players sign up in browsers of their
// own, play a rated game, and both ratings change; a guest plays a casual game as before; the
// player's page (ratings, history, games, a game opened on the analysis board) on a desktop and a
// phone; names link to the players' pages; signing out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, startGameServer, screenshot, type, addressMatching, headerMisfits } from './harness.mjs';
import { waitMoves, desktops } from './live-harness.mjs';

/** Signs up as `name` from the front page's header. */
async function signUp(page, server, name) {
  await page.goto(server.url);
  await page.click('#account-open');
  await page.click('#account-to-signup');
  await page.fill('#account-name', name);
  await page.fill('#account-password-input', 'short');
  await page.click('#account-submit');
  // The form says what is wrong with a password too short, at the field, before the server
  // sees it; a common one, the server.
  await page.waitForSelector('#account-error');
  assert.equal(await page.locator('#account-error').textContent(), 'A password has at least 8 characters.');
  assert.equal(await page.locator('#account-password-input').getAttribute('aria-invalid'), 'true');
  assert.ok(await page.evaluate(() => document.activeElement?.id === 'account-password-input'), 'the field has the keyboard');
  await page.fill('#account-password-input', 'password123');
  await page.click('#account-submit');
  await page.waitForFunction(() => /most common/.test(document.querySelector('#account-error')?.textContent ?? ''));
  await page.fill('#account-password-input', `${name} plays on a torus`);
  await page.click('#account-submit');
  await page.waitForFunction((n) => document.querySelector('#account-menu')?.textContent === n, name);
  // The new player is welcomed and told where to play.
  await page.waitForSelector('#account-welcome');
  assert.match(await page.locator('#account-welcome').textContent(), new RegExp(`made, ${name}\\..*1500\\?.*Quick pairing`));
  await page.click('#account-cancel');
  await page.waitForSelector('#account-welcome', { state: 'detached' });
}

/** Starts a live game from the new-game form (White; `rated` ticked if asked): its link. */
async function liveGame(page, server, { rated }) {
  await page.goto(server.play);
  await page.waitForSelector('svg.normal [data-square]');
  await page.click('#new-game-open');
  await page.selectOption('#ng-opponent', 'live-white');
  await page.selectOption('#ng-time', '5+3');
  if (rated) await page.check('#ng-rated');
  await page.click('#ng-start');
  await page.waitForSelector('#live-link');
  return page.locator('#live-link').inputValue();
}

async function resign(page) {
  await page.click('#resign');
  await page.click('#resign-yes');
}

test('two accounts play a rated game and both ratings change; a guest plays casual; the player page', { timeout: 240000 }, async () => {
  const data = await mkdtemp(join(tmpdir(), 'topochess-accounts-'));
  const server = await startGameServer(data);
  const browser = await launch();
  try {
    const [ca, cb, cg] = await desktops(browser, 3);
    const [anna, boris, guest] = await Promise.all([ca.newPage(), cb.newPage(), cg.newPage()]);
    const errors = [];
    for (const p of [anna, boris, guest]) p.on('pageerror', (e) => errors.push(String(e)));
    await signUp(anna, server, 'anna');
    await signUp(boris, server, 'boris');

    // A rated game: anna White, boris takes the link; both named with their ratings.
    const link = await liveGame(anna, server, { rated: true });
    // Until someone sits, the empty seat waits for an opponent (nobody is called Anonymous).
    await anna.waitForFunction(() => /anna \(1500\?\).*Black: waiting for an opponent/.test(document.querySelector('#live-players')?.textContent ?? ''));
    await boris.goto(link);
    await boris.waitForSelector('#live-panel');
    for (const p of [anna, boris]) {
      await p.waitForFunction(() => /anna \(1500\?\).*boris \(1500\?\).*rated/.test(document.querySelector('#live-players')?.textContent ?? ''));
    }
    // The clocks carry the players' names.
    assert.deepEqual((await anna.locator('#clocks .who').allTextContents()).sort(), ['anna (you)', 'boris']);
    assert.deepEqual((await boris.locator('#clocks .who').allTextContents()).sort(), ['anna', 'boris (you)']);
    // A guest taking a rated seat is told to sign in, and watches.
    await guest.goto(link);
    await guest.waitForSelector('#live-panel');
    await type(anna, 'e4');
    await waitMoves(boris, 1);
    await type(boris, 'e5');
    await waitMoves(anna, 2);
    await resign(anna);
    // Both pages show each rating's change; the server's ratings are 1500 and the change.
    for (const p of [anna, boris]) await p.waitForSelector('#live-players .diff');
    const diffs = await anna.locator('#live-players .diff').allTextContents();
    assert.equal(diffs.length, 2);
    const [lost, won] = diffs.map((d) => Number(d.trim().replace('\u2212', '-')));
    assert.ok(lost < -100 && won > 100 && lost === -won, `${diffs}`);
    const rating = async (name) => (await (await fetch(`${server.url}api/user/${name}`)).json()).ratings.folded;
    const [ra, rb] = [await rating('anna'), await rating('boris')];
    assert.deepEqual([ra.rating, rb.rating, ra.games, rb.games], [1500 + lost, 1500 + won, 1, 1]);
    // Beside each change, the rating it made.
    assert.deepEqual(await anna.locator('#live-players .rating-now').allTextContents(),
      [` \u2192 ${1500 + lost}`, ` \u2192 ${1500 + won}`]);
    await screenshot(boris, 'accounts-rated-end');
    // The name links to the player's page.
    await boris.click('#live-players a.player-link >> text=anna');
    await boris.waitForSelector('#player-ratings');
    await addressMatching(boris, /^#\/@\/anna$/);

    // A guest plays casual as before: no "rated" to tick, anna takes the seat, nothing changes.
    await guest.goto(server.play);
    await guest.waitForSelector('svg.normal [data-square]');
    await guest.click('#new-game-open');
    await guest.selectOption('#ng-opponent', 'live-white');
    assert.equal(await guest.locator('#ng-rated').count(), 0, 'a guest has no rated game to choose');
    await guest.click('#ng-cancel');
    const casual = await liveGame(guest, server, { rated: false });
    await anna.goto(casual);
    await anna.waitForSelector('#live-panel');
    await anna.waitForFunction(() => /Anonymous.*anna.*casual/.test(document.querySelector('#live-players')?.textContent ?? ''));
    await type(guest, 'd4');
    await waitMoves(anna, 1);
    await type(anna, 'd5');
    await waitMoves(guest, 2);
    await resign(guest);
    await anna.waitForFunction(() => /won|wins/i.test(document.querySelector('#status')?.textContent ?? ''));
    assert.equal(await anna.locator('#live-players .diff').count(), 0, 'a casual game changes nothing');
    assert.equal((await rating('anna')).games, 1);
    // The guest signs up: the page offers to keep the game this browser played as a guest.
    await guest.click('#account-open');
    await guest.click('#account-to-signup');
    await guest.fill('#account-name', 'gwen');
    await guest.fill('#account-password-input', 'gwen plays on a torus');
    await guest.click('#account-submit');
    await guest.waitForSelector('#account-keep');
    assert.match(await guest.locator('#account-keep').textContent(), /1 live game as a guest/);
    await guest.click('#account-submit');
    await guest.waitForSelector('#account-keep', { state: 'detached' });
    // Then welcomed; "Play on the front page" goes there.
    await guest.click('#account-welcome-play');
    await guest.waitForSelector('#account-welcome', { state: 'detached' });
    await guest.waitForSelector('#pools');
    const kept = await (await fetch(`${server.url}api/user/gwen/games`)).json();
    assert.deepEqual(kept.games.map((g) => g.players.map((p) => p?.name)), [['gwen', 'anna']]);

    // anna's page, from her menu: the rating, its history, both games, filters, the analysis.
    await anna.click('#account-menu');
    await anna.click('#account-profile');
    await anna.waitForSelector('#player-ratings tr[data-preset="folded"]');
    assert.equal(await anna.locator('#player-ratings tr[data-preset="folded"] .rating').textContent(), `${1500 + lost}?`);
    // One rated game is a sentence with its date, not a chart of one dot.
    await anna.waitForSelector('.rating-one[data-preset="folded"]');
    assert.match(await anna.locator('.rating-one').textContent(), new RegExp(`Folded.*: ${1500 + lost} after one rated game, on \\d{1,2} [A-Z][a-z]{2} 20\\d\\d\\.`));
    assert.equal(await anna.locator('.rating-chart svg').count(), 0);
    await anna.waitForFunction(() => document.querySelectorAll('#player-games .past-game').length === 2);
    // Each game row says its day.
    const days = await anna.locator('#player-games .past-date').allTextContents();
    assert.equal(days.length, 2);
    for (const d of days) assert.match(d, /^\d{1,2} [A-Z][a-z]{2} 20\d\d$/);
    await anna.selectOption('#player-result', 'loss');
    await anna.waitForFunction(() => document.querySelectorAll('#player-games .past-game').length === 1);
    assert.match(await anna.locator('#player-games').textContent(), /0-1 \(resignation\).*rated/);
    assert.match(await anna.locator('#player-pgn').getAttribute('href'), /api\/games\/user\/anna$/);
    await screenshot(anna, 'accounts-player-page');
    await anna.click('#player-games .past-analyse');
    await anna.waitForFunction(() => location.hash === '#/analysis');
    await anna.waitForFunction(() => document.querySelectorAll('#analysis-moves .mv, .tree .mv, [data-node]').length >= 2);
    // Signed in, with the game's name and side: the header's fullest, and it fits at every
    // desktop width.
    assert.deepEqual(await headerMisfits(anna), []);

    // The same page on a phone: nothing wider than the screen.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
    const pp = await phone.newPage();
    await pp.goto(`${server.url}#/@/anna`);
    await pp.waitForSelector('#player-games .past-game');
    assert.ok(await pp.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no sideways scroll');
    await screenshot(pp, 'accounts-player-phone');
    // The leaderboard says who is listed and why nobody is yet.
    await pp.goto(`${server.url}#/leaderboard/folded`);
    await pp.waitForSelector('#leaders-empty');
    // No board is in sight here, so the header names no game.
    assert.equal(await pp.locator('#game-name').count(), 0, 'no stale game name on the leaderboard');

    // Signing out: the header offers Sign in again, and the server knows no session.
    await boris.click('#account-menu');
    await boris.click('#account-logout');
    await boris.waitForSelector('#account-open');
    assert.equal(await boris.evaluate(async () => (await fetch('api/account')).status), 401);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.kill();
    await rm(data, { recursive: true, force: true });
  }
});

test('a player makes an API token on their account, a program signs in with it, and it is revoked', { timeout: 60000 }, async () => {
  const data = await mkdtemp(join(tmpdir(), 'topochess-tokens-'));
  const server = await startGameServer(data);
  const browser = await launch();
  try {
    const [context] = await desktops(browser, 1);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await signUp(page, server, 'carla');
    await page.click('#account-menu');
    await page.click('#account-tokens');
    await page.waitForSelector('#token-none');
    // The form says what is wrong before sending.
    await page.click('#token-submit');
    await page.waitForSelector('#token-error');
    await page.fill('#token-description', 'my engine');
    await page.check('#token-scope-bot\\:play');
    await page.check('#token-scope-challenge\\:read');
    await page.click('#token-submit');
    await page.waitForSelector('#token-value');
    const token = await page.locator('#token-value').textContent();
    assert.match(token, /^tpc_[0-9a-f]{64}$/);
    await page.waitForSelector('#token-list .token');
    assert.match(await page.locator('#token-list').textContent(), /^my engine · challenge:read, bot:play · made \d+ \w+ \d{4} Revoke$/);
    await screenshot(page, 'accounts-tokens');
    // A program: the token alone, no cookie.
    const asProgram = (t) => page.evaluate(async (t) => (await fetch('api/account', { credentials: 'omit', headers: { Authorization: `Bearer ${t}` } })).status, t);
    assert.equal(await asProgram(token), 200);
    // Revoked with a press: the program is signed out.
    await page.click('#token-list .token-revoke');
    await page.waitForSelector('#token-none');
    assert.equal(await page.locator('#token-value').count(), 0, 'the token is no longer shown');
    assert.equal(await asProgram(token), 401);
    await page.click('#token-close');
    await page.waitForSelector('#token-form', { state: 'detached' });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.kill();
    await rm(data, { recursive: true, force: true });
  }
});

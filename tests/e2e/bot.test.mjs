// `topochess bot` at the table: a bot account made by its operator (signed up, a token made,
// upgraded), the CLI joining the site with its token and our engine; a person signs up in a
// browser, opens the bot's page, challenges it on the folded board, and plays it: the bot
// accepts, answers each move, and the game goes to its end (the person resigns), after which
// the bot, told to play one game, stops on its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, startGameServer, screenshot, type } from './harness.mjs';
import { waitMoves, desktops, signUp } from './live-harness.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Our CLI (`TOPOCHESS_CLI`, or the test build's, which scripts/test.sh makes). */
const cli = process.env.TOPOCHESS_CLI ?? join(root, 'target', 'debug', 'topochess');

/** A bot account `name`, as its operator makes one over the API: its token. */
async function botAccount(server, name) {
  const site = server.url.replace(/\/$/, '');
  const signed = await fetch(`${site}/api/account/signup`, {
    method: 'POST', headers: { origin: site, 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: `${name} plays on every surface` }),
  });
  assert.ok(signed.ok, `sign-up: ${signed.status}`);
  const cookie = signed.headers.get('set-cookie').split(';')[0];
  const made = await fetch(`${site}/api/account/tokens`, {
    method: 'POST', headers: { origin: site, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ description: 'the bot', scopes: ['bot:play'] }),
  });
  assert.ok(made.ok, `token: ${made.status}`);
  const { token } = await made.json();
  const upgraded = await fetch(`${site}/api/bot/account/upgrade`, {
    method: 'POST', headers: { authorization: `Bearer ${token}` },
  });
  assert.deepEqual(await upgraded.json(), { ok: true });
  return token;
}

test('topochess bot plays a person a whole game on the folded board', { timeout: 120000 }, async () => {
  const data = await mkdtemp(join(tmpdir(), 'topochess-bot-'));
  const server = await startGameServer(data);
  const browser = await launch();
  const token = await botAccount(server, 'robo');
  const bot = spawn(cli, ['bot', '--url', server.url, '--games', '1', '--ms', '100'],
    { env: { ...process.env, TOPOCHESS_TOKEN: token }, stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  bot.stderr.on('data', (chunk) => { said += chunk; });
  const ended = new Promise((resolve) => bot.once('exit', resolve));
  try {
    const [context] = await desktops(browser, 1);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await signUp(page, server, 'zoe');
    await page.goto(`${server.url}#/@/robo`);
    // The bot's page names it a BOT, as every place its name shows.
    await page.waitForFunction(() => document.querySelector('#player-name')?.textContent === 'BOT robo');
    await page.click('#challenge-open');
    await page.selectOption('#challenge-preset', 'folded');
    await page.selectOption('#challenge-clock', '5+3');
    await page.selectOption('#challenge-color', 'white');
    await page.click('#challenge-send');
    // The bot accepts: the game is put on the person's board, the bot named as a BOT.
    await page.waitForFunction(() => /#\/live\/[0-9a-f]{16}/.test(location.hash)
      && document.querySelector('#live-panel'), null, { timeout: 20000 });
    await page.waitForFunction(() => /Black: BOT robo/.test(document.querySelector('#live-players')?.textContent ?? ''),
      null, { timeout: 10000 }).catch(async (e) => {
      throw new Error(`${e.message}: the players' line says ${await page.locator('#live-players').textContent()}`);
    });
    await type(page, 'e4');
    await waitMoves(page, 2);
    await type(page, 'Nc3');
    await waitMoves(page, 4);
    await screenshot(page, 'bot-game');
    await page.click('#resign');
    await page.click('#resign-yes');
    await page.waitForFunction(() => /won|wins|resign/i.test(document.querySelector('#status')?.textContent ?? ''));
    // Told to play one game, the bot stops once it is over.
    const code = await ended;
    assert.equal(code, 0, said);
    assert.match(said, /signed in as BOT robo/);
    assert.match(said, /accepting challenge [0-9a-f]{16} \(folded\)/);
    assert.match(said, /folded, playing Black/);
    assert.match(said, /"resign"/);
    assert.deepEqual(errors, []);
  } finally {
    bot.kill();
    await browser.close();
    await server.kill();
  }
});

// Challenges between people, as they meet them: one player opens another's page and challenges
// them (the folded board, 5+3, White); the other, on the front page, sees it under the header
// with Accept and Decline, accepts, and both are put on the game's board, where they play. A
// second challenge declined is told to its sender by name. They chat, and one mutes the other.
// The bar on a phone in dark mode.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, startGameServer, screenshot, type, axeViolations } from './harness.mjs';
import { waitMoves, desktops, signUp } from './live-harness.mjs';

/** The live game `page` shows (its address's id), once it shows its board. */
async function liveGame(page) {
  await page.waitForFunction(() => /#\/live\/[0-9a-f]{16}/.test(location.hash)
    && document.querySelector('#live-panel'), null, { timeout: 20000 });
  return /#\/live\/([0-9a-f]{16})/.exec(page.url())[1];
}

test('a player challenges another from their page; accepted, both play it; declined, it is told', { timeout: 120000 }, async () => {
  const data = await mkdtemp(join(tmpdir(), 'topochess-challenges-'));
  const server = await startGameServer(data);
  const browser = await launch();
  try {
    const [one, two] = await desktops(browser, 2);
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, colorScheme: 'dark', serviceWorkers: 'block',
    });
    const [ada, ben] = await Promise.all([one.newPage(), phone.newPage()]);
    const errors = [];
    for (const p of [ada, ben]) p.on('pageerror', (e) => errors.push(String(e)));
    await signUp(ada, server, 'ada');
    // Ben signs up at a desktop's width (the account dialog's own phone test is elsewhere),
    // then reads on his phone.
    await ben.setViewportSize({ width: 1280, height: 900 });
    await signUp(ben, server, 'ben');
    await ben.setViewportSize({ width: 390, height: 844 });

    // Ada opens Ben's page (a guest sees no Challenge there; Ada does) and challenges him.
    await ada.goto(`${server.url}#/@/ben`);
    await ada.waitForSelector('#player-name');
    await ada.click('#challenge-open');
    await ada.selectOption('#challenge-preset', 'folded');
    await ada.selectOption('#challenge-clock', '5+3');
    await ada.selectOption('#challenge-color', 'white');
    await ada.click('#challenge-send');
    await ada.waitForFunction(() => /Challenge sent/.test(document.querySelector('#challenge-said')?.textContent));
    const out = ada.locator('.challenge-out');
    await out.waitFor();
    assert.match(await out.textContent(), /Waiting for ben/);

    // Ben, on the front page, sees it under the header, and accepts.
    const incoming = ben.locator('.challenge-in');
    await incoming.waitFor({ timeout: 15000 });
    const said = await incoming.textContent();
    assert.match(said, /ada \(1500\) challenges you: Chess on a Folded Magnetic Board, 5\+3, rated \(you play black\)/);
    await screenshot(ben, 'challenge-incoming-phone-dark');
    assert.deepEqual(await axeViolations(ben), [], 'what a screen reader meets');
    await ben.locator('.challenge-accept').click();

    // Both are put on the game: Ada White, Ben Black; they play.
    const [idA, idB] = await Promise.all([liveGame(ada), liveGame(ben)]);
    assert.equal(idA, idB, 'one game for both');
    await ada.waitForSelector('.challenge-out', { state: 'detached' });
    await ben.waitForSelector('.challenge-in', { state: 'detached' });
    await type(ada, 'e4');
    await waitMoves(ben, 1);
    await type(ben, 'e5');
    await waitMoves(ada, 2);
    // They chat; Ben mutes Ada, and her next line is not shown to him.
    await ada.fill('#chat-input', 'Good luck on the fold');
    await ada.press('#chat-input', 'Enter');
    await ben.waitForFunction(() => /ada: Good luck on the fold/.test(document.querySelector('#chat-lines')?.textContent ?? ''));
    await ben.fill('#chat-input', 'Thanks, you too');
    await ben.click('#chat-send');
    await ada.waitForFunction(() => /ben: Thanks, you too/.test(document.querySelector('#chat-lines')?.textContent ?? ''));
    await screenshot(ada, 'challenge-game');
    await ben.click('#chat-mute');
    await ada.fill('#chat-input', 'A second line');
    await ada.press('#chat-input', 'Enter');
    await ada.waitForFunction(() => /ada: A second line/.test(document.querySelector('#chat-lines')?.textContent ?? ''));
    assert.doesNotMatch(await ben.locator('#chat-lines').textContent(), /ada:/, 'muted');
    assert.match(await ben.locator('#chat-lines').textContent(), /ben: Thanks, you too/, 'his own lines stay');

    // A second challenge, declined: Ada is told, by name.
    await ada.goto(`${server.url}#/@/ben`);
    await ada.click('#challenge-open');
    await ada.click('#challenge-send');
    await ada.locator('.challenge-out').waitFor();
    await ben.locator('.challenge-decline').click();
    await ada.waitForFunction(() => /ben declined your challenge/.test(document.querySelector('#challenge-trouble')?.textContent));
    await ada.waitForSelector('.challenge-out', { state: 'detached' });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.kill();
  }
});

test('an open challenge by link: the first at Black\'s link plays Black, the next at the game\'s link White', { timeout: 90000 }, async () => {
  const data = await mkdtemp(join(tmpdir(), 'topochess-open-'));
  const server = await startGameServer(data);
  const browser = await launch();
  try {
    // Made as a program makes it (lichess's open challenge, no token needed).
    const made = await fetch(`${server.url}api/challenge/open`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'variant=cylinder&clock.limit=300&clock.increment=3',
    });
    assert.equal(made.status, 200);
    const open = await made.json();
    assert.match(open.urlBlack, /#\/live\/[0-9a-f]{16}\/black$/);
    const [one, two] = await desktops(browser, 2);
    const [blackPage, whitePage] = await Promise.all([one.newPage(), two.newPage()]);
    const errors = [];
    for (const p of [blackPage, whitePage]) p.on('pageerror', (e) => errors.push(String(e)));
    await blackPage.goto(open.urlBlack);
    await blackPage.waitForSelector('#live-panel');
    await whitePage.goto(open.url);
    await whitePage.waitForSelector('#live-panel');
    for (const [page, side] of [[blackPage, 'Black'], [whitePage, 'White']]) {
      await page.waitForFunction((side) => new RegExp(`you play ${side}`)
        .test(document.querySelector('.opponent')?.textContent ?? ''), side, { timeout: 15000 });
    }
    // The side's link became the game's own address.
    assert.equal(new URL(blackPage.url()).hash, `#/live/${open.id}`);
    await type(whitePage, 'e4');
    await waitMoves(blackPage, 1);
    await type(blackPage, 'e5');
    await waitMoves(whitePage, 2);
    await screenshot(blackPage, 'open-challenge-black');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.kill();
  }
});

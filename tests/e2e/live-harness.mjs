// What the live games' end-to-end tests share: players in browser contexts of their own, a live
// game started from the new-game form, its link taken by the other player.
import { type } from './harness.mjs';

/** Resolves once `page`'s move list has `n` moves. */
export const waitMoves = (page, n) => page.waitForFunction(
  (n) => document.querySelectorAll('#moves .mv').length === n, n, { timeout: 20000 });

/** Browser contexts of their own (each its own player, with its own secret), on a desktop. */
export const desktops = (browser, n) => Promise.all(Array.from({ length: n },
  () => browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' })));

/** Opens the site on `page` and starts a live game as White from the new-game form, with a clock
 * from its list (`time`) or its own (`custom`: minutes, increment); answers the link to send. */
export async function newLiveGame(page, server, { time, custom } = {}) {
  await page.goto(server.play);
  await page.waitForSelector('svg.normal [data-square]');
  await page.click('#new-game-open');
  await page.selectOption('#ng-opponent', 'live-white');
  if (time) await page.selectOption('#ng-time', time);
  if (custom) {
    await page.selectOption('#ng-time', 'custom');
    await page.fill('#ng-minutes', custom[0]);
    await page.fill('#ng-increment', custom[1]);
  }
  await page.click('#ng-start');
  await page.waitForSelector('#live-link');
  return page.locator('#live-link').inputValue();
}

/** B opens the link of A's game (A White) and takes the seat; then 1. e4 e5 is played. */
export async function joinAndOpenWithE4E5(a, b, link) {
  await b.goto(link);
  await b.waitForSelector('#live-panel');
  await a.waitForSelector('#live-link', { state: 'detached' });
  await type(a, 'e4');
  await waitMoves(b, 1);
  await type(b, 'e5');
  await waitMoves(a, 2);
}

/** Signs up as `name` from the front page's header. */
export async function signUp(page, server, name) {
  await page.goto(server.url);
  await page.click('#account-open');
  await page.click('#account-to-signup');
  await page.fill('#account-name', name);
  await page.fill('#account-password-input', `${name} plays on a torus`);
  await page.click('#account-submit');
  await page.waitForFunction((n) => document.querySelector('#account-menu')?.textContent === n, name);
  // The welcome follows the sign-up's answer: closed once shown (a press before would close
  // the sign-up's form, and the welcome open after it).
  await page.waitForSelector('#account-welcome');
  await page.click('#account-cancel');
  await page.waitForSelector('#account-welcome', { state: 'detached' });
}

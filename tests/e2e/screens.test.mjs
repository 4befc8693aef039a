// Switching screens: each screen's panel (the game's, the analysis's, the puzzle's) and the pages
// a player goes back and forth to (the lessons' list, the saved games) stay in the page, hidden,
// while another screen is shown, and are found as they were left when their screen comes back; a
// hidden one is neither seen nor heard, and is left alone while hidden. A tab clicked is marked
// in the frame after the click, its screen drawn the frame after; of two tabs clicked in one
// moment the last one's screen comes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSession, newGame, type, moves, drawn } from './harness.mjs';

const session = useSession();

/** The panels beside the boards that are shown: their classes (the game's has none). */
const shownPanels = (page) => page.evaluate(() => [...document.querySelectorAll('main aside')]
  .filter((a) => a.checkVisibility()).map((a) => a.className));

/** Opens a screen by its header link and waits for its frame. */
async function open(page, id, ready) {
  await page.click(`#${id}`);
  await page.waitForSelector(ready);
  await drawn(page);
}

test('coming back to the game finds its panel as it was left, untouched while hidden', async () => {
  const { page } = session;
  // The whole app first (a first visit's page runs the first screen's module, which another screen
  // replaces with the whole app's).
  await open(page, 'nav-analysis', '#analysis-status');
  await open(page, 'nav-play', '#san-input');
  await newGame(page, { variant: 'standard' });
  for (const san of ['e4', 'e5', 'Nf3']) await type(page, san);
  // The game saved (the saved games' list in the panel says so after the move's frame).
  await page.waitForFunction(() => /2 moves\b/.test(document.querySelector('#saved-games .current')?.textContent ?? ''));
  await page.evaluate(() => {
    window.gamePanel = document.querySelector('#moves').closest('aside');
    window.listed = [...document.querySelector('#moves').children];
    window.panelWrites = 0;
    new MutationObserver((list) => { window.panelWrites += list.length; })
      .observe(window.gamePanel, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await open(page, 'nav-puzzles', 'aside.puzzle-panel .puzzle-fen');
  assert.deepEqual(await shownPanels(page), ['puzzle-panel']);
  assert.equal(await page.isVisible('#san-input'), false);
  // Hidden, it is out of what a screen reader reads, and not drawn while the puzzle is played with.
  const heard = await page.evaluate(() => document.querySelector('#moves').closest('.kept-panel').hidden);
  assert.equal(heard, true);
  await page.click('#puzzle-flip');
  await drawn(page);
  await open(page, 'nav-analysis', '#analysis-status');
  assert.deepEqual(await shownPanels(page), ['analysis-panel']);
  await open(page, 'nav-play', '#san-input:visible');
  assert.deepEqual(await shownPanels(page), ['']);
  const found = await page.evaluate(() => {
    const list = [...document.querySelector('#moves').children];
    return {
      same: document.querySelector('#moves').closest('aside') === window.gamePanel,
      listed: list.length === window.listed.length && list.every((e, i) => e === window.listed[i]),
      writes: window.panelWrites,
    };
  });
  // The same panel, every move's element where it was, and nothing written to it meanwhile
  // (coming back wrote what changed: nothing).
  assert.deepEqual(found, { same: true, listed: true, writes: 0 });
  // Shown again, it follows the game.
  await type(page, 'Nc6');
  assert.deepEqual(await moves(page), ['e4', 'e5', 'Nf3', 'Nc6']);
});

test('the puzzle\'s and the analysis\'s panels are kept too, each screen showing its own alone', async () => {
  const { page } = session;
  await newGame(page, { variant: 'standard' });
  await type(page, 'e4');
  await open(page, 'nav-puzzles', 'aside.puzzle-panel .puzzle-fen');
  const fen = await page.locator('.puzzle-fen').textContent();
  await page.evaluate(() => { window.puzzlePanel = document.querySelector('aside.puzzle-panel'); });
  await open(page, 'nav-analysis', '#analysis-status');
  await page.evaluate(() => { window.analysisPanel = document.querySelector('aside.analysis-panel'); });
  await open(page, 'nav-learn', '#lessons');
  assert.deepEqual(await shownPanels(page), []);
  await open(page, 'nav-puzzles', 'aside.puzzle-panel .puzzle-fen:visible');
  assert.deepEqual(await shownPanels(page), ['puzzle-panel']);
  assert.equal(await page.locator('.puzzle-fen').textContent(), fen);
  assert.equal(await page.evaluate(() => document.querySelector('aside.puzzle-panel') === window.puzzlePanel), true);
  await open(page, 'nav-analysis', '#analysis-status:visible');
  assert.deepEqual(await shownPanels(page), ['analysis-panel']);
  assert.equal(await page.evaluate(() => document.querySelector('aside.analysis-panel') === window.analysisPanel), true);
  // Each id once in the page: the kept panels share none.
  const ids = await page.evaluate(() => [...document.querySelectorAll('[id]')].map((e) => e.id));
  assert.deepEqual(ids.filter((id, i) => ids.indexOf(id) !== i), []);
});

test('the lessons\' list and the saved games are kept as pages, one shown at a time', async () => {
  const { page } = session;
  await open(page, 'nav-learn', '#lessons');
  await page.evaluate(() => { window.lessons = document.querySelector('#lessons'); });
  await open(page, 'nav-games', '#games');
  const shown = () => page.evaluate(() => ['#lessons', '#games'].filter((s) => document.querySelector(s)?.checkVisibility()));
  assert.deepEqual(await shown(), ['#games']);
  await open(page, 'nav-play', '#san-input:visible');
  assert.deepEqual(await shown(), []);
  await open(page, 'nav-learn', '#lessons:visible');
  assert.deepEqual(await shown(), ['#lessons']);
  assert.equal(await page.evaluate(() => document.querySelector('#lessons') === window.lessons), true, 'the same list');
  // A lesson opened from it, and the list again.
  await page.locator('[id^="learn-open-"]').first().click();
  await page.waitForSelector('aside.learn-panel');
  await page.click('#learn-close');
  await page.waitForSelector('#lessons:visible');
  assert.equal(await page.evaluate(() => document.querySelector('#lessons') === window.lessons), true, 'the same list');
  const ids = await page.evaluate(() => [...document.querySelectorAll('[id]')].map((e) => e.id));
  assert.deepEqual(ids.filter((id, i) => ids.indexOf(id) !== i), []);
});

/** The tabs marked pressed. */
const marked = (page) => page.evaluate(() => [...document.querySelectorAll('nav.tabs .nav-tab[aria-pressed="true"]')].map((t) => t.id));

test('a tab is marked in the frame after its click, and its screen comes the frame after', async () => {
  const { page } = session;
  await open(page, 'nav-analysis', '#analysis-status');
  await open(page, 'nav-play', '#san-input');
  const game = await page.evaluate(() => location.hash);
  // What the frame after the click shows: the tab marked, the game's screen still there.
  const first = await page.evaluate(() => new Promise((done) => {
    document.querySelector('#nav-puzzles').click();
    requestAnimationFrame(() => done({
      marked: [...document.querySelectorAll('nav.tabs .nav-tab[aria-pressed="true"]')].map((t) => t.id),
      game: document.querySelector('#san-input').checkVisibility(),
      puzzle: document.querySelector('aside.puzzle-panel')?.checkVisibility() ?? false,
    }));
  }));
  assert.deepEqual(first, { marked: ['nav-puzzles'], game: true, puzzle: false });
  // Then the puzzle's screen, its address, the tab still the one marked.
  await page.waitForSelector('aside.puzzle-panel .puzzle-fen');
  await page.waitForFunction((g) => location.hash !== g, game);
  assert.match(await page.evaluate(() => location.hash), /^#\/puzzles\//);
  assert.equal(await page.isVisible('#san-input'), false);
  assert.deepEqual(await marked(page), ['nav-puzzles']);
});

test('two tabs clicked in one moment: the last one\'s screen comes, with one entry in the history', async () => {
  const { page } = session;
  await open(page, 'nav-analysis', '#analysis-status');
  await open(page, 'nav-play', '#san-input');
  const [game, entries] = await page.evaluate(() => [location.hash, history.length]);
  await page.evaluate(() => {
    document.querySelector('#nav-analysis').click();
    document.querySelector('#nav-learn').click();
  });
  await page.waitForFunction((g) => location.hash !== g, game);
  await drawn(page);
  await drawn(page);
  assert.equal(await page.evaluate(() => location.hash), '#/learn');
  assert.equal(await page.isVisible('#lessons'), true);
  assert.equal(await page.isVisible('#analysis-status'), false);
  assert.deepEqual(await marked(page), ['nav-learn']);
  assert.equal(await page.evaluate(() => history.length), entries + 1, 'no entry for the analysis');
});

// The front page, the addresses of screens and games (Back, Forward, reload, a bookmark, under a
// sub-path), and the settings screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  useSession, serveDist, openPage, screenshot, type, moves, openSettings, openPlay, drawn, addressMatching,
  reload, headerMisfits,
} from './harness.mjs';

const session = useSession();

const hash = (page) => page.evaluate(() => location.hash);

/** A fresh load of `url` (not a move within the page, which a new fragment alone would be). */
async function load(page, url) {
  await page.goto('about:blank');
  await page.goto(url);
}

test('the front page says what Topochess is, shows a rook crossing the fold, and starts each kind of game', async () => {
  const { page, server } = session;
  await load(page, server.url);
  await page.waitForSelector('#home');
  assert.equal(await hash(page), '', 'the front page is the bare address');
  assert.match(await page.locator('.home-intro').textContent(), /folded over/);
  // The picture moves (unless animations are off): the rook is somewhere else a moment later.
  const rook = () => page.evaluate(() => {
    const r = document.querySelector('#fold-picture .home-rook').getBoundingClientRect();
    return [Math.round(r.x), Math.round(r.y)];
  });
  const first = await rook();
  const moved = await page.waitForFunction((was) => {
    const r = document.querySelector('#fold-picture .home-rook').getBoundingClientRect();
    return Math.round(r.x) !== was[0] || Math.round(r.y) !== was[1];
  }, first, { timeout: 5000 }).then(() => true, () => false);
  assert.ok(moved, 'the rook moves');
  await screenshot(page, 'home-desktop');
  // Play the computer: the form set for it, on the folded board, over the front page.
  await page.click('#home-computer');
  await page.waitForSelector('#new-game');
  assert.equal(await page.locator('#ng-opponent').inputValue(), 'white');
  assert.equal(await page.locator('#ng-variant').inputValue(), 'folded');
  assert.equal(await hash(page), '', 'still the front page behind the form');
  // Cancelled (Escape): nothing changed, no game made, the focus back on the card.
  await page.keyboard.press('Escape');
  await page.waitForSelector('#new-game', { state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement.id), 'home-computer');
  await page.click('#nav-games');
  await page.waitForSelector('#games');
  assert.equal(await page.locator('.game-row').count(), 0, 'no game saved by a cancelled form');
  await page.click('#nav-home');
  await page.click('#home-computer');
  await page.click('#ng-start');
  await page.waitForFunction(() => /^#\/play\/\d+$/.test(location.hash));
  await page.waitForSelector('#new-game', { state: 'detached' });
  await type(page, 'e4');
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 2, null, { timeout: 20000 });
  // The front page offers the game back; a friend's game opens the form for a correspondence game.
  await page.click('#nav-home');
  await page.waitForSelector('#home-continue');
  await page.click('#home-friend');
  assert.equal(await page.locator('#ng-opponent').inputValue(), 'live-white');
  await page.click('#ng-cancel');
  await page.click('#nav-home');
  await page.click('#home-hotseat');
  assert.equal(await page.locator('#ng-opponent').inputValue(), 'hotseat');
  await page.click('#ng-cancel');
  await page.click('#nav-home');
  await page.click('#home-learn');
  await page.waitForFunction(() => location.hash === '#/learn/1/1');
  await page.waitForSelector('svg.normal [data-square]');
  await page.click('#nav-home');
  await page.click('#home-puzzle');
  await addressMatching(page, /^#\/puzzles\/[0-9a-f]{8}$/);
});

test('the front page on a phone: ways to play on the first screen, nothing cut off, the picture still', async () => {
  const context = await session.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  try {
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto(session.server.url);
    await page.waitForSelector('#home');
    await screenshot(page, 'home-phone');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scroll');
    const cards = await page.locator('.home-card').evaluateAll((els) => els.map((e) => {
      const r = e.getBoundingClientRect();
      return { width: r.width, bottom: r.bottom };
    }));
    assert.equal(cards.length, 5);
    assert.ok(cards.every((c) => c.width > 150 && c.width <= 390), `cards fit: ${cards.map((c) => c.width)}`);
    // Every way to play is on the first screen (844 px), before what the site is.
    assert.ok(cards.every((c) => c.bottom <= 844), `cards end at ${cards.map((c) => c.bottom)}`);
    const header = await page.locator('header').evaluate((h) => h.getBoundingClientRect().height);
    assert.ok(header <= 120, `the header is ${header} px high`);
    // With animations off, the rook stands at the end of its route.
    await page.click('#nav-settings');
    await page.uncheck('#motion');
    await page.click('#nav-home');
    assert.equal(await page.locator('#fold-picture .home-rook.moving').count(), 0);
  } finally {
    await context.close();
  }
});

test('every screen has its address: Back and Forward move between them and a reload stays', async () => {
  const { page, server } = session;
  await type(page, 'e4');
  const game = await hash(page);
  assert.match(game, /^#\/play\/\d+$/);
  const visits = [
    ['#nav-analysis', /^#\/analysis$/],
    ['#nav-puzzles', /^#\/puzzles\/[0-9a-f]{8}$/],
    ['#nav-learn', /^#\/learn$/],
    ['#nav-atlas', /^#\/endgames$/],
    ['#nav-explore', /^#\/explore$/],
    ['#nav-lab', /^#\/lab$/],
    ['#nav-games', /^#\/games$/],
    ['#nav-settings', /^#\/settings$/],
  ];
  const seen = [game];
  for (const [button, address] of visits) {
    await page.click(button);
    const now = await addressMatching(page, address);
    assert.notEqual(now, seen.at(-1), button);
    seen.push(now);
  }
  // Back through each, the screen following the address.
  for (let i = seen.length - 2; i >= 0; i--) {
    await page.goBack();
    await page.waitForFunction((h) => location.hash === h, seen[i]);
  }
  await page.waitForSelector('#san-input');
  assert.deepEqual(await moves(page), ['e4'], 'the game as it was');
  await page.goForward();
  await page.waitForSelector('.analysis-boards');
  // A reload stays on the screen, and on the puzzle.
  await page.goForward();
  await page.waitForFunction(() => location.hash.startsWith('#/puzzles/'));
  const puzzle = await hash(page);
  const pieces = () => page.locator('svg.normal [data-square]:has([data-piece])').evaluateAll(
    (els) => els.map((e) => `${e.dataset.square}${e.querySelector('[data-piece]').dataset.piece}`).sort().join());
  // The pieces once still (no move sliding: its piece is drawn on its square when it is done).
  const still = () => page.waitForFunction(() => document.querySelector('svg.normal [data-square]')
    && !document.querySelector('svg.normal g.mover'));
  await page.waitForSelector('#puzzle-feedback');
  await still();
  const before = await pieces();
  await reload(page);
  await page.waitForFunction((h) => location.hash === h, puzzle);
  await page.waitForSelector('#puzzle-feedback');
  await still();
  assert.equal(await pieces(), before, 'the same puzzle after a reload');
  // A lesson step and an atlas cell, bookmarked and opened in a new page.
  await load(page, `${server.url}#/learn/1/2`);
  await page.waitForSelector('svg.normal [data-square]');
  assert.equal(await hash(page), '#/learn/1/2');
  await load(page, `${server.url}#/endgames/folded/KRvK`);
  await page.waitForSelector('#atlas-details');
  assert.equal(await hash(page), '#/endgames/folded/KRvK');
  // An address of nothing here says so on its screen.
  await load(page, `${server.url}#/puzzles/nosuchid`);
  await page.waitForSelector('#notice');
  assert.match(await page.locator('#notice').textContent(), /no such puzzle/);
});

test('the boards kept under a screen of its own are out of sight, of the keyboard and of a screen reader', async () => {
  const { page } = session;
  await type(page, 'e4');
  await page.click('#nav-games');
  await page.waitForSelector('#games');
  // Kept (coming back draws only what changed), but nothing of them shown or reachable.
  const kept = () => page.evaluate(() => {
    const main = document.querySelector('main[hidden]');
    const board = main?.querySelector('svg.normal');
    return board ? { height: main.getBoundingClientRect().height, board: board.checkVisibility() } : null;
  });
  assert.deepEqual(await kept(), { height: 0, board: false });
  assert.equal(await page.getByRole('group', { name: 'normal board' }).count(), 0, 'no board for a screen reader');
  const inside = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => Boolean(document.activeElement?.closest('main[hidden]')))) inside.push(i);
  }
  assert.deepEqual(inside, [], 'Tab never lands in the boards kept');
  await page.click('#nav-play');
  await page.waitForSelector('svg.normal [data-square="e4"] [data-piece]');
  assert.equal(await kept(), null);
});

test('a switch and Back in one moment: the address the player went back to, and its screen', async () => {
  const { page } = session;
  await openPlay(page);
  await type(page, 'd4');
  await page.waitForFunction(() => /^#\/play\/\d+$/.test(location.hash));
  const game = await hash(page);
  await page.click('#nav-analysis');
  await page.waitForFunction(() => location.hash === '#/analysis');
  await page.waitForSelector('.analysis-boards');
  // A switch writes its address in the task after its frame. Back comes before that (the bar
  // goes back to the game's address, then the browser tells the page): the write waiting is
  // dropped (no entry for the lessons is made after the fact), and the app follows the bar.
  const entries = await page.evaluate(() => history.length);
  await page.evaluate(async (back) => {
    document.querySelector('#nav-learn').click();
    // A task on (the switch drawn, its address waiting for the frame), not the same one: both
    // would be one render, and no write would wait.
    await new Promise((done) => setTimeout(done, 0));
    history.replaceState(null, '', back);
    dispatchEvent(new PopStateEvent('popstate'));
  }, game);
  await drawn(page);
  await drawn(page);
  assert.equal(await hash(page), game, 'the address gone back to, not the switch\'s');
  assert.equal(await page.evaluate(() => history.length), entries, 'no entry made for the switch gone back from');
  await page.waitForSelector('#san-input');
  assert.equal(await page.locator('.lesson-card:visible').count(), 0, 'the game\'s screen, not the lessons (their list kept, hidden)');
});

test('each game of the library has its address: Back returns to the game before', async () => {
  const { page } = session;
  await type(page, 'e4');
  const first = await addressMatching(page, /^#\/play\/\d+$/);
  await page.click('#new-game-open');
  await page.click('#ng-start');
  await page.waitForSelector('#new-game', { state: 'detached' });
  await type(page, 'd4');
  await page.waitForFunction((f) => location.hash !== f, first);
  const second = await addressMatching(page, /^#\/play\/\d+$/);
  assert.notEqual(first, second);
  await page.goBack();
  await page.waitForFunction((h) => location.hash === h, first);
  await page.waitForFunction(() => [...document.querySelectorAll('#moves .mv')].map((m) => m.textContent).join() === 'e4');
  await page.goForward();
  await page.waitForFunction(() => [...document.querySelectorAll('#moves .mv')].map((m) => m.textContent).join() === 'd4');
  // A reload keeps the game of the address.
  await page.goBack();
  await page.waitForFunction((h) => location.hash === h, first);
  await reload(page);
  await page.waitForSelector('#moves .mv');
  assert.deepEqual(await moves(page), ['e4']);
});

test('the settings have a screen of their own, beside the board they change, and are kept', async () => {
  const { page } = session;
  assert.equal(await page.locator('#board-theme, #piece-set, #coords, #sound, #view-mode').count(), 0, 'not in the game panel');
  await openSettings(page);
  for (const id of ['#board-theme', '#piece-set', '#coords', '#board-size', '#sound', '#motion', '#view-mode', '#margin', '#dark']) {
    assert.equal(await page.locator(id).count(), 1, id);
  }
  // Board size: the slider beside its name, on one line, with its value after it.
  await page.locator('#board-size').fill('60');
  assert.equal(await page.locator('#board-size-value').textContent(), '60%');
  const middle = async (s) => { const b = await page.locator(s).boundingBox(); return b.y + b.height / 2; };
  const [name, slider] = [await middle('label.slider'), await middle('#board-size')];
  assert.ok(Math.abs(name - slider) < 4, `the slider sits beside its name (${name}, ${slider})`);
  await page.selectOption('#board-theme', 'blue');
  await page.selectOption('#piece-set', 'geometric');
  await page.check('#dark');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.board), 'blue');
  assert.equal(await page.locator('svg.normal use.piece').count(), 32, 'the board beside shows the pieces chosen');
  await screenshot(page, 'settings-desktop');
  await reload(page);
  await page.waitForSelector('#settings-screen');
  assert.equal(await page.locator('#piece-set').inputValue(), 'geometric');
  await openPlay(page);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  const phone = await session.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  try {
    const p = await phone.newPage();
    await p.goto(`${session.server.url}#/settings`);
    await p.waitForSelector('#settings-screen');
    assert.ok(await p.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scroll');
    await screenshot(p, 'settings-phone');
  } finally {
    await phone.close();
  }
});

test('addresses work under a sub-path, beside share links', async () => {
  const server = await serveDist('/topochess/');
  const { browser, page, errors } = await openPage(server.url);
  try {
    await page.waitForSelector('#home');
    await page.click('#nav-puzzles');
    await page.waitForFunction(() => location.hash.startsWith('#/puzzles/'));
    assert.equal(await page.evaluate(() => location.pathname), '/topochess/');
    await reload(page);
    await page.waitForSelector('svg.normal [data-square]');
    assert.match(await hash(page), /^#\/puzzles\//);
    await load(page, `${server.url}#variant=cylinder&moves=e2e4%20e7e5`);
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 2);
    await addressMatching(page, /^#\/play\/\d+$/);
    await page.goBack();
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.close();
  }
});

test('the theme follows the system until the player chooses one', async () => {
  const { browser, server } = session;
  const context = await browser.newContext({ colorScheme: 'dark', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await page.goto(server.play);
    await page.waitForSelector('svg.normal [data-square]');
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    assert.equal(await theme(), 'dark', 'a dark system, a dark page');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    // Chosen: kept, whatever the system says.
    await openSettings(page);
    assert.equal(await page.isChecked('#dark'), true);
    await page.uncheck('#dark');
    assert.equal(await theme(), 'light');
    await reload(page);
    await page.waitForSelector('svg.normal [data-square]');
    assert.equal(await theme(), 'light', 'the choice is kept over the system');
  } finally {
    await context.close();
  }
});

test('at every desktop width the header fits: every tab and button on screen, nothing scrolls sideways', async () => {
  const { browser, server } = session;
  const context = await browser.newContext({ viewport: { width: 1300, height: 800 } });
  const page = await context.newPage();
  try {
    await page.goto(server.play);
    await page.waitForSelector('svg.normal [data-square]');
    assert.deepEqual(await headerMisfits(page), []);
  } finally {
    await context.close();
  }
});

test('at 200% zoom (683 CSS px wide) the header wraps: every tab and button on screen, nothing scrolls sideways', async () => {
  const { browser, server } = session;
  const context = await browser.newContext({ viewport: { width: 683, height: 384 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  try {
    for (const url of [server.url, server.play]) {
      await page.goto(url);
      await page.waitForSelector('header nav');
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `no sideways scroll on ${url}`);
      // Which game and side is said on the game screen, not on screens of their own.
      assert.equal(await page.locator('.opponent').count(), url === server.play ? 1 : 0, url);
      for (const id of ['nav-play', 'nav-puzzles', 'nav-games', 'new-game-open', 'nav-settings']) {
        const box = await page.locator(`#${id}`).boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= 683, `#${id} on screen: ${JSON.stringify(box)}`);
      }
    }
    await screenshot(page, 'zoom-200-play');
    // On Play the board is in view: most of its height on the first screen.
    const board = await page.locator('svg.normal').boundingBox();
    assert.ok(board && board.y + board.height / 2 <= 384, `the board at ${JSON.stringify(board)} on a 384 px screen`);
    for (const [tab, shown] of [['#nav-explore', '#explorer-panel'], ['#nav-lab', '#lab-panel'], ['#nav-atlas', '#atlas-table']]) {
      await page.click(tab);
      // These screens are the whole app's: a first visit's page (the service worker not yet in
      // charge) fetches it first, the game screen staying meanwhile.
      await page.waitForFunction(() => !window.wasmBindings?.leave && !document.querySelector('#whole-opening'));
      await page.waitForSelector(shown);
      assert.equal(await page.locator('.opponent').count(), 0, `no "hot-seat" on ${tab}`);
    }
  } finally {
    await context.close();
  }
});

// The board as lichess players expect it: selection on pointer-down, Esc, confirmed resignation,
// draw offers, sounds, board colours, and a move list that keeps up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSession, screenshot, newGame, type, loadText, moves, openSettings, openPlay, storedWhen, drawn, reload, centre } from './harness.mjs';

const session = useSession();
const sq = (name) => `svg.normal [data-square="${name}"]`;

test('a piece is selected on pointer-down, so a drag shows its destinations; Esc cancels', async () => {
  const { page } = session;
  const [x, y] = await centre(page, 'g1');
  await page.mouse.move(x, y);
  await page.mouse.down();
  assert.ok(await page.locator('svg.normal .cell.dest').count() > 0, 'dots while the button is down');
  // Esc during the drag: the piece goes back, nothing is played.
  const [tx, ty] = await centre(page, 'f3');
  await page.mouse.move(tx, ty, { steps: 5 });
  await page.keyboard.press('Escape');
  await page.mouse.up();
  assert.deepEqual(await moves(page), []);
  assert.equal(await page.locator('svg.normal .cell.selected').count(), 0);
  // A click keeps the selection made by its own press; Esc drops it.
  await page.click(sq('g1'));
  assert.equal(await page.locator('svg.normal .cell.selected').count(), 1);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('svg.normal .cell.selected').count(), 0);
  // Esc closes the promotion chooser.
  await loadText(page, '4k3/1P6/8/8/8/8/8/4K3 w - - 0 1');
  await page.click(sq('b7'));
  await page.click(sq('b8'));
  await page.waitForSelector('svg.normal .promotion');
  await page.keyboard.press('Escape');
  await drawn(page);
  assert.equal(await page.locator('.promotion').count(), 0, 'gone from both views');
  assert.deepEqual(await moves(page), []);
});

test('resigning asks first, and the move list shows the result', async () => {
  const { page } = session;
  await type(page, 'e4');
  await page.click('#resign');
  assert.match(await page.locator('#resign-confirm').textContent(), /Resign this game/);
  await page.click('#resign-no');
  assert.match(await page.locator('#status').textContent(), /Black to move/);
  await page.click('#resign');
  await page.click('#resign-yes');
  assert.match(await page.locator('#status').textContent(), /White wins/);
  assert.equal(await page.locator('#result').textContent(), '1-0');
});

test('a hot-seat draw is offered by one side and accepted by the other', async () => {
  const { page } = session;
  await page.click('#draw');
  assert.match(await page.locator('#draw-offer').textContent(), /White offered a draw/);
  assert.equal(await page.locator('#status').textContent(), 'White to move');
  await type(page, 'e4');
  assert.match(await page.locator('#draw-offer').textContent(), /White offers a draw/);
  await page.click('#draw-accept');
  assert.match(await page.locator('#status').textContent(), /[Dd]raw/);
  assert.equal(await page.locator('#result').textContent(), '1/2-1/2');
  // Declined by moving on.
  await newGame(page, { variant: 'standard' });
  await page.click('#draw');
  await type(page, 'e4');
  await type(page, 'e5');
  assert.equal(await page.locator('#draw-offer').count(), 0);
  assert.equal(await page.locator('#status').textContent(), 'White to move');
});

test('moves, captures and checks sound, and the mute switch silences them', async () => {
  const { page } = session;
  await newGame(page, { variant: 'standard' });
  const sound = () => page.evaluate(() => document.documentElement.dataset.sound);
  const count = () => page.evaluate(() => Number(document.documentElement.dataset.sounds ?? 0));
  await type(page, 'e4');
  assert.equal(await sound(), 'move');
  await type(page, 'd5');
  await type(page, 'exd5');
  assert.equal(await sound(), 'capture');
  await type(page, 'e6');
  await type(page, 'Bb5+');
  assert.equal(await sound(), 'check');
  const before = await count();
  await openSettings(page);
  await page.uncheck('#sound');
  await openPlay(page);
  await type(page, 'c6');
  assert.equal(await count(), before, 'muted');
  // Opening a game is not a move: no sound.
  await openSettings(page);
  await page.check('#sound');
  await openPlay(page);
  await reload(page);
  await page.waitForSelector('#moves .mv');
  assert.equal(await count(), 0);
});

test('three board colour themes, kept across a reload', async () => {
  const { page } = session;
  const light = () => page.evaluate(() => getComputedStyle(document.querySelector('svg.normal .cell.light .sq')).fill);
  const seen = new Set();
  await openSettings(page);
  for (const theme of ['brown', 'blue', 'green']) {
    await page.selectOption('#board-theme', theme);
    seen.add(await light());
    await screenshot(page, `board-theme-${theme}`);
  }
  assert.equal(seen.size, 3, 'each theme has its own colours');
  await page.check('#dark');
  await screenshot(page, 'board-theme-green-dark');
  await reload(page);
  await page.waitForSelector('svg.normal [data-square]');
  assert.equal(await page.locator('#board-theme').inputValue(), 'green');
});

test('the move list aligns a game Black starts and keeps the current move in sight', async () => {
  const { page } = session;
  await loadText(page, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  await page.waitForSelector(`${sq('e4')} [data-piece]`);
  await type(page, 'e5');
  const first = await page.evaluate(() => [...document.querySelector('#moves').children].slice(0, 3).map((e) => e.className));
  assert.deepEqual(first, ['num', 'mv-gap', 'mv current']);
  // A long game: the list scrolls to its end, and back when browsing.
  const long = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
  await newGame(page, { variant: 'standard' });
  for (let i = 0; i < 40; i++) await type(page, long[i % 4]);
  const visible = () => page.evaluate(() => {
    const list = document.querySelector('#moves').getBoundingClientRect();
    const cur = document.querySelector('#moves .mv.current').getBoundingClientRect();
    return cur.top >= list.top - 1 && cur.bottom <= list.bottom + 1;
  });
  assert.ok(await visible(), 'the last move is in sight');
  await page.click('#status'); // arrows outside the board step through the moves
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  assert.ok(await visible(), 'the first move is in sight after going back');
});

test('clocks: a timed game runs both clocks, survives a reload, and a flag fall ends it', async () => {
  const { browser, server } = session;
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    await page.clock.install();
    await page.goto(server.play);
    await page.waitForSelector('svg.normal [data-square]');
    await page.click('#new-game-open');
    await page.selectOption('#ng-variant', 'standard');
    await page.selectOption('#ng-time', 'custom');
    await page.fill('#ng-minutes', '0.5');
    await page.fill('#ng-increment', '0');
    await page.click('#ng-start');
    await page.waitForSelector('#clocks');
    assert.equal(await page.locator('#clock-white .time').textContent(), '0:30');
    await type(page, 'e4');
    await page.clock.runFor(5000);
    assert.equal(await page.locator('#clock-black .time').textContent(), '0:30', "Black's clock waits for its first move");
    await type(page, 'e5');
    await page.clock.runFor(12000);
    // (The installed clock also flows in real time: a second or two more may pass.)
    assert.match(await page.locator('#clock-white .time').textContent(), /^0:1[4-8]$/);
    assert.equal(await page.locator('#clock-white.running').count(), 1);
    // The clocks survive a reload: White's time kept running.
    await reload(page);
    await page.waitForSelector('#clocks');
    assert.match(await page.locator('#clock-white .time').textContent(), /^0:1[3-8]$/);
    // From here the page's time moves only when the test moves it: on a loaded machine the
    // real time that flows through a reload could run the last three seconds out unseen.
    // (The time paused at must still be ahead when the browser gets the call: on a loaded machine
    // it may have flowed past a moment read just before, and the call is made again.)
    for (;;) {
      const at = (await page.evaluate(() => Date.now())) + 500;
      const paused = await page.clock.pauseAt(at).then(() => true, (e) => {
        if (!/fast-forward to the past/.test(e.message)) throw e;
        return false;
      });
      if (paused) break;
    }
    const left = Number((await page.locator('#clock-white .time').textContent()).split(':')[1]);
    // Low time (under a tenth of the base: 3 s) shows, then the flag falls.
    await page.clock.runFor((left - 2) * 1000);
    assert.equal(await page.locator('#clock-white.low').count(), 1, `low with ${await page.locator('#clock-white .time').textContent()} left`);
    await page.clock.runFor(8000);
    await page.waitForFunction(() => /Black wins on time/.test(document.querySelector('#status').textContent));
    assert.equal(await page.locator('#result').textContent(), '0-1');
    // Clocks that stand still are not drawn again: ten times a second while one ran, and now at
    // most when the app draws for something else.
    const drawn = () => page.locator('#clocks').getAttribute('data-renders').then(Number);
    const still = await drawn();
    assert.ok(still > 10, `the clocks drawn ${still} times while they ran`);
    await page.clock.runFor(5000);
    assert.ok(await drawn() - still < 5, `the clocks drawn ${await drawn() - still} times in 5 s after the game`);
    await screenshot(page, 'clock-flag');
  } finally {
    await page.close();
  }
});

test('the computer plays to its clock: level 8 in a 1+0 game answers in seconds', async () => {
  const { page } = session;
  await page.click('#new-game-open');
  await page.selectOption('#ng-variant', 'folded');
  await page.selectOption('#ng-opponent', 'white');
  await page.selectOption('#ng-level', '8');
  await page.selectOption('#ng-time', '1+0');
  await page.click('#ng-start');
  // Level 8 alone thinks up to 10 s a move; inside a one-minute clock it gives itself about 2 s.
  // The bound of 6 s is for a machine loaded by a second build, where the page and the worker's
  // start add to those 2 s; a computer deaf to its clock would take its full 10.
  for (const [mine, plies] of [['e4', 2], ['Nf3', 4]]) {
    await type(page, mine);
    const asked = Date.now();
    await page.waitForFunction((n) => document.querySelectorAll('#moves .mv').length >= n, plies, { timeout: 15000 });
    const took = Date.now() - asked;
    assert.ok(took < 6000, `answered in ${took} ms within a one-minute clock`);
  }
  assert.equal(await page.locator('#clock-black.running').count(), 0, "White's turn");
  assert.equal(await page.locator('#clock-white.running').count(), 1);
});

test('on a phone (390x844, touch): taps move pieces and no screen overflows sideways', async () => {
  const { browser, server } = session;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  try {
    await page.goto(server.play);
    await page.waitForSelector('svg.normal [data-square]');
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    assert.equal(await width(), 390, 'play screen');
    await page.tap('svg.normal [data-square="e2"]');
    assert.ok(await page.locator('svg.normal .cell.dest').count() > 0, 'a tap selects and shows the destinations');
    await page.tap('svg.normal [data-square="e4"]');
    // The board shows the move at once; the app has it after that frame.
    await drawn(page);
    assert.deepEqual(await page.locator('#moves .mv').allTextContents(), ['e4']);
    // Each screen as drawn (the Games screen and the lab come from the views' module).
    for (const [tab, shown] of [['#nav-games', '#games'], ['#nav-explore', '#explorer-panel'], ['#nav-lab', '#lab-panel']]) {
      await page.tap(tab);
      await page.waitForSelector(shown);
      assert.equal(await width(), 390, tab);
    }
    await screenshot(page, 'phone-lab');
  } finally {
    await context.close();
  }
});

test('a pre-move across the fold, set while the computer thinks, is played at once', async () => {
  const { page } = session;
  await newGame(page, { variant: 'folded', opponent: 'white', level: 8 });
  await loadText(page, '4k3/pppp4/8/8/8/8/8/2R1K3 w - - 0 1');
  await page.waitForSelector('svg.normal [data-square="c1"] [data-piece]');
  // The computer may answer within a frame of starting to think, and two clicks from outside
  // could come after its answer. So both presses are made by the page itself in the task that
  // first shows it thinking (a MutationObserver's callback runs before the next task), the board
  // rendering between them in a microtask: no message from the worker (a task) can come in
  // between. c2 down over the fold: c1, then f1, f2.
  await page.evaluate(() => {
    window.__premove = new Promise((done) => {
      const press = (name) => {
        const cell = document.querySelector(`svg.normal [data-square="${name}"]`);
        const r = cell.getBoundingClientRect();
        const at = { clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, button: 0, pointerId: 1, pointerType: 'mouse', isPrimary: true, bubbles: true };
        cell.dispatchEvent(new PointerEvent('pointerdown', at));
        cell.dispatchEvent(new PointerEvent('pointerup', at));
      };
      const seen = new MutationObserver(async () => {
        if (!document.querySelector('#thinking')) return;
        seen.disconnect();
        press('c2');
        await Promise.resolve();
        const offered = document.querySelectorAll('svg.normal [data-square="f2"].dest').length;
        press('f2');
        await Promise.resolve();
        const thinking = document.querySelector('#thinking') !== null;
        done({ thinking, offered, premove: document.querySelectorAll('svg.normal .cell.premove').length });
      });
      seen.observe(document.body, { childList: true, subtree: true });
    });
  });
  await type(page, 'Rc2');
  const set = await page.evaluate(() => window.__premove);
  assert.deepEqual(set, { thinking: true, offered: 1, premove: 2 }, 'f2 offered and set as a pre-move while the computer thinks');
  await screenshot(page, 'premove-set');
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length >= 3, null, { timeout: 15000 });
  const played = await page.locator('#moves .mv').allTextContents();
  assert.match(played[0], /^Rc2/, `${played}`);
  assert.match(played[2], /^Rf2/, `${played}`);
  assert.equal(await page.locator('svg.normal .cell.premove').count(), 0);
});

test('keyboard: one tab stop, arrows move over the squares, Enter selects and moves, the selection is announced', async () => {
  const { page } = session;
  assert.equal(await page.locator('svg.normal [tabindex="0"]').count(), 1, 'one tab stop per board');
  await page.focus('svg.normal [tabindex="0"]');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'a1');
  await page.keyboard.press('ArrowUp');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'e2');
  // The keyboard's square is outlined (a square clicked is not: see below).
  const outline = () => page.evaluate(() => getComputedStyle(document.activeElement.querySelector('.sq')).stroke);
  assert.notEqual(await outline(), 'none', 'the keyboard\'s square is outlined');
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('svg.normal .cell.selected').getAttribute('data-square'), 'e2');
  assert.match(await page.locator('#announce').textContent(), /Pawn e2 selected: it can go to e3, e4/);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await drawn(page);
  assert.deepEqual(await page.locator('#moves .mv').allTextContents(), ['e4']);
  assert.match(await page.locator('#announce').textContent(), /White played e4/);
  // The focus stays on the board after the move: Black answers from the keyboard at once.
  await page.waitForFunction(() => document.activeElement?.closest('svg.normal') !== null);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'e4');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await drawn(page);
  assert.deepEqual(await page.locator('#moves .mv').allTextContents(), ['e4', 'e6']);
  await page.waitForFunction(() => document.activeElement?.closest('svg.normal') !== null);
  // The arrows moved the cursor, not the move list.
  assert.match(await page.locator('#status').textContent(), /White to move/);
  // A square clicked takes the focus without an outline, as on lichess.
  await page.click(sq('b8'));
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'b8');
  assert.equal(await outline(), 'none', 'a square clicked is not outlined');
  await page.keyboard.press('Escape');
  // The cursor follows the board when it is turned: "up" is towards the player.
  await page.click('#flip');
  // Once the board is drawn turned (on a loaded machine the render may come a little later).
  await page.waitForFunction(() => {
    const top = (name) => document.querySelector(`svg.normal [data-square="${name}"]`).getBoundingClientRect().top;
    return top('a1') < top('a8');
  });
  await page.focus('svg.normal [tabindex="0"]');
  const from = await page.evaluate(() => document.activeElement.dataset.square);
  await page.keyboard.press('ArrowUp');
  const to = await page.evaluate(() => document.activeElement.dataset.square);
  assert.equal(Number(to.slice(1)), Number(from.slice(1)) - 1, `${from} -> ${to} on a turned board`);
});

test('New game is a dialog: it takes the focus, keeps it, Escape closes it and the focus comes back', async () => {
  const { page } = session;
  await page.focus('#new-game-open');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#new-game');
  const inside = () => page.evaluate(() => document.activeElement?.closest('#new-game') !== null);
  assert.ok(await inside(), 'the focus is in the form');
  // Start is a few presses away, and Tab never leaves the form for the game behind it.
  let presses = 0;
  while (await page.evaluate(() => document.activeElement.id) !== 'ng-start' && presses < 40) {
    await page.keyboard.press('Tab');
    presses++;
    assert.ok(await inside(), `Tab ${presses} stays in the form`);
  }
  assert.ok(presses < 15, `Start reached in ${presses} presses`);
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    assert.notEqual(await page.evaluate(() => document.activeElement.id), 'resign', 'the game behind is out of reach');
  }
  // Past the form's last field the focus goes to the browser's own controls, as it does from any
  // page, and comes back to the form; Escape is pressed with the focus in the form, where a
  // person sees it (a key pressed in the browser's controls never reaches the page).
  for (let i = 0; i < 5 && !(await inside()); i++) await page.keyboard.press('Tab');
  assert.ok(await inside(), 'Tab brings the focus back into the form');
  await screenshot(page, 'new-game-dialog');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#new-game', { state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement.id), 'new-game-open');
  // Started from the keyboard: the new game is on the board.
  await page.keyboard.press('Enter');
  await page.waitForSelector('#new-game');
  await page.focus('#ng-start');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#new-game', { state: 'detached' });
  assert.equal(await page.locator('#moves .mv').count(), 0);
});

test('a hint and a take-back are said to a screen reader', async () => {
  const { page } = session;
  await newGame(page, { variant: 'standard' });
  await type(page, 'e4');
  await type(page, 'e5');
  await page.click('#takeback');
  await page.waitForFunction(() => /Taken back: e5\. Black to move/.test(document.querySelector('#announce').textContent));
  await page.click('#hint');
  await page.waitForFunction(() => /^Hint: \S+\.$/.test(document.querySelector('#announce').textContent.trim()), null, { timeout: 20000 });
});

test('board size and coordinates inside, outside or off, right when the board is turned', async () => {
  const { page } = session;
  const letters = () => page.evaluate(() => [...document.querySelectorAll('svg.normal .coord:not(.rank)')]
    .map((t) => [t.getBoundingClientRect().x, t.getBoundingClientRect().y, t.textContent])
    .sort((a, b) => a[0] - b[0]));
  const boardBottom = () => page.evaluate(() => Math.max(...[...document.querySelectorAll('svg.normal .cell .sq')]
    .map((r) => r.getBoundingClientRect().bottom)));
  // Inside: the letters run a-h along the bottom row.
  let l = await letters();
  assert.equal(l.map((x) => x[2]).join(''), 'abcdefgh');
  // Turned: h-a, still along the bottom edge (the old code wrote them along the top).
  await page.click('#flip');
  l = await letters();
  assert.equal(l.map((x) => x[2]).join(''), 'hgfedcba');
  assert.ok(l[0][1] > (await boardBottom()) - 40, 'letters on the bottom row');
  // Outside: beside the board.
  await openSettings(page);
  await page.selectOption('#coords', 'outside');
  l = await letters();
  assert.equal(l.length, 8);
  const bottom = await boardBottom();
  assert.ok(l.every((x) => x[1] >= bottom - 1), 'under the board');
  // Drawn, not clipped away with the board's own box (the coordinates are clipped to their own
  // box, for the board's layer): each label's pixels change when it is hidden.
  for (const selector of ['svg.normal .coord.rank.outside', 'svg.normal .coord.outside:not(.rank)']) {
    const box = await page.locator(selector).first().boundingBox();
    const clip = { x: box.x - 2, y: box.y - 2, width: box.width + 4, height: box.height + 4 };
    const shown = await page.screenshot({ clip });
    await page.locator(selector).first().evaluate((t) => { t.style.visibility = 'hidden'; });
    const hidden = await page.screenshot({ clip });
    await page.locator(selector).first().evaluate((t) => { t.style.visibility = ''; });
    assert.ok(!shown.equals(hidden), `${selector}: drawn`);
  }
  await screenshot(page, 'coords-outside-flipped');
  // A move still lands where it is dropped with the wider drawing.
  await openPlay(page);
  await page.click('#flip');
  await page.click('svg.normal [data-square="e2"]');
  await page.click('svg.normal [data-square="e4"]');
  await drawn(page);
  assert.deepEqual(await page.locator('#moves .mv').allTextContents(), ['e4']);
  await openSettings(page);
  await page.selectOption('#coords', 'off');
  assert.equal(await page.locator('svg.normal .coord').count(), 0);
  // Board size, remembered.
  const width = () => page.evaluate(() => document.querySelector('svg.normal').getBoundingClientRect().width);
  const full = await width();
  await page.locator('#board-size').fill('60');
  const small = await width();
  assert.ok(small < full * 0.8, `${small} < ${full}`);
  await reload(page);
  await page.waitForSelector('svg.normal [data-square]');
  assert.ok(Math.abs((await width()) - small) < 2, 'kept across a reload');
  assert.equal(await page.locator('#coords').inputValue(), 'off');
});

test('arrows and circles by right-drag: colours, per position, cleared by a left click, across the fold', async () => {
  const { page } = session;
  const rightDrag = async (from, to, key) => {
    const [fx, fy] = await centre(page, from);
    const [tx, ty] = await centre(page, to);
    if (key) await page.keyboard.down(key);
    await page.mouse.move(fx, fy);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(tx, ty, { steps: 4 });
    await page.mouse.up({ button: 'right' });
    if (key) await page.keyboard.up(key);
  };
  const shapes = (view) => page.locator(`svg.${view} .drawing.shape`);
  await rightDrag('g1', 'f3');
  assert.equal(await shapes('normal').count(), 1);
  assert.equal(await page.locator('svg.normal .drawing.shape.green').getAttribute('data-kind'), 'arrow');
  // Its head is green too (not a black one over the piece), and stops short of the middle of
  // the square it points at, so the piece there shows.
  const head = await page.evaluate(() => {
    const line = document.querySelector('svg.normal .drawing.shape.green polyline');
    const id = line.getAttribute('marker-end').match(/#([^)]+)/)[1];
    const fill = getComputedStyle(document.querySelector(`svg.normal [id="${id}"] path`)).fill;
    const end = line.points[line.points.numberOfItems - 1];
    const to = document.querySelector('svg.normal [data-square="f3"] .sq');
    const x = Number(to.getAttribute('x')) + Number(to.getAttribute('width')) / 2;
    const y = Number(to.getAttribute('y')) + Number(to.getAttribute('height')) / 2;
    return { fill, short: Math.hypot(end.x - x, end.y - y) };
  });
  assert.equal(head.fill, 'rgb(21, 120, 27)');
  assert.ok(head.short > 1, `the line stops ${head.short} short of the square's middle`);
  await drawn(page);
  assert.equal(await shapes('extended').count(), 1, 'drawn on both views (the extended view a frame on)');
  await rightDrag('e4', 'e4', 'Shift');
  assert.equal(await page.locator('svg.normal .drawing.shape.red').getAttribute('data-kind'), 'circle');
  assert.deepEqual(await page.locator('#moves .mv').allTextContents(), [], 'drawing moves nothing');
  // The same arrow again takes it away.
  await rightDrag('g1', 'f3');
  assert.equal(await shapes('normal').count(), 1);
  // Across the fold: c1 to f1 is one step down over the edge (f1 is the ghost below c1).
  await rightDrag('c1', 'f1', 'Alt');
  const fold = page.locator('svg.normal .drawing.shape.blue');
  assert.equal(await fold.locator('.edge-marker').count(), 2, 'leaves at one edge, comes back at the other');
  assert.equal(await fold.locator('polyline').count(), 2);
  await drawn(page);
  assert.equal(await page.locator('svg.extended .drawing.shape.blue polyline').count(), 1, 'straight through the ghosts');
  await screenshot(page, 'arrows');
  // Kept per position while browsing.
  await page.fill('#san-input', 'e4');
  await page.press('#san-input', 'Enter');
  assert.equal(await shapes('normal').count(), 0, 'a new position has its own');
  await page.click('#back');
  assert.equal(await shapes('normal').count(), 2, 'back at the start, the shapes are there');
  await page.click('#forward');
  // A left click clears them.
  await page.click('#back');
  await page.click('svg.normal [data-square="a4"]');
  assert.equal(await shapes('normal').count(), 0);
});

test('two drawn piece sets and the Unicode one; pawns never look alike; the choice is kept', async () => {
  const { page, browser } = session;
  const pawnFills = (prop) => page.evaluate((prop) => [...document.querySelectorAll('svg.normal [data-piece]')]
    .filter((t) => t.dataset.piece === '\u265f' || t.dataset.piece === '\u2659')
    .map((t) => getComputedStyle(t).getPropertyValue(prop).trim()), prop);
  const pawnDrawing = () => page.evaluate(() => document.querySelector('#normal-piece-p path')?.getAttribute('d'));
  // Drawn by default: every piece a <use> of its role's symbol, Black's pawns filled darker.
  assert.equal(await page.locator('svg.normal use.piece[data-piece]').count(), 32);
  assert.equal(await page.locator('svg.normal [data-square="e1"] use').getAttribute('href'), '#normal-piece-k');
  assert.equal(new Set(await pawnFills('--fill')).size, 2, 'White and Black pawns are filled differently');
  const staunton = await pawnDrawing();
  await screenshot(page, 'pieces-staunton');
  await openSettings(page);
  await page.selectOption('#piece-set', 'geometric');
  assert.notEqual(await pawnDrawing(), staunton, 'another drawing');
  assert.equal(new Set(await pawnFills('--fill')).size, 2);
  await screenshot(page, 'pieces-geometric');
  // The Unicode glyphs carry the text selector: never colour emoji.
  await page.selectOption('#piece-set', 'unicode');
  const texts = await page.locator('svg.normal text[data-piece]').allTextContents();
  assert.equal(texts.length, 32);
  assert.ok(texts.every((t) => t.endsWith('\ufe0e')), 'U+FE0E after every glyph');
  assert.equal(new Set(await pawnFills('fill')).size, 2);
  assert.equal(await pawnDrawing(), undefined, 'no symbols for the glyphs');
  await screenshot(page, 'pieces-unicode');
  await page.selectOption('#piece-set', 'geometric');
  await reload(page);
  await page.waitForSelector('svg.normal use.piece');
  assert.equal(await page.locator('#piece-set').inputValue(), 'geometric');
  // On a phone too, in each set.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await phone.goto(page.url());
  await phone.waitForSelector('#settings-screen');
  for (const set of ['staunton', 'geometric', 'unicode']) {
    await phone.selectOption('#piece-set', set);
    await phone.waitForSelector('svg.normal [data-piece]');
    await screenshot(phone, `pieces-${set}-phone`);
  }
  // Each board theme, light and dark, on the phone too.
  for (const dark of [false, true]) {
    for (const theme of ['brown', 'blue', 'green']) {
      await phone.selectOption('#board-theme', theme);
      await screenshot(phone, `board-theme-${theme}${dark ? '-dark' : ''}-phone`);
    }
    if (!dark) await phone.check('#dark');
  }
  assert.equal(await phone.evaluate(() => document.documentElement.dataset.theme), 'dark');
  await phone.close();
});

test('pointing across the board draws the paths in the board alone: the app does not re-render', async () => {
  const { page } = session;
  await loadText(page, '4k3/8/8/8/8/8/8/2R1K3 w - - 0 1');
  await page.waitForSelector('svg.normal [data-square="c1"] [data-piece]');
  // The loaded game's save, told back when the browser has written it, draws the app (and so
  // the board) once more: on a loaded machine after the count below was read. It is kept first.
  await storedWhen(page, (lib) => lib.games.some((g) => g.start_fen === '4k3/8/8/8/8/8/8/2R1K3 w - - 0 1'), 'the position loaded, kept');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  const renders = (selector) => page.locator(selector).getAttribute('data-renders').then(Number);
  // With nothing selected, pointing draws nothing: the board is not drawn again.
  const idle = await renders('svg.normal');
  for (const name of ['c2', 'c3', 'd1', 'e1']) {
    const [x, y] = await centre(page, name);
    await page.mouse.move(x, y, { steps: 2 });
  }
  assert.equal(await renders('svg.normal'), idle, 'no board render while pointing at nothing');
  // Selecting a piece is the boards' own: the app is not drawn again for it.
  const appBefore = await renders('.app');
  await page.click(sq('c1'));
  await page.waitForSelector('svg.normal .dest');
  assert.equal(await renders('.app'), appBefore, 'no app render for a selection');
  const app = await renders('.app');
  const board = await renders('svg.normal');
  // Each square's own count: a square is drawn again only when its look changes.
  const squares = () => page.locator('svg.normal [data-square]').evaluateAll((cells) => cells.map((c) => c.dataset.renders).join(' '));
  const drawn = await squares();
  const hover = page.locator('svg.normal .drawing.hover');
  for (const name of ['c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'b1', 'a1', 'd1', 'h8', 'f2']) {
    const [x, y] = await centre(page, name);
    await page.mouse.move(x, y, { steps: 2 });
  }
  // f2 is reached down over the fold: the path leaves at one edge and comes back at another.
  assert.ok(await hover.count() >= 1, 'the paths to f2');
  assert.ok(await hover.locator('.edge-marker').count() >= 2, 'numbered where they leave and come back');
  const [x, y] = await centre(page, 'c4');
  await page.mouse.move(x, y);
  assert.equal(await hover.locator('.edge-marker').count(), 0, 'straight up to c4');
  assert.equal(await renders('.app'), app, 'no app render while pointing');
  assert.ok(await renders('svg.normal') > board + 5, 'the board drew each pointed square');
  assert.equal(await squares(), drawn, 'and not one square drew again: only the paths changed');
  // A square the rook cannot reach draws nothing.
  const [hx, hy] = await centre(page, 'h8');
  await page.mouse.move(hx, hy);
  assert.equal(await hover.count(), 0);
  // The extended view: pointing at a ghost copy of f2 draws the path to that copy only.
  const ghost = page.locator('svg.extended [data-square="f2"][data-ghost="true"]').first();
  await ghost.hover();
  const ends = await page.locator('svg.extended .drawing.hover').count();
  assert.equal(ends, 1, 'the path to that copy');
  assert.equal(await renders('.app'), app, 'still no app render');
  // Pressing the button on a destination draws nothing: the move is made on its release.
  const [dx, dy] = await centre(page, 'c4');
  await page.mouse.move(dx, dy);
  const pressed = await renders('svg.normal');
  await page.mouse.down();
  assert.equal(await renders('svg.normal'), pressed, 'no board render for the press');
  await page.mouse.up();
  await page.waitForSelector('svg.normal [data-square="c4"] [data-piece]');
});

test('on a phone: status and clocks above the board, the extended view one tap away, a ghost path on the first tap, promotion on the board', async () => {
  const { browser, server } = session;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const box = (selector) => page.locator(selector).boundingBox();
  try {
    await page.goto(server.play);
    await page.waitForSelector('svg.normal [data-square]');
    await page.tap('#new-game-open');
    await page.selectOption('#ng-time', '3+2');
    await page.tap('#ng-start');
    await page.waitForSelector('.clocks');
    const board = await box('svg.normal');
    assert.ok((await box('#status')).y + (await box('#status')).height <= board.y, 'the status above the board');
    assert.ok((await box('.clocks')).y + (await box('.clocks')).height <= board.y, 'the clocks above the board');
    await screenshot(page, 'phone-play');
    // The extended view, one tap away.
    await loadText(page, '4k3/8/8/8/8/8/8/2R1K3 w - - 0 1');
    await page.waitForSelector('svg.normal [data-square="c1"] [data-piece]');
    assert.equal(await page.locator('svg.extended').isVisible(), false);
    await page.tap('#view-swap');
    assert.equal(await page.locator('svg.extended').isVisible(), true);
    assert.equal(await page.locator('svg.normal').isVisible(), false);
    // A ghost destination: the first tap shows the path there, the second plays the move.
    await page.tap('svg.extended [data-square="c1"][data-ghost="false"]');
    const ghost = page.locator('svg.extended [data-square="f2"][data-ghost="true"].dest').first();
    await ghost.tap();
    assert.equal(await page.locator('svg.extended .drawing.hover').count(), 1, 'the path previewed');
    assert.deepEqual(await moves(page), [], 'not played yet');
    // (Not a full-page shot: resizing the page sends a mouse move that would point elsewhere.)
    await page.screenshot({ path: 'target/e2e/phone-ghost-preview.png' });
    await ghost.tap();
    await drawn(page);
    assert.match((await moves(page))[0] ?? '', /^Rf2/);
    // A promotion is chosen on the board, by taps.
    await page.tap('#view-swap');
    await loadText(page, '4k3/1P6/8/8/8/8/8/4K3 w - - 0 1');
    await page.waitForSelector('svg.normal [data-square="b7"] [data-piece]');
    await page.tap('svg.normal [data-square="b7"]');
    await page.tap('svg.normal [data-square="b8"]');
    await page.waitForSelector('svg.normal .promotion .choice');
    await screenshot(page, 'phone-promotion');
    await page.tap('svg.normal .promotion .choice[data-san^="b8=N"]');
    assert.deepEqual(await moves(page), ['b8=N+']);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'nothing overflows');
  } finally {
    await context.close();
  }
});

test('the boards stay in the page, hidden, under a screen of their own: coming back redraws what changed, not the board', async () => {
  const { page, errors } = session;
  // The whole app first (a first visit's page hands over to it at the first other screen).
  await page.click('#nav-learn');
  await page.waitForSelector('.lesson-card');
  await openPlay(page);
  await type(page, 'e4');
  await page.evaluate(() => { document.querySelector('svg.normal').kept = true; });
  await page.click('#nav-learn');
  await page.waitForSelector('.lesson-card');
  assert.equal(await page.locator('main[hidden] svg.normal').count(), 1, 'kept, hidden');
  assert.equal(await page.locator('svg.normal').isVisible(), false);
  assert.equal(await page.locator('#san-input').isVisible(), false, 'the game\'s panel kept, hidden');
  await openPlay(page);
  assert.equal(await page.evaluate(() => document.querySelector('svg.normal').kept), true, 'the same board');
  assert.deepEqual(await moves(page), ['e4']);
  await type(page, 'e5');
  assert.deepEqual(await moves(page), ['e4', 'e5']);
  assert.deepEqual(errors, []);
});

// What a move does before the frame that shows it, and what waits for the task after it: the board
// drawn once and showing the move itself, its piece set off along its path, the move list adding
// the move's elements and leaving the others be, the other view and the app a frame on, and the
// game's save, which waits for the frame but is written when the page goes first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSession, newGame, type, moves, drawn, centre, loadText, openSettings, openPlay } from './harness.mjs';

const session = useSession();

test('a move draws the board once before its frame, and the move list keeps the elements it had', async () => {
  const { page } = session;
  await newGame(page, { variant: 'standard' });
  // The board's renders at the move's pointer-up (where the board acts) and in the frame after it.
  await page.evaluate(() => {
    const renders = () => Number(document.querySelector('svg.normal').dataset.renders);
    document.addEventListener('pointerup', () => {
      const up = renders();
      requestAnimationFrame(() => { window.drawnBeforeFrame = renders() - up; });
    }, { capture: true });
  });
  // Nf3 as a person plays it: a press on g1, the pointer carried to f3, a press there.
  const [g1, f3] = [await centre(page, 'g1'), await centre(page, 'f3')];
  await page.mouse.move(...g1);
  await page.mouse.down();
  await page.mouse.up();
  await drawn(page);
  await page.mouse.move(...f3, { steps: 5 });
  await page.mouse.down();
  await page.mouse.up();
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 1);
  await drawn(page);
  const drawnBeforeFrame = await page.evaluate(() => window.drawnBeforeFrame);
  // The list's elements as they are, each kept through the next move.
  for (const san of ['e5', 'e4']) await type(page, san);
  await page.evaluate(() => { window.listed = [...document.querySelector('#moves').children]; });
  await type(page, 'Nc6');
  assert.deepEqual(await moves(page), ['Nf3', 'e5', 'e4', 'Nc6']);
  // Every element the list had still there, where it was, with what it said.
  const kept = await page.evaluate(() => {
    const now = [...document.querySelector('#moves').children];
    return window.listed.map((e, i) => now[i] === e && e.isConnected);
  });
  assert.deepEqual({ drawnBeforeFrame, kept }, { drawnBeforeFrame: 1, kept: [true, true, true, true, true] });
  assert.deepEqual(await page.evaluate(() => window.listed.map((e) => e.textContent)), ['1.', 'Nf3', 'e5', '2.', 'e4']);
});

test('a move is kept when the page goes before the frame that would have saved it', async () => {
  const { page } = session;
  await newGame(page, { variant: 'standard' });
  await type(page, 'e4');
  await drawn(page);
  // No frame comes from now on (the page's own frame callbacks are never called): the save of
  // the next move waits for one, and the reload comes first.
  await page.evaluate(() => { window.requestAnimationFrame = () => 0; });
  await type(page, 'c5');
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 2);
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length >= 1);
  assert.deepEqual(await moves(page), ['e4', 'c5']);
});

test('a move on the board is kept when the page goes before the frame that would have handed it over', async () => {
  const { page } = session;
  await newGame(page, { variant: 'standard' });
  await type(page, 'e4');
  await drawn(page);
  // No frame comes from now on: the board shows the move at once and would hand it to the app
  // (which saves it) after the frame; the reload comes first.
  await page.evaluate(() => { window.requestAnimationFrame = () => 0; });
  await page.click('svg.normal [data-square="c7"]');
  await page.click('svg.normal [data-square="c5"]');
  await page.waitForSelector('svg.normal [data-square="c5"] [data-piece]');
  assert.deepEqual(await moves(page), ['e4'], 'shown on the board, not yet handed to the app');
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length >= 1);
  assert.deepEqual(await moves(page), ['e4', 'c5']);
});

test('a move leaves the saved games\' list alone until its save, which comes after the frame', async () => {
  const { page } = session;
  await newGame(page, { variant: 'standard' });
  await type(page, 'e4');
  await type(page, 'e5');
  await page.waitForFunction(() => /1 move\b/.test(document.querySelector('#saved-games .current')?.textContent ?? ''));
  const renders = () => page.evaluate(() => Number(document.querySelector('#saved-games').dataset.renders));
  // The list's renders at the move's key press and in the frame that shows the move.
  await page.evaluate(() => {
    const renders = () => Number(document.querySelector('#saved-games').dataset.renders);
    document.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      const down = renders();
      requestAnimationFrame(() => { window.listedBeforeFrame = renders() - down; });
    }, { capture: true });
  });
  const before = await renders();
  await type(page, 'Nf3');
  // The save then gives the list its new library: the game on the board has two moves now.
  await page.waitForFunction(() => /2 moves\b/.test(document.querySelector('#saved-games .current')?.textContent ?? ''));
  assert.equal(await page.evaluate(() => window.listedBeforeFrame), 0, 'the list not drawn before the move\'s frame');
  assert.ok(await renders() > before, 'drawn again once the game is saved');
});

test('moves animate along their path, across the fold too, and end with the piece on its square', async () => {
  const { page } = session;
  await loadText(page, '4k3/8/8/8/8/8/8/2R1K3 w - - 0 1');
  await page.waitForSelector('svg.normal [data-square="c1"] [data-piece]');
  // What the boards show while a piece moves, seen by the page itself as it happens (however
  // late the test looks, on a loaded machine the move may be over): each view's as it starts
  // (the extended view's a frame after the board's).
  const watch = () => page.evaluate(() => {
    window.seenMoving = null;
    window.moversAdded = 0;
    const observer = new MutationObserver((records) => {
      // The board's piece on its way, each time one is put on the board.
      for (const r of records) {
        for (const n of r.addedNodes) if (n.classList?.contains('mover') && n.closest('svg.normal')) window.moversAdded += 1;
      }
      for (const view of ['normal', 'extended']) {
        const mover = document.querySelector(`svg.${view} .mover`);
        if (!mover || window.seenMoving?.[view]) continue;
        window.seenMoving = { ...window.seenMoving, [view]: mover.getAttribute('data-strokes') };
        if (view === 'normal') {
          window.seenMoving.arriving = document.querySelectorAll('svg.normal [data-square="f2"] .piece.arriving').length;
        }
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await watch();
  // Both boards keep their squares through the move, the piece on its way included: only what
  // changed is redrawn (laid out anew, every move took a tenth of a second more).
  await page.evaluate(() => { window.keptCells = [...document.querySelectorAll('svg.board g.cell')]; });
  const counts = () => page.evaluate(() => [...document.querySelectorAll('svg.normal g.cell')].map((c) => c.dataset.renders));
  const before = await counts();
  // c1 to f2 goes down over the fold: on the normal board two strokes, one jump.
  await page.click('svg.normal [data-square="c1"]');
  await page.click('svg.normal [data-square="f2"]');
  await page.waitForFunction(() => window.seenMoving?.normal && window.seenMoving?.extended, null, { timeout: 5000 });
  const seen = await page.evaluate(() => window.seenMoving);
  assert.equal(seen.normal, '2', 'leaves at one edge, enters at the other');
  assert.equal(seen.arriving, 1, 'the piece waited for on its square');
  assert.equal(seen.extended, '1', 'straight through the ghosts');
  await page.waitForFunction(() => !document.querySelector('svg.normal .piece.moving'));
  // The board started the piece on its way before the app had the move; the app's view of the
  // move carried it on: one slide, not one sent off again.
  assert.equal(await page.evaluate(() => window.moversAdded), 1, 'the piece set off once');
  assert.equal(await page.locator('svg.normal [data-square="f2"] [data-piece]').count(), 1);
  assert.equal(await page.locator('svg.normal .piece.arriving').count(), 0, 'the piece shows on its square');
  const kept = await page.evaluate(() => [window.keptCells.filter((c) => c.isConnected).length, window.keptCells.length]);
  assert.ok(kept[1] > 64, `both boards' squares: ${kept[1]}`);
  assert.equal(kept[0], kept[1], 'every square kept through the move');
  // And only the squares whose look changed (the rook's, its destinations, the last move's) were
  // drawn again, not the whole board.
  const after = await counts();
  const redrawn = after.filter((n, i) => n !== before[i]).length;
  assert.ok(redrawn > 0 && redrawn < after.length / 2, `${redrawn} of ${after.length} squares drawn again`);
  // Reduced motion: no animation.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await watch();
  await page.click('svg.normal [data-square="e8"]');
  await page.click('svg.normal [data-square="d8"]');
  await page.waitForSelector('svg.normal [data-square="d8"] [data-piece]');
  assert.equal(await page.evaluate(() => window.seenMoving), null, 'nothing moved along a path');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  // The switch turns them off too.
  await openSettings(page);
  await page.uncheck('#motion');
  await openPlay(page);
  await watch();
  await page.click('svg.normal [data-square="f2"]');
  await page.click('svg.normal [data-square="f3"]');
  await page.waitForSelector('svg.normal [data-square="f3"] [data-piece]');
  assert.equal(await page.evaluate(() => window.seenMoving), null, 'nothing moved along a path');
});

test('the view a move is made on shows it in its frame, the other view and the app in a frame after', async () => {
  const { page } = session;
  await loadText(page, '4k3/8/8/8/8/8/8/2R1K3 w - - 0 1');
  await page.waitForSelector('svg.normal [data-square="c1"] [data-piece]');
  await drawn(page);
  // The frames counted by the page, each view's changes noted with the frame they came in (its
  // count of renders aside: both views are rendered with every click) and whether they were made
  // in that frame's callbacks (`framing`: from the frame's first callback, the counter's, to the
  // task it queues, which runs once the frame is drawn), and the frame of the click (its
  // pointer-up, where the board acts).
  await page.evaluate(() => {
    window.frame = 0;
    const tick = () => {
      window.frame += 1;
      window.framing = true;
      setTimeout(() => { window.framing = false; }, 0);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    window.changes = [];
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.attributeName === 'data-renders') continue;
        const node = r.target.nodeType === 1 ? r.target : r.target.parentElement;
        const view = node?.closest('svg.board')?.dataset.view;
        if (view) window.changes.push([view, window.frame, window.framing]);
      }
    }).observe(document.querySelector('.boards'), { subtree: true, childList: true, attributes: true, characterData: true });
    // The app (its move list, its clocks, its save) is drawn again when the move is handed to it.
    new MutationObserver(() => { window.changes.push(['app', window.frame, window.framing]); })
      .observe(document.querySelector('.app'), { attributes: true, attributeFilter: ['data-renders'] });
    document.addEventListener('pointerup', () => {
      window.clicked = window.frame;
      window.changes = [];
      // The pieces on the board in the click's frame, before it is painted.
      requestAnimationFrame(() => {
        window.inFrame = [...document.querySelectorAll('svg.normal g.cell [data-piece]')].map((p) => p.closest('[data-square]').dataset.square).sort().join(' ');
      });
    }, true);
  });
  const firstChanges = async () => {
    await page.waitForFunction(() => ['normal', 'extended', 'app'].every((v) => window.changes.some(([w]) => w === v)));
    return page.evaluate(() => {
      const first = (view) => window.changes.find(([v]) => v === view);
      const after = (view) => first(view)[1] - window.clicked;
      return {
        normal: after('normal'), extended: after('extended'), app: after('app'),
        normalFraming: first('normal')[2], extendedFraming: first('extended')[2],
      };
    });
  };
  // A move on the board: the board in the click's frame, the extended view in a frame after it, its
  // change made in that frame's callbacks, so that it is drawn there (made in a task between
  // frames, it came in the next frame or one after that, as the machine kept up; the frame after
  // the next, or the next when the press and the release fell in two frames).
  await page.click('svg.normal [data-square="c1"]');
  await drawn(page);
  await page.click('svg.normal [data-square="c3"]');
  const made = await firstChanges();
  assert.equal(made.normal, 0, 'the board in the frame of the click');
  assert.ok(made.extended >= 1, `the extended view after it: ${made.extended}`);
  assert.ok(made.extendedFraming, 'the extended view changed in a frame\'s callbacks, not in a task');
  // The board shows the move itself, as chessground does: the app is handed it after that frame.
  assert.equal(await page.evaluate(() => window.inFrame), 'c3 e1 e8', 'the rook on c3 in the frame of the click');
  assert.ok(made.app >= 1, `the app after it: ${made.app}`);
  // A move on the extended view: the other way round.
  await page.click('svg.extended [data-square="e8"][data-ghost="false"]');
  await drawn(page);
  await page.click('svg.extended [data-square="d8"][data-ghost="false"]');
  const beyond = await firstChanges();
  assert.equal(beyond.extended, 0, 'the extended view in the frame of the click');
  assert.ok(beyond.normal >= 1, `the board after it: ${beyond.normal}`);
  assert.ok(beyond.normalFraming, 'the board changed in a frame\'s callbacks, not in a task');
  assert.ok(beyond.app >= 1, `the app after it: ${beyond.app}`);
  assert.deepEqual(await moves(page), ['Rc3', 'Kd8']);
});

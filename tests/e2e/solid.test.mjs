// The 3D view in headless Chromium (WebGL through SwiftShader): every preset and a lab surface
// of each kind drawn from two angles (look at target/e2e/solid-*.png), a move made by clicking
// squares on the surface, the rook's path over the fold drawn while the pointer is on its
// destination, the frame time while the view turns, a phone playing by taps, and the message
// where the browser has no WebGL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { useSession, screenshot, newGame, moves, loadText, phonePage, artifacts, openSettings, openPlay, openLab, reload } from './harness.mjs';

const session = useSession();

/** Saves a picture of the 3D view alone under target/e2e/. */
async function shot(page, name) {
  await mkdir(artifacts, { recursive: true });
  await page.locator('.solid-stage').screenshot({ path: join(artifacts, `${name}.png`) });
}

/** Turns the 3D view on (the setting is kept). */
async function showSolid(page) {
  await openSettings(page);
  await page.selectOption('#view-mode', 'solid');
  await openPlay(page);
  await page.waitForSelector('.solid-canvas');
  await waitSettled(page);
}

/** Waits until the squares seen from the resting camera are known. */
async function waitSettled(page) {
  await page.waitForFunction(() => document.querySelectorAll('.solid-square').length > 0);
}

/** Where square `name` is seen on the page, or null when it is out of sight. */
async function spot(page, name) {
  const button = page.locator(`.solid-square[data-square="${name}"]`);
  if ((await button.count()) === 0) return null;
  const box = await button.boundingBox();
  return box && { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Where square `name` is seen, turning the shape to the right until it comes in sight. */
async function bringInSight(page, name) {
  let at = await spot(page, name);
  for (let i = 0; !at && i < 6; i++) {
    await turn(page, 120, 0);
    at = await spot(page, name);
  }
  assert.ok(at, `${name} comes in sight as the shape turns`);
  return at;
}

/** Clicks square `name` on the surface. */
async function clickSquare(page, name) {
  const at = await spot(page, name);
  assert.ok(at, `${name} is in sight`);
  await page.mouse.click(at.x, at.y);
}

/** Drags on the canvas by (dx, dy) pixels from `from` (its middle by default), turning the view. */
async function turn(page, dx, dy, from) {
  const box = await page.locator('.solid-canvas').boundingBox();
  const { x, y } = from ?? { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(x + (dx * i) / 8, y + (dy * i) / 8);
  await page.mouse.up();
  await waitSettled(page);
}

/** The shapes some presets are drawn on (every spherical preset on a globe). */
const SHAPES = {
  folded: 'a pillow',
  standard: 'a flat board',
  torus: 'a doughnut (torus)',
  'klein-8x14': 'a Klein bottle, passing through itself',
};

/**
 * Draws a third of the presets (`third` 0, 1 or 2: the first, the middle or the last third of the
 * New game form's list) from two angles, each on its shape.
 */
async function drawPresets(third) {
  const { page, errors } = session;
  await showSolid(page);
  await page.click('#new-game-open');
  const all = await page.locator('#ng-variant option').evaluateAll((os) => os.map((o) => o.value));
  await page.click('#ng-start');
  assert.ok(all.length >= 16, `${all.length} presets`);
  assert.ok(Object.keys(SHAPES).every((p) => all.includes(p)), `${all}`);
  assert.ok(all.filter((p) => p.startsWith('sphere')).length >= 8, `${all}`);
  const presets = all.filter((_, i) => Math.floor((i * 3) / all.length) === third);
  for (const variant of presets) {
    await newGame(page, { variant });
    await waitSettled(page);
    const shape = await page.locator('.solid').getAttribute('data-shape');
    const expected = variant.startsWith('sphere') ? 'a globe' : SHAPES[variant];
    if (expected) assert.equal(shape, expected, variant);
    await shot(page, `solid-${variant}-front`);
    // From the left and a little below.
    await turn(page, 220, -134);
    await shot(page, `solid-${variant}-turned`);
    await page.click('#solid-reset');
  }
  assert.deepEqual(errors, []);
}

// Every preset, in three tests of a third of the presets each (each well under 20 s: a half took
// 17 to 21 s in the suite).
test('every preset drawn on its shape from two angles: the first third', () => drawPresets(0));

test('every preset drawn on its shape from two angles: the second third', () => drawPresets(1));

test('every preset drawn on its shape from two angles: the last third', () => drawPresets(2));

test('a lab surface of each kind drawn on its shape from two angles', async () => {
  const { page, errors } = session;
  await showSolid(page);
  // The lab's own gluings: the Moebius strip, the cross-cap, a pillowcase, a gathered ball.
  for (const [ew, ns, shape] of [['twist', 'flat', 'a Moebius strip'], ['twist', 'twist', 'a cross-cap, passing through itself'],
    ['flat', 'fold', 'a pillowcase open on one side'], ['fold', 'fold', 'a ball with its rim gathered behind']]) {
    await openLab(page);
    await page.selectOption('#lab-ew', ew);
    await page.selectOption('#lab-ns', ns);
    await page.selectOption('#lab-w', '6');
    await page.selectOption('#lab-h', '6');
    await page.click('#lab-play');
    await waitSettled(page);
    assert.equal(await page.locator('.solid').getAttribute('data-shape'), shape);
    await shot(page, `solid-lab-${ew}-${ns}-front`);
    await turn(page, 260, -120);
    await shot(page, `solid-lab-${ew}-${ns}-turned`);
  }
  assert.deepEqual(errors, []);
});

test('a move made by clicking squares on the surface, and the rook path over the fold drawn', async () => {
  const { page, errors } = session;
  await showSolid(page);
  await newGame(page, { variant: 'folded' });
  await waitSettled(page);
  // Files a-d face the viewer, e-h are round the back.
  assert.equal(await spot(page, 'f2'), null);
  // The pawn stands up from d2 over d3 as seen: a click on its head picks the pawn, not d3.
  const [d2, d3] = [await spot(page, 'd2'), await spot(page, 'd3')];
  await page.mouse.click(d2.x, d2.y - 0.6 * (d2.y - d3.y));
  // The pawn's destinations are marked on the surface and on the board beside it.
  await page.waitForFunction(() => document.querySelectorAll('.solid-square.target').length === 2);
  assert.equal(await page.locator('svg.normal .cell.selected').count(), 1);
  await clickSquare(page, 'd4');
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 1);
  assert.deepEqual(await moves(page), ['d4']);
  // The last move is painted on the surface (its path is one line).
  assert.equal(await page.locator('.solid-canvas').getAttribute('data-lines'), '1');

  // A rook on c1 of the folded board reaches f3 over either fold: pointing at f3 draws both
  // paths on the pillow, each running straight over the edge.
  await loadText(page, '4k3/8/8/8/8/8/8/2R1K3 w - - 0 1');
  await waitSettled(page);
  await clickSquare(page, 'c1');
  await page.waitForFunction(() => document.querySelectorAll('.solid-square.target').length > 0);
  // Turned so that f3 on the back face is in sight.
  let f3 = await bringInSight(page, 'f3');
  await page.mouse.move(f3.x, f3.y);
  await page.waitForFunction(() => document.querySelector('.solid')?.dataset.hovered === 'f3');
  await page.waitForFunction(() => document.querySelector('.solid-canvas')?.dataset.lines === '2');
  await shot(page, 'solid-rook-paths-pointed');
  // Turned from there (the pointer still on f3) to look down on the top fold: the path runs
  // up the c-file, over the fold and down the f-file on the back.
  f3 = await spot(page, 'f3');
  await turn(page, -60, 170, f3);
  assert.equal(await page.locator('.solid-canvas').getAttribute('data-lines'), '2');
  await shot(page, 'solid-rook-over-the-fold');
  await page.click('#solid-reset');
  f3 = await bringInSight(page, 'f3');
  await page.mouse.click(f3.x, f3.y);
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 1);
  // The move played stays drawn along both its paths.
  assert.equal(await page.locator('.solid-canvas').getAttribute('data-lines'), '2');
  assert.deepEqual(await moves(page), ['Rf3']);
  assert.deepEqual(errors, []);
});

test('turning the view by a drag leaves most of each frame free (the page\'s own work a frame is small; the frame gaps, set by the software renderer, are logged)', async () => {
  const { page, errors } = session;
  await showSolid(page);
  await newGame(page, { variant: 'torus' });
  await waitSettled(page);
  // 120 animation frames, each turning the view by a pointer move (a full redraw each).
  const ms = await page.evaluate(async () => {
    const canvas = document.querySelector('.solid-canvas');
    const fire = (type, x) => canvas.dispatchEvent(new PointerEvent(type, {
      bubbles: true, pointerId: 7, button: 0, buttons: 1, clientX: x, clientY: 200,
    }));
    fire('pointerdown', 100);
    const times = [];
    const work = [];
    let x = 100;
    await new Promise((done) => {
      const frame = (t) => {
        times.push(t);
        const t0 = performance.now();
        fire('pointermove', (x += 6));
        work.push(performance.now() - t0);
        if (times.length < 121) requestAnimationFrame(frame); else done();
      };
      requestAnimationFrame(frame);
    });
    fire('pointerup', x);
    const gaps = times.slice(1).map((t, i) => t - times[i]).sort((a, b) => a - b);
    work.sort((a, b) => a - b);
    return {
      median: gaps[gaps.length >> 1],
      mean: (times[times.length - 1] - times[0]) / (times.length - 1),
      work: work[work.length >> 1],
    };
  });
  console.log(`# 3D view while turning: ${ms.mean.toFixed(1)} ms a frame on average, median ${ms.median.toFixed(1)} ms, `
    + `of which the page's own work (event, camera, draw calls) ${ms.work.toFixed(2)} ms median (SwiftShader: no GPU)`);
  // The page's own work a frame (the pointer event, the camera, issuing the draw calls) leaves
  // most of a 60 Hz frame free; the frame rate itself is the software renderer's.
  assert.ok(ms.work < 8, `the page's work a frame: ${ms.work.toFixed(2)} ms median`);
  assert.deepEqual(errors, []);
});

test('on a phone the 3D view is one tap away and plays by taps', async () => {
  const { context, page, errors } = await phonePage(session);
  try {
    await openSettings(page);
    await page.selectOption('#view-mode', 'solid');
    await openPlay(page);
    await page.waitForFunction(() => /3D/.test(document.querySelector('#view-swap')?.textContent));
    await page.click('#view-swap');
    await page.waitForSelector('.solid-canvas', { state: 'visible' });
    await waitSettled(page);
    const at = async (name) => spot(page, name);
    const d2 = await at('d2');
    assert.ok(d2, 'd2 in sight');
    await page.touchscreen.tap(d2.x, d2.y);
    await page.waitForFunction(() => document.querySelectorAll('.solid-square.target').length === 2);
    const d4 = await at('d4');
    await page.touchscreen.tap(d4.x, d4.y);
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 1);
    await screenshot(page, 'solid-phone');
    // A reload keeps the views chosen and the move.
    await reload(page);
    await page.waitForSelector('.solid-canvas', { state: 'attached' });
    assert.equal(await page.locator('#moves .mv').count(), 1);
    await openSettings(page);
    assert.equal(await page.locator('#view-mode').inputValue(), 'solid');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('without WebGL the view says so and the board still plays', async () => {
  const { browser, server } = session;
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(() => {
    const get = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
      return /webgl/.test(kind) ? null : get.call(this, kind, ...rest);
    };
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  try {
    await page.goto(server.play);
    await openSettings(page);
    await page.selectOption('#view-mode', 'solid');
    await openPlay(page);
    await page.waitForSelector('.solid-unavailable');
    assert.match(await page.locator('.solid-unavailable').textContent(), /needs WebGL/);
    await page.click('svg.normal [data-square="e2"]');
    await page.click('svg.normal [data-square="e4"]');
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 1);
    await screenshot(page, 'solid-unavailable');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the 3D view comes as a module of its own: a failed fetch is tried again, and a late one shows the latest board', async () => {
  const { browser, server } = session;
  // No service worker: it would keep the module on the first visit, and the network is what is
  // failed and held here (offline.test.mjs opens the view from the worker's copy).
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  const module = [];
  page.on('request', (r) => { if (/views_bg\.wasm$/.test(r.url())) module.push(r.url()); });
  try {
    await page.goto(server.play);
    await page.waitForSelector('svg.normal [data-square]');
    // The page's first screen does not fetch it.
    assert.equal(module.length, 0, 'the 3D module is not fetched before the view is opened');
    // The network fails: the view says so, and the board still plays.
    await page.route('**/views_bg.wasm', (route) => route.abort());
    await openSettings(page);
    await page.selectOption('#view-mode', 'solid');
    await openPlay(page);
    await page.waitForSelector('#module-retry');
    assert.match(await page.locator('.module-unavailable').textContent(), /3D view could not be loaded/);
    await page.unroute('**/views_bg.wasm');

    // The module held back while the player closes the view, opens it again and moves.
    let release;
    const held = new Promise((r) => { release = r; });
    await page.route('**/views_bg.wasm', async (route) => { await held; await route.continue(); });
    await page.click('#module-retry');
    await page.waitForSelector('.solid-loading');
    await openSettings(page);
    await page.selectOption('#view-mode', 'both');
    await page.selectOption('#view-mode', 'solid');
    await openPlay(page);
    await page.waitForSelector('.solid-loading');
    await page.click('svg.normal [data-square="e2"]');
    await page.click('svg.normal [data-square="e4"]');
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 1);
    release();
    await page.waitForSelector('.solid-canvas');
    await waitSettled(page);
    // One view, drawn with the board as it is now: the move played while it loaded is its one
    // line, and the pawn stands on e4.
    assert.equal(await page.locator('.solid').count(), 1);
    assert.equal(await page.locator('.solid-loading').count(), 0);
    assert.equal(await page.locator('.solid-canvas').getAttribute('data-lines'), '1');
    await bringInSight(page, 'e4');
    assert.match(await page.locator('.solid-square[data-square="e4"]').getAttribute('aria-label'), /white pawn/);
    // Played on the surface: its clicks reach the game.
    await page.click('#solid-reset');
    await waitSettled(page);
    await clickSquare(page, 'd7');
    await page.waitForFunction(() => document.querySelectorAll('.solid-square.target').length === 2);
    await clickSquare(page, 'd5');
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 2);
    assert.deepEqual(await moves(page), ['e4', 'd5']);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

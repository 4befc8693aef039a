// Interaction to next paint (INP), measured as a player meets it: headless Chromium, real input
// (Playwright's clicks and keys are the browser's own events), each interaction's time from the
// input to the frame painted after it read from the Event Timing API, as Chrome's INP reads it.
// Each action is done many times, unthrottled and with the CPU slowed 4x (a slow phone), and its
// 95th percentile and median printed, with the time its event handlers took (the page's own work;
// the rest is the wait for the input to be handled and for the frame): a move on the board, a move
// while the clocks tick, opening the New game dialog, switching screens, and in a 300-ply game a
// step back or forward and a move at its end. The Event Timing API reports nothing under 16 ms:
// such an interaction is printed as "<16", and it rounds each to 8 ms; the share read 16 or less
// (within a frame) is printed too. A move's squares are pressed as a person presses them, held
// across a frame and released anywhere in the display's interval (`press`): an interaction's time
// runs from the input to the frame after it, so where in the interval the input falls is part of
// it. In headless Chromium a move reads 16 or 24: the wait for the next frame to begin, then the
// frame (the handlers, 1 to 3 ms, the page's style, layout and paint, the board's raster on the
// CPU there) ends within the interval after or not. So the handlers' time is printed beside: the
// page's own work. A move is made on the board at rest (the last move's slide over, as a person
// makes one after looking at the last), and in one action at once after the last, while its piece
// still slides (Chromium's frames then follow the slide's, and a move reads a frame more now and
// then, on a bare page's slide too). A switch's tab answers in the frame after its click and its
// screen comes in the frame after that: the time from the press to the screen drawn is printed
// beside (`switched`).
// The page is a first visit's (no service worker): the first screen's module, but for the switches
// between screens, which are the whole app's.
// A benchmark, not a test: run after a site build with `node tests/e2e/interaction-time.mjs`
// (scripts/bench.sh runs it; a word after it measures only the actions whose name holds it), and
// the figures go in the README's performance table.
import { launch, serveDist, newGame, loadText } from './harness.mjs';

const server = await serveDist('/topochess/');
const browser = await launch({ full: true });
const sq = (name) => `svg.normal [data-square="${name}"]`;

/** The game screen on a page of its own, its CPU slowed `rate` times, its interactions watched. */
async function open(rate) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(server.play);
  await page.waitForSelector(sq('e2'));
  if (rate > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  }
  await page.evaluate(() => {
    // Each interaction's duration (input to paint) and its handlers' time (the page's own work).
    window.__inp = new Map();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!e.interactionId) continue;
        const [duration, work] = window.__inp.get(e.interactionId) ?? [0, 0];
        window.__inp.set(e.interactionId, [Math.max(duration, e.duration), work + e.processingEnd - e.processingStart]);
      }
    }).observe({ type: 'event', durationThreshold: 16 });
  });
  return page;
}

/** Resolves two frames and a task after it is called. */
const settled = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))));

/** The longest interaction of `act`: [its duration, its handlers' time] in ms (0: none reached
 * the API's 16 ms). */
async function timed(page, act) {
  await page.evaluate(() => window.__inp.clear());
  await act();
  // Entries are told after the frame they end with: two frames and a task later, all are in.
  await settled(page);
  return page.evaluate(() => [...window.__inp.values()].reduce((a, b) => (b[0] > a[0] ? b : a), [0, 0]));
}

/**
 * A switch by the tab `id`: [its INP, its handlers' time, the screen drawn]. A tab answers in the
 * frame after its click (it is marked) and its screen comes the frame after, so the time until the
 * screen is drawn is read too: from the press to the end of the main thread's work for the first
 * frame that shows `shown` (its style, layout and paint; the raster and the display after it are
 * not in it).
 */
async function switched(page, id, shown) {
  await page.evaluate((shown) => {
    window.__drawn = new Promise((done) => {
      // A screen that never shows its mark is a bench that measures nothing.
      setTimeout(() => done(null), 20000);
      addEventListener('pointerdown', (e) => {
        const start = e.timeStamp;
        const frame = () => requestAnimationFrame(() => {
          if (![...document.querySelectorAll(shown)].some((s) => s.checkVisibility())) return frame();
          // A task queued in a frame's callbacks runs once the frame is drawn.
          const after = new MessageChannel();
          after.port1.onmessage = () => done(performance.now() - start);
          after.port2.postMessage(null);
        });
        frame();
      }, { capture: true, once: true });
    });
  }, shown);
  const [inp, work] = await timed(page, () => page.click(`#${id}`));
  const drawn = await page.evaluate(() => window.__drawn);
  if (drawn === null) throw new Error(`${shown} not shown after a click on #${id}`);
  // What follows the screen's frame (the extended view's, the address's) is over before the next
  // click, as it is between a person's clicks: the next switch waits for nothing of this one.
  await settled(page);
  return [inp, work, drawn];
}

/** Fails unless the game holds `n` moves: a bench of clicks that moved nothing measures nothing. */
async function played(page, n) {
  const held = await page.locator('#moves .mv').count();
  if (held !== n) throw new Error(`${held} moves on the list, ${n} played`);
}

/** Presses so far: each releases at its own point of the display's interval. */
let presses = 0;

/**
 * A click on a square as a person's: the button held across a frame (a person's press lasts a
 * tenth of a second), and released at a point of the display's interval that moves on with each
 * press (by the golden ratio's fraction of it), so that the releases sample the interval evenly,
 * as a person's fall anywhere in it. What a release waits for before its frame begins depends on
 * where in the interval it falls: clicks sent at once after the page's frame callbacks, as a
 * script's, fall at one point and read what that point gives.
 */
async function press(page, name) {
  const phase = (presses++ * 0.618034) % 1;
  const box = await page.locator(sq(name)).boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.evaluate((ms) => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, ms)))), phase * 16.7);
  await page.mouse.up();
}

/** A move by clicks on its two squares. */
async function move(page, from, to) {
  await press(page, from);
  await press(page, to);
}

// Knights out and back, a pawn step on each side between the rounds: as many plies as wanted
// with no capture and no end (knights alone bring the start back a third time at the eighth ply,
// a draw by repetition, and the plies after it would be clicks that move nothing).
const PAWNS = [['a2', 'a3', 'a7', 'a6'], ['b2', 'b3', 'b7', 'b6'], ['c2', 'c3', 'c7', 'c6'], ['d2', 'd3', 'd7', 'd6'], ['h2', 'h3', 'h7', 'h6'], ['a3', 'a4', 'a6', 'a5'], ['b3', 'b4', 'b6', 'b5']];
const SHUFFLE = PAWNS.flatMap(([w0, w1, b0, b1]) => [['g1', 'f3'], ['g8', 'f6'], ['f3', 'g1'], ['f6', 'g8'], [w0, w1], [b0, b1]]);

/**
 * A legal standard game of 306 plies that neither side ends: after 1. e4 e5 the kings walk, White's
 * round four squares and Black's round three (so a position comes back only every 12 moves, and
 * twice at most), and every 36 plies a pawn on the a-, b-, c- or h-file steps forward on each side.
 */
function longGame() {
  const white = ['Ke2', 'Kd3', 'Ke3', 'Kf3'];
  const black = ['Ke7', 'Kd6', 'Ke6'];
  const pawns = [['a3', 'a6'], ['a4', 'a5'], ['b3', 'b6'], ['b4', 'b5'], ['c3', 'c6'], ['c4', 'c5'], ['h3', 'h6'], ['h4', 'h5']];
  const plies = ['e4', 'e5'];
  let [w, b] = [0, 0];
  for (const [pw, pb] of pawns) {
    plies.push(pw, pb);
    for (let i = 0; i < 18; i++) {
      plies.push(white[w++ % 4], black[b++ % 3]);
    }
  }
  return plies;
}

/** Resolves once no piece slides on the board (the last move's slide over) and what followed it
 * is drawn: a move made on the board at rest, as a person makes one after looking at the last. */
async function atRest(page) {
  await page.waitForFunction(() => !document.querySelector('.mover'));
  await settled(page);
}

/** A move timed on the board at rest, or at once after the last (`sliding`: its piece still
 * slides, for the 220 ms the slide lasts, as a pre-move or a quick reply meets it). */
async function timedMove(page, samples, [from, to], sliding = false) {
  if (!sliding) await atRest(page);
  samples.push(await timed(page, () => move(page, from, to)));
}

/** Forty moves of a new game of `variant`, each timed, at rest or while the last one's piece
 * slides. */
const movesOn = (variant, sliding = false) => async (page, samples) => {
  await newGame(page, { variant });
  for (let i = 0; i < 40; i++) {
    await timedMove(page, samples, SHUFFLE[i], sliding);
  }
  await played(page, 40);
};

const actions = {
  'a move on the board (standard chess: the board alone)': movesOn('standard'),
  'a move on the folded board (the board and its extended view)': movesOn('folded'),
  'a move while the last move\'s piece slides (standard chess)': movesOn('standard', true),
  'a move while the clocks tick (5+3)': async (page, samples) => {
    await page.click('#new-game-open');
    await page.selectOption('#ng-variant', 'standard');
    await page.selectOption('#ng-opponent', 'hotseat');
    await page.selectOption('#ng-time', '5+3');
    await page.click('#ng-start');
    await page.waitForSelector('#new-game', { state: 'detached' });
    for (let i = 0; i < 40; i++) {
      await timedMove(page, samples, SHUFFLE[i]);
    }
    await played(page, 40);
  },
  'opening the New game dialog': async (page, samples) => {
    for (let i = 0; i < 20; i++) {
      samples.push(await timed(page, () => page.click('#new-game-open')));
      await page.click('#ng-cancel');
      await page.waitForSelector('#new-game', { state: 'detached' });
    }
  },
  'switching screens': async (page, samples) => {
    // A first visit's page runs the first screen's module: its first switch fetches the whole
    // app's (load-time.mjs measures that); the switches timed are the whole app's.
    await page.click('#nav-analysis');
    await page.waitForFunction(() => !window.wasmBindings.leave && document.querySelector('#analysis-status'), null, { timeout: 60000 });
    await page.click('#nav-play');
    await page.waitForSelector('#san-input');
    const screens = [['nav-analysis', '#analysis-status'], ['nav-learn', '#lessons'], ['nav-games', '#games'], ['nav-puzzles', 'aside.puzzle-panel'], ['nav-play', '#san-input']];
    for (let i = 0; i < 6; i++) {
      for (const [id, shown] of screens) {
        samples.push(await switched(page, id, shown));
      }
    }
  },
  'a 300-ply game: a step back or forward, and a move at its end': async (page, samples) => {
    const plies = longGame();
    const pgn = plies.map((m, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${m}` : m)).join(' ');
    await newGame(page, { variant: 'standard' });
    await loadText(page, `${pgn} *`);
    await page.waitForFunction((n) => document.querySelectorAll('#moves .mv').length === n, plies.length, { timeout: 60000 });
    await page.click('#status');
    for (let i = 0; i < 16; i++) {
      samples.push(await timed(page, () => page.keyboard.press('ArrowLeft')));
      samples.push(await timed(page, () => page.keyboard.press('ArrowRight')));
    }
    for (let i = 0; i < 4; i++) {
      await timedMove(page, samples, SHUFFLE[i]);
    }
  },
};

/** The actions measured: those whose name holds the command line's word, if one is given. */
const only = process.argv[2] ?? '';

/** The `q` quantile of `xs` (the nearest rank). */
const rank = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)];
const shown = (ms) => (ms === 0 ? '<16' : `${Math.round(ms)}`);
try {
  for (const rate of [1, 4]) {
    for (const [name, act] of Object.entries(actions).filter(([name]) => name.includes(only))) {
      const page = await open(rate);
      const samples = [];
      await act(page, samples);
      await page.context().close();
      const inp = samples.map(([d]) => d);
      const work = samples.map(([, w]) => w);
      const framed = Math.round((100 * inp.filter((d) => d <= 16).length) / inp.length);
      const drawn = samples.map(([, , d]) => d).filter((d) => d !== undefined);
      const screen = drawn.length ? `; the screen drawn: p95 ${Math.round(rank(drawn, 0.95))}, median ${Math.round(rank(drawn, 0.5))}` : '';
      console.log(`INP p95 ${shown(rank(inp, 0.95))} ms (median ${shown(rank(inp, 0.5))}, ${framed}% within a frame; the page's handlers: p95 ${Math.round(rank(work, 0.95))}, median ${Math.round(rank(work, 0.5))}${screen}): ${name}, CPU ${rate}x (${samples.length} interactions)`);
    }
  }
} finally {
  await browser.close();
  await server.close();
}

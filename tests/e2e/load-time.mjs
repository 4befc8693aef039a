// The first load, measured as a player on a slow line meets it: headless Chromium with the network
// throttled to 1.6 Mbps down / 150 ms latency and the CPU slowed 4x (the DevTools protocol), on a
// cold cache and then warm (the service worker's copy). Prints the time to the first paint (the
// loading mark) and to the first screen that takes a click, each the median of three loads, for
// each way in: the game screen, the front page, a game's share link, and a live game's link (the
// game server serves the site then, when its build is there: `TOPOCHESS_SERVER`, or
// target/debug/topochess-server).
// Run by scripts/bench.sh after a release build: node tests/e2e/load-time.mjs
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, serveDist, serverBinary, startGameServer } from './harness.mjs';

const browser = await launch({ full: true });

/** Marks the moment the first screen that takes a click is in the page (a board with squares,
 * or the front page's ways to start), and the first paint. */
function watch() {
  new MutationObserver((_, observer) => {
    if (document.querySelector('svg.normal [data-square], #home-computer')) {
      window.__ready = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

async function slowed(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 0.75e6 / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

async function load(page, url) {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__ready !== undefined, null, { timeout: 120000, polling: 50 });
  return page.evaluate(() => ({
    ready: window.__ready,
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
  }));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const show = (runs, what) => (median(runs.map((r) => r[what])) / 1000).toFixed(2);

/** Three cold loads of `url` (and warm ones after each, when `warm`), printed as `name`. */
async function measure(name, url, warm = false) {
  const cold = [];
  const again = [];
  for (let round = 0; round < 3; round++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(watch);
    const page = await context.newPage();
    await slowed(page);
    cold.push(await load(page, url));
    if (warm) {
      // The service worker keeps the build; the next load is warm.
      await page.evaluate(async () => { await navigator.serviceWorker.ready; });
      const next = await context.newPage();
      await slowed(next);
      again.push(await load(next, url));
    }
    await context.close();
  }
  console.log(`${name}, cold: first paint ${show(cold, 'paint')} s, first click ${show(cold, 'ready')} s (target: under 2.5 s, the first paint under 1.5 s)`);
  if (warm) console.log(`${name}, warm: first paint ${show(again, 'paint')} s, first click ${show(again, 'ready')} s (target: under 1 s)`);
}

/** Three first visits to the game screen, each then opening the puzzles: the time from the click
 * to the puzzles' screen, which a first visit's page fetches the whole app's module for. The
 * service worker is kept out: it would have fetched that module already, beside the page and
 * unthrottled (the emulated line is the page's), so this is the longest wait. */
async function beyond() {
  const times = [];
  for (let round = 0; round < 3; round++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    await context.addInitScript(watch);
    const page = await context.newPage();
    await slowed(page);
    await load(page, server.play);
    const start = Date.now();
    await page.click('#nav-puzzles');
    await page.waitForSelector('#puzzle-rating', { timeout: 120000 });
    times.push({ open: Date.now() - start });
    await context.close();
  }
  console.log(`the first screen beyond the first module's (Puzzles), from the click: ${show(times, 'open')} s`);
}

const server = await serveDist('/topochess/');
await measure('the game screen', server.play, true);
await beyond();
await measure('the front page', server.url);
await measure('a game\'s share link', `${server.url}#variant=folded&moves=e2e4%20e7e5%20g1f3`);
await server.close();

if (existsSync(serverBinary)) {
  const data = mkdtempSync(join(tmpdir(), 'topochess-load-'));
  const live = await startGameServer(data);
  try {
    const made = await fetch(`${live.url}api/games`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variant: 'folded', castling: '', base_secs: 300, increment_secs: 3, side: 'white', secret: 'load-time-measure-secret', public: false }),
    });
    const { id } = await made.json();
    await measure('a live game\'s link', `${live.url}#/live/${id}`);
  } finally {
    await live.kill();
    rmSync(data, { recursive: true, force: true });
  }
} else {
  console.log(`a live game's link: not measured (no game server at ${serverBinary})`);
}
await browser.close();

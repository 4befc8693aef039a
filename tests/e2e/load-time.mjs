// The first load, measured as a player on a slow line meets it: headless Chromium with the network
// throttled to 1.6 Mbps down / 150 ms latency and the CPU slowed 4x (the DevTools protocol), on a
// cold cache and then warm (the service worker's copy). Prints the time to the first paint (the
// loading mark) and to the first board that takes a click, each the median of three loads.
// Run by scripts/bench.sh after a release build: node tests/e2e/load-time.mjs
import { launch, serveDist } from './harness.mjs';

const server = await serveDist('/topochess/');
const browser = await launch({ full: true });

/** Marks the moment the first board with squares is in the page, and the first paint. */
function watch() {
  new MutationObserver((_, observer) => {
    if (document.querySelector('svg.normal [data-square]')) {
      window.__board = performance.now();
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

async function load(page) {
  await page.goto(server.play, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__board !== undefined, null, { timeout: 120000, polling: 50 });
  return page.evaluate(() => ({
    board: window.__board,
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
  }));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cold = [];
const warm = [];
for (let round = 0; round < 3; round++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(watch);
  const page = await context.newPage();
  await slowed(page);
  cold.push(await load(page));
  // The service worker keeps the build; the next load is warm.
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  const again = await context.newPage();
  await slowed(again);
  warm.push(await load(again));
  await context.close();
}
const show = (runs, what) => (median(runs.map((r) => r[what])) / 1000).toFixed(2);
console.log(`first load, cold: first paint ${show(cold, 'paint')} s, first board ${show(cold, 'board')} s (target: under 2.5 s, the first paint under 1.5 s)`);
console.log(`first load, warm: first paint ${show(warm, 'paint')} s, first board ${show(warm, 'board')} s (target: under 1 s)`);
await browser.close();
await server.close();

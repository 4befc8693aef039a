// Shared set-up of the end-to-end tests: a static server for dist/ on 127.0.0.1 and a headless
// Chromium page that records console errors.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import { readFile, mkdir } from 'node:fs/promises';
import { extname, join, normalize, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { before, after, beforeEach } from 'node:test';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The built site served: dist/, or the folder `TOPOCHESS_DIST` names (a build whose wasm keeps
 * its function names, for a CPU profile: docs/performance.md). */
export const dist = process.env.TOPOCHESS_DIST ?? join(root, 'dist');
export const artifacts = join(root, 'target', 'e2e');

const types = {
  '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serves dist/ on a free port of 127.0.0.1, under `prefix` (e.g. '/topochess/'; anything outside
 * it is a 404, as on a host that serves other things beside the game); resolves to
 * { url, play, served, close }: the front page's address and the game screen's, and `served`
 * to change files as they are served.
 */
export async function serveDist(prefix = '/') {
  // A file's text may be changed as it is served (`served.rewrite = (path, text) => text`): a
  // test ships "a new build" that way.
  const served = { rewrite: null };
  const server = createServer(async (req, res) => {
    const requested = new URL(req.url, 'http://x').pathname;
    if (!requested.startsWith(prefix)) { res.writeHead(404).end('not found'); return; }
    // A blank page of the site's origin that is not the app (the tests clear storage from it;
    // under api/, which the service worker leaves to the network).
    if (requested === `${prefix}api/blank`) { res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><link rel="icon" href="data:,">'); return; }
    const path = normalize(decodeURIComponent('/' + requested.slice(prefix.length)));
    const file = join(dist, path.endsWith('/') ? join(path, 'index.html') : path);
    if (!file.startsWith(dist)) { res.writeHead(403).end(); return; }
    try {
      const type = types[extname(file)] ?? 'application/octet-stream';
      // The build's brotli or gzip copy to a browser that takes it, as the game server sends it
      // (not while a test rewrites what is served).
      const accepted = req.headers['accept-encoding'] ?? '';
      for (const [encoding, suffix] of [['br', 'br'], ['gzip', 'gz']]) {
        if (served.rewrite || !accepted.split(/\s*,\s*/).some((e) => e.split(';')[0] === encoding)) continue;
        const packed = await readFile(`${file}.${suffix}`).catch(() => null);
        if (packed) {
          res.writeHead(200, { 'content-type': type, 'content-encoding': encoding, vary: 'accept-encoding' });
          res.end(packed);
          return;
        }
      }
      let body = await readFile(file);
      if (served.rewrite) body = Buffer.from(served.rewrite(path, body.toString('latin1')), 'latin1');
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const url = `http://127.0.0.1:${port}${prefix}`;
  // `play` is the game screen's address (the bare address is the front page).
  return {
    url, play: `${url}#/play`, served,
    close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(r); }),
  };
}

/** A free TCP port of 127.0.0.1. */
export function freePort() {
  return new Promise((resolve) => {
    const probe = createNetServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The game server the tests run (`TOPOCHESS_SERVER`, or the build `scripts/test.sh` makes). */
export const serverBinary = process.env.TOPOCHESS_SERVER ?? join(root, 'target', 'debug', 'topochess-server');

/**
 * Starts the game server (`serverBinary`) serving dist/ with its games in `data` (or where
 * `args`, more arguments, say), on `port` (none: a free one), its time in the test's hands
 * (`--dev --test-clock`); resolves once it answers, to { url, play, metrics, kill, advance }:
 * `metrics` is where its metrics are served (apart from the site); `kill()` ends it with
 * SIGKILL, as a crash would; `advance(ms)` moves the server's time forward (flags fall, arenas
 * start and end, at once). A port another process took between its choice and the server's
 * bind (a busy machine runs other suites) is chosen again, twice at most, unless the caller
 * fixed it; a server that does not start says why, in its own words.
 */
export async function startGameServer(data, port, args = []) {
  for (let attempt = 1; ; attempt++) {
    const started = await startOnce(data, port ?? await freePort(), args);
    if (started.server) return started.server;
    const said = started.said.trim();
    const taken = /in use/i.test(said);
    const again = taken && (/--metrics-addr/.test(said) || port === undefined);
    if (attempt < 3 && again) continue;
    throw new Error(`the game server did not start (${serverBinary}): ${said.slice(-600) || 'it said nothing'}`);
  }
}

/** One try of `startGameServer`: { server } once it answers, or { said } (its last words). */
async function startOnce(data, port, args) {
  const bin = serverBinary;
  const metricsPort = await freePort();
  const child = spawn(bin, ['--addr', `127.0.0.1:${port}`, '--dist', dist, '--data', data,
    '--metrics-addr', `127.0.0.1:${metricsPort}`, '--dev', '--test-clock', ...args],
  { stdio: ['ignore', 'ignore', 'pipe'] });
  // Read to the end (a full pipe would stall the server); the last 4 KB kept.
  let said = '';
  child.stderr.on('data', (chunk) => { said = (said + chunk).slice(-4096); });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}/`;
  const metrics = `http://127.0.0.1:${metricsPort}/metrics`;
  // Up once the site answers and so do its metrics (bound first): another process's server on
  // the same port would answer the first alone.
  const answers = async (address) => {
    try {
      return (await fetch(address)).ok;
    } catch {
      return false;
    }
  };
  for (let i = 0; ; i++) {
    if (await answers(`${url}api/health`) && await answers(metrics) && child.exitCode === null) break;
    if (child.exitCode !== null) {
      await exited;
      return { said };
    }
    if (i > 200) {
      child.kill('SIGKILL');
      await exited;
      return { said: `${said}\n(no answer in 10 s)` };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const server = {
    url, play: `${url}#/play`, metrics,
    kill: async () => { child.kill('SIGKILL'); await exited; },
    advance: async (ms) => {
      const answer = await fetch(`${url}api/dev/clock`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advance: ms }),
      });
      if (!answer.ok) throw new Error(`the server's clock did not move: ${answer.status}`);
    },
  };
  return { server };
}

/**
 * Launches headless Chromium, Debian's. The tests' browser is its headless shell
 * (`chromium-headless-shell`: the same engine without the desktop browser around it, which costs
 * the machine a quarter less across the suite); `{ full: true }` launches the whole browser, as a
 * person has it, for the measurements of the page's own speed. `CHROMIUM` names another
 * executable for either (`/usr/bin/chromium` runs the suite in the whole browser).
 */
export function launch({ full = false } = {}) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? (full ? '/usr/bin/chromium' : '/usr/bin/chromium-headless-shell'),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Launches headless Chromium; resolves to { browser, page, errors }. */
export async function openPage(url, viewport = { width: 1280, height: 900 }) {
  const browser = await launch();
  const page = await browser.newPage({ viewport });
  const errors = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(url);
  return { browser, page, errors };
}

/**
 * A phone (390x844, touch) in its own context of the session's browser, the app loaded;
 * resolves to { context, page, errors } (close the context when done).
 */
export async function phonePage(session) {
  const context = await session.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(session.server.play);
  return { context, page, errors };
}

/** Saves a screenshot under target/e2e/. */
export async function screenshot(page, name) {
  await mkdir(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

/**
 * Registers the set-up every test file shares: one server and one page for the file, local
 * storage and the saved games' shelf (IndexedDB) cleared and the app loaded before each test. Returns an object filled in by then:
 * { server, browser, page, errors }.
 */
export function useSession(viewport = { width: 1400, height: 900 }) {
  const session = {};
  before(async () => {
    session.server = await serveDist();
    Object.assign(session, await openPage(session.server.play, viewport));
  });
  after(async () => {
    await session.browser?.close();
    await session.server?.close();
  });
  beforeEach(async () => {
    // The last test's page is unloaded first: a computer's answer or a save on its way out would
    // otherwise write the old game back after the clearing. Storage is cleared from a page of the
    // same origin that is not the app (`api/blank`), then the app is loaded afresh (a page load,
    // not a move within the page, which a change of the fragment alone would be).
    await session.page.goto('about:blank');
    await session.page.goto(`${session.server.url}api/blank`);
    await session.page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
    await shelfClear(session.page);
    await session.page.goto(session.server.play);
    await session.page.waitForSelector('svg.normal [data-square]');
  });
  return session;
}

/** Opens the settings screen (the board stays in view beside them). */
export async function openSettings(page) {
  await page.click('#nav-settings');
  await page.waitForSelector('#settings-screen');
}

/** Opens the Games screen and waits for it (the views' module draws it). */
export async function openGames(page) {
  await page.click('#nav-games');
  await page.waitForSelector('#games');
}

/** Opens the surface lab and waits for it (the views' module draws it). */
export async function openLab(page) {
  await page.click('#nav-lab');
  await page.waitForSelector('#lab-panel');
}

/** Back to the game screen. */
export async function openPlay(page) {
  await page.click('#nav-play');
  await page.waitForSelector('#san-input');
}

/** Starts a new game from the new-game form. */
export async function newGame(page, { variant, castling, opponent = 'hotseat', level } = {}) {
  await page.click('#new-game-open');
  if (variant) await page.selectOption('#ng-variant', variant);
  if (castling) await page.selectOption('#ng-castling', castling);
  await page.selectOption('#ng-opponent', opponent);
  if (level) await page.selectOption('#ng-level', String(level));
  await page.click('#ng-start');
  await page.waitForSelector('#new-game', { state: 'detached' });
}

/** What does not fit in the header at each desktop width from 1,000 to 1,300 px: a page that
 * scrolls sideways, a tab or a button not wholly on screen (none: `[]`). The window's size is put
 * back after. */
export async function headerMisfits(page) {
  const before = page.viewportSize();
  const misfits = [];
  for (let width = 1000; width <= 1300; width += 25) {
    await page.setViewportSize({ width, height: before.height });
    misfits.push(...await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => {
      const out = [];
      if (document.documentElement.scrollWidth > innerWidth) out.push(`${innerWidth} px: scrolls sideways (${document.documentElement.scrollWidth} px)`);
      for (const el of document.querySelectorAll('header button, header summary')) {
        const box = el.getBoundingClientRect();
        if (box.width > 0 && (box.left < 0 || box.right > innerWidth)) out.push(`${innerWidth} px: ${el.id || el.textContent} off screen`);
      }
      done(out);
    }))));
  }
  await page.setViewportSize(before);
  return misfits;
}

/** Resolves once the page has drawn what it was last asked to, the view the player is not using
 * included: a move made on the board reaches the app in the task after the frame that shows it,
 * and the other view (the extended one, or the plain board when the extended one was touched)
 * shows a change in the frame after the one that showed it where the player acts. */
export const drawn = (page) => page.evaluate(() => new Promise((done) =>
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))));

/** Reloads the page as a person does: after what was last done is drawn and its address written
 * (the app writes the address bar in the task after the frame that shows a change, and a person's
 * reload comes long after that frame; an automated one can come within it). */
export async function reload(page) {
  await drawn(page);
  await page.reload();
}

/** Waits until the address bar's fragment matches `pattern` (the app writes it in the task after
 * the frame that shows the change), and returns it. */
export async function addressMatching(page, pattern) {
  await page.waitForFunction((source) => new RegExp(source).test(location.hash), pattern.source);
  return page.evaluate(() => location.hash);
}

/** The moves in the move list, as shown. */
export const moves = (page) => page.locator('#moves .mv').allTextContents();

/** The centre of the board's square `name` on the page, as [x, y]. */
export async function centre(page, name) {
  const b = await page.locator(`svg.normal [data-square="${name}"]`).boundingBox();
  return [b.x + b.width / 2, b.y + b.height / 2];
}

/** Types a move (SAN or coordinates) and presses Enter. */
export async function type(page, text) {
  await page.fill('#san-input', text);
  await page.press('#san-input', 'Enter');
}

/**
 * Does `op` on the page's shelf (the browser's IndexedDB, database `topochess`, store `library`)
 * in one transaction: `get` what is under `key` (`null` when nothing is), `put` `text` under it,
 * or `clear` the store.
 */
function shelf(page, op, key = 'library', text = null) {
  return page.evaluate(([op, key, text]) => new Promise((resolve, reject) => {
    const open = indexedDB.open('topochess', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('library');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('library', op === 'get' ? 'readonly' : 'readwrite');
      const store = tx.objectStore('library');
      const request = op === 'get' ? store.get(key) : op === 'put' ? store.put(text, key) : store.clear();
      tx.oncomplete = () => { db.close(); resolve(op === 'get' ? request.result ?? null : undefined); };
      tx.onabort = () => { db.close(); reject(tx.error); };
    };
  }), [op, key, text]);
}

/** What the shelf holds under `key`: the library's JSON under `library`, a library that could not
 * be read under `unreadable`; `null` when nothing is. */
export const shelfGet = (page, key = 'library') => shelf(page, 'get', key);
/** Puts `text` on the shelf under `key` (a library written by hand). */
export const shelfPut = (page, text, key = 'library') => shelf(page, 'put', key, text);
/** Empties the shelf (every saved game gone, as in a browser that never saw the site). */
export const shelfClear = (page) => shelf(page, 'clear');

/** Holds the page's shelf with a write transaction of the test's own, kept busy (as a slow
 * phone's disk holds one), so that the page's writes wait behind it until [`releaseShelf`];
 * resolves once it is held. */
export const holdShelf = (page) => page.evaluate(() => new Promise((held, failed) => {
  const open = indexedDB.open('topochess', 1);
  open.onerror = () => failed(open.error);
  open.onsuccess = () => {
    const db = open.result;
    const tx = db.transaction('library', 'readwrite');
    const store = tx.objectStore('library');
    tx.oncomplete = () => db.close();
    window.__shelfHeld = true;
    // A transaction stays open while it has a request on its way.
    const again = () => { if (window.__shelfHeld) store.get('library').onsuccess = again; };
    store.get('library').onsuccess = () => { held(); again(); };
  };
}));
/** Lets the page's writes that wait behind [`holdShelf`] go on. */
export const releaseShelf = (page) => page.evaluate(() => { window.__shelfHeld = false; });

/** The saved-games library as the page's shelf holds it (`{ games: [] }` before its first write). */
export async function storedLibrary(page) {
  const text = await shelfGet(page);
  return text === null ? { games: [] } : JSON.parse(text);
}

/** The stored games' moves, each game's joined by spaces. */
export const storedLines = async (page) => (await storedLibrary(page)).games.map((g) => g.moves.join(' '));

/**
 * Waits until the stored library passes `test`, reading it again whenever a write is told on the
 * shelf's broadcast channel (every page's writes are), or after 250 ms without one (a write made
 * before the page listened); fails after `timeout` ms, saying what the library held.
 */
export async function storedWhen(page, test, what = 'the stored library', timeout = 10000) {
  const end = Date.now() + timeout;
  for (;;) {
    const lib = await storedLibrary(page);
    if (test(lib)) return lib;
    if (Date.now() > end) {
      throw new Error(`${what}: not so after ${timeout} ms; it holds ${lib.games.map((g) => g.moves.join(' ')).join(' | ')}`);
    }
    await page.evaluate(() => new Promise((done) => {
      const channel = new BroadcastChannel('topochess/library');
      const finish = () => { clearTimeout(timer); channel.close(); done(); };
      const timer = setTimeout(finish, 250);
      channel.onmessage = finish;
    }));
  }
}

/** Pastes a PGN or a FEN into the import box and loads it. */
export async function loadText(page, text) {
  await page.evaluate(() => { document.querySelector('#transfer').open = true; });
  await page.fill('#import-text', text);
  await page.click('#import-load');
}

/**
 * Starts recording the page's long tasks (main-thread work of over 50 ms, by the Long Tasks API);
 * `longTasks(page)` then gives the durations recorded since, in ms, and starts afresh. A reload
 * ends the recording.
 */
export async function watchLongTasks(page) {
  await page.evaluate(() => {
    window.__longTasks = [];
    if (window.__longTaskObserver) return;
    window.__longTaskObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
    });
    window.__longTaskObserver.observe({ type: 'longtask' });
  });
}

/** The long tasks recorded since `watchLongTasks` or the last call (durations in ms). */
export const longTasks = (page) => page.evaluate(() => {
  const tasks = window.__longTasks ?? [];
  window.__longTasks = [];
  return tasks;
});

/**
 * Clicks `selector` from inside the page and resolves to the ms from the click to the first
 * frame after it has been handled: the page's own answer, without Playwright's waits for the
 * element to be ready (which a busy test machine makes long).
 */
export function clickToFrame(page, selector) {
  return page.evaluate((sel) => new Promise((done) => {
    const element = document.querySelector(sel);
    const start = performance.now();
    element.click();
    // The frame after the click's work: a render scheduled by it runs before this callback.
    requestAnimationFrame(() => setTimeout(() => done(performance.now() - start), 0));
  }), selector);
}

/** The serious and critical violations on the page as it is: rule, how many places, the first. */
export async function axeViolations(page) {
  // axe-core is put in the page by the test's own channel (DevTools), not as an inline script,
  // which the page's Content-Security-Policy rightly refuses.
  const axe = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(await readFile(axe, 'utf8'));
  return page.evaluate(async () => {
    const found = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return found.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.nodes.length}): ${v.nodes[0].target.join(' ')}`);
  });
}

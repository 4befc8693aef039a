// What a screen reader meets, checked by axe-core (the WCAG 2.1 A and AA rules) on every screen,
// on a desktop and on a phone, in the light theme and the dark: no serious or critical violation.
// On the way, the page's Content-Security-Policy is checked: every screen runs under it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, axeViolations as violations } from './harness.mjs';


/** The screens, each with the tab that opens it (the front page is the bare address). */
const SCREENS = [
  ['front page', null, '#home'],
  ['game', '#nav-play', '#san-input'],
  ['explore', '#nav-explore', '#explorer-panel'],
  ['surface lab', '#nav-lab', '#lab-panel'],
  ['analysis', '#nav-analysis', '#move-tree'],
  ['endgames', '#nav-atlas', '.atlas-table'],
  ['lessons', '#nav-learn', '.games-main'],
  ['puzzles', '#nav-puzzles', 'svg.normal [data-square]'],
  ['games', '#nav-games', '#games'],
  ['settings', '#nav-settings', '#settings-screen'],
];

const WAYS = [
  ['desktop', { viewport: { width: 1280, height: 900 } }],
  ['phone', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
];

for (const [device, options] of WAYS) {
  for (const scheme of ['light', 'dark']) {
    test(`every screen on a ${device}, ${scheme}: no serious or critical accessibility violation`, { timeout: 120000 }, async () => {
      const server = await serveDist();
      const browser = await launch();
      try {
        const context = await browser.newContext({ ...options, colorScheme: scheme });
        // Whatever the page's Content-Security-Policy refuses, on any screen, its workers and
        // modules included, is noted.
        await context.addInitScript(() => {
          window.__refused = [];
          addEventListener('securitypolicyviolation', (e) => window.__refused.push(`${e.violatedDirective} ${e.blockedURI}`));
        });
        const page = await context.newPage();
        await page.goto(server.url);
        await page.waitForSelector('#home');
        const policy = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
        assert.match(policy, /script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
        assert.doesNotMatch(policy, /'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
        assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), scheme);
        const found = [];
        for (const [name, tab, shown] of SCREENS) {
          if (tab) await page.click(tab);
          await page.waitForSelector(shown);
          for (const v of await violations(page)) found.push(`${name}: ${v}`);
        }
        assert.deepEqual(found, []);
        // The engine's worker (started by the analysis board) and the views' module (the lab
        // and the Games screen) ran under the policy, and nothing was refused.
        assert.deepEqual(await page.evaluate(() => window.__refused), [], 'refused by the page\'s policy');
      } finally {
        await browser.close();
        await server.close();
      }
    });
  }
}

// What a move paints again: the squares it changes, not the whole board. The browser rasters a
// board's layer again wherever something in it changed (on the CPU in headless Chromium, and on a
// phone without GPU raster): a move that invalidated the whole board waited for all of it before
// its frame was shown. Read from the compositor's own record of each frame (Chromium's trace: each
// layer's bounds and the region invalidated in it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { useSession, newGame, drawn } from './harness.mjs';

const viewport = { width: 1280, height: 900 };
const session = useSession(viewport);
const sq = (name) => `svg.normal [data-square="${name}"]`;

/**
 * Runs `act` with the compositor traced; resolves to the layers of each frame drawn after it
 * began: [{ bounds: [w, h], invalidated: area in pixels }].
 */
async function framesOf(act) {
  const { page, browser } = session;
  const path = join(tmpdir(), `topochess-repaint-${process.pid}.json`);
  await browser.startTracing(page, { path, categories: ['disabled-by-default-cc.debug', 'blink.user_timing'] });
  await page.evaluate(() => performance.mark('act'));
  await act();
  await drawn(page);
  await drawn(page);
  await browser.stopTracing();
  const events = JSON.parse(await readFile(path, 'utf8')).traceEvents;
  await rm(path, { force: true });
  const start = events.find((e) => e.name === 'act')?.ts;
  assert.ok(start, 'the mark is in the trace');
  const area = (r) => { let a = 0; for (let i = 0; i + 3 < r.length; i += 4) a += r[i + 2] * r[i + 3]; return a; };
  const frames = events
    .filter((e) => e.name === 'LayerTreeHostImpl:snapshot' && e.ts > start && e.args?.snapshot?.active_tree)
    .map((e) => e.args.snapshot.active_tree.layers.map((l) => ({
      bounds: [l.bounds?.width ?? 0, l.bounds?.height ?? 0],
      invalidated: area(l.invalidation ?? []),
    })));
  // The first frame traced invalidates every layer whole, the page's too (which a move never
  // does): it is left out.
  const whole = (layers) => layers.some((l) => l.bounds[0] >= viewport.width && l.invalidated >= l.bounds[0] * l.bounds[1]);
  return frames.filter((layers) => !whole(layers));
}

test('a move paints again the squares it changes, not the whole board, on a layer of the board\'s size', async () => {
  const { page } = session;
  await newGame(page, { variant: 'standard' });
  const box = await page.locator('svg.normal').boundingBox();
  const size = [Math.round(box.width), Math.round(box.height)];
  await page.click(sq('g1'));
  await drawn(page);
  const frames = await framesOf(() => page.click(sq('f3')));
  assert.deepEqual(await page.locator('#moves .mv').allTextContents(), ['Nf3']);
  assert.ok(frames.length > 0, 'frames were drawn');
  const boards = frames.flatMap((layers) => layers.filter((l) => Math.abs(l.bounds[0] - size[0]) <= 1 && Math.abs(l.bounds[1] - size[1]) <= 1));
  // Text on the board once made its layer ten times the board's size.
  assert.ok(boards.length > 0, `a layer of the board's size (${size.join('x')}) among ${JSON.stringify(frames.flat().map((l) => l.bounds))}`);
  // A knight's move changes six squares (its two, their marks, the two destinations' dots): about
  // a tenth of the board. Each cell a transform of its own keeps a piece that comes or goes from
  // invalidating the run of cells around it (68% of the board without).
  const most = Math.max(...boards.map((l) => l.invalidated));
  assert.ok(most > 0, 'the move painted something');
  assert.ok(most < 0.2 * size[0] * size[1], `the move painted ${Math.round((100 * most) / (size[0] * size[1]))}% of the board again`);
});

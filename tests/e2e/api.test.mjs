// lichess's API for programs, checked with lichess's own Python client, berserk, unchanged but
// for the base address (tests/api/berserk_flow.py, run from the venv scripts/setup.sh makes):
// tokens, an account read, challenges made, accepted, declined and cancelled, the event and
// game streams, moves through the Board API, an export, a bot account, open challenges, and
// bots in an arena that takes bots.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startGameServer } from './harness.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const python = join(root, 'tests', 'api', '.venv', 'bin', 'python');
const flow = join(root, 'tests', 'api', 'berserk_flow.py');

const dir = await mkdtemp(join(tmpdir(), 'topochess-api-'));
after(() => rm(dir, { recursive: true, force: true }));

/** Runs one scenario of berserk_flow.py against a server of its own (its accounts all come
 * from one address, within the quota of accounts an address makes an hour; the quota of games
 * a minute is raised: the limits have tests of their own); resolves to what it printed, or
 * fails with it. */
async function scenario(name) {
  const server = await startGameServer(join(dir, name), undefined, ['--games-per-minute', '100']);
  try {
    return await new Promise((resolve, reject) => {
      execFile(python, [flow, server.url, name], { timeout: 90_000 }, (error, stdout, stderr) => {
        if (error) reject(new Error(`${name}: ${error.message}\n${stdout}\n${stderr}`));
        else resolve(stdout);
      });
    });
  } finally {
    await server.kill();
  }
}

test('berserk: a challenge accepted on the folded board, played on the Board API, streamed and exported', async () => {
  const said = await scenario('challenge');
  assert.match(said, /accepted, played and exported/);
  assert.match(said, /"ok": true/);
});

test('berserk: a challenge declined for its variant and one cancelled are told on the event streams', async () => {
  const said = await scenario('decline');
  assert.match(said, /declined and cancelled challenges told/);
});

test('berserk: a bot account is marked BOT, refused a seek, and plays by challenge', async () => {
  const said = await scenario('bot');
  assert.match(said, /refused a seek and played by challenge/);
});

test('berserk: an open challenge answers its links; one kept for two accounts is theirs alone', async () => {
  const said = await scenario('open');
  assert.match(said, /the kept one played/);
});

test('berserk: bots join an arena that takes bots, are refused one that does not, and are paired', async () => {
  const said = await scenario('arena');
  assert.match(said, /two bots paired in arena/);
});

// Two game servers on one PostgreSQL database (the test script's own server) behind a real load
// balancer, nginx from Debian, on loopback: two browsers play a clocked game through it, the
// server holding most of the game's connections is killed (SIGKILL) mid-game, the pages come back
// through nginx to the other, and the game goes on with nothing lost.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, freePort, startGameServer, screenshot, type, moves } from './harness.mjs';
import { waitMoves, desktops, newLiveGame } from './live-harness.mjs';

/** A new empty database on the tests' PostgreSQL server; its URL. Without the server the test
 * fails and says so. */
function freshDatabase() {
  const server = process.env.TOPOCHESS_TEST_POSTGRES;
  if (!server) {
    throw new Error('TOPOCHESS_TEST_POSTGRES is not set: this test needs a PostgreSQL server '
      + '(scripts/test.sh starts one; by hand: scripts/postgres.sh start)');
  }
  const name = `topochess_e2e_${process.pid}`;
  const quiet = { env: { ...process.env, PGOPTIONS: '-c client_min_messages=warning' } };
  execFileSync('psql', [server, '-q', '-c', `DROP DATABASE IF EXISTS ${name}`], quiet);
  execFileSync('psql', [server, '-q', '-c', `CREATE DATABASE ${name}`], quiet);
  return `${server.slice(0, server.lastIndexOf('/'))}/${name}`;
}

/** nginx in front of `ports`, on a port of its own, its files in `dir`; resolves to
 * { url, stop }. A connection refused by one server is tried on the next. */
async function startNginx(dir, ports) {
  const port = await freePort();
  await mkdir(join(dir, 'temp'), { recursive: true });
  const conf = join(dir, 'nginx.conf');
  await writeFile(conf, `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream topochess {
    ${ports.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n    ')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://topochess;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 120s;
      proxy_connect_timeout 1s;
      proxy_next_upstream error timeout;
    }
  }
}
`);
  const child = spawn('/usr/sbin/nginx', ['-c', conf, '-p', dir, '-e', join(dir, 'error.log')], { stdio: 'inherit' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}api/health`)).ok) break;
    } catch { /* not up yet */ }
    if (i > 100 || child.exitCode !== null) throw new Error('nginx did not start (/usr/sbin/nginx; scripts/setup.sh installs it)');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, play: `${url}#/play`, stop: async () => { child.kill('SIGTERM'); await exited; } };
}

/** The games' WebSockets open on `server`, from its metrics. */
async function sockets(server) {
  const text = await (await fetch(server.metrics)).text();
  return Number(/^topochess_sockets\{kind="game"\} (\d+)/m.exec(text)?.[1] ?? NaN);
}

test('two servers behind nginx: a clocked game goes on when the server holding it is killed mid-game', { timeout: 180000 }, async () => {
  const database = freshDatabase();
  const dir = await mkdtemp(join(tmpdir(), 'topochess-cluster-'));
  const ports = [await freePort(), await freePort()];
  const servers = await Promise.all(ports.map((port, i) =>
    startGameServer(join(dir, `data-${i}`), port, ['--database', database, '--behind-proxy'])));
  const nginx = await startNginx(dir, ports);
  const browser = await launch();
  try {
    const [ca, cb] = await desktops(browser, 2);
    const a = await ca.newPage();
    const link = await newLiveGame(a, nginx, { time: '5+3' });
    const b = await cb.newPage();
    await b.goto(link);
    await b.waitForSelector('#live-panel');
    await a.waitForSelector('#live-link', { state: 'detached' });
    const line = ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5'];
    for (const [i, m] of line.entries()) {
      await type(i % 2 ? b : a, m);
      await waitMoves(i % 2 ? a : b, i + 1);
    }
    assert.equal(await a.locator('#clocks').count(), 1, 'clocks shown');
    // Where the game's connections went (nginx takes turns): the server with more is killed.
    const open = await Promise.all(servers.map(sockets));
    assert.ok(open[0] + open[1] >= 2, `the players' sockets: ${open}`);
    const victim = open[0] >= open[1] ? 0 : 1;
    await servers[victim].kill();
    // The pages that lost their connection come back through nginx to the other server.
    for (const page of [a, b]) {
      await page.waitForSelector('#live-status', { state: 'detached', timeout: 30000 });
    }
    assert.deepEqual(await moves(a), line);
    assert.deepEqual(await moves(b), line);
    await type(a, 'c3');
    await waitMoves(b, 7);
    await type(b, 'Nf6');
    await waitMoves(a, 8);
    assert.deepEqual(await moves(b), [...line, 'c3', 'Nf6']);
    // The clocks run on: White's, after Black's move.
    const left = async () => a.locator('#clock-white .time').textContent();
    const before = await left();
    await a.waitForFunction((t) => document.querySelector('#clock-white .time').textContent !== t, before, { timeout: 5000 });
    assert.equal(await sockets(servers[1 - victim]), 2, 'both players on the server left');
    await screenshot(a, 'cluster-after-a-server-died');
  } finally {
    await browser.close();
    await nginx.stop();
    await Promise.all(servers.map((s) => s.kill()));
    await rm(dir, { recursive: true, force: true });
  }
});

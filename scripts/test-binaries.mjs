// Runs the test binaries of a `cargo test --no-run --message-format=json` build several at a time,
// as `cargo test` would run them one after another: each in its package's folder, each binary's
// tests on its own threads (libtest's default). The binaries' output is printed whole, one
// binary after another in the order they finished, each under cargo's own "Running" line, so that
// the "test result" lines read as cargo's do.
//
//   node scripts/test-binaries.mjs BUILD.json... [--jobs N]
//
// `cargo test` runs one binary at a time, and the longest (the server's outside tests, which
// mostly wait on sockets) kept one core idle for most of a minute. Binaries known to take longest
// start first, so that the last to start are short ones. The exit status is 1 when a binary
// failed (a test failed, or it stopped before its summary), else 0.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const argv = process.argv.slice(2);
const jobsArg = argv.indexOf('--jobs');
const jobs = jobsArg >= 0 ? Number(argv[jobsArg + 1]) : availableParallelism();
const files = argv.filter((a, i) => a !== '--jobs' && argv[i - 1] !== '--jobs');

// The binaries that took longest in the suite (package folder, target), first to start: the rest
// follow in the build's order.
const longest = [
  'crates/server outside', // the game server from outside: sockets, two servers, PostgreSQL
  'crates/search topochess_search', // the search's own tests
  'crates/search puzzles',
  'crates/server topochess-server',
  'crates/core reference',
  'web topochess_web',
  'crates/search tablebase',
  'crates/cli cli',
  'crates/core fuzz',
];

// Binaries whose tests mostly wait (on the servers they start, on sockets, on PostgreSQL), each
// run on more test threads than the machine has cores: the server's outside tests took 49 s on
// libtest's two threads and 20 s on six, using a third of a core.
const threads = new Map([['crates/server outside', 6]]);

/** The test harnesses a build made, in its order: { folder, kind, name, dir, source, executable }. */
function harnesses(file) {
  const found = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    const message = JSON.parse(line);
    // Examples and benchmarks are built (and linted) but not run, as `cargo test` does by default.
    const kind = message.target?.kind?.[0];
    if (message.reason !== 'compiler-artifact' || !message.profile?.test || !message.executable
      || kind === 'example' || kind === 'bench') continue;
    const dir = dirname(message.manifest_path);
    found.push({
      folder: relative(root, dir),
      kind,
      name: message.target.name,
      dir,
      source: relative(dir, message.target.src_path),
      executable: message.executable,
    });
  }
  return found;
}

const all = files.flatMap(harnesses);
const rank = (h) => {
  const i = longest.indexOf(`${h.folder} ${h.name}`);
  return i < 0 ? longest.length : i;
};
// (A stable sort: the rest keep the build's order.)
const queue = [...all].sort((a, b) => rank(a) - rank(b));
if (queue.length === 0) {
  console.error('no test binaries in the build reports given');
  process.exit(1);
}

let failedBinaries = 0;
/** Runs one binary to its end, its output kept; prints it whole once it ends. */
function run(h) {
  return new Promise((done) => {
    const started = Date.now();
    const output = [];
    const many = threads.get(`${h.folder} ${h.name}`);
    const child = spawn(h.executable, many ? [`--test-threads=${many}`] : [], {
      cwd: h.dir,
      env: { ...process.env, CARGO_MANIFEST_DIR: h.dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => output.push(d));
    child.stderr.on('data', (d) => output.push(d));
    let finished = false;
    const finish = (how) => {
      if (finished) return;
      finished = true;
      const label = h.kind === 'test' ? h.source : `unittests ${h.source}`;
      process.stdout.write(`     Running ${label} (${h.executable})\n`);
      process.stdout.write(Buffer.concat(output));
      if (how !== 0) {
        failedBinaries += 1;
        process.stdout.write(`error: test failed (${how}): ${h.folder}, ${h.kind} ${h.name}\n`);
      }
      process.stdout.write(`[${h.folder} ${h.name}: ${((Date.now() - started) / 1000).toFixed(1)} s]\n\n`);
      done();
    };
    child.on('error', (e) => { output.push(Buffer.from(`${e}\n`)); finish(String(e)); });
    child.on('close', (code, signal) => finish(code === 0 ? 0 : `status ${code ?? signal}`));
  });
}

async function lane() {
  for (let h = queue.shift(); h; h = queue.shift()) await run(h);
}
await Promise.all(Array.from({ length: Math.max(1, jobs) }, lane));
process.exit(failedBinaries > 0 ? 1 : 0);

// Runs the test binaries of a `cargo test --no-run --message-format=json` build several at a time,
// as `cargo test` would run them one after another: each in its package's folder, each binary's
// tests on its own threads (libtest's default). The binaries' output is printed whole, one
// binary after another in the order they finished, each under cargo's own "Running" line, so that
// the "test result" lines read as cargo's do.
//
//   node scripts/test-binaries.mjs BUILD.json... [--jobs N]
//   cargo test --no-run --message-format=json... | node scripts/test-binaries.mjs --follow BUILD.json [--jobs N] [--during N]
//
// `cargo test` runs one binary at a time, and the longest (the server's outside tests, which
// mostly wait on sockets) kept one core idle for most of a minute. Binaries known to take longest
// start first, so that the last to start are short ones. With `--follow`, the build's report is
// read as cargo writes it (and kept in BUILD.json), and each binary may start as soon as it is
// built: `--during` at a time (1 unless said) while the build goes on, which keeps the cores
// busy compiling, then `--jobs` at a time. The server's outside tests, built minutes before the
// build's last crates, wait on sockets meanwhile instead of after it. The exit status is 1 when
// a binary failed (a test failed, or it stopped before its summary), else 0.
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { availableParallelism } from 'node:os';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const argv = process.argv.slice(2);
const jobsArg = argv.indexOf('--jobs');
const jobs = jobsArg >= 0 ? Number(argv[jobsArg + 1]) : availableParallelism();
const duringArg = argv.indexOf('--during');
const during = duringArg >= 0 ? Number(argv[duringArg + 1]) : 1;
const follow = argv.includes('--follow');
const valued = ['--jobs', '--during'];
const files = argv.filter((a, i) => !a.startsWith('--') && !valued.includes(argv[i - 1]));

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

// While following a build: each package's binaries not built yet (by its folder). A package's
// integration tests run its binaries (CARGO_BIN_EXE_*), which cargo may build after the tests:
// they wait for them. (Binaries that need a feature, the page's wasm modules, are not built for
// the tests.)
const unbuilt = new Map();
if (follow) {
  const metadata = JSON.parse(execFileSync('cargo', ['metadata', '--no-deps', '--format-version', '1', '--offline'],
    { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 }));
  for (const p of metadata.packages) {
    const names = p.targets.filter((t) => t.kind.includes('bin') && !t['required-features']?.length).map((t) => t.name);
    unbuilt.set(dirname(p.manifest_path), new Set(names));
  }
}

/** Notes a binary (not a test harness) that the build's report says is built. */
function built(line) {
  if (!line.startsWith('{')) return false;
  const message = JSON.parse(line);
  if (message.reason !== 'compiler-artifact' || message.profile?.test || !message.target?.kind?.includes('bin')) return false;
  return unbuilt.get(dirname(message.manifest_path))?.delete(message.target.name) ?? false;
}

/** Whether a harness may start: an integration test once its package's binaries are built. */
const ready = (h) => !building || h.kind !== 'test' || (unbuilt.get(h.dir)?.size ?? 0) === 0;

/** The test harness a line of the build's report names, if any: { folder, kind, name, dir, source, executable }. */
function harness(line) {
  if (!line.startsWith('{')) return null;
  const message = JSON.parse(line);
  // Examples and benchmarks are built (and linted) but not run, as `cargo test` does by default.
  const kind = message.target?.kind?.[0];
  if (message.reason !== 'compiler-artifact' || !message.profile?.test || !message.executable
    || kind === 'example' || kind === 'bench') return null;
  const dir = dirname(message.manifest_path);
  return {
    folder: relative(root, dir),
    kind,
    name: message.target.name,
    dir,
    source: relative(dir, message.target.src_path),
    executable: message.executable,
  };
}

const rank = (h) => {
  const i = longest.indexOf(`${h.folder} ${h.name}`);
  return i < 0 ? longest.length : i;
};
/** The binaries built and not yet started, longest first (the rest in the build's order). */
const queue = [];
let seen = 0;
function add(h) {
  seen += 1;
  queue.push(h);
  // (A stable sort: the rest keep the build's order.)
  queue.sort((a, b) => rank(a) - rank(b));
}

const begun = Date.now();
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

// Whether the build is still going on (only with --follow), and the lanes waiting for a binary.
let building = follow;
const idle = [];
const wake = () => { for (const w of idle.splice(0)) w(); };

/** Lane `n`: runs binaries one after another; lanes past `during` wait for the build's end. */
async function lane(n) {
  for (;;) {
    const at = (!building || n < during) ? queue.findIndex(ready) : -1;
    const h = at >= 0 ? queue.splice(at, 1)[0] : undefined;
    if (h) {
      await run(h);
    } else if (building) {
      await new Promise((w) => idle.push(w));
    } else {
      return;
    }
  }
}

if (!follow) {
  for (const file of files) for (const line of readFileSync(file, 'utf8').split('\n')) {
    const h = harness(line);
    if (h) add(h);
  }
  if (seen === 0) {
    console.error('no test binaries in the build reports given');
    process.exit(1);
  }
}
const lanes = Promise.all(Array.from({ length: Math.max(1, jobs) }, (_, n) => lane(n)));
if (follow) {
  const [file] = files;
  writeFileSync(file, '');
  for await (const line of createInterface({ input: process.stdin })) {
    appendFileSync(file, `${line}\n`);
    const h = harness(line);
    if (h) add(h);
    if (h || built(line)) wake();
  }
  building = false;
  process.stdout.write(`[the build ended after ${((Date.now() - begun) / 1000).toFixed(1)} s: ${seen} test binaries, ${seen - queue.length} started meanwhile]\n\n`);
  wake();
}
await lanes;
if (seen === 0) {
  console.error('no test binaries in the build report');
  process.exit(1);
}
process.exit(failedBinaries > 0 ? 1 : 0);

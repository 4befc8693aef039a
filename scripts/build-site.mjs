// Builds the site into dist/ from index.html: the page's wasm modules, its stylesheet and its
// files, then scripts/post-build.sh (the service worker, the compressed copies, the sizes).
//
//   node scripts/build-site.mjs [--dist DIR]
//
// With TOPOCHESS_WASM_NAMES=1, wasm-opt keeps the functions' names (`-g`), so that a CPU profile
// of the page names them (docs/performance.md); the modules are then larger than shipped.
//
// index.html names what goes in with `<link data-trunk rel=...>` tags (the syntax Trunk reads, so
// that either tool builds it):
// - rel="rust": a binary of the crate `href` names, built for wasm32 (`data-bin`), with a profile
//   (`data-cargo-profile-release`, else `release`) and the features `data-cargo-features` names,
//   through wasm-bindgen (`--target web`) and wasm-opt (`data-wasm-opt`: its level).
//   `data-type="main"` is the page's own module (the whole app), `data-type="first"` the first
//   screen's and `data-type="link"` a live game's link's: their files are named by their content's
//   hash, and the main tag becomes the script that picks one of them, starts it and then
//   dispatches `topochess-started` (`startPage`);
//   `data-type="worker"` modules keep their names (the page loads them by name) and their tag goes;
// - rel="css": the stylesheet, named by its content's hash;
// - rel="copy-file" and rel="copy-dir": copied as they are.
// The binaries of one crate, profile and set of features are built by one cargo command. Everything is written to a
// staging folder, which replaces DIR only when the whole build succeeded.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** wasm-opt's arguments for a module optimised at `level` (`z` or `s` for size, `3`...). For size:
 * functions that differ only in constants are merged first (`--merge-similar-functions`: the
 * settings' enums' decoders, say); Rust's wasm keeps its stack first, below its data, so the low
 * kilobyte of memory is used by no data and by a stack only a megabyte deep, past its end
 * (`--low-memory-unused` folds constant offsets into loads and stores); and the producers' and
 * target features' sections go (browsers read neither). On the link's module: 2,122 bytes of
 * gzip fewer than `-Oz` alone, built as fast (docs/performance.md). `-Oz` is run until it
 * shrinks the module no more (`--converge`: 243 bytes of gzip fewer on the link's module, a few
 * seconds a module). The engine's, built for speed, is optimised as it was. */
function wasmOpt(level) {
  if (level !== 'z' && level !== 's') return [`-O${level}`];
  return ['--merge-similar-functions', '--low-memory-unused', `-O${level}`, '--converge', '--strip-producers', '--strip-target-features'];
}
const argv = process.argv.slice(2);
const distArg = argv.indexOf('--dist');
const dist = resolve(root, distArg >= 0 ? argv[distArg + 1] : 'dist');
const target = process.env.CARGO_TARGET_DIR ? resolve(process.env.CARGO_TARGET_DIR) : join(root, 'target');

/** Runs a command in the repository, its output shown; throws when it fails. */
function run(command, args, env = {}) {
  console.log(`[build] ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}

/** The attributes of a tag's text, as a Map (a bare attribute maps to ''). */
function attributes(tag) {
  const found = new Map();
  for (const [, name, , quoted, bare] of tag.matchAll(/([\w-]+)(\s*=\s*(?:"([^"]*)"|([^\s"'>/]+)))?/g)) {
    found.set(name, quoted ?? bare ?? '');
  }
  return found;
}

/**
 * The page's Content-Security-Policy, as a `<meta>` so that it holds on any host: scripts only
 * from the site itself and the page's own inline scripts (by their hashes), WebAssembly compiled
 * (`'wasm-unsafe-eval'`, no other eval), the workers from the site or the blob the engine's
 * loader makes, connections to the site only (its WebSockets included), no plugins, no other
 * base. (Framing by other sites is refused by the game server's header, which a `<meta>` cannot
 * say.)
 */
function policy(page) {
  const inline = [...page.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' ${inline.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** Marks the main module's tag until the page's modules are all built. */
const loader = Symbol('loader');

/**
 * The page's start: which of its modules starts the app, fetched at once, then started. The
 * first screen's (`first`: the front page and the game) on a first visit to an address it shows,
 * the link's (`link`: the game with live play) on a first visit to a live game's link; the whole
 * app's (`whole`) on a page the service worker serves (every visit after the first: the worker
 * keeps every file) and at any other address. The whole app's module also takes over from
 * the first's later (`topochessWhole()` in index.html, web/src/app/whole.rs).
 */
function startPage(pages) {
  return [
    '<script>',
    `window.topochessModules = ${JSON.stringify(pages)};`,
    '(() => {',
    '  const modules = window.topochessModules;',
    '  const hash = location.hash;',
    "  const firstShows = !hash.startsWith('#/') || /^#\\/(play(\\/\\d+)?\\/?)?$/.test(hash);",
    '  const kept = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);',
    "  const liveLink = /^#\\/live\\/[0-9a-fA-F]{16}(\\/(white|black))?$/.test(hash);",
    '  const first = kept ? null : firstShows ? modules.first : liveLink ? modules.link : null;',
    '  const page = first ?? modules.whole;',
    '  window.topochessPage = page;',
    '  for (const [rel, href, integrity] of [["modulepreload", page.js, page.jsIntegrity], ["preload", page.wasm, page.wasmIntegrity]]) {',
    "    const link = Object.assign(document.createElement('link'), { rel, href, integrity, crossOrigin: 'anonymous' });",
    "    if (rel === 'preload') Object.assign(link, { as: 'fetch', type: 'application/wasm' });",
    '    document.head.append(link);',
    '  }',
    '})();',
    '</script>',
    '<script type="module">',
    'const glue = await import(window.topochessPage.js);',
    'const wasm = await glue.default({ module_or_path: window.topochessPage.wasm });',
    'window.wasmBindings = glue;',
    'dispatchEvent(new CustomEvent("topochess-started", { detail: { wasm } }));',
    '</script>',
  ].join('\n    ');
}

const hash = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
const integrity = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

const html = readFileSync(join(root, 'index.html'), 'utf8');
const tags = [...html.matchAll(/<link\s+data-trunk\b[^>]*>/g)].map((m) => ({ text: m[0], attrs: attributes(m[0]) }));
const rust = tags.filter((t) => t.attrs.get('rel') === 'rust');
const staging = mkdtempSync(join(dirname(dist), `.${basename(dist)}-staging-`));

try {
  // The cargo builds: one command a crate and profile, each naming its binaries.
  const profiles = new Map();
  for (const t of rust) {
    const manifest = t.attrs.get('href');
    const profile = t.attrs.get('data-cargo-profile-release') ?? 'release';
    const features = (t.attrs.get('data-cargo-features') ?? '').split(/[\s,]+/).filter(Boolean).sort();
    const key = `${manifest} ${profile} ${features.join(',')}`;
    const build = profiles.get(key) ?? { manifest, profile, bins: [], features: new Set(features) };
    build.bins.push(t.attrs.get('data-bin'));
    profiles.set(key, build);
  }
  for (const { manifest, profile, bins, features } of profiles.values()) {
    run('cargo', ['build', '--target', 'wasm32-unknown-unknown', '--manifest-path', manifest,
      '--profile', profile, '--locked', ...bins.flatMap((b) => ['--bin', b]),
      ...(features.size ? ['--features', [...features].join(',')] : [])]);
  }

  const replacements = new Map();
  // The page's modules, by their `data-type`: `main` (the whole app) and `first`.
  const pages = {};
  for (const t of rust) {
    const bin = t.attrs.get('data-bin');
    const profile = t.attrs.get('data-cargo-profile-release') ?? 'release';
    const type = t.attrs.get('data-type');
    const main = type !== 'worker';
    const built = join(target, 'wasm32-unknown-unknown', profile, `${bin}.wasm`);
    const out = mkdtempSync(join(staging, `.bindgen-${bin}-`));
    run('wasm-bindgen', ['--target', 'web', '--out-dir', out, '--out-name', bin, '--no-typescript', built]);
    const level = t.attrs.get('data-wasm-opt');
    const wasmFile = join(out, `${bin}_bg.wasm`);
    if (level && level !== '0') run('wasm-opt', [...wasmOpt(level), ...(process.env.TOPOCHESS_WASM_NAMES ? ['-g'] : []), wasmFile, '-o', wasmFile]);
    const wasm = readFileSync(wasmFile);
    const js = readFileSync(join(out, `${bin}.js`));
    const name = main ? `${bin}-${hash(wasm)}` : bin;
    writeFileSync(join(staging, `${name}_bg.wasm`), wasm);
    writeFileSync(join(staging, `${name}.js`), js);
    if (existsSync(join(out, 'snippets'))) cpSync(join(out, 'snippets'), join(staging, 'snippets'), { recursive: true });
    rmSync(out, { recursive: true });
    if (main) {
      pages[type === 'main' ? 'whole' : type] = {
        js: `./${name}.js`, wasm: `./${name}_bg.wasm`, jsIntegrity: integrity(js), wasmIntegrity: integrity(wasm),
      };
    }
    replacements.set(t.text, type === 'main' ? loader : '');
  }
  if (!pages.whole) throw new Error('index.html: no data-type="main" module');
  for (const [tag, text] of replacements) if (text === loader) replacements.set(tag, startPage(pages));

  for (const t of tags.filter((t) => t.attrs.get('rel') !== 'rust')) {
    const rel = t.attrs.get('rel');
    const source = join(root, t.attrs.get('href'));
    if (rel === 'css') {
      const css = readFileSync(source);
      const name = `${basename(source, '.css')}-${hash(css)}.css`;
      writeFileSync(join(staging, name), css);
      replacements.set(t.text, `<link rel="stylesheet" href="./${name}" integrity="${integrity(css)}">`);
    } else if (rel === 'copy-file' || rel === 'copy-dir') {
      cpSync(source, join(staging, basename(source)), { recursive: true });
      replacements.set(t.text, '');
    } else {
      throw new Error(`index.html: a data-trunk link this build does not know: ${t.text}`);
    }
  }

  let page = html;
  for (const [tag, replacement] of replacements) page = page.replace(tag, replacement);
  // The lines emptied of their tags go too.
  page = page.replace(/^[ \t]*\n/gm, '');
  page = page.replace('<head>', `<head>\n    <meta http-equiv="Content-Security-Policy" content="${policy(page)}" />`);
  writeFileSync(join(staging, 'index.html'), page);

  run('bash', [join(root, 'scripts', 'post-build.sh'), staging], { SITE_PROFILE: 'release' });
  rmSync(dist, { recursive: true, force: true });
  renameSync(staging, dist);
  console.log(`[build] the site is in ${dist}: ${readdirSync(dist).length} entries`);
} catch (e) {
  rmSync(staging, { recursive: true, force: true });
  console.error(`[build] failed: ${e.message}`);
  process.exit(1);
}

#!/usr/bin/env node
// What a wasm module's code is made of: its functions' bytes by crate, and the page crate's by
// module (two levels: `app::state`, `account::view`), from the function names cargo's build keeps
// (the module before wasm-bindgen and wasm-opt, which drop the names and 5 % of the code):
//
//   node scripts/module-sizes.mjs target/web/wasm32-unknown-unknown/ui/app.wasm [rows]
//
// For choosing what leaves the first module: a screen's share is its module's rows here, plus
// what it makes Yew and serde compile for it (counted under theirs, not its own).
import { readFileSync } from 'node:fs';

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/module-sizes.mjs MODULE.wasm [rows]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 25);
const bytes = readFileSync(file);

/** Reads an unsigned LEB128 at `at`: [value, next offset]. */
function leb(at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return [value, at];
  }
}

/** Skips a limits record (tables, memories) at `at`. */
function skipLimits(at) {
  const flags = bytes[at++];
  let [, next] = leb(at);
  if (flags & 1) [, next] = leb(next);
  return next;
}

let importedFunctions = 0;
const bodies = [];
const names = new Map();
for (let at = 8; at < bytes.length;) {
  const id = bytes[at++];
  const [size, start] = leb(at);
  const end = start + size;
  let p = start;
  if (id === 2) {
    let count;
    [count, p] = leb(p);
    for (let i = 0; i < count; i++) {
      for (let s = 0; s < 2; s++) {
        const [len, q] = leb(p);
        p = q + len;
      }
      const kind = bytes[p++];
      if (kind === 0) { [, p] = leb(p); importedFunctions++; }
      else if (kind === 1) p = skipLimits(p + 1);
      else if (kind === 2) p = skipLimits(p);
      else if (kind === 3) p += 2;
      else if (kind === 4) [, p] = leb(p + 1);
    }
  } else if (id === 10) {
    let count;
    [count, p] = leb(p);
    for (let i = 0; i < count; i++) {
      const [len, q] = leb(p);
      bodies.push(len);
      p = q + len;
    }
  } else if (id === 0) {
    const [len, q] = leb(p);
    if (bytes.toString('utf8', q, q + len) === 'name') {
      p = q + len;
      while (p < end) {
        const sub = bytes[p++];
        const [subSize, subStart] = leb(p);
        if (sub === 1) {
          let [count, r] = leb(subStart);
          for (let i = 0; i < count; i++) {
            let index;
            let nameLen;
            [index, r] = leb(r);
            [nameLen, r] = leb(r);
            names.set(index, bytes.toString('utf8', r, r + nameLen));
            r += nameLen;
          }
        }
        p = subStart + subSize;
      }
    }
  }
  at = end;
}
if (names.size === 0) {
  console.error(`${file}: no function names (use the module cargo built, before wasm-bindgen)`);
  process.exit(1);
}

/** A legacy-mangled name's path (`_ZN3yew4html...E` -> `yew::html::...`), or the name itself. */
function demangle(name) {
  const m = /^_ZN(.*)E$/.exec(name);
  if (!m) return name;
  const parts = [];
  for (let s = m[1]; s.length;) {
    const len = /^\d+/.exec(s);
    if (!len) break;
    const n = Number(len[0]);
    parts.push(s.slice(len[0].length, len[0].length + n));
    s = s.slice(len[0].length + n);
  }
  return parts.join('::').replaceAll('..', '::');
}

/** The first crate path in a name: [crate, module, module below]. */
function owner(path) {
  if (path.startsWith('__wbindgen_describe')) return ['(wasm-bindgen\'s descriptors, which it drops)', '', ''];
  const m = /([a-z][a-z0-9_]*)::([A-Za-z_][A-Za-z0-9_]*)(?:::([A-Za-z_][A-Za-z0-9_]*))?/.exec(path);
  return m ? [m[1], m[2], m[3] ?? ''] : [path.split(/[^A-Za-z0-9_]/).find(Boolean) ?? path, '', ''];
}

const byCrate = new Map();
const byModule = new Map();
const add = (map, key, n) => map.set(key, (map.get(key) ?? 0) + n);
let total = 0;
bodies.forEach((size, i) => {
  const [crate, module, below] = owner(demangle(names.get(importedFunctions + i) ?? '?'));
  total += size;
  add(byCrate, crate, size);
  if (crate === 'topochess_web') add(byModule, `${module}::${below}`, size);
});
const table = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, n] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${String(n).padStart(9)} ${(100 * n / total).toFixed(1).padStart(5)} %  ${key}`);
  }
};
console.log(`${file}: ${bodies.length} functions, ${total} bytes of code`);
table('by crate (bytes of code, share)', byCrate);
table('the page crate by module', byModule);

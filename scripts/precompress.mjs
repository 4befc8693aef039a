// Writes a gzip copy (NAME.gz) and a brotli copy (NAME.br, quality 11) beside each text and wasm
// file of a build, for servers that send precompressed files (the game server sends the brotli
// copy to browsers that accept it, else the gzip one). A release build's gzip copies are made by
// zopfli (15 iterations: 5-6% smaller than zlib's level 9, any gzip reader takes them, about 20 s
// for the two modules); other builds use zlib's level 9. Run after each build by
// scripts/post-build.sh, after the service worker is stamped: the copies are not in its list.
// Usage: node scripts/precompress.mjs DIR
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// zopfli is the e2e folder's package (installed with playwright-core and wasm-opt).
const require = createRequire(new URL('../tests/package.json', import.meta.url));
const release = process.env.SITE_PROFILE === 'release' || process.argv.includes('--release');
const zopfli = release ? require('@gfx/zopfli') : null;

const kinds = /\.(wasm|js|css|html|svg|webmanifest|tsv)$/;

async function gzip(body) {
  return zopfli ? Buffer.from(await zopfli.gzipAsync(body, { numiterations: 15 })) : gzipSync(body, { level: 9 });
}

async function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) await walk(path);
    else if (kinds.test(name)) {
      const body = readFileSync(path);
      writeFileSync(`${path}.gz`, await gzip(body));
      writeFileSync(`${path}.br`, brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }));
    }
  }
}

await walk(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'dist');

// Writes a gzip copy (NAME.gz, level 9) and a brotli copy (NAME.br, quality 11) beside each text
// and wasm file of a build, for servers that send precompressed files (the game server sends the
// brotli copy to browsers that accept it, else the gzip one). Run after each build by
// scripts/post-build.sh, after the service worker is stamped: the copies are not in its list.
// Usage: node scripts/precompress.mjs DIR
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const kinds = /\.(wasm|js|css|html|svg|webmanifest|tsv)$/;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (kinds.test(name)) {
      const body = readFileSync(path);
      writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      writeFileSync(`${path}.br`, brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }));
    }
  }
}

walk(process.argv[2] ?? 'dist');

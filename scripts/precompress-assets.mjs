// Compresses the web build's text assets once, at build time (ADR 0056): a `.br` (brotli, quality
// 11) and a `.gz` (gzip, level 9) beside each JS, CSS, SVG, JSON, XML or text file of at least
// 1 KB, kept only when smaller. @fastify/static (preCompressed) serves them to clients that accept
// the encoding, so no request pays for compressing a file that never changes.
//
//   node scripts/precompress-assets.mjs apps/web/build/client
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(?:js|mjs|css|svg|json|webmanifest|xml|txt|html|map)$/i;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

const root = path.resolve(process.argv[2] ?? 'build/client');
let count = 0;
let raw = 0;
let brotli = 0;
for (const file of files(root)) {
  if (statSync(file).size < MIN_BYTES) continue;
  const body = readFileSync(file);
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = gzipSync(body, { level: 9 });
  if (br.length < body.length) writeFileSync(`${file}.br`, br);
  if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
  count++;
  raw += body.length;
  brotli += Math.min(br.length, body.length);
}
console.log(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli`);

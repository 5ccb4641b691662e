// Prints each route's first-load JavaScript, gzipped: the client entry, every route module from the
// root down to it, and the chunks they import statically (React Router's own asset manifest).
// `node scripts/bundle-size.mjs [buildDir] [--max-kb=150] [routeId…]` fails when a named route is over.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const positional = args.filter((a) => !a.startsWith('--'));
const buildDir = path.resolve(positional[0] ?? 'apps/web/build');
const checked = positional.slice(1);
const maxKb = Number(args.find((a) => a.startsWith('--max-kb='))?.split('=')[1] ?? Infinity);
const { assets, routes } = await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href);

const sizes = new Map();
const gzipKb = (url) => {
  if (!sizes.has(url)) sizes.set(url, gzipSync(readFileSync(path.join(buildDir, 'client', url))).length / 1024);
  return sizes.get(url);
};
function firstLoadKb(routeId) {
  const files = new Set([assets.entry.module, ...assets.entry.imports]);
  for (let id = routeId; id; id = routes[id]?.parentId) {
    const route = assets.routes[id];
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files].reduce((sum, file) => sum + gzipKb(file), 0);
}

const rows = Object.keys(assets.routes)
  .map((id) => ({ id, kb: firstLoadKb(id) }))
  .sort((a, b) => b.kb - a.kb);
for (const { id, kb } of rows) process.stdout.write(`${kb.toFixed(1).padStart(7)} KB  ${id}\n`);
const over = checked.filter((id) => firstLoadKb(id) > maxKb);
for (const id of over)
  process.stderr.write(`${id}: ${firstLoadKb(id).toFixed(1)} KB gzipped first-load JS is over ${maxKb} KB\n`);
process.exit(over.length ? 1 : 0);

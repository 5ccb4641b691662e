// Bundles the API server (and the workspace packages it imports) into dist/server.js so
// production runs plain JavaScript on Node 20; npm packages stay external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifests = ['./package.json', '../../packages/db/package.json', '../../packages/contract/package.json'];
const external = new Set();
for (const file of manifests) {
  const pkg = JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));
  for (const name of Object.keys(pkg.dependencies ?? {})) if (!name.startsWith('@fretline/')) external.add(name);
}

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external].flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});

// Bundles the service worker (apps/web/service-worker/sw.ts, ADR 0079) into one classic script at
// build/client/sw.js, beside the app's files: a classic worker runs in every browser that has
// service workers, and served from the root it may answer the whole site. Run by the web
// workspace's build, after React Router's (which empties build/client first).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');

await build({
  configFile: false,
  root: web,
  logLevel: 'warn',
  // Workbox reads NODE_ENV to leave its development logging out.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: path.join(web, 'build/client'),
    emptyOutDir: false,
    copyPublicDir: false,
    minify: true,
    lib: { entry: path.join(web, 'service-worker/sw.ts'), formats: ['iife'], name: 'fretlineServiceWorker', fileName: () => 'sw.js' },
  },
});

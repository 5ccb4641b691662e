import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

/**
 * Every page loads the client entry and the root route with everything they import statically;
 * left to itself the bundler cut that into ~30 files of 1–2 KB, and a phone on slow 4G pays a round
 * trip per handful of them before the page is interactive (six connections over HTTP/1.1), which
 * cost the first paint most of Lighthouse's points (ADR 0056). This plugin gathers that always-
 * loaded set into one `shell` chunk: no page loads a byte more, and it saves two dozen requests.
 * Modules only some routes use keep the bundler's automatic chunking.
 */
function shellChunk(): Plugin {
  const imports = new Map<string, readonly string[]>();
  let shell: Set<string> | undefined;
  const isRoot = (id: string) => /[\\/]app[\\/](root|entry\.client)\.tsx$/.test(id);
  const inShell = (id: string) =>
    /[\\/]apps[\\/]web[\\/]app[\\/]/.test(id) ||
    /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|dayjs|ky|qs-esm)[\\/]/.test(id);
  const shellModules = () => {
    if (shell) return shell;
    shell = new Set();
    const stack = [...imports.keys()].filter(isRoot);
    while (stack.length) {
      const id = stack.pop()!;
      if (shell.has(id)) continue;
      // The contract package is reached through barrels whose re-exports feed staff and editor
      // routes: following them would ship those schemas to every page, so they stay automatic.
      if (!inShell(id)) continue;
      shell.add(id);
      stack.push(...(imports.get(id) ?? []));
    }
    // The entry and root modules stay their own chunks (React Router's manifest names them).
    for (const id of [...shell]) if (isRoot(id)) shell.delete(id);
    return shell;
  };
  return {
    name: 'fretline:shell-chunk',
    apply: 'build',
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: {
          rolldownOptions: {
            output: { codeSplitting: { groups: [{ name: 'shell', test: (id: string) => shellModules().has(id) }] } },
          },
        },
      };
    },
    moduleParsed(info) {
      if (this.environment?.name === 'client') imports.set(info.id, info.importedIds);
    },
  };
}

/**
 * alphaTab draws a lesson's score with the Bravura music font (ADR 0088), which it loads from
 * `core.fontDirectory`: the app serves it from its own assets (no CDN; nothing reaches the internet),
 * copied from the installed package at build so it always matches the library's version. woff2 is
 * the first source alphaTab lists and every browser we support reads it; the licence goes with it.
 */
function alphaTabFont(): Plugin {
  let outDir = '';
  return {
    name: 'fretline:alphatab-font',
    apply: 'build',
    configResolved(config) {
      outDir = config.environments.client?.build.outDir ?? config.build.outDir;
    },
    async writeBundle() {
      if (this.environment?.name !== 'client') return;
      const fonts = join(dirname(createRequire(import.meta.url).resolve('@coderline/alphatab')), 'font');
      const target = join(outDir, 'alphatab', 'font');
      await mkdir(target, { recursive: true });
      for (const file of ['Bravura.woff2', 'Bravura-OFL.txt']) await copyFile(join(fonts, file), join(target, file));
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), shellChunk(), alphaTabFont()],
  server: {
    // `npm run dev:web` talks to an API started separately (API_URL, default :3001).
    proxy: { '/api': process.env.API_URL ?? 'http://127.0.0.1:3001' },
  },
});

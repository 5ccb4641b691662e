import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The API's import graph is enforced by lint (ADR 0050). This proves each rule fails on a
 * deliberate violation: a tiny copy of the API's layout is written to a folder inside the
 * repository (so the resolver and the parser load from its node_modules) and linted with the very
 * settings and rules eslint.config.js exports. No type information is needed, so it stays fast.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');

interface GraphRules {
  importSettings: Record<string, unknown>;
  noCycleRule: Linter.RuleEntry;
  apiImportZones(root: string): Linter.Config;
  default: Linter.Config[];
}

const FIXTURE: Record<string, string> = {
  // Two services asking each other through their index.ts: allowed as imports, but a circle.
  'services/alpha/index.ts': "export { alpha } from './alpha.service.ts';\n",
  'services/alpha/alpha.service.ts': "import { beta } from '../beta/index.ts';\nexport const alpha = () => beta() + 1;\n",
  'services/beta/index.ts': "export { beta } from './beta.service.ts';\n",
  'services/beta/beta.service.ts':
    "import { alpha } from '../alpha/index.ts';\nexport const beta = () => (alpha.length ? 1 : 0);\n",
  // A nested folder of a service reaching into another service's internals, and through its door.
  'services/staff/index.ts': "export { recordAudit } from './audit.ts';\n",
  'services/staff/audit.ts': 'export const recordAudit = () => undefined;\n',
  'services/videos/index.ts': 'export const videos = 1;\n',
  'services/videos/videos.service.ts': 'export const sanitize = (s: string) => s;\n',
  'services/videos/editor/into-internals.ts':
    "import { recordAudit } from '../../staff/audit.ts';\nexport const a = recordAudit;\n",
  'services/videos/editor/through-index.ts':
    "import { recordAudit } from '../../staff/index.ts';\nimport { sanitize } from '../videos.service.ts';\nexport const b = [recordAudit, sanitize];\n",
  // The layers below the services, and the composition root above them.
  'plugins/guards.ts': "import { alpha } from '../services/alpha/index.ts';\nexport const g = alpha;\n",
  'platform/mail/links.ts': "import { videos } from '../../services/videos/index.ts';\nexport const l = videos;\n",
  'platform/errors.ts': 'export const e = 1;\n',
  'app.ts':
    "import { alpha } from './services/alpha/index.ts';\nimport { e } from './platform/errors.ts';\nexport const app = [alpha, e];\n",
};

let fixtureRoot: string;
let graph: GraphRules;
let eslint: ESLint;

beforeAll(async () => {
  graph = (await import(pathToFileURL(path.join(repoRoot, 'eslint.config.js')).href)) as GraphRules;
  fixtureRoot = mkdtempSync(path.join(repoRoot, '.lint-fixtures-'));
  for (const [file, text] of Object.entries(FIXTURE)) {
    const full = path.join(fixtureRoot, 'apps/api/src', file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  eslint = new ESLint({
    cwd: fixtureRoot,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { 'import-x': importX },
        settings: graph.importSettings,
        rules: { 'import-x/no-cycle': graph.noCycleRule },
      },
      graph.apiImportZones(fixtureRoot),
    ],
  });
});

afterAll(() => {
  if (fixtureRoot) rmSync(fixtureRoot, { recursive: true, force: true });
});

async function problems(file: string): Promise<Array<{ rule: string | null; message: string }>> {
  const [result] = await eslint.lintFiles([path.join(fixtureRoot, 'apps/api/src', file)]);
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }));
}

describe('the API import graph rules', () => {
  it('are the rules eslint.config.js applies to the API', () => {
    const configs = graph.default;
    expect(configs.some((c) => c.rules?.['import-x/no-cycle'] === graph.noCycleRule && c.settings === graph.importSettings)).toBe(
      true,
    );
    const zones = configs.find((c) => c.rules?.['import-x/no-restricted-paths']);
    expect(zones?.files).toEqual(['apps/api/src/**/*.ts']);
    expect(JSON.stringify(zones?.rules)).toBe(JSON.stringify(graph.apiImportZones(repoRoot).rules));
  });

  it('reports an import circle between two services, even through their index.ts', async () => {
    expect(await problems('services/alpha/alpha.service.ts')).toContainEqual(
      expect.objectContaining({ rule: 'import-x/no-cycle' }),
    );
  });

  it('reports a nested folder importing another service past its index.ts', async () => {
    expect(await problems('services/videos/editor/into-internals.ts')).toEqual([
      expect.objectContaining({
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('only through its index.ts'),
      }),
    ]);
  });

  it("allows another service's index.ts and the service's own files from a nested folder", async () => {
    expect(await problems('services/videos/editor/through-index.ts')).toEqual([]);
  });

  it('reports plugins/ and platform/ importing a service', async () => {
    for (const file of ['plugins/guards.ts', 'platform/mail/links.ts']) {
      expect(await problems(file)).toEqual([
        expect.objectContaining({ rule: 'import-x/no-restricted-paths', message: expect.stringContaining('below the services') }),
      ]);
    }
  });

  it('lets app.ts, the composition root, import services and platform', async () => {
    expect(await problems('app.ts')).toEqual([]);
  });
});

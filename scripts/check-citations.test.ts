import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { findCitations, productAnchors } from './check-citations.mjs';

const PRODUCT = [
  '# Fretline',
  '## Calls',
  '## States',
  '### Helpdesk form',
  '## Validation',
  '### Helpdesk form',
  '## Staff tools {#tools}',
].join('\n');
const anchors = productAnchors(PRODUCT);
const lines = (file: string, src: string) => findCitations(file, src, anchors).map((f) => f.line);

describe('check-citations', () => {
  it('names the anchors GitHub gives the headings, repeats numbered, plus explicit ids', () => {
    expect([...anchors]).toEqual([
      'fretline',
      'calls',
      'states',
      'helpdesk-form',
      'validation',
      'helpdesk-form-1',
      'tools',
      'staff-tools',
    ]);
  });

  it('flags a comment that cites a section of the old spec, and says where it went', () => {
    const findings = findCitations('a.ts', 'const a = 1;\n// spec §7: the error body\n', anchors);
    expect(findings).toEqual([{ line: 2, message: expect.stringContaining('product.md#calls') as string }]);
    expect(lines('a.tsx', '/**\n * Bounds (§5).\n */\nexport const b = 2;\n')).toEqual([2]);
  });

  it('flags an issue number in a comment, but not the verb', () => {
    expect(lines('b.ts', 'export const t = 1; /* The thread list (issue 12). */\n')).toEqual([1]);
    expect(lines('b.ts', '// Fixed in #13.\n')).toEqual([1]);
    expect(lines('b.ts', '// Sign-in may issue a new token; issues of the magazine are not ours.\n')).toEqual([]);
    expect(lines('run', '#!/usr/bin/env bash\n# Issue 4: the video page stays small.\necho "#1"\n')).toEqual([2]);
  });

  it('flags a pointer at a section docs/product.md does not have, and accepts the ones it has', () => {
    expect(lines('c.ts', '// The calls (product.md#nowhere).\n')).toEqual([1]);
    expect(lines('c.ts', '// Allowed moves (product.md#states, #nowhere).\n')).toEqual([1]);
    expect(
      lines('c.ts', '// The calls (product.md#calls).\n// Which (product.md#states, #validation and #helpdesk-form-1).\n'),
    ).toEqual([]);
    expect(lines('d.md', 'See [product.md#calls](../product.md#calls) and [tools](../product.md#tools).\n')).toEqual([]);
  });

  it('leaves strings, templates and regex literals alone, and keeps reading comments after them', () => {
    const src = [
      "const label = 'spec §7 (issue 12) product.md#nowhere';",
      'const sign = `§${label}`; // a template with a hole',
      "const quote = /'/g; const url = /https?:\\/\\/x/; // RFC 6265 §5.2 is another text",
      'const half = 4 / 2; // and after a division: issue 9',
    ].join('\n');
    expect(lines('e.ts', src)).toEqual([4]);
  });

  it('reads Markdown prose, not code fences or inline code', () => {
    const md = [
      '# A decision',
      '',
      'Spec §4 said so.',
      'The old text said `spec §4` (`issue 7`).',
      '```',
      '// spec §4',
      '```',
      'Issue 7.',
    ];
    expect(lines('docs/decisions/0001-x.md', md.join('\n'))).toEqual([3, 8]);
  });

  it("knows docs/product.md's sections by the names comments use", () => {
    const real = productAnchors(readFileSync(path.join(import.meta.dirname, '../docs/product.md'), 'utf8'));
    for (const anchor of [
      'product',
      'glossary',
      'pages',
      'entities',
      'states',
      'validation',
      'roles',
      'calls',
      'errors',
      'constants',
      'staff-tools',
    ])
      expect(real.has(anchor), anchor).toBe(true);
  });
});

// Fails on a comment or doc that cites what a reader cannot open: a section number of the old product
// spec, an issue number, or a section of docs/product.md that does not exist (a renamed heading). The
// spec and the issues are gone; docs/product.md and the ADRs say what they said.
//   node scripts/check-citations.mjs [checkout]   prints `file:line: message` per finding; exit 1 if any
// Read: comments of tracked .ts/.tsx/.js/.mjs/.cjs files, `#` lines in .ci/, and docs/**/*.md (not
// product.md) and README.md outside code fences and inline code. Strings are data, never citations.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// Where each numbered section of the old spec now lives, to say so in the message.
const SECTIONS = ['', '#product', '#pages', '#entities', '#states', '#validation', '#roles', '#calls', '#errors', '#constants'];

const RULES = [
  [/\b[Ss]pec(?:'s)? §\d*|§\d/g, (m) => `"${m}" cites the old spec; point at product.md${SECTIONS[m.match(/\d/)?.[0]] ?? ''}`],
  // An issue number after the word or a hash sign; not an HTML entity, a URL's fragment or an id like `x-1`.
  [/\b[Ii]ssues? ?#?\d+\b|(?<![\w&/#])#\d{1,3}\b(?![\w-])/g, (m) => `"${m}" cites an issue number; name its ADR or its subject`],
  [/\bteam brief\b/g, () => '"team brief" cites a text outside the repository; point at docs/product.md or an ADR'],
];

/** GitHub's anchors for a Markdown text's headings (`-1`, `-2` for repeats), plus any explicit `{#id}`. */
export function productAnchors(markdown) {
  const anchors = new Set();
  const seen = new Map();
  for (const { text } of markdownLines(markdown)) {
    const heading = text.match(/^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/)?.[1];
    if (heading === undefined) continue;
    for (const [, id] of heading.matchAll(/\{#([\w-]+)\}/g)) anchors.add(id);
    const slug = heading
      .replace(/\{#[\w-]+\}/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}_\- ]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n ? `${slug}-${n}` : slug);
  }
  return anchors;
}

/** The findings of one file: `[{ line, message }]`. `anchors` is productAnchors(docs/product.md). */
export function findCitations(path, src, anchors) {
  const lines = /\.[cm]?[jt]sx?$/.test(path) ? commentLines(src) : path.endsWith('.md') ? markdownLines(src) : shellLines(src);
  const out = [];
  for (const { line, text } of lines) {
    const probe = text.replace(/RFC \d+ §[\d.]+/g, ''); // another standard's sections are fine
    for (const [re, message] of RULES) for (const [m] of probe.matchAll(re)) out.push({ line, message: message(m) });
    // One section or a run of them after product.md, and the older form that quoted a heading.
    for (const m of text.matchAll(/product\.md(#[\w-]+)((?:(?:, | and | or |\/)#[\w-]+)*)/g))
      for (const a of [m[1], ...(m[2].match(/#[\w-]+/g) ?? [])])
        if (!anchors.has(a.slice(1))) out.push({ line, message: `product.md${a} is not a heading of docs/product.md` });
    for (const [, heading] of text.matchAll(/product\.md "([^"]+)"/g))
      out.push({ line, message: `product.md "${heading}": point at a section as product.md#anchor` });
  }
  return out;
}

/** Each line of each comment of a JS/TS source, skipping strings, templates and regex literals. */
function commentLines(src) {
  const out = [];
  const n = src.length;
  const holes = []; // brace depth at which each open template `${` closes
  let depth = 0;
  let prev = ''; // the last significant character outside comments, '' at the start ('a' for a word or literal)
  let i = 0;
  const template = (j) => {
    for (; j < n; j++) {
      if (src[j] === '\\') j++;
      else if (src[j] === '`') return j + 1;
      else if (src[j] === '$' && src[j + 1] === '{') {
        holes.push(depth++);
        return j + 2;
      }
    }
    return n;
  };
  while (i < n) {
    const c = src[i];
    if (c === '/' && (src[i + 1] === '/' || src[i + 1] === '*')) {
      const block = src[i + 1] === '*';
      let j = src.indexOf(block ? '*/' : '\n', i + 2);
      j = j < 0 ? n : block ? j + 2 : j;
      const first = src.slice(0, i).split('\n').length;
      for (const [k, text] of src.slice(i, j).split('\n').entries()) out.push({ line: first + k, text });
      i = j;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      i = j + 1;
      prev = 'a';
    } else if (c === '`' || (c === '}' && holes.at(-1) === depth - 1)) {
      if (c === '}') depth = holes.pop();
      const open = holes.length;
      i = template(i + 1);
      prev = holes.length > open ? '{' : 'a';
    } else if (c === '/' && regexMayStart(prev, src.slice(Math.max(0, i - 8), i))) {
      let j = i + 1;
      for (let cls = false; j < n && src[j] !== '\n' && (cls || src[j] !== '/'); j++)
        if (src[j] === '\\') j++;
        else if (src[j] === '[' || src[j] === ']') cls = src[j] === '[';
      const literal = src[j] === '/';
      i = literal ? j + 1 : i + 1;
      prev = literal ? 'a' : c; // or a division after all
    } else {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      if (!/\s/.test(c)) prev = /[\w$]/.test(c) ? 'a' : c;
      i++;
    }
  }
  return out;
}

/** Whether a `/` after `prev` (and the text `before` it) opens a regex literal rather than dividing. */
function regexMayStart(prev, before) {
  return (
    '(,=:[!&|?{};+-*%<>~^'.includes(prev) ||
    /(?:^|[^\w$])(?:return|typeof|case|in|of|void|yield|await|throw)$/.test(before.trimEnd())
  );
}

/** Whole-line `#` comments of a shell script (not the `#!` line). */
function shellLines(src) {
  return src.split('\n').flatMap((text, k) => (/^\s*#(?!!)/.test(text) ? [{ line: k + 1, text }] : []));
}

/** Markdown lines outside code fences, with inline code emptied. */
function markdownLines(src) {
  let fence = null;
  return src.split('\n').flatMap((text, k) => {
    const marker = text.match(/^\s*(`{3,}|~{3,})/)?.[1];
    if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) fence = fence ? null : marker;
    if (marker || fence) return [];
    return [{ line: k + 1, text: text.replace(/(`+).+?\1/g, '``') }];
  });
}

/** Every finding in the tracked files of the checkout at `root`, as `file:line: message`. */
function checkCheckout(root) {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  const anchors = productAnchors(readFileSync(join(root, 'docs/product.md'), 'utf8'));
  const docs = (f) => f === 'README.md' || (/^docs\/.*\.md$/.test(f) && f !== 'docs/product.md');
  const out = [];
  for (const file of tracked.filter((f) => /\.[cm]?[jt]sx?$/.test(f) || f.startsWith('.ci/') || docs(f))) {
    const src = readFileSync(join(root, file), 'utf8');
    if (src.includes('\0')) continue; // media/'s MPEG-TS segments end in .ts too
    for (const { line, message } of findCitations(file, src, anchors)) out.push(`${file}:${line}: ${message}`);
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const findings = checkCheckout(process.argv[2] ?? '.');
  for (const f of findings) console.log(f);
  if (findings.length) {
    console.error(`${findings.length} citation(s) of the old spec, of issue numbers or of missing product.md sections`);
    process.exitCode = 1;
  }
}

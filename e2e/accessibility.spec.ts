import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';

import { signInContext } from './support/auth.ts';

// WCAG 2.2 AA checks with axe-core on the pages each kind of user reaches, on a phone and on a
// desktop. axe is injected as a script: its Playwright wrapper needs Node 22 (ADR 0041).

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeResult {
  violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
}

/** Each failed rule on the page, with where it failed: one readable line a rule. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  // Without a context axe checks the whole document (the e2e files are typed without the DOM).
  const result = await page.evaluate(
    (tags) =>
      (globalThis as unknown as { axe: { run: (o: object) => Promise<AxeResult> } }).axe.run({
        runOnly: { type: 'tag', values: tags },
      }),
    WCAG_TAGS,
  );
  return result.violations.map((v) => `${v.id} (${v.impact ?? 'n/a'}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * What the W3C checker finds and axe's WCAG rules do not: an aria-labelledby naming an id that is
 * not there (an id with a space in it reads as two ids), a <time> without a machine-readable
 * datetime, and a heading that skips a level (h1 then h3).
 */
async function markupFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const doc = (
      globalThis as unknown as {
        document: { querySelectorAll: (s: string) => ArrayLike<DomNode>; getElementById: (id: string) => DomNode | null };
      }
    ).document;
    interface DomNode {
      tagName: string;
      textContent: string | null;
      getAttribute: (n: string) => string | null;
      hasAttribute: (n: string) => boolean;
      closest: (s: string) => DomNode | null;
    }
    const faults: string[] = [];
    for (const el of Array.from(doc.querySelectorAll('[aria-labelledby]'))) {
      for (const id of (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean)) {
        if (!doc.getElementById(id)) faults.push(`aria-labelledby names a missing id "${id}" on a ${el.tagName.toLowerCase()}`);
      }
    }
    for (const time of Array.from(doc.querySelectorAll('time'))) {
      if (!time.hasAttribute('datetime')) faults.push(`<time> without datetime: "${time.textContent?.trim()}"`);
    }
    let previous = 0;
    for (const heading of Array.from(doc.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
      if (heading.closest('[hidden], [aria-hidden="true"], dialog:not([open])')) continue;
      const level = Number(heading.tagName.slice(1));
      if (previous && level > previous + 1) faults.push(`h${previous} then h${level}: "${heading.textContent?.trim()}"`);
      previous = level;
    }
    return faults;
  });
}

/** Visits each page and returns every violation, keyed by page, so one run reports them all. */
async function auditPages(page: Page, paths: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(500);
    await page.waitForLoadState('networkidle');
    const violations = [...(await axeViolations(page)), ...(await markupFaults(page))];
    if (violations.length) found[path] = violations;
  }
  return found;
}

test.beforeEach(async ({ context, baseURL }) => {
  // The cookie banner has its own test (consent.spec.ts); here it would cover the page under test.
  await context.addCookies([{ name: 'consent_asked', value: 'true', url: baseURL ?? 'http://localhost:3100' }]);
});

test('a visitor’s pages meet WCAG 2.2 AA as axe checks it @phone', async ({ page }) => {
  test.setTimeout(90_000);
  const found = await auditPages(page, [
    '/',
    '/videos',
    '/videos/sunday-porch',
    // The practice player, chapters and chord diagrams drawn from data (product.md#practice).
    '/videos/first-chords-em-and-g',
    '/courses',
    '/courses/beginner-guitar-course',
    '/live',
    '/free-resources',
    '/free-christmas-mini-songbook',
    '/membership',
    '/helpdesk',
    '/login',
    '/signup',
    '/terms',
    '/a-page-that-does-not-exist',
  ]);
  expect(found).toEqual({});
});

test('a member’s pages meet WCAG 2.2 AA as axe checks it @phone', async ({ page, context, baseURL, request }) => {
  test.setTimeout(90_000);
  const token = await signInContext(context, baseURL, 'member@example.com');
  // One of the member's conversations with the staff (the seed gives them one).
  const threads = await request.get('/api/messages/threads', { headers: { authorization: `Bearer ${token}` } });
  expect(threads.ok(), await threads.text()).toBeTruthy();
  const [thread] = ((await threads.json()) as { data: { threads: { id_thread: number }[] } }).data.threads;
  expect(thread, 'the member has a conversation').toBeDefined();
  const found = await auditPages(page, [
    '/me',
    '/me/edit',
    '/me/notifications',
    '/me/subscriptions',
    '/my-list',
    '/messages',
    `/messages/${thread!.id_thread}`,
  ]);
  expect(found).toEqual({});
});

test('the staff console meets WCAG 2.2 AA as axe checks it @phone', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await signInContext(context, baseURL, 'admin@example.com');
  const found = await auditPages(page, [
    '/staff',
    '/staff/inbox',
    '/staff/inbox/1',
    '/staff/saved-replies',
    '/staff/members',
    '/staff/audit',
    '/staff/analytics',
    '/staff/content/videos',
    '/staff/content/courses',
  ]);
  expect(found).toEqual({});
});

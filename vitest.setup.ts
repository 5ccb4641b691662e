import { afterEach, vi } from 'vitest';

// Testing Library's findBy/waitFor wait on a condition; their default 1 s ceiling is shorter than
// a React render takes when the two cores are shared with other builds, so pages get 5 s (a
// passing wait returns as soon as its condition holds).
if ('document' in globalThis) {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5_000 });
}

// An unexpected console.error (a React warning, a swallowed failure) fails the test that caused it
// (CONVENTIONS.md "Tests"). A test that expects one spies on console.error itself.
const original = console.error;
let unexpected: unknown[][] = [];
console.error = (...args: unknown[]) => {
  unexpected.push(args);
  original(...args);
};
afterEach(() => {
  const calls = unexpected;
  unexpected = [];
  vi.restoreAllMocks();
  if (calls.length) throw new Error(`Unexpected console.error: ${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
});

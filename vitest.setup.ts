import { afterEach, vi } from 'vitest';

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

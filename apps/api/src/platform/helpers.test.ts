import { describe, expect, it } from 'vitest';
import { isUniqueViolation, onUniqueViolation } from './database-errors.ts';
import { escapeHtml } from './html.ts';
import { containsPattern } from './like-pattern.ts';

describe('escapeHtml', () => {
  it('escapes the five characters that can end text or an attribute', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
  });
});

describe('containsPattern', () => {
  it('makes LIKE wildcards typed by a person match themselves', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('unique violations', () => {
  it('are found through the cause a query builder wraps them in', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('query failed', { cause: { code: '23505' } }))).toBe(true);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });

  it('become the caller’s error, while any other failure passes unchanged', async () => {
    const taken = new Error('taken');
    await expect(
      onUniqueViolation(
        () => Promise.reject(Object.assign(new Error('duplicate key'), { code: '23505' })),
        () => taken,
      ),
    ).rejects.toBe(taken);
    const other = new Error('down');
    await expect(
      onUniqueViolation(
        () => Promise.reject(other),
        () => taken,
      ),
    ).rejects.toBe(other);
    await expect(
      onUniqueViolation(
        () => Promise.resolve(7),
        () => taken,
      ),
    ).resolves.toBe(7);
  });
});

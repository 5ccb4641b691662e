import { describe, expect, it } from 'vitest';
import { withArticle } from './text.ts';

describe('withArticle', () => {
  it('picks the article by the following sound', () => {
    expect(withArticle('Access All Areas')).toBe('an Access All Areas');
    expect(withArticle('Fretline membership')).toBe('a Fretline membership');
    expect(withArticle('hour')).toBe('an hour');
    expect(withArticle('university')).toBe('a university');
  });
});

import indefinite from 'indefinite';

/**
 * 'an Access All Areas', 'a Fretline', 'an hour': the indefinite article chosen by the sound of
 * what follows, not by a hard-coded 'a' (ADR 0048). Names come from data, so no text may assume.
 */
export function withArticle(phrase: string): string {
  return indefinite(phrase);
}

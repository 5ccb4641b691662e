import { describe, expect, it } from 'vitest';
import { instrumentFamily, parseSearch, trigramSimilarity, wordTrigrams } from './search.ts';

const names = (search: string) => parseSearch(search).chords.map((chord) => chord.name);

describe('parseSearch (product.md#search)', () => {
  it('reads a set of chord names as chords, with no words left', () => {
    expect(parseSearch('Em G')).toMatchObject({
      words: '',
      chords: [
        { name: 'Em', key: 'em' },
        { name: 'G', key: 'g' },
      ],
    });
    expect(names('Am, C / F')).toEqual(['Am', 'C', 'F']);
  });

  it('reads "A minor" and "E minor G" as the chords Am, Em and G', () => {
    expect(parseSearch('A minor')).toMatchObject({ words: '', chords: [{ name: 'Am', key: 'am' }] });
    expect(names('E minor G')).toEqual(['Em', 'G']);
    expect(names('c major')).toEqual(['C']);
  });

  it('reads a lower-case chord set as chords only when every word is a chord', () => {
    expect(names('em g')).toEqual(['Em', 'G']);
    expect(parseSearch('a horse with no name')).toEqual({ chords: [], words: 'a horse with no name' });
    expect(parseSearch('blues in e')).toEqual({ chords: [], words: 'blues in e' });
  });

  it('splits a mixed search: capital chord names are chords, the rest is text', () => {
    expect(parseSearch('blues E7')).toMatchObject({ words: 'blues', chords: [{ name: 'E7', key: 'e7' }] });
    expect(parseSearch('first song G Em')).toMatchObject({ words: 'first song', chords: [{ name: 'G' }, { name: 'Em' }] });
  });

  it('writes sharps and flats as chord books do and keeps ASCII spellings for lessons typed by hand', () => {
    expect(parseSearch('Bb')).toMatchObject({ chords: [{ name: 'B♭', key: 'bb-barre' }] });
    expect(parseSearch('F#m')).toMatchObject({ chords: [{ name: 'F♯m', key: 'f#m-barre' }] });
    const [outside] = parseSearch('Bbm6').chords;
    expect(outside).toMatchObject({ name: 'B♭m6', key: null });
    expect(outside?.spellings).toEqual(expect.arrayContaining(['b♭m6', 'bbm6']));
  });

  it('names each chord once and leaves words that only look like chords alone', () => {
    expect(names('G G g')).toEqual(['G']);
    expect(parseSearch('Gmaj9th')).toEqual({ chords: [], words: 'Gmaj9th' });
    expect(parseSearch('')).toEqual({ chords: [], words: '' });
  });
});

describe('instrumentFamily', () => {
  it('reads the free-text instrument the way chord diagrams do', () => {
    expect(instrumentFamily('Ukulele')).toBe('ukulele');
    expect(instrumentFamily('Bass Guitar')).toBe('bass');
    expect(instrumentFamily('Electric Guitar')).toBe('guitar');
    expect(instrumentFamily(null)).toBe('guitar');
  });
});

describe('trigramSimilarity', () => {
  it('scores a typo near its word as pg_trgm does', () => {
    expect(trigramSimilarity(wordTrigrams('blus'), wordTrigrams('blues'))).toBeCloseTo(3 / 8);
    expect(trigramSimilarity(wordTrigrams('blues'), wordTrigrams('blues'))).toBe(1);
    expect(trigramSimilarity(wordTrigrams('blus'), wordTrigrams('jazz'))).toBe(0);
  });
});

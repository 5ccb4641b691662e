import { describe, expect, it } from 'vitest';
import { screenBand } from './screen.ts';

describe('screenBand', () => {
  it.each([
    [0, 'xs'],
    [599, 'xs'],
    [600, 'sm'],
    [959, 'sm'],
    [960, 'md'],
    [1263, 'md'],
    [1264, 'lg'],
    [1903, 'lg'],
    [1904, 'xl'],
    [3840, 'xl'],
  ])('puts a width of %i in band %s', (width, band) => {
    expect(screenBand(width)).toBe(band);
  });
});

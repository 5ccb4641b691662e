import { describe, expect, it } from 'vitest';
import {
  activeCueIndex,
  canonicalLanguage,
  cuePlainText,
  formatVttTime,
  parseVttTime,
  readVttCues,
  serializeVtt,
  transcriptText,
} from './captions.ts';

describe('caption rules (ADR 0085)', () => {
  it('writes and reads timings to the millisecond, hours always written', () => {
    expect(formatVttTime(0)).toBe('00:00:00.000');
    expect(formatVttTime(3725.0456)).toBe('01:02:05.046');
    expect(parseVttTime('01:02:05.046')).toBeCloseTo(3725.046);
    expect(parseVttTime('02:05.500')).toBe(125.5);
    expect(parseVttTime('2:5.5')).toBeNull();
    expect(parseVttTime('00:61:00.000')).toBeNull();
  });

  it('serialises cues in start order without blank lines or arrows in their text, and reads them back', () => {
    const vtt = serializeVtt([
      { start: 5, end: 7, text: 'Second\n\nline --> two' },
      { start: 1, end: 2.5, text: '<v Anna>First</v>' },
    ]);
    expect(vtt).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\n<v Anna>First</v>\n\n00:00:05.000 --> 00:00:07.000\nSecond\nline → two\n',
    );
    expect(readVttCues(vtt)).toEqual([
      { start: 1, end: 2.5, text: '<v Anna>First</v>' },
      { start: 5, end: 7, text: 'Second\nline → two' },
    ]);
  });

  it('reads cue settings and identifiers without taking them as text', () => {
    expect(readVttCues('WEBVTT\r\n\r\nintro\r\n00:01.000 --> 00:02.000 align:start\r\nHi')).toEqual([
      { start: 1, end: 2, text: 'Hi' },
    ]);
  });

  it('makes the transcript from the words only', () => {
    expect(cuePlainText('<i>Loose</i> wrist &amp; <00:00:01.000>thumb')).toBe('Loose wrist & thumb');
    expect(
      transcriptText([
        { start: 0, end: 1, text: 'A\nB' },
        { start: 1, end: 2, text: '<b></b>' },
      ]),
    ).toBe('A B');
  });

  it('finds the cue playing now, none in a gap', () => {
    const cues = [
      { start: 1, end: 3, text: 'a' },
      { start: 4, end: 6, text: 'b' },
    ];
    expect(activeCueIndex(cues, 0.5)).toBe(-1);
    expect(activeCueIndex(cues, 1)).toBe(0);
    expect(activeCueIndex(cues, 3.5)).toBe(-1);
    expect(activeCueIndex(cues, 5.99)).toBe(1);
  });

  it('accepts BCP 47 tags in canonical case and refuses the rest', () => {
    expect(canonicalLanguage('EN-gb')).toBe('en-GB');
    expect(canonicalLanguage('zh-hant-tw')).toBe('zh-Hant-TW');
    expect(canonicalLanguage('english!')).toBeNull();
    expect(canonicalLanguage('../en')).toBeNull();
    expect(canonicalLanguage('e')).toBeNull();
  });
});

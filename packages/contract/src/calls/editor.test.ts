import { describe, expect, it } from 'vitest';
import {
  EditorSectionBodySchema,
  EditorSlugSchema,
  EditorVideoBodySchema,
  EditorVideoCoursesBodySchema,
  slugify,
} from './editor.ts';

describe('slugify', () => {
  it('turns a title into a slug: lower case, accents dropped, one hyphen between words', () => {
    expect(slugify('C & D Chords!')).toBe('c-d-chords');
    expect(slugify('  Café Blues — Part 2 ')).toBe('cafe-blues-part-2');
    expect(slugify('***')).toBe('');
  });

  it('makes slugs the slug rule accepts', () => {
    for (const title of ['Slow Practice', 'Rock’n’Roll 1950s', 'x'.repeat(300)]) {
      expect(EditorSlugSchema.safeParse(slugify(title)).success).toBe(true);
    }
  });
});

describe('EditorSlugSchema', () => {
  it('refuses capitals, spaces, double and edge hyphens', () => {
    for (const slug of ['Bad', 'two words', 'a--b', '-a', 'a-', '']) expect(EditorSlugSchema.safeParse(slug).success).toBe(false);
  });
});

describe('EditorVideoBodySchema', () => {
  it('reads a form-encoded body: strings for booleans and numbers, blanks as none, missing lists as empty', () => {
    const body = EditorVideoBodySchema.parse({
      video_title: ' A Title ',
      video_slug: 'a-title',
      video_category: 'Song',
      video_premium: 'true',
      video_order: '3',
      video_artist: '',
      video_stream_duration: '',
    });
    expect(body).toMatchObject({
      video_title: 'A Title',
      video_player: 'stream',
      video_premium: true,
      video_order: 3,
      video_artist: null,
      video_stream_duration: null,
      video_sections: [],
      video_chords: [],
      video_tags: [],
    });
  });

  it('gives a tag without a slug one made from its name, and refuses the same tag twice', () => {
    const base = { video_title: 'T', video_slug: 't', video_category: 'Lesson' };
    expect(EditorVideoBodySchema.parse({ ...base, video_tags: [{ tag_name: 'Open Chords' }] }).video_tags).toEqual([
      { tag_name: 'Open Chords', tag_slug: 'open-chords' },
    ]);
    const twice = EditorVideoBodySchema.safeParse({ ...base, video_tags: [{ tag_name: 'Rock' }, { tag_name: 'ROCK' }] });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.path).toEqual(['video_tags', 1, 'tag_name']);
  });
});

describe('EditorVideoBodySchema chords', () => {
  const base = { video_title: 'T', video_slug: 't', video_category: 'Lesson' };
  it('takes a shape with as many strings as the lesson’s instrument', () => {
    const uke = EditorVideoBodySchema.parse({
      ...base,
      video_instrument: 'Ukulele',
      video_chords: [{ video_chord_text: 'C', video_chord_frets: '0003', video_chord_fingers: '0003' }],
    });
    expect(uke.video_chords[0]).toMatchObject({ video_chord_frets: '0 0 0 3', video_chord_fingers: '0 0 0 3' });
    const guitar = EditorVideoBodySchema.safeParse({
      ...base,
      video_chords: [{ video_chord_text: 'C', video_chord_frets: '0003' }],
    });
    expect(guitar.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['video_chords.0.video_chord_frets', 'Write six frets, low E first, like x32010 or 8 10 10 9 8 8 (x = not played).'],
    ]);
  });
});

describe('EditorSectionBodySchema', () => {
  it('asks each section type for the field it cannot do without', () => {
    const needs = { text: 'video_section_content', spotify: 'video_section_spotify_id', asset: 'video_section_asset_path' };
    for (const [type, field] of Object.entries(needs)) {
      const result = EditorSectionBodySchema.safeParse({ video_section_type: type });
      expect(result.error?.issues[0]?.path).toEqual([field]);
    }
  });

  it('refuses media paths that climb out of the media store', () => {
    const result = EditorSectionBodySchema.safeParse({ video_section_type: 'asset', video_section_asset_path: 'a/../../etc' });
    expect(result.success).toBe(false);
  });
});

describe('EditorVideoCoursesBodySchema', () => {
  it('reads a missing list as none and refuses a course listed twice', () => {
    expect(EditorVideoCoursesBodySchema.parse({}).courses).toEqual([]);
    expect(EditorVideoCoursesBodySchema.safeParse({ courses: [{ id_course: '2' }, { id_course: 2 }] }).success).toBe(false);
  });
});

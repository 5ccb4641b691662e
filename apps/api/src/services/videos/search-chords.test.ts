import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '@fretline/db';
import type { VideoSummary } from '@fretline/contract';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import { forgetCatalogue } from './catalogue-cache.ts';

/**
 * Search that finds what learners type (product.md#search, ADR 0080): chord sets, "Did you mean",
 * the kind and instrument family filters. Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
interface Body {
  data: { videos: VideoSummary[]; total: number; suggestion?: string | null };
  errors: { message: string; field?: string }[];
}

let t: TestApp;

async function addVideo(slug: string, fields: Partial<typeof tables.videos.$inferInsert>, chords: string[] = []) {
  const [row] = await t.db
    .insert(tables.videos)
    .values({ videoSlug: slug, videoTitle: slug, videoCategory: 'Song', ...fields })
    .returning({ idVideo: tables.videos.idVideo });
  for (const [i, chord] of chords.entries())
    await t.db.insert(tables.videoChords).values({ idVideo: row!.idVideo, chordOrder: i, chordText: chord });
}

const list = async (query: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ url: `/api/videos/videos?limit=50&${query}`, headers });
  return { status: res.statusCode, body: res.json<Body>() };
};
const search = (text: string, more = '', headers: Record<string, string> = {}) =>
  list(`search=${encodeURIComponent(text)}${more}`, headers);
const slugs = (body: Body) => body.data.videos.map((v) => v.video_slug);

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  // Chords typed by hand (no library key), on a song, a ukulele song and a bass line.
  await addVideo('walking-blues-in-e', { videoTitle: 'Walking Blues in E', videoGenre: 'Blues' }, ['E7', 'A7', 'B7']);
  await addVideo('emerald-gate', { videoTitle: 'Emerald Gate', videoGenre: 'Folk' });
  await addVideo('minor-ukulele-tune', { videoTitle: 'Minor Ukulele Tune', videoInstrument: 'Ukulele' }, ['Am', 'C']);
  await addVideo(
    'root-notes-groove',
    { videoTitle: 'Root Notes Groove', videoInstrument: 'Bass Guitar', videoCategory: 'Lesson' },
    ['Em', 'G'],
  );
  await addVideo('xylograph-draft', { videoTitle: 'Xylograph Draft', videoPublished: false }, ['Em', 'G']);
});

afterAll(async () => {
  await t.close();
});

describe('GET videos with chord names in the search', () => {
  it('finds the lessons teaching every chord of "Em G", chord-set matches first', async () => {
    const found = slugs((await search('Em G')).body);
    expect(found).toEqual(expect.arrayContaining(['first-chords-em-and-g', 'your-first-song-lesson', 'root-notes-groove']));
    // "Emerald Gate" matches the words only, so it comes after every video teaching both chords.
    expect(found.indexOf('emerald-gate')).toBeGreaterThan(found.indexOf('first-chords-em-and-g'));
    expect(found.indexOf('emerald-gate')).toBeGreaterThan(found.indexOf('root-notes-groove'));
    // A lesson with one of the two chords is not a chord-set match; a draft is never found.
    expect(found).not.toContain('c-and-d-chords');
    expect(found).not.toContain('xylograph-draft');
    expect(slugs((await search('em g')).body)).toEqual(found);
  });

  it('reads "A minor" as Am and "E minor G" as Em and G, with library keys or typed names alike', async () => {
    const am = slugs((await search('A minor')).body);
    expect(am).toEqual(expect.arrayContaining(['a-minor-and-e', 'minor-ukulele-tune']));
    // "minor" alone also matches titles as text ("E minor and G"), after every lesson teaching Am.
    expect(am.indexOf('first-chords-em-and-g')).toBeGreaterThan(am.indexOf('a-minor-and-e'));
    expect(am.indexOf('first-chords-em-and-g')).toBeGreaterThan(am.indexOf('minor-ukulele-tune'));
    expect(slugs((await search('E minor G')).body)).toEqual(
      expect.arrayContaining(['first-chords-em-and-g', 'root-notes-groove']),
    );
  });

  it('matches chords to chords and the other words to text in a mixed search', async () => {
    expect(slugs((await search('walking E7')).body)).toEqual(['walking-blues-in-e']);
    // The chords are there but the words are not.
    expect(slugs((await search('zanzibar E7')).body)).toEqual([]);
  });
});

describe('"Did you mean" on GET videos', () => {
  it('suggests the nearest catalogue words when a search finds nothing', async () => {
    const blus = (await search('blus')).body.data;
    expect(blus).toMatchObject({ total: 0, videos: [], suggestion: 'blues' });
    expect((await search('walkng blus')).body.data.suggestion).toBe('walking blues');
    // The suggestion finds videos.
    expect((await search('blues')).body.data.total).toBeGreaterThan(0);
  });

  it('offers nothing when the search finds plenty, for a prefix, or for words only a draft has', async () => {
    expect((await search('blues')).body.data.suggestion).toBeNull();
    expect((await search('walki')).body.data.suggestion).toBeNull();
    expect((await search('xylographs')).body.data).toMatchObject({ total: 0, suggestion: null });
    expect((await list('genre=Blues')).body.data.suggestion).toBeNull();
  });

  it('learns the words of a video published since, once the catalogue memories are forgotten', async () => {
    expect((await search('quasimodal')).body.data.suggestion).toBeNull();
    await addVideo('quasimodo-strut', { videoTitle: 'Quasimodo Strut' });
    forgetCatalogue();
    expect((await search('quasimodal')).body.data.suggestion).toBe('quasimodo');
  });

  it('answers a signed-in learner and a playable search the same way', async () => {
    const learner = await createUserWithSession(t.db);
    expect((await search('blus', '', bearer(learner.token))).body.data.suggestion).toBe('blues');
    const playable = await list(`search=blus&playable=now`, bearer(learner.token));
    expect(playable.status).toBe(200);
    expect(playable.body.data.suggestion).toBe('blues');
  });
});

describe('kind and instrument_family filters on GET videos', () => {
  it('lists lessons or songs only', async () => {
    const lessons = (await list('kind=lesson')).body.data.videos;
    expect(lessons.length).toBeGreaterThan(0);
    expect(new Set(lessons.map((v) => v.video_category))).toEqual(new Set(['Lesson']));
    const songs = (await list('kind=song')).body.data.videos;
    expect(new Set(songs.map((v) => v.video_category))).toEqual(new Set(['Song']));
    expect(slugs((await search('Em G', '&kind=lesson')).body)).toContain('first-chords-em-and-g');
    const chordSongs = (await search('Em G', '&kind=song')).body.data.videos;
    expect(chordSongs.map((v) => v.video_slug)).not.toContain('first-chords-em-and-g');
    expect(new Set(chordSongs.map((v) => v.video_category))).toEqual(new Set(['Song']));
  });

  it('lists the videos of one instrument family, read from the free-text instrument', async () => {
    expect(slugs((await list('instrument_family=bass')).body)).toEqual(['root-notes-groove']);
    const ukulele = slugs((await list('instrument_family=ukulele')).body);
    expect(ukulele).toContain('minor-ukulele-tune');
    expect(ukulele).not.toContain('root-notes-groove');
    const guitar = slugs((await list('instrument_family=guitar')).body);
    expect(guitar).not.toContain('minor-ukulele-tune');
    expect(guitar).not.toContain('root-notes-groove');
    // Combined with a chord search and a kind.
    expect(slugs((await search('Em G', '&instrument_family=bass&kind=lesson')).body)).toEqual(['root-notes-groove']);
    expect(slugs((await search('Em G', '&instrument_family=bass&kind=song')).body)).toEqual([]);
  });

  it('refuses an unknown kind or family with a clear 400, and keeps the old rules', async () => {
    const kind = await list('kind=video');
    expect(kind.status).toBe(400);
    expect(kind.body.errors[0]).toMatchObject({ message: 'Use lesson or song for kind.', field: 'kind' });
    const family = await list('instrument_family=banjo');
    expect(family.status).toBe(400);
    expect(family.body.errors[0]).toMatchObject({
      message: 'Use guitar, ukulele or bass for instrument_family.',
      field: 'instrument_family',
    });
    expect((await list(`search=${'x'.repeat(201)}`)).status).toBe(400);
    expect((await list('order=video_secret')).status).toBe(400);
    // The exact instrument facet still takes the catalogue's own values.
    expect(slugs((await list('instrument=Bass%20Guitar')).body)).toEqual(['root-notes-groove']);
  });

  it('still asks a visitor to sign in for the playable filter', async () => {
    expect((await list('playable=now&kind=song')).status).toBe(401);
  });
});

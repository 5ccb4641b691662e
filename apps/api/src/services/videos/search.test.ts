import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '@fretline/db';
import type { VideoFacets, VideoSummary } from '@fretline/contract';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import { foldForSearch, searchQueryText } from './videos.repository.ts';

/** Search that finds (ADR 0056): full text over titles, artists, excerpts, sections, tags and chords. */
interface Body {
  data: { videos: VideoSummary[]; total: number; facets: VideoFacets };
  errors: { message: string; field?: string }[];
}

let t: TestApp;

async function addVideo(
  slug: string,
  fields: Partial<typeof tables.videos.$inferInsert>,
  extra: { tags?: string[]; chords?: string[]; section?: string } = {},
) {
  const [row] = await t.db
    .insert(tables.videos)
    .values({ videoSlug: slug, videoTitle: slug, videoCategory: 'Song', ...fields })
    .returning({ idVideo: tables.videos.idVideo });
  const idVideo = row!.idVideo;
  for (const tag of extra.tags ?? [])
    await t.db.insert(tables.videoTags).values({ idVideo, tagSlug: tag.toLowerCase().replace(/\W+/g, '-'), tagName: tag });
  for (const [i, chord] of (extra.chords ?? []).entries())
    await t.db.insert(tables.videoChords).values({ idVideo, chordOrder: i, chordText: chord });
  if (extra.section)
    await t.db
      .insert(tables.videoSections)
      .values({ idVideo, sectionOrder: 1, sectionType: 'text', sectionHeading: 'Notes', sectionContent: extra.section });
}

const list = async (query: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ url: `/api/videos/videos?limit=50&${query}`, headers });
  return { status: res.statusCode, body: res.json<Body>() };
};
const slugs = (body: Body) => body.data.videos.map((v) => v.video_slug);

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  await addVideo('zanzibar-shuffle', {
    videoTitle: 'Zanzibar Shuffle',
    videoArtist: 'Beyoncé Quintero',
    videoGenre: 'Blues',
    videoDifficulty: 'Advanced',
    streamDuration: 754,
    videoCreated: new Date('2026-01-03'),
  });
  await addVideo('quiet-river', {
    videoTitle: 'Quiet River',
    videoArtist: 'Anna Smith',
    videoGenre: 'Folk',
    videoDifficulty: 'Beginner',
    videoExcerpt: 'A gentle zanzibar-inspired fingerpicking piece.',
    videoCreated: new Date('2026-01-02'),
  });
  await addVideo(
    'marble-steps',
    { videoTitle: 'Marble Steps', videoGenre: 'Blues', videoDifficulty: 'Beginner', videoCreated: new Date('2026-01-01') },
    { tags: ['Pentatonic Quokka'], chords: ['Fmaj7', 'Bbm6'], section: '<p>Practise the xylophonic crosspicking pattern.</p>' },
  );
  await addVideo('hidden-draft', { videoTitle: 'Zanzibar Draft', videoPublished: false });
});

afterAll(async () => {
  await t.close();
});

describe('GET videos search (ADR 0056)', () => {
  it('finds words in titles, artists, excerpts, tags, chords and section texts', async () => {
    expect(slugs((await list('search=zanzibar')).body)).toEqual(['zanzibar-shuffle', 'quiet-river']);
    expect(slugs((await list('search=quintero')).body)).toEqual(['zanzibar-shuffle']);
    expect(slugs((await list('search=quokka')).body)).toEqual(['marble-steps']);
    expect(slugs((await list('search=bbm6')).body)).toEqual(['marble-steps']);
    expect(slugs((await list('search=xylophonic')).body)).toEqual(['marble-steps']);
    // Unpublished videos are never found.
    expect(slugs((await list('search=draft')).body)).toEqual([]);
  });

  it('matches prefixes, folds accents and case both ways, and stems', async () => {
    expect(slugs((await list('search=zanzi')).body)).toContain('zanzibar-shuffle');
    expect(slugs((await list(`search=${encodeURIComponent('Beyonce')}`)).body)).toEqual(['zanzibar-shuffle']);
    expect(slugs((await list(`search=${encodeURIComponent('BEYONCÉ quint')}`)).body)).toEqual(['zanzibar-shuffle']);
    expect(slugs((await list(`search=${encodeURIComponent('Zanzíbar')}`)).body)).toContain('zanzibar-shuffle');
    expect(slugs((await list('search=crosspick')).body)).toEqual(['marble-steps']);
    // A word typed from its middle still finds a title, and an artist, accents folded both ways.
    expect(slugs((await list('search=nzibar%20shuf')).body)).toEqual(['zanzibar-shuffle']);
    expect(slugs((await list(`search=${encodeURIComponent('YONCE QUIN')}`)).body)).toEqual(['zanzibar-shuffle']);
    expect(slugs((await list(`search=${encodeURIComponent('yoncé')}`)).body)).toEqual(['zanzibar-shuffle']);
    // The title and the artist are two texts: a substring does not run from one into the other.
    expect(slugs((await list(`search=${encodeURIComponent('huffle beyon')}`)).body)).toEqual([]);
  });

  it('gives the total with every page, and a page past the end still knows it', async () => {
    const page = async (query: string) =>
      (await t.app.inject({ url: `/api/videos/videos?search=zanzibar&${query}` })).json<Body>().data;
    const first = await page('limit=1');
    expect(first.total).toBe(2);
    expect(first.videos.map((v) => v.video_slug)).toEqual(['zanzibar-shuffle']);
    const second = await page('limit=1&offset=1');
    expect(second.total).toBe(2);
    expect(second.videos.map((v) => v.video_slug)).toEqual(['quiet-river']);
    expect(await page('offset=10')).toMatchObject({ videos: [], total: 2 });
    expect((await list('search=nothingmatchesthis')).body.data).toMatchObject({ videos: [], total: 0 });
  });

  it('ranks a title match above an excerpt match, and sorts by newest, title or difficulty when asked', async () => {
    expect(slugs((await list('search=zanzibar')).body)[0]).toBe('zanzibar-shuffle');
    const byTitle = slugs((await list('search=zanzibar&order=video_title')).body);
    expect(byTitle).toEqual(['quiet-river', 'zanzibar-shuffle']);
    const newest = slugs((await list('genre=Blues,Folk&order=-video_created')).body).filter((s) =>
      ['zanzibar-shuffle', 'quiet-river', 'marble-steps'].includes(s),
    );
    expect(newest).toEqual(['zanzibar-shuffle', 'quiet-river', 'marble-steps']);
    const easiest = (await list('order=video_difficulty')).body.data.videos.map((v) => v.video_difficulty);
    const rank = (d: string | null) => ['Beginner', 'Intermediate', 'Advanced'].indexOf(d ?? '') >>> 0;
    expect(easiest.map(rank)).toEqual([...easiest.map(rank)].sort((a, b) => a - b));
    const hardest = (await list('order=-video_difficulty')).body.data.videos.map((v) => v.video_difficulty);
    expect(hardest[0]).not.toBe('Beginner');
  });

  it("counts each facet's values with every other filter applied, not its own", async () => {
    const all = (await list('search=zanzibar')).body.data.facets;
    expect(all.genre).toEqual(
      expect.arrayContaining([
        { value: 'Blues', count: 1 },
        { value: 'Folk', count: 1 },
      ]),
    );
    const blues = (await list('search=zanzibar&genre=Blues')).body.data;
    expect(slugs({ data: blues } as Body)).toEqual(['zanzibar-shuffle']);
    // The genre list still offers Folk (its own filter is left out)…
    expect(blues.facets.genre).toEqual(expect.arrayContaining([{ value: 'Folk', count: 1 }]));
    // …while the difficulty counts follow the genre filter.
    expect(blues.facets.difficulty).toEqual([{ value: 'Advanced', count: 1 }]);
    // The total passes every filter, its own facet's included.
    expect(blues.total).toBe(1);
    expect((await list('search=zanzibar&genre=Blues,Folk')).body.data.total).toBe(2);
    expect((await list('search=zanzibar&genre=Blues&difficulty=Beginner')).body.data).toMatchObject({ videos: [], total: 0 });
  });

  it("shows each video's duration", async () => {
    const [video] = (await list('search=zanzibar%20shuffle')).body.data.videos;
    expect(video?.video_duration).toBe(754);
    const [other] = (await list('search=marble')).body.data.videos;
    expect(other?.video_duration).toBeNull();
  });

  it('reads anything typed as words, never as query syntax, and refuses an unknown order', async () => {
    for (const text of ["a & | ! :* ( ) '", '\\', '::*', 'zanzibar:* | quiet']) {
      const res = await list(`search=${encodeURIComponent(text)}`);
      expect(res.status, text).toBe(200);
    }
    const bad = await list('order=video_secret');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]?.field).toBe('order');
  });

  it('answers a signed-in learner the same results', async () => {
    const learner = await createUserWithSession(t.db);
    const res = await list('search=quokka', bearer(learner.token));
    expect(res.status).toBe(200);
    expect(slugs(res.body)).toEqual(['marble-steps']);
  });
});

describe('search text rules (ADR 0056)', () => {
  it('folds accents and builds a prefix query of quoted words', () => {
    expect(foldForSearch('Beyoncé Łódź Øresund')).toBe('beyonce lodz oresund');
    expect(searchQueryText("Blu' & rock!")).toBe("'blu':* & 'rock':*");
    expect(searchQueryText('  &|!  ')).toBeNull();
  });
});

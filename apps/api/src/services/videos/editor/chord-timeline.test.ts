import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables } from '@fretline/db';
import type { ChordTimelineEntry, Video } from '@fretline/contract';
import {
  createEditorCalls,
  createEditorTestApp,
  findAuditEntries,
  type EditorTestBody,
  type TestUser,
} from '../../../../test/editor-helpers.ts';
import { makeMember } from '../../../../test/membership.ts';
import { bearer, createUserWithSession, type TestApp } from '../../../../test/test-app.ts';

// The chord timeline (ADR 0077): editors replace it whole, each mark one of the video's chords in
// time order within its length; learners get it with the video when they can watch it.

type Body = EditorTestBody<{ chord_timeline: ChordTimelineEntry[]; video: Video }>;

let t: TestApp;
let editor: TestUser;
let staff: TestUser;
let learner: TestUser;
let member: TestUser;
const BASE = '/api/videos/editor/videos';
const { call } = createEditorCalls(() => t);

async function seededId(slug: string): Promise<number> {
  const [row] = await t.db.select({ id: tables.videos.idVideo }).from(tables.videos).where(eq(tables.videos.videoSlug, slug));
  return row!.id;
}
const learnerVideo = async (slug: string, token?: string) =>
  t.app.inject({ url: `/api/videos/videos/${slug}`, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  ({
    t,
    users: { editor, staff, learner },
  } = await createEditorTestApp({ otherEditorRole: 'Director' }));
  member = await createUserWithSession(t.db);
  await makeMember(t.db, member.idUser);
});
afterAll(() => t.close());

describe('the chord timeline', () => {
  it('is replaced by an editor, audited, and reaches the learner with the video', async () => {
    // A free seeded lesson: the 16-second demo clip with the chords Em and G.
    const id = await seededId('first-chords-em-and-g');
    const seeded = await call('GET', `${BASE}/${id}/chord-timeline`, editor.token);
    expect(seeded.statusCode, seeded.body).toBe(200);
    expect(seeded.json<Body>().data.chord_timeline.slice(0, 2)).toEqual([
      { chord: 'Em', at: 0 },
      { chord: 'G', at: 3 },
    ]);

    const marks = [
      { chord: 'G', at: 1.2344 },
      { chord: 'Em', at: 5.5 },
    ];
    const res = await call('PUT', `${BASE}/${id}/chord-timeline`, editor.token, { chord_timeline: marks });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Body>().data.chord_timeline).toEqual([
      { chord: 'G', at: 1.234 },
      { chord: 'Em', at: 5.5 },
    ]);
    const seen = await learnerVideo('first-chords-em-and-g');
    expect(seen.json<Body>().data.video.video_chord_timeline).toEqual([
      { chord: 'G', at: 1.234 },
      { chord: 'Em', at: 5.5 },
    ]);
    const actions = (await findAuditEntries(t.db, 'video', id)).map((a) => a.auditAction);
    expect(actions).toContain('video.chord_timeline.set');

    // Emptied: the lesson page shows no Now / Next panel.
    await call('PUT', `${BASE}/${id}/chord-timeline`, editor.token, { chord_timeline: [] });
    expect((await learnerVideo('first-chords-em-and-g')).json<Body>().data.video.video_chord_timeline).toEqual([]);
  });

  it.each([
    [[{ chord: 'C', at: 1 }], 'chord_timeline.0', '"C" is not one of this video\'s chords: add it to the chords first.'],
    [[{ chord: 'G', at: -1 }], 'chord_timeline.0.at', 'A chord cannot start before the video does.'],
    [
      [
        { chord: 'G', at: 4 },
        { chord: 'Em', at: 2 },
      ],
      'chord_timeline.1',
      'Put the marks in time order, each after the one before it.',
    ],
    [[{ chord: 'G', at: 16.5 }], 'chord_timeline.0', 'This video is 0:16.0 long: a chord cannot start after its end.'],
    [
      Array.from({ length: 601 }, (_, i) => ({ chord: 'G', at: i / 100 })),
      'chord_timeline',
      'Keep the chord timeline to 600 marks or fewer.',
    ],
  ])('refuses a bad timeline with a clear 400 and changes nothing (%#)', async (marks, field, message) => {
    const id = await seededId('ukulele-tuning-and-holding');
    await t.db.delete(tables.videoChords).where(eq(tables.videoChords.idVideo, id));
    await t.db.insert(tables.videoChords).values([
      { idVideo: id, chordText: 'G', chordOrder: 0 },
      { idVideo: id, chordText: 'Em', chordOrder: 1 },
    ]);
    const ok = await call('PUT', `${BASE}/${id}/chord-timeline`, editor.token, { chord_timeline: [{ chord: 'Em', at: 2 }] });
    expect(ok.statusCode, ok.body).toBe(200);

    const res = await call('PUT', `${BASE}/${id}/chord-timeline`, editor.token, { chord_timeline: marks });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<Body>().errors[0]).toMatchObject({ field, message });
    const after = await call('GET', `${BASE}/${id}/chord-timeline`, editor.token);
    expect(after.json<Body>().data.chord_timeline).toEqual([{ chord: 'Em', at: 2 }]);
  });

  it('is for the Editor group only: 401 signed out, 403 for staff and learners, 404 for no video', async () => {
    const id = await seededId('first-chords-em-and-g');
    const body = { chord_timeline: [{ chord: 'G', at: 1 }] };
    expect((await call('PUT', `${BASE}/${id}/chord-timeline`, undefined, body)).statusCode).toBe(401);
    expect((await call('GET', `${BASE}/${id}/chord-timeline`)).statusCode).toBe(401);
    expect((await call('PUT', `${BASE}/${id}/chord-timeline`, staff.token, body)).statusCode).toBe(403);
    expect((await call('PUT', `${BASE}/${id}/chord-timeline`, learner.token, body)).statusCode).toBe(403);
    expect((await call('GET', `${BASE}/${id}/chord-timeline`, learner.token)).statusCode).toBe(403);
    expect((await call('PUT', `${BASE}/99999999/chord-timeline`, editor.token, body)).statusCode).toBe(404);
  });

  it("gives a premium lesson's timeline only to those who can watch it", async () => {
    const premium = 'your-first-song-lesson';
    const visitor = (await learnerVideo(premium)).json<Body>().data.video;
    expect(visitor.video_locked).toBe(true);
    expect(visitor.video_chord_timeline).toEqual([]);
    const asLearner = (await learnerVideo(premium, learner.token)).json<Body>().data.video;
    expect(asLearner.video_chord_timeline).toEqual([]);
    const asMember = (await learnerVideo(premium, member.token)).json<Body>().data.video;
    expect(asMember.video_locked).toBe(false);
    expect(asMember.video_chord_timeline.map((m) => m.chord).slice(0, 4)).toEqual(['G', 'C', 'D', 'Em']);
  });
});

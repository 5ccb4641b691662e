import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, tables } from '@fretline/db';
import { formatSharedAudience, SHARED_AUDIENCE_HEADER, type Video } from '@fretline/contract';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../test/test-app.ts';
import { inProcessFetch, type InProcessFetch } from '../web/in-process-fetch.ts';

// A page shared by a class of learners asks the API as the class (ADR 0056). Only a call made
// inside the process may: over the network the same header changes nothing.
let t: TestApp;
let fetchApi: InProcessFetch;
let premiumSlug: string;
const ORIGIN = 'http://127.0.0.1:3000';
const MEMBERS = { [SHARED_AUDIENCE_HEADER]: formatSharedAudience({ member: true, leftHanded: false, trialEligible: false }) };
const LEARNERS = { [SHARED_AUDIENCE_HEADER]: formatSharedAudience({ member: false, leftHanded: false, trialEligible: true }) };

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  fetchApi = inProcessFetch(t.app);
  const [premium] = await t.db
    .select({ slug: tables.videos.videoSlug })
    .from(tables.videos)
    .where(and(eq(tables.videos.videoPremium, true), eq(tables.videos.videoPublished, true)))
    .limit(1);
  if (!premium?.slug) throw new Error('the seed has no published premium video');
  premiumSlug = premium.slug;
});
afterAll(() => t.close());

async function inProcess(headers: Record<string, string>): Promise<Video> {
  const res = await fetchApi(`${ORIGIN}/api/videos/videos/${premiumSlug}`, { headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { video: Video } }).data.video;
}

async function overNetwork(headers: Record<string, string>): Promise<Video> {
  const res = await t.app.inject({ url: `/api/videos/videos/${premiumSlug}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { video: Video } }>().data.video;
}

describe('asking as a class of learners (ADR 0056)', () => {
  it('unlocks a premium lesson for the members’ class, with nobody’s save or progress, only inside the process', async () => {
    const asMembers = await inProcess(MEMBERS);
    expect(asMembers.video_locked).toBe(false);
    expect(asMembers.saved_to_my_list).toBe(false);
    expect(asMembers.id_video_play).toBeNull();
    expect((await inProcess(LEARNERS)).video_locked).toBe(true);
    expect((await inProcess({})).video_locked).toBe(true);
  });

  it('believes no class over the network, whatever marks the call carries', async () => {
    expect((await overNetwork(MEMBERS)).video_locked).toBe(true);
    expect((await overNetwork({ ...MEMBERS, 'x-fretline-in-process': 'guessed' })).video_locked).toBe(true);
    expect((await overNetwork({ ...MEMBERS, 'x-fretline-in-process': '' })).video_locked).toBe(true);
    // As long as the secret in characters, longer in bytes: refused, not a server error.
    expect((await overNetwork({ ...MEMBERS, 'x-fretline-in-process': '\u00e9'.repeat(43) })).video_locked).toBe(true);
  });

  it('answers a signed-in caller as themselves, never as the class they name', async () => {
    const learner = await createUserWithSession(t.db);
    expect((await inProcess({ ...MEMBERS, ...bearer(learner.token) })).video_locked).toBe(true);
  });

  it('names no class it does not know: a malformed header is a visitor', async () => {
    for (const value of ['member=1', 'member=1;leftHanded=0;trialEligible=0;x=1', 'member=yes;leftHanded=0;trialEligible=0'])
      expect((await inProcess({ [SHARED_AUDIENCE_HEADER]: value })).video_locked).toBe(true);
  });
});

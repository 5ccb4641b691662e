import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables } from '@fretline/db';
import { formatTimeRangeInZone, type LiveStream } from '@fretline/contract';
import { runDueJobs } from '../../platform/jobs/index.ts';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';

type Body = {
  data: { stream: LiveStream; reminder: { stream_reminder: boolean } };
  errors: { message: string; field?: string }[];
};
type User = Awaited<ReturnType<typeof createUserWithSession>>;

let t: TestApp;
let member: User;
let other: User;
const HOUR = 3_600_000;
const SLUG = 'reminder-test-live';

const remind = (slug: string, body: Record<string, unknown>, token?: string) =>
  t.app.inject({ method: 'PUT', url: `/api/videos/live/${slug}/reminder`, headers: token ? bearer(token) : {}, payload: body });
const read = (token: string) => t.app.inject({ method: 'GET', url: `/api/videos/live/${SLUG}`, headers: bearer(token) });
const mailsTo = (email: string) => t.db.select().from(tables.devMail).where(eq(tables.devMail.mailTo, email));

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  member = await createUserWithSession(t.db, { firstName: 'Robin' });
  other = await createUserWithSession(t.db);
  const starts = new Date(t.clock.now().getTime() + 3 * HOUR);
  await t.db.insert(tables.liveStreams).values({
    streamSlug: SLUG,
    streamTitle: 'Fingerstyle live',
    streamStarts: starts,
    streamEnds: new Date(starts.getTime() + HOUR),
    streamPublished: true,
  });
});
afterAll(() => t.close());

describe('live lesson reminders', () => {
  it('needs a signed-in viewer, a known zone and a stream that has not ended', async () => {
    expect((await remind(SLUG, { remind: true })).statusCode).toBe(401);
    const zone = await remind(SLUG, { remind: true, time_zone: 'Mars/Olympus' }, member.token);
    expect(zone.statusCode).toBe(400);
    expect((await remind('no-such-stream', { remind: true }, member.token)).statusCode).toBe(404);
    const past = await remind('sunday-blues-jam', { remind: true }, member.token);
    expect(past.statusCode).toBe(409);
    expect(past.json<Body>().errors[0]?.message).toContain('has ended');
  });

  it('e-mails once an hour before the start, in the zone the member asked from, and not those who turned it off', async () => {
    const on = await remind(SLUG, { remind: true, time_zone: 'Asia/Tokyo' }, member.token);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<Body>().data.reminder.stream_reminder).toBe(true);
    expect((await read(member.token)).json<Body>().data.stream.stream_reminder).toBe(true);
    await remind(SLUG, { remind: true }, other.token);
    await remind(SLUG, { remind: false }, other.token);
    expect((await read(other.token)).json<Body>().data.stream.stream_reminder).toBe(false);

    // Two hours early: nothing yet.
    await runDueJobs(t.app);
    expect(await mailsTo(member.email)).toHaveLength(0);

    t.clock.advance(2 * HOUR + 1000);
    await runDueJobs(t.app);
    await runDueJobs(t.app);
    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Starting soon: Fingerstyle live');
    expect(mails[0]!.text).toContain('Hi Robin,');
    expect(mails[0]!.text).toContain('GMT+9');
    expect(mails[0]!.text).toContain(`/live/${SLUG}`);
    expect(await mailsTo(other.email)).toHaveLength(0);

    // Asking again changes nothing: it was sent.
    await remind(SLUG, { remind: true }, member.token);
    await runDueJobs(t.app);
    expect(await mailsTo(member.email)).toHaveLength(1);
  });

  it('follows a start the editor moves: earlier sends earlier, later sends again for the new time', async () => {
    const editor = await createUserWithSession(t.db, { roles: ['Editor'] });
    const slug = 'moved-reminder-live';
    const at = (ms: number) => new Date(t.clock.now().getTime() + ms);
    const [row] = await t.db
      .insert(tables.liveStreams)
      .values({ streamSlug: slug, streamTitle: 'Moved live', streamStarts: at(5 * HOUR), streamEnds: at(6 * HOUR) })
      .returning({ id: tables.liveStreams.idLiveStream });
    const move = async (starts: Date) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/videos/editor/live-streams/${row!.id}`,
        headers: bearer(editor.token),
        payload: {
          stream_title: 'Moved live',
          stream_slug: slug,
          stream_starts: starts.toISOString(),
          stream_ends: new Date(starts.getTime() + HOUR).toISOString(),
          stream_premium: false,
          id_video_replay: '',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const asker = await createUserWithSession(t.db);
    expect((await remind(slug, { remind: true, time_zone: 'UTC' }, asker.token)).statusCode).toBe(200);

    // Moved three hours earlier: the reminder goes an hour before the new start, not the old one.
    await move(at(2 * HOUR));
    t.clock.advance(HOUR + 1000);
    await runDueJobs(t.app);
    expect(await mailsTo(asker.email)).toHaveLength(1);

    // Moved later after it was sent: another reminder, for the new time, an hour before it.
    const later = at(3 * HOUR);
    await move(later);
    await runDueJobs(t.app);
    expect(await mailsTo(asker.email)).toHaveLength(1);
    t.clock.advance(2 * HOUR + 1000);
    await runDueJobs(t.app);
    const mails = await mailsTo(asker.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(formatTimeRangeInZone(later, new Date(later.getTime() + HOUR), 'UTC'));
  });
});

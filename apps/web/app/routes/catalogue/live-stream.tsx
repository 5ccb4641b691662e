import { lazy, Suspense } from 'react';
import { data, Link, redirect } from 'react-router';
import { formatTimeRangeInZone } from '@fretline/contract';
import { Badge, Container, LinkButton, ResponsiveImage } from '../../components/ui';
import { MembershipCta } from '../../features/catalogue/membership-cta';
import { loadTrialDays } from '../../features/membership/trial-offer.server';
import { ApiError } from '../../lib/api-client';
import { getServerApi } from '../../lib/api.server';
import { useRootData } from '../../lib/root-data';
import { JsonLd } from '../../lib/json-ld';
import { liveLessonEventJson } from '../../lib/structured-data';
import { seoMeta } from '../../lib/seo';
import { ReminderButton } from '../../features/catalogue/reminder-button';
import { LiveQuestions, StartsIn, useLiveStreamWatch } from '../../features/catalogue/live-questions';
import { useTimeZone } from '../../lib/time-zone';
import type { Route } from './+types/live-stream';

const StreamPlayer = lazy(() => import('../../features/catalogue/stream-player').then((m) => ({ default: m.StreamPlayer })));

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const client = getServerApi(request);
    const { stream } = await client.call('videos.getLiveStream', { params: { streamSlug: params.streamSlug } });
    // A renamed stream answers its old slug too (ADR 0037): send the visitor to its address for good.
    if (stream.stream_slug !== params.streamSlug) {
      const { search } = new URL(request.url);
      throw redirect(`/live/${encodeURIComponent(stream.stream_slug)}${search}`, 301);
    }
    // A moment of the lesson (`?t=`, the answer e-mail's link, ADR 0063): once the replay is out,
    // the replay at that moment; before, the live page itself.
    const moment = new URL(request.url).searchParams.get('t');
    if (moment && /^\d+$/.test(moment) && stream.stream_status === 'past' && stream.stream_replay) {
      throw redirect(`/videos/${encodeURIComponent(stream.stream_replay.video_slug)}?t=${moment}`);
    }
    return { stream, trialDays: stream.stream_locked ? await loadTrialDays(client) : null };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  loaded
    ? seoMeta({
        title: loaded.stream.stream_title ?? 'Live lesson',
        description: 'A live guitar lesson: play along in real time.',
        path: `/live/${loaded.stream.stream_slug}`,
        image: loaded.stream.stream_poster_signed ?? undefined,
        matches,
      })
    : [];

export default function LiveStreamPage({ loaderData }: Route.ComponentProps) {
  const { stream, trialDays } = loaderData;
  const { user, siteUrl } = useRootData();
  // The visitor's own clock, labelled with its zone (ADR 0048); a stream that ends on another day
  // names that day too.
  const timeZone = useTimeZone();
  const when = formatTimeRangeInZone(stream.stream_starts, stream.stream_ends, timeZone);
  // "Starts in…", "live now" and "replay" follow the teacher's encoder without a reload (ADR 0063).
  useLiveStreamWatch(stream);
  const questionsOpen = stream.stream_status === 'live' && !stream.stream_locked;

  let stage: React.ReactNode;
  if (stream.stream_status === 'live' && stream.stream_locked)
    stage = (
      <MembershipCta
        poster={stream.stream_poster_signed}
        signedIn={user.id_user !== null}
        what="live lesson"
        trialDays={trialDays}
      />
    );
  else if (stream.stream_status === 'live' && stream.stream_manifest_signed)
    stage = (
      <Suspense fallback={<div className="aspect-video rounded-2xl bg-ink-900" />}>
        <StreamPlayer
          key={stream.stream_manifest_signed.split('?')[0]}
          src={stream.stream_manifest_signed}
          poster={stream.stream_poster_signed}
          title={stream.stream_title ?? 'Live lesson'}
          live
        />
      </Suspense>
    );
  else
    stage = (
      <div className="relative overflow-hidden rounded-2xl bg-ink-900 text-white">
        {stream.stream_poster_signed ? (
          <ResponsiveImage
            src={stream.stream_poster_signed}
            alt=""
            data-testid="banner-poster"
            sizes="50vw"
            priority
            className="absolute inset-0 size-full scale-110 object-cover opacity-40 blur-md"
          />
        ) : null}
        {/* The poster's own lettering must not show through the status text: blurred, under a scrim. */}
        <div aria-hidden="true" data-testid="banner-scrim" className="absolute inset-0 bg-ink-900/70" />
        <div className="relative flex aspect-video flex-col items-center justify-center gap-3 p-6 text-center">
          <p className="text-xl font-bold sm:text-2xl" data-testid="live-stage-status">
            {stream.stream_status === 'upcoming' ? (
              <StartsIn starts={stream.stream_starts} />
            ) : stream.stream_status === 'live' ? (
              stream.stream_on_air === 'reconnecting' ? (
                'The teacher’s connection dropped: back in a moment'
              ) : (
                'The teacher is about to start'
              )
            ) : stream.stream_replay_preparing ? (
              'This stream has ended: its replay is being prepared'
            ) : (
              'This stream has ended'
            )}
          </p>
          <p className="text-stone-100">{when}</p>
          {stream.stream_status === 'past' && stream.stream_replay ? (
            <LinkButton to={`/videos/${stream.stream_replay.video_slug}`}>Watch the replay</LinkButton>
          ) : null}
        </div>
      </div>
    );

  return (
    <Container className="py-6 sm:py-10" width="wide">
      {stream.stream_status === 'upcoming' ? <JsonLd json={liveLessonEventJson(stream, siteUrl)} /> : null}
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-stone-600">
        <Link to="/live" className="inline-flex min-h-10 items-center hover:text-brand-700">
          ← All live lessons
        </Link>
      </nav>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="min-w-0 space-y-4">
          {stage}
          <div className="flex flex-wrap items-center gap-2">
            {stream.stream_status === 'live' ? <Badge tone="danger">● Live now</Badge> : null}
            {stream.stream_status === 'upcoming' ? <Badge tone="warning">Upcoming</Badge> : null}
            {stream.stream_status === 'past' ? <Badge>Past</Badge> : null}
            {stream.stream_premium ? <Badge tone="brand">Members</Badge> : <Badge tone="success">Free</Badge>}
          </div>
          <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{stream.stream_title}</h1>
          <p className="text-stone-600">{when}</p>
          {stream.stream_status !== 'past' ? (
            <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
              {stream.stream_status === 'upcoming' ? (
                <ReminderButton
                  slug={stream.stream_slug}
                  reminded={stream.stream_reminder ?? false}
                  signedIn={user.id_user !== null}
                />
              ) : null}
              {/* A plain link: the calendar file works without script, and every calendar shows it in its own zone. */}
              <a
                href={`/api/videos/live/${stream.stream_slug}/calendar.ics`}
                download
                className="inline-flex min-h-9 items-center gap-1 font-semibold text-brand-700 underline-offset-4 hover:underline"
              >
                Add to calendar (.ics)
              </a>
            </div>
          ) : null}
          {stream.stream_description ? (
            <div className="prose-fret" dangerouslySetInnerHTML={{ __html: stream.stream_description }} />
          ) : null}
        </div>
        <aside className="space-y-3 rounded-2xl border border-stone-200 bg-stone-50 p-5 text-stone-700">
          <h2 className="text-lg font-bold text-ink-900">How live lessons work</h2>
          <p>
            Live lessons are taught in real time. Have your guitar tuned and within reach before the start, and a pick if you use
            one.
          </p>
          {/* Only a promise the stream keeps: its replay setting decides (ADR 0063). */}
          {stream.stream_auto_replay ? (
            <p>
              This stream is recorded and published as a Live Replay, so you can go back over anything you missed; each question
              the teacher answers is a chapter of it.
            </p>
          ) : (
            <p>This stream is not recorded: join it live to take part and ask your questions.</p>
          )}
          {stream.stream_status !== 'past' ? (
            <LiveQuestions slug={stream.stream_slug} signedIn={user.id_user !== null} open={questionsOpen} />
          ) : null}
        </aside>
      </div>
    </Container>
  );
}

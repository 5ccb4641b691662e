import { useId } from 'react';
import { Link } from 'react-router';
import { formatDateInZone, formatTimeInZone, type LiveStream } from '@fretline/contract';
import { Badge, Container, EmptyState, ResponsiveImage } from '../../components/ui';
import { getServerApi } from '../../lib/api.server';
import { seoMeta } from '../../lib/seo';
import { useTimeZone } from '../../lib/time-zone';
import type { Route } from './+types/live';

export async function loader({ request }: Route.LoaderArgs) {
  const { streams } = await getServerApi(request).call('videos.listLiveStreams');
  return { streams };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Live lessons',
    description: 'Join a live guitar lesson, or watch the replays of past streams.',
    path: '/live',
    matches,
  });

export function StreamCard({ stream }: { stream: LiveStream }) {
  // The visitor's own clock, labelled with its zone (ADR 0048).
  const timeZone = useTimeZone();
  const when = `${formatDateInZone(stream.stream_starts, 'day', timeZone)}, ${formatTimeInZone(stream.stream_starts, timeZone)}`;
  return (
    <Link
      to={`/live/${stream.stream_slug}`}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm hover:shadow-md"
    >
      <div className="relative aspect-video bg-stone-100">
        {stream.stream_poster_signed ? (
          <ResponsiveImage
            src={stream.stream_poster_signed}
            alt=""
            sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            className="size-full object-cover"
          />
        ) : null}
        <div className="absolute left-2 top-2 flex gap-1">
          {stream.stream_status === 'live' ? <Badge tone="danger">● Live now</Badge> : null}
          {stream.stream_premium ? <Badge tone="brand">Members</Badge> : <Badge tone="success">Free</Badge>}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="text-sm text-stone-600">
          <time dateTime={new Date(stream.stream_starts).toISOString()}>{when}</time>
        </p>
        <h3 className="font-semibold text-ink-900 group-hover:text-brand-700">{stream.stream_title}</h3>
        {stream.stream_status === 'past' && stream.stream_replay ? (
          <p className="mt-auto pt-2 text-sm font-semibold text-brand-700">Watch the replay →</p>
        ) : null}
      </div>
    </Link>
  );
}

function Group({ title, streams }: { title: string; streams: LiveStream[] }) {
  // An id from useId: a group title has spaces, which would make aria-labelledby a list of ids.
  const headingId = useId();
  if (!streams.length) return null;
  return (
    <section aria-labelledby={headingId} className="mb-10">
      <h2 id={headingId} className="mb-4 text-2xl font-bold text-ink-900">
        {title}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {streams.map((s) => (
          <li key={s.id_live_stream}>
            <StreamCard stream={s} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Live({ loaderData }: Route.ComponentProps) {
  const { streams } = loaderData;
  const by = (status: LiveStream['stream_status']) => streams.filter((s) => s.stream_status === status);
  return (
    <Container className="py-8 sm:py-12">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">Live lessons</h1>
        <p className="mt-2 max-w-2xl text-stone-600">
          Play along in real time. Missed one? Recorded streams come back as Live Replays.
        </p>
      </header>
      {streams.length ? (
        <>
          <Group title="Live now" streams={by('live')} />
          <Group title="Coming up" streams={by('upcoming')} />
          <Group title="Past streams" streams={by('past')} />
        </>
      ) : (
        <EmptyState title="No live lessons scheduled yet">New streams are announced here and by e-mail.</EmptyState>
      )}
    </Container>
  );
}

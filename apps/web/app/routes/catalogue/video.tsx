import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { data, Link, redirect, useLocation } from 'react-router';
import {
  type PreviewAudience,
  SHARED_AUDIENCE_HEADER,
  TOKEN_COOKIE_NAME,
  formatWatchedRanges,
  imageVariantUrl,
  resumeStartTime,
  sharePicturePath,
  subtractWatchedRanges,
  type WatchedRange,
  videoExcerpt,
  videoSubtitle,
  type Course,
  type CourseRef,
} from '@fretline/contract';
import { Badge, Container, LinkButton, ResponsiveImage } from '../../components/ui';
import { loadTrialDays } from '../../features/membership/trial-offer.server';
import { ProgressBar } from '../../features/catalogue/progress-bar';
import { SaveButton } from '../../features/catalogue/save-button';
import { DoneButton } from '../../features/learning/done-button';
import { PracticeTimer } from '../../features/practice/practice-timer';
import type { PlayerProgress } from '../../features/catalogue/stream-player';
import type { PracticeMedia } from '../../features/catalogue/practice/practice-media';
import { ChordList, VideoSections } from '../../features/catalogue/video-sections';
import { YoutubeEmbed } from '../../features/catalogue/youtube-embed';
import { videoJsonLd } from '../../features/catalogue/video-json-ld.server';
import { siteUrlFor } from '../../lib/config.server';
import { pageExcerpt, upNext, type UpNext } from '../../features/catalogue/video-page';
import { usePersonalVideo } from '../../features/catalogue/use-personal-video';
import { api } from '../../lib/api.client';
import { ApiError } from '../../lib/api-client';
import { getServerApi } from '../../lib/api.server';
import { readRequestCookie } from '../../lib/cookies';
import { useRootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/video';

/** The practice view (set by the player): the workspace as a layer over the page, scrolling on its own. */
const PRACTICE_VIEW =
  'data-[practice-view=true]:fixed data-[practice-view=true]:inset-0 data-[practice-view=true]:z-50 data-[practice-view=true]:overflow-y-auto data-[practice-view=true]:bg-white data-[practice-view=true]:p-3 sm:data-[practice-view=true]:p-6';

/** The poster's WebP width: about a phone's full width at 2.5× density, or a laptop's player at 1×. */
const POSTER_WIDTH = 960;

// The practice player (with the stream player and hls.js inside it) is its own chunk: only pages with a player download it.
const PracticePlayer = lazy(() =>
  import('../../features/catalogue/practice/practice-player').then((m) => ({ default: m.PracticePlayer })),
);

// A locked lesson's offer is its own chunk: most lesson views are of lessons the reader can play,
// and the page's first load stays in its budget (ADR 0056). The server's HTML shows it at once.
const MembershipCta = lazy(() => import('../../features/catalogue/membership-cta').then((m) => ({ default: m.MembershipCta })));
// "Keep for offline" (ADR 0079): its own chunk with the service worker's helper, after hydration.
const KeepOffline = lazy(() => import('../../features/offline/keep-offline').then((m) => ({ default: m.KeepOffline })));
// Now / Next chords (ADR 0077) are their own chunk too, loaded only for a lesson with a chord timeline.
const NowNextChords = lazy(() =>
  import('../../features/catalogue/practice/now-next-chords').then((m) => ({ default: m.NowNextChords })),
);

// Tab and notation (ADR 0088): the component and alphaTab inside it are their own chunks, loaded
// only for a lesson with a score, so the page's first load is unchanged.
const SyncedScore = lazy(() =>
  import('../../features/catalogue/practice/synced-score').then((m) => ({ default: m.SyncedScore })),
);

export async function loader({ request, params }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  // `?course=` is what our links write; `?courseSlug=` (the API's name for it) is accepted too.
  const courseSlug = query.get('course') ?? query.get('courseSlug') ?? undefined;
  const client = getServerApi(request);
  try {
    const { video } = await client.call('videos.getVideo', {
      params: { videoSlug: params.videoSlug },
      query: courseSlug ? { courseSlug } : {},
    });
    // A renamed video answers its old slug too (ADR 0037): send the visitor to its address for good.
    if (video.video_slug !== params.videoSlug) {
      const { search } = new URL(request.url);
      throw redirect(`/videos/${encodeURIComponent(video.video_slug)}${search}`, 301);
    }
    // The course's progress is the signed-in learner's; a visitor has none to show, and a page
    // shared by a class (ADR 0056) fetches the reader's after hydration (usePersonalVideo).
    let course: Course | null = null;
    if (video.video_course && readRequestCookie(request, TOKEN_COOKIE_NAME)) {
      course = (await client.call('videos.getCourse', { params: { courseSlug: video.video_course.course_slug } })).course;
    }
    const trialDays = video.video_locked ? await loadTrialDays(client) : null;
    // `?t=` opens the lesson at a saved moment (product.md#practice).
    const t = Number(query.get('t'));
    const momentAt = query.has('t') && Number.isFinite(t) && t >= 0 ? t : null;
    const sharedRender = request.headers.has(SHARED_AUDIENCE_HEADER);
    return {
      video,
      course,
      sharedRender,
      trialDays,
      momentAt,
      // Written by the loader, so the builder stays out of the page's JavaScript.
      jsonLd: videoJsonLd(video, siteUrlFor(request)),
      preview: null as PreviewAudience | null,
    };
  } catch (err) {
    // A 404 on a video shows the 'Page Not Found' page (product.md#states, #errors).
    if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  if (!loaded) return [];
  const { video } = loaded;
  return seoMeta({
    title: video.video_title ?? 'Video',
    description: videoExcerpt(video) || videoSubtitle(video),
    path: `/videos/${video.video_slug}`,
    // A published video's share card is a stable public JPEG (ADR 0087); a draft keeps the site's card.
    image: video.video_published && video.video_stream_poster_signed ? sharePicturePath('videos', video.video_slug) : undefined,
    type: 'video.other',
    matches,
    // A draft is only ever seen by editors previewing it (ADR 0037).
    noIndex: !video.video_published,
  });
};

function CourseCard({ course, label }: { course: CourseRef; label: string }) {
  return (
    <Link
      to={`/courses/${course.course_slug}`}
      className="flex items-center gap-4 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm hover:border-brand-500"
    >
      {course.course_image ? (
        <ResponsiveImage src={course.course_image} alt="" sizes="112px" className="h-16 w-28 rounded-lg object-cover" />
      ) : null}
      <span>
        <span className="block text-xs font-semibold uppercase tracking-wide text-brand-700">{label}</span>
        <span className="font-semibold text-ink-900">{course.course_title}</span>
      </span>
    </Link>
  );
}

/** The "Up next" card: the same place the Next button goes (a lesson of this course, or the next course). */
function UpNextCard({ next, image }: { next: UpNext; image: string | null }) {
  return (
    <Link
      to={next.to}
      data-testid="up-next"
      className="flex items-center gap-4 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm hover:border-brand-500"
    >
      {image ? <ResponsiveImage src={image} alt="" sizes="112px" className="h-16 w-28 rounded-lg object-cover" /> : null}
      <span>
        <span className="block text-xs font-semibold uppercase tracking-wide text-brand-700">
          {next.kind === 'lesson' ? 'Up next' : 'Up next: the next course'}
        </span>
        <span className="font-semibold text-ink-900">{next.title}</span>
      </span>
    </Link>
  );
}

/**
 * The player's place until it arrives (its chunk, or a shared page's reader): its poster, and the
 * player's own size, practice controls included (measured: 168 px on a phone, 176 px from `sm`,
 * 321 px from `lg` where every tool shows), so nothing below it moves (layout shift, ADR 0056).
 * Like the player, its parts are the workspace's rows below `lg`.
 */
function PlayerSpace({ poster }: { poster: string | null }) {
  return (
    <div className="contents lg:block lg:space-y-3">
      {/* First on a phone, like the player's video, whatever comes before it in the page (ADR 0077). */}
      {poster ? (
        <img
          src={poster}
          alt=""
          fetchPriority="high"
          className="aspect-video w-full rounded-2xl bg-ink-900 object-cover max-lg:order-first"
        />
      ) : (
        <div className="aspect-video rounded-2xl bg-ink-900 max-lg:order-first" />
      )}
      <div className="h-[168px] rounded-2xl bg-ink-900 sm:h-[176px] lg:h-[321px]" />
    </div>
  );
}

const AUDIENCE_WORDS: Record<PreviewAudience, string> = {
  visitor: 'a visitor (signed out)',
  learner: 'a learner (signed in, no membership)',
  member: 'a member',
};

/** What the editor is looking at, and the way back to the form (ADR 0061). */
function PreviewBanner({ as, idVideo }: { as: PreviewAudience; idVideo: number }) {
  return (
    <div
      role="status"
      data-testid="preview-banner"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p>
        <strong className="font-bold">Preview — not published.</strong> You see this lesson as {AUDIENCE_WORDS[as]} would.
      </p>
      <nav aria-label="Preview as" className="flex flex-wrap gap-2">
        {(['visitor', 'learner', 'member'] as const).map((a) => (
          <Link
            key={a}
            to={`/staff/content/videos/${idVideo}/preview?as=${a}`}
            aria-current={a === as ? 'page' : undefined}
            className="inline-flex min-h-10 items-center rounded-full border border-amber-300 px-3 font-medium capitalize hover:bg-amber-100 aria-[current=page]:bg-amber-900 aria-[current=page]:text-white"
          >
            {a}
          </Link>
        ))}
        <Link
          to={`/staff/content/videos/${idVideo}`}
          className="inline-flex min-h-10 items-center rounded-full px-3 font-semibold underline hover:bg-amber-100"
        >
          Back to editing
        </Link>
      </nav>
    </div>
  );
}

export default function VideoPage({ loaderData }: Route.ComponentProps) {
  // Back from the checkout that this lesson sold (ADR 0082): its confirmation, at the top of the page.
  const joined = (useLocation().state as { joined?: unknown } | null)?.joined;
  const { trialDays, momentAt, jsonLd, preview } = loaderData;
  // On a page shared by a class (ADR 0056) the reader's saves and progress arrive after hydration.
  const { video, coursePercent, ready } = usePersonalVideo(loaderData);
  const [mirror, setMirror] = useState(false);
  const [practising, setPractising] = useState(false);
  // Client-only parts (keeping offline needs Cache Storage) wait for hydration.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [media, setMedia] = useState<PracticeMedia | null>(null);
  // The practice player's loop, for the score's range of bars (ADR 0088).
  const [setLoop, setSetLoop] = useState<((start: number, end: number) => void) | null>(null);
  const onLoopControl = useCallback((next: ((start: number, end: number) => void) | null) => setSetLoop(() => next), []);
  const workspace = useRef<HTMLDivElement>(null);
  const { user } = useRootData();
  // "Preview as" (ADR 0061): the page behaves as the previewed audience, whoever the editor is.
  const signedIn = preview ? preview !== 'visitor' : user.id_user !== null;
  const playId = useRef<number | null>(video.id_video_play);
  useEffect(() => {
    playId.current = video.id_video_play;
  }, [video.id_video_play]);
  // What this page had played when the learner marked the lesson not done: not counted again (docs/product.md#learning-progress).
  const forgotten = useRef<WatchedRange[]>([]);
  const lastPlayed = useRef<WatchedRange[]>([]);
  const inCourse = video.video_course;
  const courseQuery = inCourse ? `?course=${encodeURIComponent(inCourse.course_slug)}` : '';
  const next = upNext(video);
  const excerpt = pageExcerpt(video);

  // ADR 0016: progress goes to the API while playing; a failed report is retried by the next one.
  const reportProgress = ({ totalTime, currentTime, watched }: PlayerProgress) => {
    if (!signedIn || preview) return;
    lastPlayed.current = watched;
    api
      .call('videos.recordProgress', {
        params: { videoSlug: video.video_slug },
        query: inCourse ? { courseSlug: inCourse.course_slug } : {},
        body: {
          ...(playId.current ? { id_video_play: playId.current } : {}),
          video_play_total_time: totalTime.toFixed(2),
          video_play_current_time: currentTime.toFixed(2),
          video_play_watched: formatWatchedRanges(subtractWatchedRanges(watched, forgotten.current)),
        },
      })
      .then((res) => {
        playId.current = res.video.id_video_play;
      })
      .catch(() => undefined);
  };

  // One WebP width for the player's poster (a <video poster> takes no srcset): sharp on a phone at
  // any density, a fraction of an uploaded photo's bytes (ADR 0069). SVG posters stay as they are.
  const posterSource = video.video_stream_poster_signed ?? video.video_image;
  const poster = posterSource ? imageVariantUrl(posterSource, POSTER_WIDTH) : null;
  // The poster is the page's largest paint on a phone: ask for it from the head, first (ADR 0056).
  if (poster) preload(poster, { as: 'image', fetchPriority: 'high' });
  // A saved moment, else where the learner left off, or 0 with less than 10 s left
  // (docs/product.md#learning-progress). Fixed for the visit: the loaders refreshing while the
  // learner watches (window focus) bring a newer place, which must not restart the player. Another
  // lesson, another moment or the reader's own place on a shared page (ADR 0056) sets it again.
  const startFor = {
    slug: video.video_slug,
    momentAt,
    ready,
    at: momentAt ?? resumeStartTime(video.video_play_current_time, video.video_play_total_time),
  };
  const [start, setStart] = useState(startFor);
  if (start.slug !== startFor.slug || start.momentAt !== startFor.momentAt || start.ready !== startFor.ready) setStart(startFor);
  let player: React.ReactNode;
  if (video.video_locked)
    player = (
      <Suspense fallback={<PlayerSpace poster={poster} />}>
        <MembershipCta poster={poster} signedIn={signedIn} trialDays={trialDays} offerTrial={preview ? true : undefined} />
      </Suspense>
    );
  else if ((video.video_player === 'youtube' && video.youtube_video_id) || video.video_stream_manifest_signed)
    player = !ready ? (
      // The player starts where the reader left off, which a shared page learns after hydration.
      <PlayerSpace poster={poster} />
    ) : (
      <Suspense fallback={<PlayerSpace poster={poster} />}>
        <PracticePlayer
          video={video}
          signedIn={signedIn}
          startAt={start.at}
          onProgress={reportProgress}
          onMirrorChange={setMirror}
          onPractisingChange={setPractising}
          workspace={workspace}
          leftHanded={signedIn && !preview && user.left_handed}
          onMedia={setMedia}
          onLoopControl={onLoopControl}
          youtube={(onFrame) =>
            video.youtube_video_id ? (
              <YoutubeEmbed
                videoId={video.youtube_video_id}
                title={video.video_title ?? 'Video'}
                poster={poster}
                start={momentAt}
                onFrame={onFrame}
              />
            ) : null
          }
        />
      </Suspense>
    );
  else player = <div className="aspect-video rounded-2xl bg-stone-200" />;

  // Now / Next (ADR 0077): under the video on a phone, atop the aside beside it from lg. Both are
  // rendered and CSS shows one, so the server and the browser agree and the space is kept from the start.
  const hasChordsNow = video.video_chord_timeline.length > 0 && !video.video_locked;
  const chordsNow = (compact: boolean) => (
    <Suspense fallback={null}>
      <NowNextChords
        timeline={video.video_chord_timeline}
        chords={video.video_chords}
        instrument={video.video_instrument}
        mirror={mirror || user.left_handed}
        media={media}
        compact={compact}
      />
    </Suspense>
  );

  const facts = [video.video_difficulty, video.video_grade, video.video_genre, video.video_decade, video.video_instrument].filter(
    Boolean,
  );

  return (
    <Container className="py-6 sm:py-10">
      {preview ? (
        <PreviewBanner as={preview} idVideo={video.id_video} />
      ) : video.video_published ? (
        jsonLd ? (
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
        ) : null
      ) : (
        <p
          role="status"
          className="mb-4 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
        >
          <strong className="font-bold">Draft — not published.</strong> Only editors can see this page until it is published.
        </p>
      )}
      {typeof joined === 'string' ? (
        <p
          role="status"
          data-testid="joined"
          className="mb-4 rounded-2xl border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-900"
        >
          {joined}
        </p>
      ) : null}
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-stone-600">
        {inCourse ? (
          <Link to={`/courses/${inCourse.course_slug}`} className="inline-flex min-h-10 items-center hover:text-brand-700">
            ← {inCourse.course_title}
          </Link>
        ) : (
          <Link to="/videos" className="inline-flex min-h-10 items-center hover:text-brand-700">
            ← All videos
          </Link>
        )}
      </nav>

      {/* The practice workspace (docs/decisions/0076): the player, and beside it (below it on a
          phone, under the sticky video) the chords and the practice timer; the notes follow. The
          practice view shows it full screen. */}
      <div
        ref={workspace}
        className={`group/workspace grid grid-cols-[minmax(0,1fr)] gap-4 sm:gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8 ${PRACTICE_VIEW}`}
      >
        {player}
        {hasChordsNow ? <div className="min-h-[10.25rem] max-lg:order-first lg:hidden">{chordsNow(true)}</div> : null}
        {/* Tab and notation (ADR 0088): under the video (and the phone's chord strip), in the video's column from lg. */}
        {video.video_score && !video.video_locked ? (
          <div className="min-h-[16rem] min-w-0 lg:col-start-1">
            <Suspense fallback={null}>
              <SyncedScore score={video.video_score} media={media} mirror={mirror || user.left_handed} setLoop={setLoop} />
            </Suspense>
          </div>
        ) : null}
        <aside
          aria-label="Chords and practice timer"
          className="min-w-0 space-y-4 empty:hidden lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start group-data-[practice-view=true]/workspace:lg:top-4"
        >
          {hasChordsNow ? <div className="hidden min-h-[14.25rem] lg:block">{chordsNow(false)}</div> : null}
          {/* Left-handed (the account's setting, or the player's mirror): diagrams drawn for it (product.md#chords). */}
          <ChordList chords={video.video_chords} mirror={mirror || user.left_handed} instrument={video.video_instrument} />
          {/* The practice timer logs minutes against this lesson (product.md#practice-log). */}
          {signedIn && !preview && !video.video_locked ? (
            <PracticeTimer idVideo={video.id_video} practising={practising} />
          ) : null}
        </aside>
        <div className="min-w-0 space-y-6 lg:col-start-1">
          <header className="space-y-3">
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{videoSubtitle(video)}</p>
            <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{video.video_title}</h1>
            <div className="flex flex-wrap gap-2">
              {video.video_premium ? <Badge tone="brand">Members</Badge> : <Badge tone="success">Free</Badge>}
              {facts.map((fact) => (
                <Badge key={fact}>{fact}</Badge>
              ))}
            </div>
            {excerpt ? <p className="text-stone-700">{excerpt}</p> : null}
            <div className="flex flex-wrap items-start gap-3">
              {/* A shared page's buttons wait for the reader's own state (the button's height meanwhile). */}
              {!ready ? <div className="h-10" data-testid="personal-pending" /> : null}
              {ready ? <SaveButton idVideo={video.id_video} saved={video.saved_to_my_list} signedIn={signedIn} /> : null}
              {ready && signedIn && !preview && !video.video_locked ? (
                <DoneButton
                  video={video}
                  courseSlug={inCourse?.course_slug}
                  onChange={(done) => {
                    if (!done) forgotten.current = lastPlayed.current;
                  }}
                />
              ) : null}
              {/* Only our own stream can be stored, and only by the production build's service worker. */}
              {hydrated &&
              import.meta.env.PROD &&
              signedIn &&
              !preview &&
              !video.video_locked &&
              video.video_player !== 'youtube' &&
              video.video_stream_manifest_signed ? (
                <Suspense fallback={null}>
                  <KeepOffline lesson={{ ...video, video_stream_manifest_signed: video.video_stream_manifest_signed }} />
                </Suspense>
              ) : null}
            </div>
          </header>

          {inCourse && (video.video_course_video_prev || next) ? (
            <nav aria-label="Lessons in this course" className="grid gap-3 sm:flex sm:flex-wrap sm:justify-between">
              {video.video_course_video_prev ? (
                <LinkButton
                  to={`/videos/${video.video_course_video_prev.video_slug}${courseQuery}`}
                  variant="secondary"
                  size="sm"
                  className="py-2 text-center"
                >
                  ←{'\u00a0'}
                  {video.video_course_video_prev.video_title}
                </LinkButton>
              ) : (
                <span className="hidden sm:block" />
              )}
              {next ? (
                <LinkButton to={next.to} size="sm" className="py-2 text-center" data-testid="next-button">
                  {next.kind === 'lesson' ? 'Next' : 'Next course'}: {next.title}
                  {'\u00a0'}→
                </LinkButton>
              ) : null}
            </nav>
          ) : null}

          <VideoSections sections={video.video_sections} title={video.video_title ?? 'Video'} locked={video.video_locked} />
          {inCourse ? (
            <div className="space-y-3 rounded-2xl border border-stone-200 bg-stone-50 p-4">
              <CourseCard course={inCourse} label="Part of the course" />
              {coursePercent !== null ? (
                <ProgressBar percent={coursePercent} />
              ) : !ready ? (
                // The progress bar's height while a shared page asks for the reader's (ADR 0056).
                <div className="h-[34px]" />
              ) : null}
            </div>
          ) : null}
          {next ? (
            <UpNextCard
              next={next}
              image={
                next.kind === 'lesson'
                  ? (video.video_course_video_next?.video_image ?? null)
                  : (video.video_course_next?.course_image ?? null)
              }
            />
          ) : null}
          {next?.kind === 'lesson' && video.video_course_next ? (
            <CourseCard course={video.video_course_next} label="After this course" />
          ) : null}
          {video.video_recommended_course ? (
            <CourseCard course={video.video_recommended_course} label="Recommended course" />
          ) : null}
          {video.video_tags.length ? (
            <div>
              <h2 className="mb-2 text-sm font-semibold text-stone-600">Tags</h2>
              <ul className="flex flex-wrap gap-2">
                {video.video_tags.map((tag) => (
                  <li key={tag.tag_slug}>
                    <Link
                      to={`/videos?tags=${encodeURIComponent(tag.tag_slug)}`}
                      className="inline-flex min-h-10 items-center rounded-full bg-stone-100 px-4 text-sm text-stone-700 hover:bg-brand-50 hover:text-brand-700"
                    >
                      {tag.tag_name ?? tag.tag_slug}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </div>
    </Container>
  );
}

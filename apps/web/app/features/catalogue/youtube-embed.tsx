import { ConsentGate } from '../../components/consent/consent-gate';

/**
 * YouTube through youtube-nocookie, only after the visitor allows video cookies (consent
 * category `video`, product.md#entities, ADR 0005); before that the shared consent placeholder over the poster, with a
 * link to watch it on YouTube.
 */
export function YoutubeEmbed({
  videoId,
  title,
  poster,
  start,
  onFrame,
}: {
  videoId: string;
  title: string;
  poster?: string | null;
  /** Seconds to start at (a saved moment). */
  start?: number | null;
  /** The practice player drives the embed through the IFrame API's messages (ADR 0058). */
  onFrame?: (frame: HTMLIFrameElement | null) => void;
}) {
  // The same on the server and in the browser (no window.origin here), so hydration matches.
  const params = `rel=0${start ? `&start=${Math.floor(start)}` : ''}${onFrame ? '&enablejsapi=1' : ''}`;
  return (
    <ConsentGate
      category="video"
      provider="YouTube"
      externalUrl={`https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`}
      poster={poster}
    >
      <div className="overflow-hidden rounded-2xl bg-black">
        <iframe
          className="aspect-video w-full"
          ref={onFrame}
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?${params}`}
          title={title}
          loading="lazy"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    </ConsentGate>
  );
}

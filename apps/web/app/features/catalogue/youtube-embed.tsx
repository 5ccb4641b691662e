import { ConsentGate } from '../../components/consent/consent-gate';

/**
 * YouTube through youtube-nocookie, only after the visitor allows video cookies (consent
 * category `video`, product.md#entities, ADR 0005); before that the shared consent placeholder over the poster, with a
 * link to watch it on YouTube.
 */
export function YoutubeEmbed({ videoId, title, poster }: { videoId: string; title: string; poster?: string | null }) {
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
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?rel=0`}
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

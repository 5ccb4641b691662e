import { Button } from '../../components/ui';
import { setConsent, useConsent } from '../../lib/consent';

/**
 * YouTube through youtube-nocookie, only after the visitor allows video cookies (spec §3 consent
 * category `video`); before that a clear placeholder says why and offers to allow it.
 */
export function YoutubeEmbed({ videoId, title, poster }: { videoId: string; title: string; poster?: string | null }) {
  const consent = useConsent();
  if (!consent.video) {
    return (
      <div className="relative overflow-hidden rounded-2xl bg-ink-900 text-white">
        {poster ? <img src={poster} alt="" className="absolute inset-0 size-full object-cover opacity-25" /> : null}
        <div className="relative flex aspect-video flex-col items-center justify-center gap-3 p-6 text-center">
          <p className="text-lg font-semibold">This video is hosted on YouTube</p>
          <p className="max-w-md text-sm text-stone-200">
            Watching it lets YouTube set cookies. Allow video cookies to play it here, or change your choice any time in the
            cookie settings.
          </p>
          <Button size="sm" onClick={() => setConsent({ ...consent, video: true })}>
            Allow video cookies and play
          </Button>
        </div>
      </div>
    );
  }
  return (
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
  );
}

import { lazy, Suspense } from 'react';
import { chordTuning, type VideoChord, type VideoSection } from '@fretline/contract';
import { YoutubeEmbed } from './youtube-embed';
import { ConsentGate } from '../../components/consent/consent-gate';
import { ResponsiveImage } from '../../components/ui/responsive-image';

// The extra-stream section reuses the player, loaded only when such a section exists.
const StreamPlayer = lazy(() => import('./stream-player').then((m) => ({ default: m.StreamPlayer })));
// Diagrams drawn from data load with the first lesson that has one: the video page keeps to its JavaScript budget (ADR 0058).
const ChordDiagram = lazy(() => import('../../components/ui/chord-diagram').then((m) => ({ default: m.ChordDiagram })));

function SectionBody({ section, title }: { section: VideoSection; title: string }) {
  switch (section.video_section_type) {
    case 'text':
      // Sanitised by the API with an allow-list before it is served (sanitize-html).
      return section.video_section_content ? (
        <div className="prose-fret" dangerouslySetInnerHTML={{ __html: section.video_section_content }} />
      ) : null;
    case 'soundslice':
      return section.video_section_soundslice_id ? (
        // ADR 0005: Spotify and Soundslice players wait for `audio` consent.
        <ConsentGate
          category="audio"
          provider="Soundslice"
          shape="panel"
          externalUrl={`https://www.soundslice.com/slices/${encodeURIComponent(section.video_section_soundslice_id)}/`}
        >
          <iframe
            className="h-[420px] w-full rounded-xl border border-stone-200"
            src={`https://www.soundslice.com/slices/${encodeURIComponent(section.video_section_soundslice_id)}/embed/`}
            title={`${title}: notation`}
            loading="lazy"
            allowFullScreen
          />
        </ConsentGate>
      ) : null;
    case 'spotify':
      return section.video_section_spotify_id ? (
        <ConsentGate
          category="audio"
          provider="Spotify"
          shape="panel"
          externalUrl={`https://open.spotify.com/track/${encodeURIComponent(section.video_section_spotify_id)}`}
        >
          <iframe
            className="h-[152px] w-full rounded-xl"
            src={`https://open.spotify.com/embed/track/${encodeURIComponent(section.video_section_spotify_id)}`}
            title={`${title}: listen`}
            loading="lazy"
            allow="encrypted-media"
          />
        </ConsentGate>
      ) : null;
    case 'youtube':
      return section.video_section_youtube_id ? (
        <YoutubeEmbed
          videoId={section.video_section_youtube_id}
          title={section.video_section_heading ?? title}
          poster={section.video_section_youtube_poster}
        />
      ) : null;
    case 'asset':
      return section.video_section_asset_url_signed ? (
        <a
          href={section.video_section_asset_url_signed}
          download
          className="inline-flex items-center gap-3 rounded-xl border border-stone-200 bg-white px-4 py-3 font-semibold text-ink-900 shadow-sm hover:border-brand-500"
        >
          <span className="rounded-md bg-brand-50 px-2 py-1 text-xs uppercase text-brand-700">
            {section.video_section_asset_extension}
          </span>
          Download {section.video_section_asset_name}
        </a>
      ) : (
        <p className="text-sm text-stone-600">
          {section.video_section_asset_name ? `${section.video_section_asset_name}: ` : ''}a download for members.
        </p>
      );
    case 'stream':
      return section.video_section_stream_manifest_signed ? (
        <Suspense fallback={<div className="aspect-video rounded-2xl bg-stone-200" />}>
          <StreamPlayer
            src={section.video_section_stream_manifest_signed}
            poster={section.video_section_stream_poster_signed}
            title={section.video_section_heading ?? title}
          />
        </Suspense>
      ) : null;
    default:
      return null;
  }
}

/** video_sections (product.md#entities), each rendered by its type. */
export function VideoSections({ sections, title, locked }: { sections: VideoSection[]; title: string; locked: boolean }) {
  if (!sections.length) return null;
  return (
    <div className="space-y-8">
      {sections.map((section) => (
        <section key={section.id_video_section} aria-labelledby={`section-${section.id_video_section}`}>
          {section.video_section_heading ? (
            <h2 id={`section-${section.id_video_section}`} className="mb-3 text-xl font-bold text-ink-900">
              {section.video_section_heading}
              {locked && !(section.video_section_type === 'text' && section.video_section_content) ? (
                <span className="ml-2 align-middle text-xs font-semibold uppercase text-stone-500">Members</span>
              ) : null}
            </h2>
          ) : null}
          <SectionBody section={section} title={title} />
        </section>
      ))}
    </div>
  );
}

/**
 * video_chords (id, text, url; product.md#entities): each chord's name, under its diagram when it has one. The
 * name is always printed: an uploaded diagram may not carry it (the demo diagrams deliberately
 * don't, media/generate-demo.mjs), and a learner reads it at a glance. A chord with a shape is
 * drawn from it (product.md#chords); an uploaded picture is shown otherwise. `mirror` flips both,
 * with the mirrored video, for a left-handed player.
 */
export function ChordList({
  chords,
  mirror = false,
  instrument = null,
}: {
  chords: VideoChord[];
  mirror?: boolean;
  /** The lesson's instrument: its strings and tuning (a ukulele's four, product.md#chords). */
  instrument?: string | null;
}) {
  if (!chords.length) return null;
  const tuning = chordTuning(instrument);
  return (
    <section aria-labelledby="chords-heading">
      <h2 id="chords-heading" className="mb-3 text-xl font-bold text-ink-900">
        Chords
      </h2>
      {/* Tiles at least 7rem wide, so a diagram's dots stay big enough to read on a phone. */}
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(7rem,1fr))] gap-3">
        {chords.map((chord) => (
          <li key={chord.id_video_chord} className="rounded-xl border border-stone-200 bg-white p-2 text-center">
            <figure className="flex h-full flex-col items-center justify-end gap-1">
              {chord.video_chord_frets ? (
                <Suspense fallback={<span className="block aspect-[84/92] w-full max-w-28" />}>
                  <ChordDiagram
                    name={chord.video_chord_text ?? 'Chord'}
                    frets={chord.video_chord_frets}
                    fingers={chord.video_chord_fingers}
                    mirror={mirror}
                    tuning={tuning}
                    className="h-auto w-full max-w-28 text-ink-900"
                  />
                </Suspense>
              ) : chord.video_chord_url ? (
                <ResponsiveImage
                  src={chord.video_chord_url}
                  sizes="112px"
                  alt={chord.video_chord_text ? `${chord.video_chord_text} chord diagram` : 'Chord diagram'}
                  className={`h-auto max-h-36 w-full max-w-28 object-contain ${mirror ? '-scale-x-100' : ''}`}
                />
              ) : null}
              <figcaption className="text-lg font-semibold text-ink-900">{chord.video_chord_text}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

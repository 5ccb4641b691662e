// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EditorSection } from '@fretline/contract';
import { ChordsEditor } from './chords-editor';
import { SectionsEditor } from './sections-editor';

const NO_SHAPE = { video_chord_frets: null, video_chord_fingers: null, video_chord_key: null };

afterEach(cleanup);

const signed = (mediaPath: string) => `/api/videos/media/${mediaPath}?exp=1800000000&sig=abc`;

function section(values: Partial<EditorSection> & Pick<EditorSection, 'video_section_type'>): EditorSection {
  return {
    id_video_section: 1,
    video_section_heading: null,
    video_section_content: null,
    video_section_soundslice_id: null,
    video_section_spotify_id: null,
    video_section_youtube_id: null,
    video_section_youtube_poster: null,
    video_section_youtube_poster_signed: null,
    video_section_asset_name: null,
    video_section_asset_extension: null,
    video_section_asset_path: null,
    video_section_asset_url_signed: null,
    video_section_stream_manifest: null,
    video_section_stream_poster: null,
    video_section_stream_poster_signed: null,
    ...values,
  };
}

describe('the video editor previews saved images (ADR 0039)', () => {
  it('shows a saved chord diagram from its signed URL, and no picture for a chord without one', () => {
    render(
      <ChordsEditor
        errors={{}}
        chords={[
          {
            id_video_chord: 1,
            video_chord_text: 'C',
            video_chord_url: 'demo/chords/c-major.svg',
            video_chord_url_signed: signed('demo/chords/c-major.svg'),
            ...NO_SHAPE,
          },
          { id_video_chord: 2, video_chord_text: 'Cadd9', video_chord_url: null, video_chord_url_signed: null, ...NO_SHAPE },
        ]}
      />,
    );
    const previews = screen.getAllByRole('img', { name: 'Preview of Diagram' });
    expect(previews.map((img) => img.getAttribute('src'))).toEqual([signed('demo/chords/c-major.svg')]);
  });

  it('shows the posters of YouTube and stream sections from their signed URLs', () => {
    render(
      <SectionsEditor
        errors={{}}
        sections={[
          section({
            video_section_type: 'youtube',
            video_section_youtube_id: 'M7lc1UVf-VE',
            video_section_youtube_poster: 'demo/posters/a.svg',
            video_section_youtube_poster_signed: signed('demo/posters/a.svg'),
          }),
          section({
            id_video_section: 2,
            video_section_type: 'stream',
            video_section_stream_manifest: 'demo/hls/demo-clip/index.m3u8',
            video_section_stream_poster: 'demo/posters/b.svg',
            video_section_stream_poster_signed: signed('demo/posters/b.svg'),
          }),
        ]}
      />,
    );
    const previews = screen.getAllByRole('img', { name: 'Preview of Poster image' });
    expect(previews.map((img) => img.getAttribute('src'))).toEqual([signed('demo/posters/a.svg'), signed('demo/posters/b.svg')]);
  });

  it('keeps a file-type box for a download that is not an image, even with its signed URL', () => {
    render(
      <SectionsEditor
        errors={{}}
        sections={[
          section({
            video_section_type: 'asset',
            video_section_asset_path: 'demo/resources/first-chords-chart.pdf',
            video_section_asset_url_signed: signed('demo/resources/first-chords-chart.pdf'),
          }),
        ]}
      />,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('pdf')).toBeTruthy();
  });
});

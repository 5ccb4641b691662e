import { describe, expect, it } from 'vitest';
import { videoExcerpt, videoSubtitle, type VideoSection } from '@fretline/contract';
import { coursePercentComplete, isVideoLocked, previewSections, VISITOR } from './lock-rules.ts';

const section = (over: Partial<VideoSection>): VideoSection => ({
  id_video_section: 1,
  video_section_type: 'text',
  video_section_heading: 'About',
  video_section_content: null,
  video_section_soundslice_id: null,
  video_section_spotify_id: null,
  video_section_youtube_id: null,
  video_section_youtube_poster: null,
  video_section_asset_name: null,
  video_section_asset_extension: null,
  video_section_asset_url_signed: null,
  video_section_stream_manifest_signed: null,
  video_section_stream_poster_signed: null,
  ...over,
});

describe('the premium lock rules (ADR 0015)', () => {
  const learner = { idUser: 2, isMember: false, isEditor: false };
  const member = { idUser: 3, isMember: true, isEditor: false };
  const editor = { idUser: 4, isMember: false, isEditor: true };

  it('never locks a free video', () => {
    for (const viewer of [VISITOR, learner, member, editor]) expect(isVideoLocked({ premium: false }, viewer)).toBe(false);
  });

  it('locks a premium video for a visitor and a signed-in learner without membership', () => {
    expect(isVideoLocked({ premium: true }, VISITOR)).toBe(true);
    expect(isVideoLocked({ premium: true }, learner)).toBe(true);
  });

  it('unlocks a premium video for members and editors', () => {
    expect(isVideoLocked({ premium: true }, member)).toBe(false);
    expect(isVideoLocked({ premium: true }, editor)).toBe(false);
  });

  it('previews a locked video: headings stay, only the first text section keeps a short plain-text preview, nothing playable', () => {
    const long = `<p>${'Strum <b>down</b> and up. '.repeat(30)}</p>`;
    const preview = previewSections([
      section({ id_video_section: 1, video_section_content: long }),
      section({ id_video_section: 2, video_section_content: '<p>Second text</p>' }),
      section({
        id_video_section: 3,
        video_section_type: 'asset',
        video_section_asset_name: 'Chart',
        video_section_asset_url_signed: '/x',
      }),
      section({ id_video_section: 4, video_section_type: 'stream', video_section_stream_manifest_signed: '/m.m3u8' }),
      section({ id_video_section: 5, video_section_type: 'youtube', video_section_youtube_id: 'abc' }),
    ]);
    expect(preview.map((s) => s.video_section_heading)).toEqual(['About', 'About', 'About', 'About', 'About']);
    expect(preview[0]!.video_section_content).toMatch(/^<p>Strum down and up\..*\.\.\.<\/p>$/);
    expect(preview[0]!.video_section_content!.length).toBeLessThanOrEqual(220 + '<p>...</p>'.length);
    expect(preview[1]!.video_section_content).toBeNull();
    expect(preview[2]!.video_section_asset_url_signed).toBeNull();
    expect(preview[2]!.video_section_asset_name).toBe('Chart');
    expect(preview[3]!.video_section_stream_manifest_signed).toBeNull();
    expect(preview[4]!.video_section_youtube_id).toBeNull();
  });

  it('escapes the preview text so stripped markup cannot come back as HTML', () => {
    const [first] = previewSections([section({ video_section_content: '<p>1 &lt; 2 &amp; <script>x</script></p>' })]);
    expect(first!.video_section_content).toBe('<p>1 &lt; 2 &amp;</p>');
  });
});

describe('percent complete (ADR 0016)', () => {
  it('is finished videos over course videos, rounded down, between 0 and 100', () => {
    expect(coursePercentComplete(0, 10)).toBe(0);
    expect(coursePercentComplete(1, 3)).toBe(33);
    expect(coursePercentComplete(2, 3)).toBe(66);
    expect(coursePercentComplete(3, 3)).toBe(100);
    expect(coursePercentComplete(5, 3)).toBe(100);
    expect(coursePercentComplete(1, 0)).toBe(0);
  });
});

describe('subtitle and excerpt as the catalogue uses them (product.md#entities)', () => {
  it('names the course first, then the category, then the artist', () => {
    const base = { video_artist: 'Maple & Ash', video_type: 'Riff' };
    expect(videoSubtitle({ ...base, video_category: 'Song', video_course: { course_title: 'Beginner Guitar Course' } })).toBe(
      'Beginner Guitar Course',
    );
    expect(videoSubtitle({ ...base, video_category: 'Lesson' })).toBe('Lesson');
    expect(videoSubtitle({ ...base, video_category: 'Live Replay' })).toBe('Live Replay');
    expect(videoSubtitle({ ...base, video_category: 'Song' })).toBe('Song by Maple & Ash');
    expect(videoSubtitle({ video_artist: null, video_type: 'Riff', video_category: 'Song' })).toBe('Riff');
    expect(videoSubtitle({ video_artist: null, video_type: null, video_category: 'Song' })).toBe('Song');
  });

  it('falls back to the text sections cut to 220 characters', () => {
    const text = 'word '.repeat(100);
    const excerpt = videoExcerpt({ video_excerpt: null, video_sections: [section({ video_section_content: `<p>${text}</p>` })] });
    expect(excerpt.endsWith('...')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(223);
    expect(videoExcerpt({ video_excerpt: 'Own excerpt', video_sections: [] })).toBe('Own excerpt');
  });
});

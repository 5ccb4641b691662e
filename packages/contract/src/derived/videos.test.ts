import { describe, expect, it } from 'vitest';
import { excerptFallback, stripTags, truncateText, videoExcerpt, videoSubtitle, type VideoSubtitleInput } from './videos.ts';

const song: VideoSubtitleInput = { video_category: 'Song', video_artist: null, video_type: null, video_course: null };
const inCourse = { course_title: 'Beginner Guitar Course' };

describe('videoSubtitle', () => {
  it('is the course title when the video is in a course, whatever its category', () => {
    for (const video_category of ['Lesson', 'Song', 'Live Replay'] as const) {
      expect(videoSubtitle({ ...song, video_category, video_artist: 'Oasis', video_course: inCourse })).toBe(
        'Beginner Guitar Course',
      );
    }
  });

  it("is 'Lesson' for a lesson outside a course", () => {
    expect(videoSubtitle({ ...song, video_category: 'Lesson', video_artist: 'Oasis', video_type: 'Riff' })).toBe('Lesson');
  });

  it("is 'Live Replay' for a live replay outside a course", () => {
    expect(videoSubtitle({ ...song, video_category: 'Live Replay', video_artist: 'Oasis' })).toBe('Live Replay');
  });

  it("is 'Song by {artist}' for a song with an artist", () => {
    expect(videoSubtitle({ ...song, video_artist: 'Oasis', video_type: 'Strumming' })).toBe('Song by Oasis');
  });

  it('is the type for a song without an artist', () => {
    expect(videoSubtitle({ ...song, video_type: 'Christmas Song' })).toBe('Christmas Song');
  });

  it("is 'Song' for a song with neither artist nor type", () => {
    expect(videoSubtitle(song)).toBe('Song');
    expect(videoSubtitle({ ...song, video_artist: ' ', video_type: '' })).toBe('Song');
  });

  it('ignores a course without a title', () => {
    expect(videoSubtitle({ ...song, video_category: 'Lesson', video_course: { course_title: null } })).toBe('Lesson');
  });

  it('works when the video carries no course field at all (a saved-video row)', () => {
    expect(videoSubtitle({ video_category: 'Song', video_artist: 'Queen', video_type: null })).toBe('Song by Queen');
  });
});

const text = (html: string | null) => ({ video_section_type: 'text', video_section_content: html });

describe('stripTags', () => {
  it('removes nested tags and keeps words apart across blocks', () => {
    expect(stripTags('<div><p>Play <strong>the <em>G</em> chord</strong></p><p>then C</p></div>')).toBe(
      'Play the G chord then C',
    );
  });

  it('decodes entities once', () => {
    expect(stripTags('Rock &amp; roll &lt;3 &#39;quoted&#39; &#x2014; &amp;lt;')).toBe("Rock & roll <3 'quoted' — &lt;");
  });

  it('drops scripts, styles and comments with their contents', () => {
    expect(stripTags('a<script>alert(1)</script>b<style>p{}</style>c<!-- note -->d')).toBe('a b c d');
  });
});

describe('truncateText', () => {
  it('leaves text of exactly 220 characters alone', () => {
    const exact = 'x'.repeat(220);
    expect(truncateText(exact)).toBe(exact);
  });

  it('cuts longer text to 220 characters and adds an ellipsis', () => {
    const result = truncateText('y'.repeat(221));
    expect(result).toBe('y'.repeat(220) + '...');
  });

  it('never cuts a word in half: the word that does not fit goes whole', () => {
    const text = `${'ab '.repeat(72)}guitar strings`; // 216 characters, then a word across the limit
    expect(truncateText(text)).toBe(`${'ab '.repeat(72).trimEnd()}...`);
  });

  it('cuts a single word longer than the limit inside it', () => {
    expect(truncateText('z'.repeat(300), 10)).toBe(`${'z'.repeat(10)}...`);
  });

  it('does not leave a space before the ellipsis', () => {
    expect(truncateText(`${'a'.repeat(219)} bcd`)).toBe(`${'a'.repeat(219)}...`);
  });
});

describe('excerptFallback', () => {
  it('uses only the text sections, tags stripped', () => {
    const video = {
      video_sections: [
        text('<p>First &amp; foremost.</p>'),
        { video_section_type: 'youtube', video_section_content: 'not this' },
        text(null),
        text('<ul><li>Second</li></ul>'),
      ],
    };
    expect(excerptFallback(video)).toBe('First & foremost. Second');
  });

  it('cuts the stripped text, not the HTML, to 220 characters', () => {
    const words = 'word '.repeat(60).trim(); // 299 characters
    const result = excerptFallback({ video_sections: [text(`<p><strong>${words}</strong></p>`)] });
    expect(result.endsWith('...')).toBe(true);
    expect(result.length).toBeLessThanOrEqual(223);
    expect(result).not.toContain('<');
  });

  it('keeps a stripped text of exactly 220 characters whole', () => {
    const body = 'z'.repeat(220);
    expect(excerptFallback({ video_sections: [text(`<p><em>${body}</em></p>`)] })).toBe(body);
  });

  it('is empty when there are no text sections', () => {
    expect(excerptFallback({ video_sections: [] })).toBe('');
  });
});

describe('videoExcerpt', () => {
  it("prefers the video's own excerpt", () => {
    expect(videoExcerpt({ video_excerpt: 'Own words', video_sections: [text('<p>Other</p>')] })).toBe('Own words');
  });

  it('falls back when the excerpt is null or blank', () => {
    expect(videoExcerpt({ video_excerpt: null, video_sections: [text('<p>Other</p>')] })).toBe('Other');
    expect(videoExcerpt({ video_excerpt: ' ', video_sections: [text('<p>Other</p>')] })).toBe('Other');
  });
});

const FIELD_LABELS: Record<string, string> = {
  video_title: 'Title',
  video_slug: 'Slug',
  video_category: 'Category',
  video_order: 'Order',
  video_excerpt: 'Excerpt',
  video_player: 'Player',
  youtube_video_id: 'YouTube video id',
  video_stream_manifest: 'Stream',
  video_stream_poster: 'Player poster',
  video_image: 'Card poster',
  id_recommended_course: 'Recommended course',
  video_section_type: 'type',
  video_section_heading: 'heading',
  video_section_content: 'text',
  video_section_soundslice_id: 'Soundslice id',
  video_section_spotify_id: 'Spotify track id',
  video_section_youtube_id: 'YouTube video id',
  video_section_youtube_poster: 'poster',
  video_section_asset_path: 'file',
  video_section_asset_name: 'button name',
  video_section_asset_extension: 'file type',
  video_section_stream_manifest: 'stream manifest',
  video_section_stream_poster: 'poster',
  video_chord_text: 'name',
  video_chord_url: 'diagram',
  video_chord_frets: 'frets',
  video_chord_fingers: 'fingers',
  video_chord_key: 'library chord',
  video_tempo: 'Tempo',
  time: 'starts at',
  title: 'title',
  tag_name: 'name',
  id_course: 'course',
  position: 'position',
  kind: 'listed as',
};
const LIST_LABELS: Record<string, string> = {
  video_sections: 'Section',
  video_chords: 'Chord',
  video_tags: 'Tag',
  video_chapters: 'Chapter',
  courses: 'Course',
};

/** A field's name as the form shows it, from its API path: `video_sections.2.video_section_content` → 'Section 3, text'. */
export function fieldLabel(path: string): string {
  const [head, index, field] = path.split('.');
  if (head && LIST_LABELS[head] && index !== undefined && /^\d+$/.test(index)) {
    const item = `${LIST_LABELS[head]} ${Number(index) + 1}`;
    return field ? `${item}, ${FIELD_LABELS[field] ?? field.replace(/_/g, ' ')}` : item;
  }
  return FIELD_LABELS[path] ?? path.replace(/_/g, ' ');
}

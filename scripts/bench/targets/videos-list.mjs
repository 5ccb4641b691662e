// Bench target: the /videos list API (ADR 0018) with 10,000 videos in the catalogue.
import pg from 'pg';

export const name = 'GET /api/videos/videos (list, 10k videos)';
export const path = '/api/videos/videos?limit=24';

const BENCH_VIDEOS = 10_000;

/**
 * Adds bench videos straight into PostgreSQL (BENCH_DATABASE_URL), once per database. On the
 * embedded PGlite the running app owns the files and there is no API to create videos, so the
 * target then measures the demo catalogue and says so.
 */
export async function seedBenchVideos(databaseUrl) {
  if (!databaseUrl) {
    console.log('  (no BENCH_DATABASE_URL: measuring the demo catalogue, not 10,000 videos)');
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`select count(*)::int as n from videos.videos where video_slug like 'bench-%'`);
    if (rows[0].n >= BENCH_VIDEOS) return;
    await client.query('begin');
    await client.query(
      `insert into videos.videos (video_slug, video_title, video_player, video_premium, video_image, video_order, video_category,
         video_difficulty, video_instrument, video_artist, video_skill, video_genre, video_decade, video_type, video_grade,
         stream_manifest, stream_poster, video_created, video_updated)
       select 'bench-' || i, 'Bench lesson ' || i, 'stream', i % 3 = 0, 'demo/posters/lesson-beginner.svg', 1000 + i,
         (array['Lesson','Song','Live Replay'])[1 + i % 3], (array['Beginner','Intermediate','Advanced'])[1 + i % 3],
         (array['Acoustic Guitar','Electric Guitar','Ukulele'])[1 + i % 3], 'Bench Artist ' || (i % 50),
         (array['Chords','Rhythm','Lead','Technique'])[1 + i % 4], (array['Rock','Pop','Blues','Folk','Jazz'])[1 + i % 5],
         (array['1960s','1970s','1980s','1990s','2000s'])[1 + i % 5], 'Full Song', 'Grade ' || (1 + i % 8),
         'demo/hls/demo-clip/index.m3u8', 'demo/posters/lesson-beginner.svg',
         now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
       from generate_series(1, $1) as i
       on conflict do nothing`,
      [BENCH_VIDEOS],
    );
    await client.query(
      `insert into videos.video_tags (id_video, tag_slug, tag_name)
       select id_video, 'bench', 'Bench' from videos.videos where video_slug like 'bench-%' on conflict do nothing`,
    );
    await client.query(
      `insert into videos.video_sections (id_video, section_order, section_type, section_heading, section_content)
       select id_video, 1, 'text', 'About this lesson', '<p>A bench lesson with a paragraph of text.</p>'
       from videos.videos where video_slug like 'bench-%'`,
    );
    await client.query('commit');
    await client.query('analyze videos.videos');
  } finally {
    await client.end();
  }
}

export async function prepare({ databaseUrl }) {
  await seedBenchVideos(databaseUrl);
}

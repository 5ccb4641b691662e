// Bench target: chord-set searches and typos with a "Did you mean" (ADR 0080) over 10,000 videos,
// each bench video teaching a few chords, some by library key and some typed by hand. Compare its
// p99 with the plain search target's in the same run.
import pg from 'pg';
import { seedBenchVideos } from './videos-list.mjs';

export const name = 'GET /api/videos/videos chord sets + typos (200 distinct queries, 10k videos)';
export const key = 'chord-search';

const CHORD_SETS = ['Em G', 'A minor', 'E minor G', 'Am C F', 'G C D', 'blues E7', 'D A', 'C G Am F', 'Dm', 'E7 A7'];
const TYPOS = ['blus', 'lesosn', 'bnech', 'artst', 'guitr', 'jaz', 'rok', 'pop songz', 'fok', 'strumin'];
const KINDS = ['', 'lesson', 'song'];
const FAMILIES = ['', 'guitar', 'ukulele'];

export const requests = Array.from({ length: 200 }, (_, i) => {
  const words = i % 2 === 0 ? CHORD_SETS[(i / 2) % CHORD_SETS.length] : TYPOS[((i - 1) / 2) % TYPOS.length];
  // A number makes each query distinct, so most answers are real queries, not the 10-second memory.
  const params = new URLSearchParams({ search: i % 4 < 2 ? words : `${words} ${i}`, limit: '24' });
  const kind = KINDS[i % KINDS.length];
  if (kind) params.set('kind', kind);
  const family = FAMILIES[Math.floor(i / 3) % FAMILIES.length];
  if (family) params.set('instrument_family', family);
  return { method: 'GET', path: `/api/videos/videos?${params}` };
});

const BENCH_CHORDS = [
  ['Em', 'em'],
  ['G', 'g'],
  ['C', 'c'],
  ['D', 'd'],
  ['Am', null],
  ['F', null],
  ['E7', 'e7'],
  ['A7', null],
];

export async function prepare({ databaseUrl }) {
  await seedBenchVideos(databaseUrl);
  if (!databaseUrl) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from videos.video_chords c join videos.videos v using (id_video) where v.video_slug like 'bench-%'`,
    );
    if (rows[0].n > 0) return;
    // Three chords a video, rotating through the list: every chord set above matches some videos.
    await client.query(
      `insert into videos.video_chords (id_video, chord_order, chord_text, chord_key)
       select v.id_video, k, (($1::text[])[1 + (v.id_video + k * 3) % $3]), (($2::text[])[1 + (v.id_video + k * 3) % $3])
       from videos.videos v cross join generate_series(0, 2) as k
       where v.video_slug like 'bench-%'`,
      [BENCH_CHORDS.map(([text]) => text), BENCH_CHORDS.map(([, key]) => key), BENCH_CHORDS.length],
    );
    await client.query('analyze videos.video_chords');
  } finally {
    await client.end();
  }
}

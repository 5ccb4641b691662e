// Bench target: /videos search and filter (ADR 0056) with 10,000 videos: 300 different searches,
// facet filters and sorts in turn, so most answers are real queries rather than the catalogue's
// 10-second memory of one (each connection walks the list from its own point).
import { seedBenchVideos } from './videos-list.mjs';

export const name = 'GET /api/videos/videos search + filter (300 distinct queries, 10k videos)';
export const key = 'search';

const WORDS = ['bench', 'lesson', 'artist', 'blues', 'rock', 'chord', 'guitar', 'less', 'holding', 'song', 'jazz', 'pop'];
const GENRES = ['', 'Blues', 'Rock', 'Pop', 'Folk', 'Jazz'];
const ORDERS = ['', 'video_title', '-video_created', 'video_difficulty'];

export const requests = Array.from({ length: 300 }, (_, i) => {
  const search = `${WORDS[i % WORDS.length]}${i % 3 === 0 ? ` ${1 + (i % 50)}` : ''}`;
  const params = new URLSearchParams({ search, limit: '24' });
  const genre = GENRES[i % GENRES.length];
  if (genre) params.set('genre', genre);
  const order = ORDERS[Math.floor(i / 7) % ORDERS.length];
  if (order) params.set('order', order);
  return { method: 'GET', path: `/api/videos/videos?${params}` };
});

export async function prepare({ databaseUrl }) {
  await seedBenchVideos(databaseUrl);
}

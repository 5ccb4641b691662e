// Bench target: the server-rendered video page (the player page) with 10,000 videos in the catalogue.
import { seedBenchVideos } from './videos-list.mjs';

export const name = 'GET /videos/:videoSlug signed out (page, 10k videos)';
export const key = 'video-signed-out';
export const path = '/videos/holding-the-guitar';
export const headers = { 'accept-encoding': 'br, gzip' };

export async function prepare({ databaseUrl }) {
  await seedBenchVideos(databaseUrl);
}

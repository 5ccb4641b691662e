import type { VideosContext } from './videos.context.ts';
import { findSitemapRows } from './videos.repository.ts';

// The public paths sitemap.xml lists.

export async function getSitemap(ctx: VideosContext) {
  const { videoRows, courseRows, streamRows } = await findSitemapRows(ctx.db);
  return {
    urls: [
      ...courseRows.map((r) => ({ path: `/courses/${r.slug}`, updated: r.updated })),
      ...videoRows.map((r) => ({ path: `/videos/${r.slug}`, updated: r.updated })),
      ...streamRows.map((r) => ({ path: `/live/${r.slug}`, updated: r.updated })),
    ],
  };
}

import type { FreeResource } from '@fretline/contract';
import { signedMediaUrl } from '../../platform/media/index.ts';
import type { Viewer } from './lock-rules.ts';
import { sanitizeSectionHtml, type VideosContext } from './videos.context.ts';
import { toSummaries } from './videos.service.ts';
import { findFreeLessons, findFreeResources } from './free-resources.repository.ts';

// Free downloads and the free lessons beside them.

const FREE_LESSONS_SHOWN = 12;

export async function listFreeResources(ctx: VideosContext, viewer: Viewer) {
  const [resources, lessons] = await Promise.all([findFreeResources(ctx.db), findFreeLessons(ctx.db, FREE_LESSONS_SHOWN)]);
  return {
    resources: resources.map((r): FreeResource => ({
      id_free_resource: r.idFreeResource,
      resource_slug: r.resourceSlug,
      resource_title: r.resourceTitle,
      // Sanitised again on the way out, as course descriptions are: older rows hold plain text.
      resource_description: r.resourceDescription ? sanitizeSectionHtml(r.resourceDescription) : null,
      resource_extension: r.resourceExtension,
      resource_image_signed: signedMediaUrl(ctx, r.resourceImage),
      resource_url_signed: signedMediaUrl(ctx, r.resourcePath),
    })),
    videos: await toSummaries(ctx, viewer, lessons),
  };
}

import { Container, ResponsiveImage } from '../../components/ui';
import { VideoGrid } from '../../features/catalogue/video-card';
import { loadProgress } from '../../features/learning/load-progress.server';
import { getServerApi } from '../../lib/api.server';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/free-resources';

export async function loader({ request }: Route.LoaderArgs) {
  // A signed-in learner's marks on the lesson cards, as on /videos (docs/product.md#learning-progress);
  // a visitor makes no progress call, so the visitors' page cache is untouched.
  const [page, progress] = await Promise.all([getServerApi(request).call('videos.listFreeResources'), loadProgress(request)]);
  return { ...page, progress };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Free guitar resources',
    description: 'Free chord charts, practice planners and scale shapes to download, and free video lessons to start with.',
    path: '/free-resources',
    matches,
  });

export default function FreeResources({ loaderData }: Route.ComponentProps) {
  const { resources, videos, progress } = loaderData;
  return (
    <Container className="py-8 sm:py-12">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">Free resources</h1>
        <p className="mt-2 max-w-2xl text-stone-600">Charts and planners to print, and free lessons to get you started.</p>
      </header>
      <section aria-labelledby="downloads-heading" className="mb-12">
        <h2 id="downloads-heading" className="mb-4 text-2xl font-bold text-ink-900">
          Downloads
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {resources.map((r) => (
            <li
              key={r.id_free_resource}
              className="flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
            >
              {/* overflow-hidden: without it a tall image (a chord chart) stretches the 16:9 box to its own height. */}
              <div className="flex aspect-video items-center justify-center overflow-hidden bg-stone-50">
                {r.resource_image_signed ? (
                  <ResponsiveImage
                    src={r.resource_image_signed}
                    alt=""
                    sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                    className="size-full object-contain"
                  />
                ) : null}
              </div>
              <div className="flex flex-1 flex-col gap-2 p-4">
                <h3 className="font-semibold text-ink-900">{r.resource_title}</h3>
                {r.resource_description ? (
                  // Sanitised HTML from the API (the editor's rich text, ADR 0037).
                  <div
                    className="prose-fret text-sm text-stone-600"
                    dangerouslySetInnerHTML={{ __html: r.resource_description }}
                  />
                ) : null}
                {r.resource_url_signed ? (
                  <a
                    href={r.resource_url_signed}
                    download={`${r.resource_slug}.${r.resource_extension ?? ''}`}
                    className="mt-auto inline-flex min-h-10 w-fit items-center gap-2 rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
                  >
                    Download {r.resource_extension?.toUpperCase()}
                  </a>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="lessons-heading">
        <h2 id="lessons-heading" className="mb-4 text-2xl font-bold text-ink-900">
          Free lessons
        </h2>
        <VideoGrid videos={videos} progress={progress?.videos} />
      </section>
    </Container>
  );
}

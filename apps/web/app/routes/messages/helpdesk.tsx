import { data } from 'react-router';
import { Container } from '../../components/ui';
import { HelpdeskForm } from '../../features/messages/helpdesk-form';
import { getServerApi } from '../../lib/api.server';
import { isSignedIn, useRootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/helpdesk';

export async function loader({ request, params }: Route.LoaderArgs) {
  const { form } = await getServerApi(request).call('messages.getHelpdeskForm');
  const slug = params.categorySlug;
  const category = slug ? form.categories.find((c) => c.category_slug === slug) : undefined;
  // /helpdesk/:categorySlug (product.md#pages): an unknown topic is a 404, not a form with nothing chosen.
  if (slug && !category) throw data(null, { status: 404 });
  return { form, category: category ?? null };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  seoMeta({
    title: loaderData?.category ? `Helpdesk: ${loaderData.category.category_name}` : 'Helpdesk',
    description: 'Ask the Fretline team anything about lessons, membership, billing or your account — no account needed.',
    path: params.categorySlug ? `/helpdesk/${params.categorySlug}` : '/helpdesk',
    matches,
  });

export default function HelpdeskPage({ loaderData }: Route.ComponentProps) {
  const { form, category } = loaderData;
  const { user } = useRootData();
  return (
    <Container width="narrow" className="py-10 sm:py-14">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Helpdesk</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">
        {category ? category.category_name : 'How can we help?'}
      </h1>
      <p className="mt-3 text-lg text-stone-600">
        {category?.category_description ??
          'Send us a message and a real person from the team will answer, usually within one working day.'}
      </p>
      {form.categories.length ? (
        <nav aria-label="Helpdesk topics" className="mt-6 flex flex-wrap gap-2">
          {form.categories.map((c) => (
            <a
              key={c.category_slug}
              href={`/helpdesk/${c.category_slug}`}
              aria-current={c.category_slug === category?.category_slug ? 'page' : undefined}
              className="inline-flex min-h-10 items-center rounded-full border border-stone-300 px-4 text-sm font-medium text-stone-700 hover:border-brand-500 hover:text-brand-800 aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800"
            >
              {c.category_name}
            </a>
          ))}
        </nav>
      ) : null}
      <div className="mt-8">
        <HelpdeskForm
          key={category?.category_slug ?? 'all'}
          info={form}
          categorySlug={category?.category_slug}
          signedIn={isSignedIn(user)}
          sender={{ first_name: user.first_name, last_name: user.last_name, email: user.email, telephone: user.telephone }}
        />
      </div>
    </Container>
  );
}

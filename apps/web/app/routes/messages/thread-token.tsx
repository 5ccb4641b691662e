import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/thread-token';

/**
 * Grandchild `/messages/:idThread/:token` (product.md#pages): the thread route above reads the token from the
 * URL and shows the thread to its holder (ADR 0025), so this level renders nothing of its own.
 */
export const meta: Route.MetaFunction = ({ matches, params }) =>
  seoMeta({
    title: 'Your conversation',
    description: 'A conversation with the Fretline team.',
    path: `/messages/${params.idThread}`,
    matches,
    noIndex: true,
  });

export default function ThreadTokenRoute() {
  return null;
}

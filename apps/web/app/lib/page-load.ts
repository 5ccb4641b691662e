/**
 * Page-load rules (product.md#pages), kept pure: a page-load action on every navigation except between the
 * `videos` and `courses` routes (filtering and switching between the two lists is one visit), and
 * a tracked page-load when the URL carries a campaign or source.
 */
import { redactUrl } from '@fretline/contract';

const QUIET_BETWEEN = new Set(['videos', 'courses']);

export function shouldRecordPageLoad(
  previousRouteId: string | null | undefined,
  nextRouteId: string | null | undefined,
): boolean {
  if (!previousRouteId || !nextRouteId) return true;
  return !(QUIET_BETWEEN.has(previousRouteId) && QUIET_BETWEEN.has(nextRouteId));
}

export interface TrackedPageLoad {
  campaign: string;
  source: string;
  path: string;
  full_path: string;
  referrer: string;
}

/** The tracked page-load values when `url` has utm_campaign/utm_source or campaign/source, else null. */
export function trackedPageLoadValues(url: URL, referrer: string): TrackedPageLoad | null {
  const q = url.searchParams;
  const campaign = q.get('utm_campaign') ?? q.get('campaign') ?? '';
  const source = q.get('utm_source') ?? q.get('source') ?? '';
  if (!campaign && !source) return null;
  // A campaign link to a sign-in or thread link must not put its secret into analytics.
  return {
    campaign,
    source,
    path: redactUrl(url.pathname),
    full_path: redactUrl(`${url.pathname}${url.search}${url.hash}`),
    referrer,
  };
}

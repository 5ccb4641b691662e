// Plain values, without zod: the page-load action is recorded from every page in the browser.
/**
 * The analytics action names the reports read (ADR 0036). The web shell records `page_load` on
 * every navigation (product.md#pages) with a `path` value, and `tracked_page_load` when the URL carries a
 * campaign or source, with `campaign`, `source`, `path`, `full_path` and `referrer`; finance
 * records `subscription_created` and `subscription_cancelled` (with `reason`).
 */
export const ANALYTICS_ACTIONS = {
  pageLoad: 'page_load',
  trackedPageLoad: 'tracked_page_load',
  subscriptionCreated: 'subscription_created',
  subscriptionCancelled: 'subscription_cancelled',
} as const;

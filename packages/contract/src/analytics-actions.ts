// Plain values, without zod: the page-load action is recorded from every page in the browser.
/**
 * The analytics action names the reports read (ADR 0036). The web shell records `page_load` on
 * every navigation (product.md#pages) with a `path` value, and `tracked_page_load` when the URL carries a
 * campaign or source, with `campaign`, `source`, `path`, `full_path` and `referrer`; finance
 * records `subscription_created` and `subscription_cancelled` (with `reason`). The conversion
 * tracking of product.md#calls fires `signup_conversion` when a sign-up completes (the new
 * account's first /welcome), and `subscription_conversion` when a membership purchase does.
 */
export const ANALYTICS_ACTIONS = {
  pageLoad: 'page_load',
  trackedPageLoad: 'tracked_page_load',
  subscriptionCreated: 'subscription_created',
  subscriptionCancelled: 'subscription_cancelled',
  signupConversion: 'signup_conversion',
  subscriptionConversion: 'subscription_conversion',
} as const;

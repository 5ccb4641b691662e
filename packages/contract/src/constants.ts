/** Spec §9 business constants and limits, kept once. Durations carry their unit in the name. */

const SECOND_MS = 1000;
const HOUR_MS = 60 * 60 * SECOND_MS;
/** Spec §9 states one year as 31536000000 ms (365 days). */
const YEAR_MS = 31_536_000_000;

// Cookies (spec §9, §6; team brief "Cookies").
export const TOKEN_COOKIE_NAME = 'token';
export const EMAIL_COOKIE_NAME = 'email';
export const CORRELATION_COOKIE_NAME = 'correlation';
export const RETURN_COOKIE_NAME = 'return';
/** Spec §6: one consent cookie per category, each valid one year. */
export const CONSENT_COOKIE_NAMES = {
  asked: 'consent_asked',
  video: 'consent_video',
  audio: 'consent_audio',
  marketing: 'consent_marketing',
  payment: 'consent_payment',
  analytic: 'consent_analytic',
} as const;

export const TOKEN_COOKIE_MAX_AGE_MS = YEAR_MS;
export const TOKEN_COOKIE_MAX_AGE_S = YEAR_MS / SECOND_MS;
export const EMAIL_COOKIE_MAX_AGE_MS = YEAR_MS;
export const EMAIL_COOKIE_MAX_AGE_S = YEAR_MS / SECOND_MS;
export const CORRELATION_COOKIE_MAX_AGE_MS = YEAR_MS;
export const CORRELATION_COOKIE_MAX_AGE_S = YEAR_MS / SECOND_MS;
/** Spec §2: 2880 minutes. */
export const RETURN_COOKIE_MAX_AGE_MS = 48 * HOUR_MS;
export const RETURN_COOKIE_MAX_AGE_S = (48 * HOUR_MS) / SECOND_MS;
export const CONSENT_COOKIE_MAX_AGE_MS = YEAR_MS;
export const CONSENT_COOKIE_MAX_AGE_S = YEAR_MS / SECOND_MS;

/** Spec §9: 45 random alphanumeric characters. */
export const CORRELATION_ID_LENGTH = 45;
export const CORRELATION_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// Polling, paging and debouncing (spec §9).
export const UNREAD_POLL_MS = 5 * SECOND_MS;
export const THREAD_PAGE_SIZE = 35;
export const THREAD_POLL_MS = 5 * SECOND_MS;
export const THREAD_SEARCH_DEBOUNCE_MS = 500;
export const MESSAGE_PAGE_SIZE = 35;
export const MESSAGE_POLL_MS = 3 * SECOND_MS;
export const SAVED_VIDEOS_PAGE_SIZE = 30;
export const SUBSCRIPTION_POLL_MS = 1 * SECOND_MS;
export const SONG_SEARCH_DEBOUNCE_MS = 5 * SECOND_MS;
/** The largest `limit` a paged GET accepts; a client that wants more pages by offset. */
export const LIST_LIMIT_MAX = 100;

/** Spec §3/§9: the excerpt fallback is cut to this many characters. */
export const EXCERPT_LENGTH = 220;
export const CURRENCY = 'GBP';

/** Spec §9: page-reload guard default time to live, and concurrent route preloads. */
export const RELOAD_GUARD_TTL_MS = 10 * SECOND_MS;
export const MAX_ROUTE_PRELOADS = 4;

/**
 * Spec §9 screen bands: the upper bound (exclusive) of each band; `xl` has none.
 * Used by `screenBand(width)`.
 */
export const SCREEN_BANDS = [
  { band: 'xs', below: 600 },
  { band: 'sm', below: 960 },
  { band: 'md', below: 1264 },
  { band: 'lg', below: 1904 },
  { band: 'xl', below: Number.POSITIVE_INFINITY },
] as const;
export type ScreenBand = (typeof SCREEN_BANDS)[number]['band'];

/** Spec §9 date formats (dayjs tokens; `Do` needs the advancedFormat plugin). */
export const DATE_FORMATS = {
  long: 'MMM Do, YYYY',
  short: 'DD/MM/YYYY',
  tiny: 'DD/MM/YY',
  day: 'dddd MMM D, YYYY',
  time: 'h:mm a',
} as const;
export type DateFormatName = keyof typeof DATE_FORMATS;

/** Spec §1: the membership is the subscription product with this slug. */
export const MEMBERSHIP_PRODUCT_SLUG = 'access-all-areas';
/** Spec §3/§5: the helpdesk permission that defaults to true. */
export const HELPDESK_PERMISSION_ID = 3;

/** Spec §7: the generic client retries these statuses… */
export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;
/** …once for methods without a body, never for methods with one. */
export const RETRYABLE_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;
export const NON_RETRYABLE_METHODS = ['PATCH', 'POST', 'PUT', 'DELETE'] as const;
export const RETRY_LIMIT = 1;

/** Spec §5: the invoice list asks only for invoices totalling at least this much (pounds). */
export const INVOICE_MIN_TOTAL = 0.01;

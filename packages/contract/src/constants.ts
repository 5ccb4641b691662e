/** Business constants and limits (product.md#constants), kept once. Durations carry their unit in the name. */

const SECOND_MS = 1000;
const HOUR_MS = 60 * 60 * SECOND_MS;
/** One year is 31536000000 ms (product.md#constants) (365 days). */
const YEAR_MS = 31_536_000_000;

// Cookies (product.md#constants, #roles; ADR 0011).
export const TOKEN_COOKIE_NAME = 'token';
export const EMAIL_COOKIE_NAME = 'email';
export const CORRELATION_COOKIE_NAME = 'correlation';
export const RETURN_COOKIE_NAME = 'return';
/** One consent cookie per category (product.md#roles), each valid one year. */
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
/** 2880 minutes (product.md#pages). */
export const RETURN_COOKIE_MAX_AGE_MS = 48 * HOUR_MS;
export const RETURN_COOKIE_MAX_AGE_S = (48 * HOUR_MS) / SECOND_MS;
export const CONSENT_COOKIE_MAX_AGE_MS = YEAR_MS;
export const CONSENT_COOKIE_MAX_AGE_S = YEAR_MS / SECOND_MS;

/** 45 random alphanumeric characters (product.md#constants). */
export const CORRELATION_ID_LENGTH = 45;
export const CORRELATION_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// Polling, paging and debouncing (product.md#constants).
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

/** The excerpt fallback is cut to this many characters (product.md#entities, #constants). */
export const EXCERPT_LENGTH = 220;
export const CURRENCY = 'GBP';

/** Page-reload guard default time to live (product.md#constants), and concurrent route preloads. */
export const RELOAD_GUARD_TTL_MS = 10 * SECOND_MS;
export const MAX_ROUTE_PRELOADS = 4;

/**
 * Screen bands (product.md#constants): the upper bound (exclusive) of each band; `xl` has none.
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

/** Date formats (dayjs tokens; `Do` needs the advancedFormat plugin; product.md#constants). */
export const DATE_FORMATS = {
  long: 'MMM Do, YYYY',
  short: 'DD/MM/YYYY',
  tiny: 'DD/MM/YY',
  day: 'dddd MMM D, YYYY',
  time: 'h:mm a',
} as const;
export type DateFormatName = keyof typeof DATE_FORMATS;

/** The membership is the subscription product with this slug (product.md#product). */
export const MEMBERSHIP_PRODUCT_SLUG = 'access-all-areas';
/** The helpdesk permission that defaults to true (product.md#entities, #validation). */
export const HELPDESK_PERMISSION_ID = 3;

/** The generic client retries these statuses… (product.md#calls) */
export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;
/** …once for methods without a body, never for methods with one. */
export const RETRYABLE_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;
export const NON_RETRYABLE_METHODS = ['PATCH', 'POST', 'PUT', 'DELETE'] as const;
export const RETRY_LIMIT = 1;

/** The invoice list asks only for invoices totalling at least this much (pounds; product.md#validation). */
export const INVOICE_MIN_TOTAL = 0.01;

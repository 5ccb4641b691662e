// Plain values, without zod: the service worker reads them too (ADR 0079).

/**
 * Lessons kept for offline practice (product.md#offline-practice, ADR 0079): how long a kept copy
 * may be played before it must check in again. A premium lesson's copy lives a week at most, so a
 * membership that ends takes its copies with it at the next check-in or within a week offline.
 */
export const OFFLINE_PREMIUM_DAYS = 7;
/** A free lesson's copy: a month, then it checks in like any other. */
export const OFFLINE_FREE_DAYS = 30;

/** Why a kept copy was deleted: the API's refusal and the page's own expiry say the same. */
export const OFFLINE_TEXTS = {
  refused: 'This lesson is for members: its offline copy was removed. Join the membership to keep it again.',
  expired: 'This offline copy expired: go online to check in, then keep the lesson again.',
  noStream: 'This lesson has no stored video to keep offline.',
} as const;

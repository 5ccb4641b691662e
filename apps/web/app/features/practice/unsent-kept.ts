/**
 * Practice logged without a connection (product.md#offline-practice, ADR 0079) is kept here, in
 * localStorage, by the practice timer itself: on a lesson kept offline no other chunk can load.
 * unsent-practice.ts sends it, loaded only when there is something to send.
 */
export const UNSENT_PRACTICE_KEY = 'fretline:practice-unsent';

export interface UnsentPractice {
  id_video: number;
  seconds: number;
  practised_on: string;
}

export function readUnsentPractice(): UnsentPractice[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(UNSENT_PRACTICE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as UnsentPractice[]) : [];
  } catch {
    return [];
  }
}

export function writeUnsentPractice(entries: UnsentPractice[]): void {
  if (entries.length) localStorage.setItem(UNSENT_PRACTICE_KEY, JSON.stringify(entries));
  else localStorage.removeItem(UNSENT_PRACTICE_KEY);
}

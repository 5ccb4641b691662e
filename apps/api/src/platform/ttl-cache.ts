/**
 * A small in-process memory whose entries expire after a fixed time (ADR 0051). Shared by the
 * catalogue, session and unread-count caches so that expiry and the size bound work one way:
 * an expired entry is never answered and is dropped when read; a full memory is emptied at once
 * rather than evicting one by one (these memories live seconds, so refilling is cheap and the
 * bound only stops a flood of distinct keys from growing the heap).
 *
 * Times are wall-clock milliseconds (`Date.now()`), not the app's clock: the memory must expire
 * in real time even when a test moves the app's clock.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The value stored under `key` if it has not expired. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V): void {
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) this.entries.clear();
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Forgets every entry whose value matches (e.g. every session of one user). */
  deleteWhere(matches: (value: V, key: K) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value, key)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

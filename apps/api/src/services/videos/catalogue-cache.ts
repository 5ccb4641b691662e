/**
 * Short in-process memories of catalogue reads that every visitor shares (ADR 0018): list pages,
 * their totals and facet counts. A read that misses is shared by everyone who asks while it runs,
 * so an expiry under load costs one query, not fifty. Editors' writes call `forgetCatalogue`,
 * which empties every memory of this process at once; other instances catch up within the TTL.
 */
const registry = new Set<CatalogueCache<unknown>>();

export class CatalogueCache<T> {
  private readonly entries = new Map<string, { until: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {
    registry.add(this);
  }

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    this.entries.set(key, { until: now + this.ttlMs, value });
    // A failed read is not remembered. (One that a write overtook is gone already: clear() empties the map.)
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Empties every catalogue memory of this process (after any catalogue write, and in tests). */
export function forgetCatalogue(): void {
  for (const cache of registry) cache.clear();
}

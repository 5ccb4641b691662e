import { TtlCache } from '../../platform/ttl-cache.ts';

/**
 * Short in-process memories of catalogue reads that every visitor shares (ADR 0018): list pages,
 * their totals and facet counts, and what a video or course page shows every viewer alike. A read
 * that misses is shared by everyone who asks while it runs, so an expiry under load costs one
 * query, not fifty. Every successful editor write calls `forgetCatalogue`, which empties every
 * memory of this process at once; other instances catch up within the TTL. Entries are kept per
 * database handle, so two apps in one process (tests) never answer from each other's rows.
 */
const registry = new Set<CatalogueCache<unknown>>();

export class CatalogueCache<T> {
  private byDatabase = new WeakMap<object, TtlCache<string, Promise<T>>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {
    registry.add(this);
  }

  get(db: object, key: string, load: () => Promise<T>): Promise<T> {
    let entries = this.byDatabase.get(db);
    if (!entries) this.byDatabase.set(db, (entries = new TtlCache<string, Promise<T>>(this.ttlMs, this.maxEntries)));
    const hit = entries.get(key);
    if (hit) return hit;
    const value = load();
    entries.set(key, value);
    const owner = entries;
    // A failed read is not remembered. (One that a write overtook is gone already: clear() drops the map.)
    value.catch(() => {
      if (owner.get(key) === value) owner.delete(key);
    });
    return value;
  }

  clear(): void {
    this.byDatabase = new WeakMap();
  }
}

/** Empties every catalogue memory of this process (after any catalogue write, and in tests). */
export function forgetCatalogue(): void {
  for (const cache of registry) cache.clear();
}

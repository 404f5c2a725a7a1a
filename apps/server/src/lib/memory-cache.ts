/**
 * A small in-process cache of values that expire after a fixed time, for reads that are the same for
 * everyone for a moment (the anonymous catalogue pages, the landing page's figures). Concurrent misses
 * for one key share one load; a failed load is not kept. It holds at most MAX_ENTRIES values, dropping
 * expired ones first, then the oldest.
 */

/**
 * At most this many values are held: the largest (a 100-course catalogue page, MAX_PAGE_LIMIT)
 * is a few hundred KB of objects, so the worst case stays within tens of MB.
 */
const MAX_ENTRIES = 200;

interface Entry<T> {
  expiresAt: number;
  value: Promise<T>;
}

export class MemoryCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number,
  ) {}

  /** The cached value for `key`, or the one `load` produces (stored; a failure is not). */
  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    if (this.entries.size >= MAX_ENTRIES) this.evictExpiredOrOldest(now);
    const value = load();
    const entry = { expiresAt: now + this.ttlMs, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  private evictExpiredOrOldest(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    // Maps iterate in insertion order: the first key is the oldest.
    const oldest = this.entries.keys().next();
    if (this.entries.size >= MAX_ENTRIES && !oldest.done) this.entries.delete(oldest.value);
  }
}

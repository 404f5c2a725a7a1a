/**
 * A short-lived, in-process cache of the public catalogue pages that anonymous visitors get (the home
 * page's trending grid and /courses are the hottest reads and are the same for every visitor).
 *
 * Design decision, recorded in docs/decisions/0013-anonymous-catalogue-cache.md: a page may be up to
 * CATALOGUE_CACHE_SECONDS old (default 2 s, 0 turns the cache off). Every course or lecture write, every
 * new enrollment (studentsCount) and every review write (rating) made through this process clears it at
 * once; what it can't see (writes through another instance) shows within the TTL. Only first pages
 * without search, and the facets without search, are cached (their `sharedKey`, catalogue-plan.ts).
 * Signed-in viewers never get a cached page: their canAccessAll and progress are their own. Concurrent
 * misses for one page share one computation. Cached pages hold signed preview-video URLs, so the TTL
 * never exceeds half their lifetime (DOWNLOAD_URL_TTL_SECONDS).
 */
import type { Config } from '../../config';
import { MemoryCache } from '../../lib/memory-cache';
import type { ServiceContext } from '../context';
import { clearPlatformStats } from '../platform/platform-stats';

// One cache per app, keyed by its config object (shared by every ServiceContext the app hands out).
const caches = new WeakMap<Config, MemoryCache<unknown>>();

function cacheFor<T>(ctx: ServiceContext): MemoryCache<T> | undefined {
  const seconds = Math.min(ctx.config.catalogueCacheSeconds, ctx.config.storage.downloadUrlTtlSeconds / 2);
  if (!(seconds > 0)) return undefined;
  let cache = caches.get(ctx.config);
  if (!cache) {
    cache = new MemoryCache<unknown>(seconds * 1000, () => ctx.now().getTime());
    caches.set(ctx.config, cache);
  }
  return cache as MemoryCache<T>;
}

/**
 * The value shared under `key` (a page's or the facets' `sharedKey`, catalogue-plan.ts) from the cache
 * when it is enabled; `load()` itself when the key is null (not shared) or the cache is off.
 */
export function sharedCatalogueValue<T extends object>(
  ctx: ServiceContext,
  key: string | null,
  load: () => Promise<T>,
): Promise<T> {
  const cache = cacheFor<T>(ctx);
  if (!cache || key === null) return load();
  return cache.get(key, load);
}

/**
 * Called by every course and lecture write, every new enrollment and every review write (the cards show
 * the rating): the next anonymous page is computed.
 */
export function invalidateCatalogue(ctx: ServiceContext): void {
  caches.get(ctx.config)?.clear();
  // The landing page's figures count the same rows (published courses, lectures, enrollments).
  clearPlatformStats(ctx);
}

/**
 * A short-lived, in-process cache of the public catalogue pages that anonymous visitors get (the home
 * page's trending grid and /courses are the hottest reads and are the same for every visitor).
 *
 * Design decision, recorded in docs/decisions/0013-anonymous-catalogue-cache.md: a page may be up to
 * CATALOGUE_CACHE_SECONDS old (default 2 s, 0 turns the cache off). Every course or lecture write, every
 * new enrollment (studentsCount) and every review write (rating) made through this process clears it at once; what it can't see
 * (writes through another instance) shows within the TTL. Only first pages without search are cached
 * (see cachedCataloguePage). Signed-in viewers never get a cached page: their canAccessAll and progress
 * are their own. Concurrent misses for one page share one computation. Cached pages hold signed
 * preview-video URLs, so the TTL never exceeds half their lifetime (DOWNLOAD_URL_TTL_SECONDS).
 */
import type { CourseFacetsQuery, CourseListQuery } from '@lectio/contracts/course';
import type { Config } from '../../config';
import { MemoryCache } from '../../lib/memory-cache';
import type { ServiceContext } from '../context';
import { clearPlatformStats } from '../platform/platform-stats';
import { effectiveSort } from './course-search';

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
 * The page from the cache when enabled and the page is a first page without search (the home page's
 * grid, /courses, a category or level): those are the hot, shared ones. Deeper pages and searches are
 * computed every time, so nobody can fill memory by walking cursors or trying search terms.
 */
export function cachedCataloguePage<T extends object>(
  ctx: ServiceContext,
  query: CourseListQuery,
  load: () => Promise<T>,
): Promise<T> {
  const cache = cacheFor<T>(ctx);
  if (!cache || query.cursor || query.search?.trim()) return load();
  return cache.get(cataloguePageKey(query), load);
}

/** One key per cached page: REST and tRPC parse their input with the same schema, so they share entries. */
export function cataloguePageKey(query: CourseListQuery): string {
  return JSON.stringify([
    query.limit,
    query.category ?? '',
    query.level ?? '',
    query.price ?? '',
    effectiveSort(query),
  ]);
}

/** The facets without a search (the whole catalogue's counts, the same for everyone), from the cache. */
export function cachedCatalogueFacets<T extends object>(
  ctx: ServiceContext,
  query: CourseFacetsQuery,
  load: () => Promise<T>,
): Promise<T> {
  const cache = cacheFor<T>(ctx);
  if (!cache || query.search?.trim()) return load();
  return cache.get(
    JSON.stringify(['facets', query.category ?? '', query.level ?? '', query.price ?? '']),
    load,
  );
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

/**
 * The landing page's live figures (`platform.stats`, issue 15 item 4), counted in one statement:
 *
 * - courses: published courses;
 * - instructors: the people who teach at least one published course (an admin's own published course
 *   counts its admin; an instructor with drafts only does not count yet);
 * - learners: the people enrolled in at least one course (a refund or dispute that ends the enrollment
 *   takes them out; a deleted account's enrollments are deleted with it);
 * - videoSeconds: the durations of the lectures that have a video, in published courses.
 *
 * Every landing visit asks for them, and they change slowly, so they are kept in memory per app for
 * PLATFORM_STATS_CACHE_SECONDS (60 s by default; 0 counts them every time). Every course, lecture and
 * enrollment write made through this process clears them with the catalogue cache (invalidateCatalogue),
 * so only writes through another instance take up to the TTL to show. platform_counts is not used: its
 * one metric counts every course, drafts included. Concurrent misses share one count (lib/memory-cache.ts).
 */
import type { PlatformStats } from '@lectio/contracts/platform';
import { queryRows } from '@lectio/db';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { MemoryCache } from '../../lib/memory-cache';
import type { ServiceContext } from '../context';

// One cache per app, keyed by its config object (shared by every ServiceContext the app hands out).
const caches = new WeakMap<Config, MemoryCache<PlatformStats>>();

async function countPlatformStats(ctx: Pick<ServiceContext, 'db' | 'now'>): Promise<PlatformStats> {
  const [row] = await queryRows<{
    courses: number;
    instructors: number;
    learners: number;
    videoSeconds: number;
  }>(
    ctx.db,
    sql`select
      (select count(*) from courses where is_published)::int as "courses",
      (select count(distinct instructor_id) from courses where is_published)::int as "instructors",
      (select count(distinct user_id) from enrollments)::int as "learners",
      (select coalesce(sum(lectures.duration_seconds), 0)
         from lectures join courses on courses.id = lectures.course_id
         where courses.is_published and lectures.video_key is not null)::float8 as "videoSeconds"`,
  );
  return {
    courses: Number(row?.courses ?? 0),
    instructors: Number(row?.instructors ?? 0),
    learners: Number(row?.learners ?? 0),
    videoSeconds: Number(row?.videoSeconds ?? 0),
    countedAt: ctx.now().toISOString(),
  };
}

/** The figures, from memory while they are younger than PLATFORM_STATS_CACHE_SECONDS. */
export function platformStats(ctx: Pick<ServiceContext, 'db' | 'now' | 'config'>): Promise<PlatformStats> {
  const ttlMs = ctx.config.platformStatsCacheSeconds * 1000;
  if (!(ttlMs > 0)) return countPlatformStats(ctx);
  let cache = caches.get(ctx.config);
  if (!cache) {
    cache = new MemoryCache<PlatformStats>(ttlMs, () => ctx.now().getTime());
    caches.set(ctx.config, cache);
  }
  return cache.get('stats', () => countPlatformStats(ctx));
}

/** Forgets the figures (called by invalidateCatalogue): the next request counts them again. */
export function clearPlatformStats(ctx: Pick<ServiceContext, 'config'>): void {
  caches.get(ctx.config)?.clear();
}

/** The configured social profiles (SOCIAL_*_URL), in the footer's order. */
export function socialLinks(ctx: Pick<ServiceContext, 'config'>): {
  links: { network: Config['socialLinks'][number]['network']; url: string }[];
} {
  return { links: ctx.config.socialLinks.map(({ network, url }) => ({ network, url })) };
}

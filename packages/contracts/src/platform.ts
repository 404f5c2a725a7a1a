/**
 * The landing page's live figures and the platform's social profiles (issue 15, item 4). Both are public
 * and the same for every visitor: the figures are counted by the server and kept in memory for a short
 * while (PLATFORM_STATS_CACHE_SECONDS), the profiles come from the server's configuration (SOCIAL_*_URL).
 */
import { z } from 'zod';
import { defineOperations } from './operation.js';
import { PUBLIC } from './permissions.js';
import { countNumber, dateTimeString, INT32_MAX, uriString } from './schema-formats.js';

export const platformStatsSchema = z
  .object({
    /** Published courses (drafts and unpublished courses are not counted). */
    courses: countNumber(),
    /** People who teach at least one published course. */
    instructors: countNumber(),
    /** People enrolled in at least one course (a refunded or disputed purchase no longer counts). */
    learners: countNumber(),
    /** Seconds of video: the durations of the lectures that have a video, in published courses. */
    // At most every int4 lecture duration summed over a million lectures: far beyond any real catalogue.
    videoSeconds: z
      .number()
      .int()
      .min(0)
      .max(INT32_MAX * 1_000_000),
    /** When these figures were counted (they may be served from memory for a short while). */
    countedAt: dateTimeString(),
  })
  .meta({ id: 'PlatformStats' });
export type PlatformStats = z.infer<typeof platformStatsSchema>;

/** The networks the landing page's Follow Us row has an icon for, in its order. */
export const SOCIAL_NETWORKS = ['facebook', 'x', 'linkedin', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const socialLinksSchema = z
  .object({
    /** Only the configured profiles, in the order of SOCIAL_NETWORKS; empty when none is configured. */
    /** http(s) only (the server's config refuses anything else), so a footer link is never a script URL. */
    links: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), url: uriString().regex(/^https?:\/\//i) })),
  })
  .meta({ id: 'SocialLinks' });
export type SocialLinks = z.infer<typeof socialLinksSchema>;

export const platformOperations = defineOperations({
  stats: {
    kind: 'query',
    access: PUBLIC,
    summary: 'Live platform figures: published courses, instructors, learners and hours of video',
    description:
      'Counted from the database and kept in this instance’s memory for PLATFORM_STATS_CACHE_SECONDS ' +
      '(60 by default); a course, lecture or enrollment written through this instance clears it, so only ' +
      'writes through another instance may take that long to show. `countedAt` says when they were counted.',
    output: platformStatsSchema,
    rest: { method: 'GET', path: '/stats' },
    // No stale-while-revalidate: a browser asks again (an ETag makes that cheap) and sees a change at once.
    cache: { sMaxAge: 60, staleWhileRevalidate: 0 },
  },
  socialLinks: {
    kind: 'query',
    access: PUBLIC,
    summary: 'The platform’s social profiles (only those configured with SOCIAL_*_URL)',
    output: socialLinksSchema,
    rest: { method: 'GET', path: '/social-links' },
    cache: { sMaxAge: 300, staleWhileRevalidate: 3600 },
  },
});

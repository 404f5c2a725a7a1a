/** The landing page's figures and social profiles (platform.*), overridable field by field. */
import type { PlatformStats, SocialLinks } from '@lectio/contracts/platform';

const COUNTED_AT = '2025-03-03T09:00:00.000Z';

export function buildPlatformStats(overrides: Partial<PlatformStats> = {}): PlatformStats {
  return {
    courses: 42,
    instructors: 9,
    learners: 1280,
    videoSeconds: 351_000,
    countedAt: COUNTED_AT,
    ...overrides,
  };
}

/** No profile configured (the default of a new server): the footer hides its Follow Us row. */
export function buildSocialLinks(links: SocialLinks['links'] = []): SocialLinks {
  return { links };
}

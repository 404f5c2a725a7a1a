/**
 * The footer's social profiles (`platform.socialLinks`): read once, and only http(s) addresses of the
 * networks the footer has an icon for are kept, so a link it shows can never be a script URL.
 */
import type { SocialLinks, SocialNetwork } from '@lectio/contracts/platform';
import { trpc, trpcClient } from '~/lib/trpc';
import { type Loaded, STALE_MS, useFetchedOnce } from './platform-queries';

const NETWORKS: readonly SocialNetwork[] = ['facebook', 'x', 'linkedin', 'youtube'];

export function safeSocialLinks(body: unknown): SocialLinks['links'] {
  if (typeof body !== 'object' || body === null || !('links' in body) || !Array.isArray(body.links))
    return [];
  return body.links.filter(
    (link: unknown): link is SocialLinks['links'][number] =>
      typeof link === 'object' &&
      link !== null &&
      'network' in link &&
      NETWORKS.includes(link.network as SocialNetwork) &&
      'url' in link &&
      typeof link.url === 'string' &&
      /^https?:\/\//i.test(link.url),
  );
}

export function useSocialLinks(): Loaded<SocialLinks> {
  return useFetchedOnce({
    queryKey: trpc.platform.socialLinks.queryKey(),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<SocialLinks> => ({
      links: safeSocialLinks(await trpcClient.platform.socialLinks.query(undefined, { signal })),
    }),
    staleTime: STALE_MS,
  });
}

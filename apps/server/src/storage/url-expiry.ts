/**
 * Signed download URLs are issued on a coarse clock, so that the same file gets the same URL for a while:
 * a page that embeds them (the catalogue, with preview lectures) then keeps its ETag between recomputations,
 * and browsers and CDNs can revalidate it with a 304. A URL is issued at the start of its step (a tenth
 * of its lifetime), so it is always valid for at least nine tenths of `ttlSeconds`.
 */
export function issueTimeSeconds(nowSeconds: number, ttlSeconds: number): number {
  const step = Math.max(1, Math.floor(ttlSeconds / 10));
  return Math.floor(nowSeconds / step) * step;
}

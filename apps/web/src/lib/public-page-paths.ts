/**
 * The server answers 404 for any path outside PUBLIC_PAGE_PATHS and /dashboard (decision 0091). This
 * compile-time check keeps that list and the route files (the router generator's `fullPaths`) the same:
 * a public route file without its entry, or an entry without its route file, fails the typecheck.
 */
import type { DASHBOARD_PATH, PublicPagePath } from '@lectio/contracts/navigation';
import type { FileRouteTypes } from '~/routeTree.gen';

type Dashboard = typeof DASHBOARD_PATH;
type RoutedPublicPath = Exclude<FileRouteTypes['fullPaths'], Dashboard | `${Dashboard}/${string}`>;

/** Public route files missing from PUBLIC_PAGE_PATHS: must be never. */
export type UndeclaredPublicRoutes = Exclude<RoutedPublicPath, PublicPagePath>;
/** PUBLIC_PAGE_PATHS entries without a route file: must be never. */
export type DeclaredPathsWithoutRoutes = Exclude<PublicPagePath, RoutedPublicPath>;

export const publicPagePathsMatchRoutes: [UndeclaredPublicRoutes | DeclaredPathsWithoutRoutes] extends [never]
  ? true
  : { mismatch: UndeclaredPublicRoutes | DeclaredPathsWithoutRoutes } = true;

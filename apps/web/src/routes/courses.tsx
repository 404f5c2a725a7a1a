import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '~/components/LoadingScreen';
import { CourseCatalogue } from '~/features/catalog/CourseCatalogue';
import { CATALOG_TEXT } from '~/features/catalog/catalog-text';
import { validateCatalogueSearch } from '~/features/catalog/catalogue-search';
import { PublicCatalogLayout } from '~/features/catalog/PublicCatalogLayout';

/**
 * The public course list. Its loader waits for the start-up session check (cards link by sign-in state)
 * and, on a cold load, for the first page (catalogue-query.ts `loadCatalogue`). That module (and the tRPC client with it) is
 * imported here lazily, so the entry bundle every page loads stays without the client: it is in the
 * page's own chunks, which index.html preloads on /courses (vite-plugins/first-paint.ts).
 */
export const Route = createFileRoute('/courses')({
  validateSearch: validateCatalogueSearch,
  beforeLoad: async ({ context, search }) => {
    const { loadCatalogue } = await import('~/features/catalog/catalogue-query');
    await loadCatalogue(context, search);
  },
  pendingComponent: LoadingScreen,
  pendingMs: 0,
  pendingMinMs: 0,
  component: CoursesRoute,
});

function CoursesRoute() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PublicCatalogLayout title={CATALOG_TEXT.coursesTitle}>
      <p className="text-slate-700 dark:text-slate-300">{CATALOG_TEXT.coursesIntro}</p>
      <CourseCatalogue filters={filters} onFiltersChange={(next) => navigate({ search: next })} />
    </PublicCatalogLayout>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { CoursesScreen } from '~/features/catalog/CoursesScreen';
import { validateCatalogueSearch } from '~/features/catalog/catalogue-search';

export const Route = createFileRoute('/dashboard/courses')({
  validateSearch: validateCatalogueSearch,
  component: AllCoursesRoute,
});

function AllCoursesRoute() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CoursesScreen filters={filters} onFiltersChange={(next) => void navigate({ search: next })} />;
}

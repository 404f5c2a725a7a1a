import { createFileRoute } from '@tanstack/react-router';
import { CoursesRoute } from '~/features/catalog/CoursesRoute';
import { validateCatalogueSearch } from '~/features/catalog/catalogue-search';

export const Route = createFileRoute('/dashboard/admin/courses')({
  validateSearch: validateCatalogueSearch,
  component: () => <CoursesRoute from={Route.id} />,
});

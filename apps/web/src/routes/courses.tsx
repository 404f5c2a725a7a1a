import { createFileRoute } from '@tanstack/react-router';
import { PublicPage } from '~/components/PublicPage';
import { CATALOG_TEXT } from '~/features/catalog/catalog-text';

export const Route = createFileRoute('/courses')({
  component: CoursesRoute,
});

function CoursesRoute() {
  return <PublicPage title={CATALOG_TEXT.coursesTitle}>{CATALOG_TEXT.comingWithCatalogue}</PublicPage>;
}

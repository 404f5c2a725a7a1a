import { createFileRoute } from '@tanstack/react-router';
import { PublicPage } from '~/components/PublicPage';
import { CATALOG_TEXT } from '~/features/catalog/catalog-text';

export const Route = createFileRoute('/course/$id')({
  component: CourseRoute,
});

function CourseRoute() {
  return <PublicPage title={CATALOG_TEXT.courseTitle}>{CATALOG_TEXT.comingWithCatalogue}</PublicPage>;
}

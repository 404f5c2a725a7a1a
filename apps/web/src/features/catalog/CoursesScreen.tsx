/** The dashboard's 'courses' screen of every section: the catalogue inside the shell. */

import { CourseCatalogue } from './CourseCatalogue';
import { CATALOG_TEXT } from './catalog-text';
import type { CatalogueSearch, OnFiltersChange } from './catalogue-search';

export function CoursesScreen(props: { filters: CatalogueSearch; onFiltersChange: OnFiltersChange }) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{CATALOG_TEXT.allCourses}</h1>
      <CourseCatalogue {...props} />
    </div>
  );
}

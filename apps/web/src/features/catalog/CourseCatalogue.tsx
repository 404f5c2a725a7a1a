/**
 * The course list (spec section 2, /courses and each section's `courses` screen; issue 16): a search box,
 * facet filters with counts (category, level, price band; CatalogueFacets.tsx), the result count, "Did
 * you mean" for a search that finds little, the order (relevance with a search, newest, rating, price
 * both ways, most students), cursor paging with 'Load more' (each order has its own cursor), and the
 * empty and error states. The filters live in the URL, so a filtered list can be shared and survives a
 * reload. The list and the counts are asked for in the same render: one batched request.
 *
 * The filters sit beside the results when the catalogue is wide enough (a container query, as the same
 * screen also renders inside the dashboard shell), and behind a 'Filters' disclosure otherwise. A page
 * holds one catalogue, so its controls have fixed ids (`catalogue-search`, `catalogue-category-0`, ...).
 */
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import type { CourseSort } from '@lectio/contracts/route-search';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { LoadMoreButton } from '~/components/LoadMoreButton';
import {
  fieldClassName,
  labelClassName,
  primaryActionClassName,
  secondaryActionClassName,
} from '~/components/ui/ui-classes';
import { CatalogueFacets } from './CatalogueFacets';
import { CourseCard } from './CourseCard';
import { CourseGridSkeleton } from './CourseGridSkeleton';
import { CATALOG_TEXT } from './catalog-text';
import { catalogueFacetsQuery, catalogueQuery } from './catalogue-query';
import { type CatalogueSearch, effectiveSort, type OnFiltersChange, urlSort } from './catalogue-search';

/** Results beside the filters: 1 column, 2 from a 36rem results column, 3 from 56rem. */
const resultsGridClassName = 'grid grid-cols-1 gap-6 @xl:grid-cols-2 @4xl:grid-cols-3';

const SORT_OPTIONS: { value: CourseSort; label: string }[] = [
  { value: 'relevance', label: CATALOG_TEXT.sortRelevance },
  { value: 'newest', label: CATALOG_TEXT.sortNewest },
  { value: 'rating', label: CATALOG_TEXT.sortRating },
  { value: 'price_low', label: CATALOG_TEXT.sortPriceLow },
  { value: 'price_high', label: CATALOG_TEXT.sortPriceHigh },
  { value: 'students', label: CATALOG_TEXT.sortStudents },
];

export function CourseCatalogue({
  filters,
  onFiltersChange,
}: {
  filters: CatalogueSearch;
  onFiltersChange: OnFiltersChange;
}) {
  const [searchText, setSearchText] = useState(filters.search ?? '');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const courses = useInfiniteQuery(catalogueQuery(filters));
  const facets = useQuery(catalogueFacetsQuery(filters));

  // Back/forward or a link may change the URL's search: keep the box in step.
  useEffect(() => setSearchText(filters.search ?? ''), [filters.search]);

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const search = searchText.trim() || undefined;
    void onFiltersChange({ ...filters, search, sort: urlSort(search, filters.sort) });
  }

  const items = courses.data?.pages.flatMap((page) => page.data.courses) ?? [];
  const activeFilters = [filters.category, filters.level, filters.price].filter(Boolean).length;
  const filtered = Boolean(filters.search || activeFilters > 0 || filters.sort);
  const sort = effectiveSort(filters);
  const currentFacets = facets.isPlaceholderData ? undefined : facets.data;
  const suggestion = currentFacets?.suggestion ?? null;
  // A relevance list holds at most RELEVANCE_LIMIT courses: say so under its last page.
  const capped =
    sort === 'relevance' &&
    !courses.hasNextPage &&
    !!currentFacets &&
    items.length > 0 &&
    currentFacets.total > items.length;
  const countText =
    currentFacets && !courses.isPending && !courses.isError
      ? CATALOG_TEXT.resultCount(currentFacets.total, currentFacets.approximate)
      : '';

  return (
    <div className="@container space-y-6">
      <search aria-label={CATALOG_TEXT.searchLabel}>
        <form onSubmit={submitSearch} className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1 basis-64 space-y-1">
            <label htmlFor="catalogue-search" className={labelClassName}>
              {CATALOG_TEXT.searchLabel}
            </label>
            <input
              id="catalogue-search"
              type="search"
              value={searchText}
              placeholder={CATALOG_TEXT.searchPlaceholder}
              onChange={(event) => setSearchText(event.target.value)}
              className={fieldClassName}
            />
          </div>
          <div className="flex gap-2">
            <button type="submit" className={primaryActionClassName}>
              {CATALOG_TEXT.searchButton}
            </button>
            {filtered ? (
              <button
                type="button"
                onClick={() => void onFiltersChange({})}
                className={secondaryActionClassName}
              >
                {CATALOG_TEXT.clearFilters}
              </button>
            ) : null}
          </div>
        </form>
      </search>

      <div className="grid gap-6 @4xl:grid-cols-[14rem_minmax(0,1fr)] @4xl:gap-8">
        <div>
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls="catalogue-filters"
            onClick={() => setFiltersOpen((open) => !open)}
            className={`${secondaryActionClassName} w-full @4xl:hidden`}
          >
            {CATALOG_TEXT.activeFilters(activeFilters)}
          </button>
          <section
            id="catalogue-filters"
            aria-label={CATALOG_TEXT.filtersLabel}
            className={`${filtersOpen ? 'mt-4' : 'hidden'} @4xl:mt-0 @4xl:block`}
          >
            {facets.isPending ? (
              <p className="text-sm text-slate-700 dark:text-slate-300">{CATALOG_TEXT.loadingFilters}</p>
            ) : (
              <CatalogueFacets filters={filters} facets={facets.data} onFiltersChange={onFiltersChange} />
            )}
          </section>
        </div>

        <section
          aria-label={CATALOG_TEXT.resultsLabel}
          aria-busy={courses.isFetching}
          className="@container min-w-0 space-y-4"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p role="status" className="font-medium text-slate-800 dark:text-slate-200">
              {countText}
            </p>
            <div className="flex items-center gap-2">
              <label htmlFor="catalogue-sort" className={`${labelClassName} whitespace-nowrap`}>
                {CATALOG_TEXT.sortLabel}
              </label>
              <select
                id="catalogue-sort"
                value={sort}
                onChange={(event) => {
                  const chosen = SORT_OPTIONS.find((option) => option.value === event.target.value);
                  void onFiltersChange({ ...filters, sort: urlSort(filters.search, chosen?.value) });
                }}
                className={`${fieldClassName} w-auto py-1.5`}
              >
                {SORT_OPTIONS.filter((option) => option.value !== 'relevance' || filters.search).map(
                  (option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ),
                )}
              </select>
            </div>
          </div>
          {suggestion ? (
            <p className="text-slate-800 dark:text-slate-200">
              {CATALOG_TEXT.didYouMean}{' '}
              <Link
                to="."
                search={{ search: suggestion }}
                className="font-semibold text-indigo-700 underline hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
              >
                {suggestion}
              </Link>
              ?
            </p>
          ) : null}
          {courses.isPending ? (
            <CourseGridSkeleton
              count={4}
              className={resultsGridClassName}
              label={CATALOG_TEXT.loadingCourses}
            />
          ) : courses.isError && items.length === 0 ? (
            <div role="alert" className="space-y-3 text-center">
              <p className="text-red-700 dark:text-red-400">{COURSE_MESSAGES.somethingWentWrong}</p>
              <button
                type="button"
                onClick={() => void courses.refetch()}
                className={secondaryActionClassName}
              >
                {CATALOG_TEXT.retry}
              </button>
            </div>
          ) : items.length === 0 ? (
            <p className="text-center text-slate-700 dark:text-slate-300">{COURSE_MESSAGES.noCourseFound}</p>
          ) : (
            <>
              <ul className={resultsGridClassName}>
                {items.map((course, index) => (
                  <li key={course._id}>
                    <CourseCard course={course} priority={index === 0} />
                  </li>
                ))}
              </ul>
              {courses.isFetchNextPageError ? (
                <p role="alert" className="mt-4 text-center text-red-700 dark:text-red-400">
                  {COURSE_MESSAGES.somethingWentWrong}
                </p>
              ) : null}
              {capped ? (
                <p className="mt-8 text-center text-sm text-slate-600 dark:text-slate-400">
                  {CATALOG_TEXT.relevanceCapped(items.length)}
                </p>
              ) : null}
              {courses.hasNextPage ? (
                <div className="mt-8 text-center">
                  <LoadMoreButton
                    query={courses}
                    label={CATALOG_TEXT.loadMore}
                    loadingLabel={CATALOG_TEXT.loadingMore}
                    className={secondaryActionClassName}
                  />
                </div>
              ) : null}
            </>
          )}
        </section>
      </div>
    </div>
  );
}

/**
 * The course list (spec section 2, /courses and each section's `courses` screen): a search box, category
 * and level filters from the contract's enumerations, the order (newest or highest rated first), cursor
 * paging with 'Load more', and the empty and error states. The filters live in the URL, so a filtered
 * list can be shared and survives a reload.
 */
import { CATEGORIES, LEVELS } from '@lectio/contracts/constants';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { CourseCard } from './CourseCard';
import { CourseGridSkeleton, courseGridClassName } from './CourseGridSkeleton';
import { CATALOG_TEXT } from './catalog-text';
import { catalogueQuery } from './catalogue-query';
import type { CatalogueSearch } from './catalogue-search';
import {
  fieldClassName,
  labelClassName,
  primaryActionClassName,
  secondaryActionClassName,
} from './ui-classes';

const selectClassName = fieldClassName;
const secondaryButtonClassName = secondaryActionClassName;

export function CourseCatalogue({
  filters,
  onFiltersChange,
}: {
  filters: CatalogueSearch;
  onFiltersChange: (filters: CatalogueSearch) => void;
}) {
  const [searchText, setSearchText] = useState(filters.search ?? '');
  const courses = useInfiniteQuery(catalogueQuery(filters));

  // Back/forward or a link may change the URL's search: keep the box in step.
  useEffect(() => setSearchText(filters.search ?? ''), [filters.search]);

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const search = searchText.trim();
    onFiltersChange({ ...filters, search: search || undefined });
  }

  const items = courses.data?.pages.flatMap((page) => page.data.courses) ?? [];
  const filtered = Boolean(filters.search || filters.category || filters.level || filters.sort);

  return (
    <div className="space-y-6">
      <search aria-label={CATALOG_TEXT.searchLabel}>
        <form
          onSubmit={submitSearch}
          className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end"
        >
          <div className="space-y-1">
            <label htmlFor="catalogue-search" className={labelClassName}>
              {CATALOG_TEXT.searchLabel}
            </label>
            <input
              id="catalogue-search"
              type="search"
              value={searchText}
              placeholder={CATALOG_TEXT.searchPlaceholder}
              onChange={(event) => setSearchText(event.target.value)}
              className={selectClassName}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor="catalogue-category" className={labelClassName}>
              {CATALOG_TEXT.categoryLabel}
            </label>
            <select
              id="catalogue-category"
              value={filters.category ?? ''}
              onChange={(event) =>
                onFiltersChange({
                  ...filters,
                  category: CATEGORIES.find((category) => category === event.target.value),
                })
              }
              className={selectClassName}
            >
              <option value="">{CATALOG_TEXT.anyCategory}</option>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <label htmlFor="catalogue-level" className={labelClassName}>
              {CATALOG_TEXT.levelLabel}
            </label>
            <select
              id="catalogue-level"
              value={filters.level ?? ''}
              onChange={(event) =>
                onFiltersChange({ ...filters, level: LEVELS.find((level) => level === event.target.value) })
              }
              className={selectClassName}
            >
              <option value="">{CATALOG_TEXT.anyLevel}</option>
              {LEVELS.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <label htmlFor="catalogue-sort" className={labelClassName}>
              {CATALOG_TEXT.sortLabel}
            </label>
            <select
              id="catalogue-sort"
              value={filters.sort ?? ''}
              onChange={(event) =>
                onFiltersChange({ ...filters, sort: event.target.value === 'rating' ? 'rating' : undefined })
              }
              className={selectClassName}
            >
              <option value="">{CATALOG_TEXT.sortNewest}</option>
              <option value="rating">{CATALOG_TEXT.sortRating}</option>
            </select>
          </div>
          <div className="flex gap-2">
            <button type="submit" className={primaryActionClassName}>
              {CATALOG_TEXT.searchButton}
            </button>
            {filtered ? (
              <button type="button" onClick={() => onFiltersChange({})} className={secondaryButtonClassName}>
                {CATALOG_TEXT.clearFilters}
              </button>
            ) : null}
          </div>
        </form>
      </search>

      <section aria-label={CATALOG_TEXT.resultsLabel} aria-busy={courses.isFetching}>
        {courses.isPending ? (
          <CourseGridSkeleton count={4} className={courseGridClassName} label={CATALOG_TEXT.loadingCourses} />
        ) : courses.isError && items.length === 0 ? (
          <div role="alert" className="space-y-3 text-center">
            <p className="text-red-700 dark:text-red-400">{COURSE_MESSAGES.somethingWentWrong}</p>
            <button type="button" onClick={() => void courses.refetch()} className={secondaryButtonClassName}>
              {CATALOG_TEXT.retry}
            </button>
          </div>
        ) : items.length === 0 ? (
          <p className="text-center text-slate-700 dark:text-slate-300">{COURSE_MESSAGES.noCourseFound}</p>
        ) : (
          <>
            <ul className={courseGridClassName}>
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
            {courses.hasNextPage ? (
              <div className="mt-8 text-center">
                <button
                  type="button"
                  onClick={() => void courses.fetchNextPage()}
                  disabled={courses.isFetchingNextPage}
                  className={secondaryButtonClassName}
                >
                  {courses.isFetchingNextPage ? CATALOG_TEXT.loadingMore : CATALOG_TEXT.loadMore}
                </button>
              </div>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}

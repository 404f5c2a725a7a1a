/**
 * The catalogue's facet filters (issue 16): one radio group each for category, level and price band, every
 * option with how many courses it would show ("Free (3)"; "Free (about 14,000)" when estimated, and no
 * number where an estimate says 0: the sample may have missed a few). The counts are `courses.facets`' for the same
 * search and filters: each facet counted with the other facets' filters but not its own, so an option's
 * count is what choosing it gives. Options with no course are left out unless chosen. Choosing an option
 * changes the URL at once (no submit), and shows as chosen while that navigation is under way (React's
 * `useOptimistic`: the URL's filters decide again once it lands). Without counts (still loading, or the call failed) every option
 * of the enumerations is offered, so filtering never depends on the counts.
 */
import { CATEGORIES, type Category, LEVELS, type Level } from '@lectio/contracts/constants';
import type { CourseFacets } from '@lectio/contracts/course';
import { PRICE_BANDS, type PriceBand } from '@lectio/contracts/route-search';
import { startTransition, useId, useOptimistic } from 'react';
import { CATALOG_TEXT } from './catalog-text';
import type { CatalogueSearch, OnFiltersChange } from './catalogue-search';

interface FacetOption<T extends string> {
  value: T;
  label: string;
  /** Unknown while the counts load (or when they failed). */
  count: number | null;
}

function optionsOf<T extends string>(
  values: readonly T[],
  counts: { value: T; count: number }[] | undefined,
  approximate: boolean,
  selected: T | undefined,
  label: (value: T) => string,
): FacetOption<T>[] {
  return values.flatMap((value) => {
    const count = counts ? (counts.find((entry) => entry.value === value)?.count ?? 0) : null;
    // An estimate of 0 only says the sample had none: the option stays (optionText shows no number).
    if (count === 0 && !approximate && value !== selected) return [];
    return [{ value, label: label(value), count }];
  });
}

/** How many an "All" option shows: the facet's counts together (its own filter off); null while loading. */
const totalOf = (counts: { count: number }[] | undefined) =>
  counts ? counts.reduce((sum, entry) => sum + entry.count, 0) : null;

const optionText = (label: string, count: number | null, approximate: boolean) =>
  count === null || (approximate && count === 0)
    ? label
    : CATALOG_TEXT.facetOption(label, count, approximate);

function FacetGroup<T extends string>({
  idPrefix,
  legend,
  anyLabel,
  anyCount,
  options,
  approximate,
  selected,
  onSelect,
}: {
  /** The radios' ids: `${idPrefix}-0` is "All", then the options in order. */
  idPrefix: string;
  legend: string;
  anyLabel: string;
  /** "All": the facet's own filter off, so as many as its options together. */
  anyCount: number | null;
  options: FacetOption<T>[];
  /** The counts are estimates (shown as "about"). */
  approximate: boolean;
  selected: T | undefined;
  onSelect: (value: T | undefined) => void;
}) {
  const name = useId();
  const rows: { value: T | undefined; text: string }[] = [
    { value: undefined, text: optionText(anyLabel, anyCount, approximate) },
    ...options.map((option) => ({
      value: option.value,
      text: optionText(option.label, option.count, approximate),
    })),
  ];
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">{legend}</legend>
      <div className="space-y-1">
        {rows.map((row, index) => (
          <label
            key={row.value ?? ''}
            className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1 text-sm text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            <input
              id={`${idPrefix}-${index}`}
              type="radio"
              name={name}
              value={row.value ?? ''}
              checked={row.value === selected}
              onChange={() => onSelect(row.value)}
              className="h-4 w-4 shrink-0 accent-indigo-600"
            />
            <span>{row.text}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function CatalogueFacets({
  filters,
  facets,
  onFiltersChange,
}: {
  filters: CatalogueSearch;
  facets: CourseFacets | undefined;
  onFiltersChange: OnFiltersChange;
}) {
  const approximate = facets?.approximate ?? false;
  // The filters as chosen: the URL's, or while a choice's navigation is under way, the chosen ones. A
  // second choice made meanwhile builds on the first, not on the URL that has not caught up yet.
  const [shown, showChosen] = useOptimistic(filters);
  const choose = (next: CatalogueSearch) =>
    startTransition(async () => {
      showChosen(next);
      await onFiltersChange(next);
    });
  return (
    <div className="space-y-6">
      <FacetGroup<Category>
        idPrefix="catalogue-category"
        legend={CATALOG_TEXT.categoryLabel}
        anyLabel={CATALOG_TEXT.anyCategory}
        approximate={approximate}
        anyCount={totalOf(facets?.categories)}
        options={optionsOf(CATEGORIES, facets?.categories, approximate, shown.category, (value) => value)}
        selected={shown.category}
        onSelect={(category) => choose({ ...shown, category })}
      />
      <FacetGroup<Level>
        idPrefix="catalogue-level"
        legend={CATALOG_TEXT.levelLabel}
        anyLabel={CATALOG_TEXT.anyLevel}
        approximate={approximate}
        anyCount={totalOf(facets?.levels)}
        options={optionsOf(LEVELS, facets?.levels, approximate, shown.level, (value) => value)}
        selected={shown.level}
        onSelect={(level) => choose({ ...shown, level })}
      />
      <FacetGroup<PriceBand>
        idPrefix="catalogue-price"
        legend={CATALOG_TEXT.priceLabel}
        anyLabel={CATALOG_TEXT.anyPrice}
        approximate={approximate}
        anyCount={totalOf(facets?.prices)}
        options={optionsOf(
          PRICE_BANDS,
          facets?.prices,
          approximate,
          shown.price,
          (value) => CATALOG_TEXT.priceBands[value],
        )}
        selected={shown.price}
        onSelect={(price) => choose({ ...shown, price })}
      />
    </div>
  );
}

/**
 * The dashboards' card (figures, charts, the latest sales or enrollments): a white box with a border. A
 * titled card is a section named by its h2. What sits right under the title (`intro`: a hint line, a short
 * paragraph) brings its own spacing; without one the title keeps a gap of its own above the content.
 */
import { type ReactNode, useId } from 'react';

export const cardClassName =
  'rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900';

const mutedClassName = 'text-sm text-slate-600 dark:text-slate-400';

export function Card({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClassName}>
      <h2
        id={headingId}
        className={intro === undefined ? 'mb-3 text-lg font-semibold' : 'text-lg font-semibold'}
      >
        {title}
      </h2>
      {intro}
      {children}
    </section>
  );
}

/** Cards two abreast from `xl` up, stacked below (minmax(0, 1fr) columns let long titles truncate). */
export function CardGrid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">{children}</div>;
}

/**
 * A card's list of rows (a ranking when `ordered`), or its one muted line when there is nothing to list.
 * `row` draws an item, usually as a FigureRow.
 */
export function CardList<T>({
  items,
  ordered = false,
  empty,
  row,
}: {
  items: readonly T[];
  ordered?: boolean;
  empty: string;
  row: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className={mutedClassName}>{empty}</p>;
  const List = ordered ? 'ol' : 'ul';
  return <List className="divide-y divide-slate-200 dark:divide-slate-700">{items.map(row)}</List>;
}

/** One row of a CardList: what it is at the left (lines that truncate), its figure at the right. */
export function FigureRow({ figure, children }: { figure: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">{children}</div>
      {figure}
    </li>
  );
}

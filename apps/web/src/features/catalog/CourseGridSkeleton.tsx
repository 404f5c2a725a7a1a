import { COURSE_CARD_HEIGHT_PX } from '@lectio/contracts/constants';

/** A course grid: 1 column on small screens, 2 from sm, 4 from lg (spec section 9). */
export const courseGridClassName = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4';

/** Placeholder cards while a course grid loads; the grid classes are the caller's, so nothing shifts. */
export function CourseGridSkeleton({
  count,
  className,
  label,
}: {
  count: number;
  className: string;
  /** Announced to screen readers while loading. */
  label: string;
}) {
  return (
    <div role="status" className={className}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity of their own.
          key={index}
          aria-hidden="true"
          style={{ height: COURSE_CARD_HEIGHT_PX }}
          className="animate-pulse rounded-xl border border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-800"
        />
      ))}
    </div>
  );
}

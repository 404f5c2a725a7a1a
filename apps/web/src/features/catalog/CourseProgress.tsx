/**
 * A course's progress for its owner: the bar (role progressbar, named for the course) and its figure
 * ("N% complete") on one line. The card's is compact; the course page's is larger.
 */
import { COURSE_CARD_TEXT } from './course-card-format';

export function CourseProgress({
  percent,
  label,
  compact = false,
}: {
  /** Whole percent, 0-100. */
  percent: number;
  /** The bar's accessible name. */
  label: string;
  compact?: boolean;
}) {
  return (
    <div className={compact ? 'flex items-center gap-2' : 'flex max-w-sm items-center gap-3'}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full rounded-full bg-emerald-600" style={{ width: `${percent}%` }} />
      </div>
      <p
        className={
          compact
            ? 'shrink-0 text-xs text-slate-600 dark:text-slate-400'
            : 'shrink-0 text-sm text-slate-700 dark:text-slate-300'
        }
      >
        {COURSE_CARD_TEXT.progressValue(percent)}
      </p>
    </div>
  );
}
